import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import { formatLocalDate, formatLocalMonth } from "../../../../server/domain/jst-time";
import type { MembershipJson, PlanJson } from "../types";

export type CurrentPlanPageProps = {
  current: PlanJson;
  membership: MembershipJson | null;
  /** pays an unpaid month (page 20) */
  onExpired: () => void;
  onStopSupport: () => void;
  onChangePlan: () => void;
};

/** Page 30: the member's current plan, number, next renewal and payment history. */
export function CurrentPlanPage({ current, membership, onExpired, onStopSupport, onChangePlan }: CurrentPlanPageProps) {
  const { t, locale } = useTranslation("payments");
  return (
    <>
      <p>
        <strong>{current.name}</strong> <span className="muted small">{t("plan.monthly", { price: formatYen(current.price) })}</span>
      </p>
      {membership ? (
        <>
          <p className="muted small">
            {t("history.memberNumber", { number: String(membership.memberNumber) })}
            {membership.nextRenewalAt && membership.status === "active"
              ? ` · ${t("history.nextRenewal", { date: formatLocalDate(locale, membership.nextRenewalAt), price: formatYen(current.price) })}`
              : ""}
          </p>
          {membership.status === "unpaid" ? (
            <p className="flash flash-warn">
              {t("history.unpaid")}{" "}
              <button type="button" className="link-button" onClick={onExpired}>
                {t("actions.toPayment")}
              </button>
            </p>
          ) : null}
          <h3>{t("history.title")}</h3>
          {membership.payments.length === 0 ? (
            <p className="muted">{t("history.empty")}</p>
          ) : (
            <table className="payment-history">
              <tbody>
                {membership.payments.map((p, i) => (
                  <tr key={i}>
                    <td>{formatLocalMonth(locale, p.month)}</td>
                    <td>{t(`history.kind.${p.kind}`)}</td>
                    <td>{p.planName}</td>
                    <td className="number">{formatYen(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onStopSupport}>
          {t("actions.stopSupport")}
        </button>
        <button type="button" className="button" onClick={onChangePlan}>
          {t("actions.changePlan")}
        </button>
      </div>
    </>
  );
}
