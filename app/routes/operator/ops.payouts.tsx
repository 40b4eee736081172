import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { TransferStatusBadge } from "~/components/payouts/transfer-status";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { isBillingMonth } from "../../../server/domain/billing-month";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import { PAYOUT_MAX, parseYenAmount } from "../../../server/domain/payouts";
import { requireOperator } from "../../../server/http/require-operator";
import { translatorFor } from "../../../server/i18n";
import { enqueueEmails } from "../../../server/services/payouts/mail-queue";
import { closePeriod, markTransfer, payoutDesk } from "../../../server/services/payouts/operations";
import { oweRefundByEmail } from "../../../server/services/payouts/refunds";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:ops.title" }) };
export const clientLoader = withNamespaces(["payouts"]);

/**
 * /ops/payouts: the operator closes a period (its requested payouts and refunds go in transfer),
 * downloads its Zengin file for the bank's portal, marks each transfer paid or failed from the
 * bank's result, and records refunds owed to fans that cannot go back to a card.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  return { title: translatorFor(app.locale, "payouts")("ops.title"), periods: await payoutDesk(app.db), nonce: crypto.randomUUID() };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

const closeSchema = z.object({
  period: z.string().refine(isBillingMonth),
  transferDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
const markSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), outcome: z.enum(["paid", "failed"]) });
const oweSchema = z.object({
  email: z.string().trim().email().max(254),
  reason: z.enum(["card_removed", "fanclub_closed"]),
  memo: z.string().trim().min(1).max(200),
  nonce: z.string().uuid(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const t = translatorFor(app.locale, "payouts");
  const form = Object.fromEntries(await request.formData());
  const now = Date.now();
  const urls = { userOrigin: app.origins.user };
  const refuse = (message: string, status: 400 | 404 | 409) => data({ ok: false, message }, { status });
  switch (form.intent) {
    case "close": {
      const parsed = closeSchema.safeParse(form);
      if (!parsed.success) return refuse(t("ops.errors.invalid"), 400);
      const closed = await closePeriod(app.db, { ...parsed.data, operatorId: app.session!.user.id, now, urls });
      if (!closed.ok) return refuse(t(`ops.errors.${closed.reason}`), 409);
      enqueueEmails(app, closed.emailIds, `payout-period:${parsed.data.period}`);
      return { ok: true, message: t("ops.closed", { n: closed.moved }) };
    }
    case "mark": {
      const parsed = markSchema.safeParse(form);
      if (!parsed.success) return refuse(t("ops.errors.invalid"), 400);
      const marked = await markTransfer(app.db, { ...parsed.data, now, urls });
      if (!marked.ok) return refuse(t(`ops.errors.${marked.reason}`), marked.reason === "notFound" ? 404 : 409);
      enqueueEmails(app, marked.emailIds, `transfer:${parsed.data.id}:${parsed.data.outcome}`);
      return { ok: true, message: t(`ops.marked.${parsed.data.outcome}`) };
    }
    case "owe": {
      const parsed = oweSchema.safeParse(form);
      const amount = parseYenAmount(form.amount);
      if (!parsed.success || amount === null || amount < 1 || amount > PAYOUT_MAX) return refuse(t("ops.errors.invalid"), 400);
      const owed = await oweRefundByEmail(app.db, {
        ...parsed.data,
        amount,
        // the form's one-time nonce: a double submit records the debt once
        key: `refund-owed:ops:${parsed.data.nonce}`,
        now,
        url: `${app.origins.user}/me/transfer`,
      });
      if (!owed.ok) return refuse(t(`ops.errors.${owed.reason}`), owed.reason === "unknownUser" ? 404 : 409);
      enqueueEmails(app, owed.emailIds, `refund-owed:${owed.transfer.id}`);
      return { ok: true, message: t("ops.owed", { amount: formatYen(amount) }) };
    }
    default:
      return refuse(t("ops.errors.invalid"), 400);
  }
}

/** The default transfer date: three days on, time for the bank to take the file. */
function defaultTransferDate(): string {
  return new Date(Date.now() + 9 * 3600_000 + 3 * 86400_000).toISOString().slice(0, 10);
}

