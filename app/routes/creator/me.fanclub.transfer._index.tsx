import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { TransferStatusBadge } from "~/components/payouts/transfer-status";
import { formatLocalDate, formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import { parseYenAmount } from "../../../server/domain/payouts";
import { payoutRefusal } from "../../../server/http/payout-messages";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { closingNow } from "../../../server/services/payouts/ledger";
import { enqueueEmails } from "../../../server/services/payouts/mail-queue";
import { labelsOf, setPayee } from "../../../server/services/payouts/payees";
import { payoutOverview, requestPayout } from "../../../server/services/payouts/payouts";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:transfer.title" }) };
export const clientLoader = withNamespaces(["payouts"]);

/**
 * /me/fanclub/transfer: what the fan club may withdraw (earnings of closed months less payouts on
 * their way or paid), the closing rule, the minimum and the fee, where the money goes, and the
 * request of this period. Owners only (manageTransfers).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageTransfers");
  const now = Date.now();
  const fanclub = { id: op.fanclubId, ownerId: op.role.ownerId, name: op.name };
  const [overview, labels] = await Promise.all([payoutOverview(app.db, fanclub, now), labelsOf(app.db, op.fanclubId)]);
  return {
    title: translatorFor(app.locale, "payouts")("transfer.title"),
    fanclubName: op.name,
    ...overview,
    closing: closingNow(now),
    labels,
    bankUrl: `${app.origins.user}/me/settings/bank`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageTransfers");
  const t = translatorFor(app.locale, "payouts");
  const form = await request.formData();
  const now = Date.now();
  if (form.get("intent") === "payee") {
    const raw = String(form.get("payee") ?? "");
    const labelId = Number(raw.replace(/^label:/, ""));
    const choice =
      raw === "owner"
        ? ({ payee: "owner" } as const)
        : raw.startsWith("label:") && Number.isSafeInteger(labelId)
          ? ({ payee: "label", labelUserId: labelId } as const)
          : null;
    if (!choice) return data({ ok: false, message: t("transfer.errors.payee") }, { status: 400 });
    const done = await setPayee(app.db, op.fanclubId, choice, now);
    if (!done.ok) return data({ ok: false, message: t("transfer.errors.payee") }, { status: 400 });
    return { ok: true, message: t("transfer.payeeSaved") };
  }
  const amount = parseYenAmount(form.get("amount"));
  if (amount === null) return data({ ok: false, message: t("request.errors.invalid") }, { status: 400 });
  const front = app.services.find((s) => s.id === op.serviceId)?.frontUrl ?? "";
  const result = await requestPayout(app.db, {
    fanclub: { id: op.fanclubId, ownerId: op.role.ownerId, name: op.name },
    amount,
    now,
    historyUrl: `${front}/me/fanclub/transfer/history`,
  });
  if (!result.ok) {
    const r = payoutRefusal(t, result);
    return data({ ok: false, message: r.message }, { status: r.status });
  }
  enqueueEmails(app, result.emailIds, `payout:${result.transfer.id}`);
  return { ok: true, message: t("request.done", { amount: formatYen(result.transfer.net) }) };
}

export default function TransferPage() {
  const { t, locale } = useTranslation("payouts");
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const canRequest = !d.current && d.bankAccount !== null && d.balance >= d.rule.minimum;
  return (
    <div className="page transfer-page">
      <h1>{t("transfer.title")}</h1>
      <p>
        <Link to="/me/fanclub/transfer/history">{t("history.title")}</Link>
      </p>
      {actionData ? (
        <p className={`flash ${actionData.ok ? "flash-success" : "flash-error"}`} role={actionData.ok ? "status" : "alert"}>
          {actionData.message}
        </p>
      ) : null}
      <section className="card" aria-labelledby="transfer-balance">
        <h2 id="transfer-balance">{t("transfer.balance")}</h2>
        <p className="transfer-amount" data-testid="withdrawable">
          {formatYen(d.balance)}
        </p>
        {d.inProgress > 0 ? <p className="muted">{t("transfer.inProgress", { amount: formatYen(d.inProgress) })}</p> : null}
        <p className="muted small" data-testid="closing-rule">
          {t("transfer.closingRule", {
            day: d.closing.closingDay,
            through: formatLocalMonth(locale, d.closing.closedThrough),
            next: formatLocalMonth(locale, d.closing.nextToClose),
            date: formatLocalDate(locale, d.closing.nextClosesAt),
          })}
        </p>
        <p className="muted small" data-testid="payout-rule">
          {t("transfer.rule", { minimum: formatYen(d.rule.minimum), fee: formatYen(d.rule.fee) })}
        </p>
      </section>

      <section className="card" aria-labelledby="transfer-payee">
        <h2 id="transfer-payee">{t("transfer.payee")}</h2>
        <p>{d.payee.kind === "label" ? t("transfer.payeeLabel", { name: d.payee.name }) : t("transfer.payeeOwner")}</p>
        {d.bankAccount ? (
          <p data-testid="payee-account">
            {d.bankAccount.bankName} {d.bankAccount.branchName} {t(`bank.types.${d.bankAccount.accountType}`)} {d.bankAccount.accountNumber}{" "}
            {d.bankAccount.holderName}
          </p>
        ) : (
          <p className="flash flash-muted">{d.payee.kind === "label" ? t("transfer.labelNoAccount") : t("transfer.noAccount")}</p>
        )}
        {d.payee.kind === "owner" ? (
          <p>
            <a href={d.bankUrl}>{d.bankAccount ? t("transfer.changeAccount") : t("transfer.addAccount")}</a>
          </p>
        ) : null}
        {d.labels.length > 0 ? (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="payee" />
            <fieldset>
              <legend>{t("transfer.payeeChoice")}</legend>
              <label>
                <input type="radio" name="payee" value="owner" defaultChecked={d.payee.kind === "owner"} /> {t("transfer.payeeOwner")}
              </label>
              {d.labels.map((l) => (
                <label key={l.userId}>
                  <input
                    type="radio"
                    name="payee"
                    value={`label:${l.userId}`}
                    defaultChecked={d.payee.kind === "label" && d.payee.name === l.name}
                  />{" "}
                  {t("transfer.payeeLabel", { name: l.name })}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button button-secondary" disabled={busy}>
              {t("transfer.savePayee")}
            </button>
          </Form>
        ) : null}
      </section>

      <section className="card" aria-labelledby="transfer-request">
        <h2 id="transfer-request">{t("request.title", { period: formatLocalMonth(locale, d.period) })}</h2>
        {d.current ? (
          <p data-testid="current-payout">
            {t("request.current", { amount: formatYen(d.current.amount), net: formatYen(d.current.net) })}{" "}
            <TransferStatusBadge status={d.current.status} />
          </p>
        ) : (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="request" />
            <div className="field">
              <label htmlFor="payout-amount">{t("request.amount")}</label>
              <input
                id="payout-amount"
                name="amount"
                type="text"
                inputMode="numeric"
                defaultValue={d.balance > 0 ? String(d.balance) : ""}
              />
              <span className="muted small">{t("request.amountHint", { fee: formatYen(d.rule.fee) })}</span>
            </div>
            <button type="submit" className="button" disabled={busy || !canRequest}>
              {t("request.submit")}
            </button>
            {!canRequest && d.bankAccount && d.balance < d.rule.minimum ? (
              <p className="muted small">{t("request.belowMinimumNow", { minimum: formatYen(d.rule.minimum) })}</p>
            ) : null}
          </Form>
        )}
      </section>
    </div>
  );
}
