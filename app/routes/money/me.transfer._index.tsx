import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { TransferStatusBadge } from "~/components/payouts/transfer-status";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { maskAccountNumber } from "../../../server/domain/bank-account";
import { formatYen } from "../../../server/domain/number-display";
import { outstandingTotal } from "../../../server/domain/payouts";
import { refundRefusal } from "../../../server/http/payout-messages";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { getBankAccount } from "../../../server/services/payouts/bank-accounts";
import { applyForRefund, listRefunds } from "../../../server/services/payouts/refunds";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:refunds.title" }) };
export const clientLoader = withNamespaces(["payouts"]);

/**
 * /me/transfer: the refund receipt application. Money owed to the fan that could not go back to a
 * card is listed here; the fan applies for each to their registered bank account and follows it
 * on /me/transfer/history.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const [refunds, account] = await Promise.all([listRefunds(app.db, user.id), getBankAccount(app.db, user.id)]);
  return {
    title: translatorFor(app.locale, "payouts")("refunds.title"),
    outstanding: outstandingTotal(refunds),
    open: refunds.filter((r) => r.status !== "paid"),
    account: account
      ? {
          bankName: account.bankName,
          branchName: account.branchName,
          number: maskAccountNumber(account.accountNumber),
          holderName: account.holderName,
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "payouts");
  const id = Number((await request.formData()).get("id"));
  if (!Number.isSafeInteger(id) || id < 1) return data({ ok: false, message: t("api.notFound") }, { status: 404 });
  const applied = await applyForRefund(app.db, { userId: user.id, transferId: id, now: Date.now() });
  if (!applied.ok) {
    const r = refundRefusal(t, applied);
    return data({ ok: false, message: r.message }, { status: r.status });
  }
  return { ok: true, message: t("refunds.applied", { amount: formatYen(applied.transfer.amount) }) };
}

export default function RefundReceipt() {
  const { t } = useTranslation("payouts");
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page refund-page">
      <h1>{t("refunds.title")}</h1>
      <p className="muted">{t("refunds.lead")}</p>
      <p>
        <Link to="/me/transfer/history">{t("refunds.historyLink")}</Link>
      </p>
      {actionData ? (
        <p className={`flash ${actionData.ok ? "flash-success" : "flash-error"}`} role={actionData.ok ? "status" : "alert"}>
          {actionData.message}
        </p>
      ) : null}
      <p className="transfer-amount" data-testid="refund-outstanding">
        {t("refunds.outstanding", { amount: formatYen(d.outstanding) })}
      </p>
      <section className="card" aria-labelledby="refund-account">
        <h2 id="refund-account">{t("refunds.account")}</h2>
        {d.account ? (
          <p data-testid="refund-account">
            {d.account.bankName} {d.account.branchName} {d.account.number} {d.account.holderName}
          </p>
        ) : (
          <p className="flash flash-muted">{t("refunds.noAccount")}</p>
        )}
        <p>
          <Link to="/me/settings/bank">{d.account ? t("transfer.changeAccount") : t("transfer.addAccount")}</Link>
        </p>
      </section>
      {d.open.length === 0 ? (
        <p className="empty-state">{t("refunds.empty")}</p>
      ) : (
        <ul className="settings-list">
          {d.open.map((r) => (
            <li key={r.id} className="card" data-refund-id={r.id}>
              <p>
                <strong>{formatYen(r.amount)}</strong> <TransferStatusBadge status={r.status} />
              </p>
              <p className="muted small">
                {r.reason ? t(`refunds.reasons.${r.reason}`) : null} {r.fanclubName ?? ""}
              </p>
              {r.memo ? <p className="small">{r.memo}</p> : null}
              {r.status === "owed" || r.status === "failed" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="button" disabled={busy || !d.account}>
                    {r.status === "failed" ? t("refunds.applyAgain") : t("refunds.apply")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