export default function OpsPayouts() {
  const { t, locale } = useTranslation("payouts");
  const { periods, nonce } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page ops-payouts">
      <h1>{t("ops.title")}</h1>
      {actionData ? (
        <p className={`flash ${actionData.ok ? "flash-success" : "flash-error"}`} role={actionData.ok ? "status" : "alert"}>
          {actionData.message}
        </p>
      ) : null}
      {periods.length === 0 ? <p className="empty-state">{t("ops.empty")}</p> : null}
      {periods.map((p) => {
        const total = p.transfers.filter((x) => x.status !== "failed").reduce((s, x) => s + x.net, 0);
        const hasRequested = p.transfers.some((x) => x.status === "requested");
        const inTransfer = p.transfers.filter((x) => x.status === "in_transfer").length;
        return (
          <section key={p.period} className="card" data-period={p.period} aria-labelledby={`period-${p.period}`}>
            <h2 id={`period-${p.period}`}>
              {isBillingMonth(p.period) ? formatLocalMonth(locale, p.period) : p.period}{" "}
              <span className="badge">{p.closed ? t("ops.closedBadge", { date: p.closed.transferDate }) : t("ops.openBadge")}</span>
            </h2>
            <p className="muted">{t("ops.summary", { n: p.transfers.length, total: formatYen(total) })}</p>
            {!p.closed && hasRequested ? (
              <Form method="post" className="form-inline">
                <input type="hidden" name="intent" value="close" />
                <input type="hidden" name="period" value={p.period} />
                <label>
                  {t("ops.transferDate")} <input type="date" name="transferDate" defaultValue={defaultTransferDate()} required />
                </label>
                <button type="submit" className="button" disabled={busy}>
                  {t("ops.close")}
                </button>
              </Form>
            ) : null}
            {p.closed && inTransfer > 0 ? (
              <p>
                <a className="button button-secondary" href={`/ops/payouts/${p.period}/file`} download>
                  {t("ops.download", { n: inTransfer })}
                </a>
              </p>
            ) : null}
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">{t("ops.kind")}</th>
                    <th scope="col">{t("ops.recipient")}</th>
                    <th scope="col">{t("history.net")}</th>
                    <th scope="col">{t("history.account")}</th>
                    <th scope="col">{t("history.status")}</th>
                    <th scope="col" />
                  </tr>
                </thead>
                <tbody>
                  {p.transfers.map((x) => (
                    <tr key={x.id} data-transfer-id={x.id}>
                      <td>{x.id}</td>
                      <td>{t(`ops.kinds.${x.kind}`)}</td>
                      <td>
                        {x.recipientName}
                        {x.fanclubName ? ` (${x.fanclubName})` : ""}
                      </td>
                      <td>{formatYen(x.net)}</td>
                      <td>{x.bank ? `${x.bank.bankCode}-${x.bank.branchCode} ${x.bank.accountNumber} ${x.bank.holderName ?? ""}` : "—"}</td>
                      <td>
                        <TransferStatusBadge status={x.status} />
                      </td>
                      <td>
                        {x.status === "in_transfer" ? (
                          <Form method="post" className="form-inline">
                            <input type="hidden" name="intent" value="mark" />
                            <input type="hidden" name="id" value={x.id} />
                            <button type="submit" name="outcome" value="paid" className="button button-small" disabled={busy}>
                              {t("ops.markPaid")}
                            </button>
                            <button
                              type="submit"
                              name="outcome"
                              value="failed"
                              className="button button-secondary button-small"
                              disabled={busy}
                            >
                              {t("ops.markFailed")}
                            </button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <section className="card" aria-labelledby="ops-owe">
        <h2 id="ops-owe">{t("ops.oweTitle")}</h2>
        <p className="muted small">{t("ops.oweLead")}</p>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="owe" />
          <input type="hidden" name="nonce" value={nonce} />
          <div className="field">
            <label htmlFor="owe-email">{t("ops.oweEmail")}</label>
            <input id="owe-email" name="email" type="email" required />
          </div>
          <div className="field">
            <label htmlFor="owe-amount">{t("history.amount")}</label>
            <input id="owe-amount" name="amount" type="text" inputMode="numeric" required />
          </div>
          <div className="field">
            <label htmlFor="owe-reason">{t("ops.oweReason")}</label>
            <select id="owe-reason" name="reason">
              <option value="card_removed">{t("refunds.reasons.card_removed")}</option>
              <option value="fanclub_closed">{t("refunds.reasons.fanclub_closed")}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="owe-memo">{t("ops.oweMemo")}</label>
            <input id="owe-memo" name="memo" type="text" maxLength={200} required />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("ops.oweSubmit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
