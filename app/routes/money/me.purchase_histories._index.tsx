import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PaymentSplit } from "~/components/payments/payment-split";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { planPaymentHistory } from "../../../server/services/purchase-histories";
import { formatLocalDate, formatLocalMonth } from "../../../server/domain/jst-time";

export const clientLoader = withNamespaces(["payments"]);

/** The plan months the fan paid (join, upgrade, renewal, expired month paid later), newest first; `?before=` pages on. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const before = parseHistoryCursor(new URL(request.url).searchParams.get("before"));
  const history = await planPaymentHistory(app.db, user.id, before);
  return { title: translatorFor(app.locale, "payments")("histories.tabs.plans"), ...history, paged: before !== null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function PlanPayments() {
  const { t, locale } = useTranslation("payments");
  const { items, next, paged } = useLoaderData<typeof loader>();
  if (!items.length) return <p className="empty-state">{paged ? t("histories.noMore") : t("histories.emptyPlans")}</p>;
  return (
    <>
      <table className="table history-table" data-testid="plan-payments">
        <thead>
          <tr>
            <th>{t("histories.paidAt")}</th>
            <th>{t("histories.fanclub")}</th>
            <th>{t("histories.plan")}</th>
            <th>{t("histories.month")}</th>
            <th>{t("histories.paidWith.label")}</th>
            <th className="number">{t("histories.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id}>
              <td>{formatLocalDate(locale, p.paidAt)}</td>
              <td>
                <Link to={`/fanclubs/${p.fanclub.id}`}>{p.fanclub.name}</Link>
              </td>
              <td>
                {p.planName} <span className="badge">{t(`history.kind.${p.kind}`)}</span>
              </td>
              <td>{formatLocalMonth(locale, p.month)}</td>
              <td>
                {t(`histories.paidWith.${p.paidWith}`)}
                {p.paidWith === "coinsAndCard" ? (
                  <div className="muted small">
                    <PaymentSplit coins={p.coins} card={p.card} />
                  </div>
                ) : null}
              </td>
              <td className="number">{formatYen(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next ? (
        <p>
          <Link to={`?before=${next}`} className="button button-secondary">
            {t("histories.more")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
