import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import type { PlanJson } from "../types";
import { QuoteLines, quoteView } from "./cart-items";

/** Page 1: one plan, what joining or changing to it costs (the server's quote), and the choice. */
export function PlanPage({
  plan,
  busy,
  onChoose,
  onPlans,
  onExpired,
}: {
  plan: PlanJson;
  busy: boolean;
  onChoose: (p: PlanJson) => void;
  onPlans: (() => void) | null;
  onExpired: () => void;
}) {
  const { t } = useTranslation("payments");
  const quote = plan.quote;
  const view = quoteView(quote);
  const closed = plan.disabledAt !== null || plan.isCloseApplied || (quote?.kind === "unavailable" && quote.reason === "planClosed");
  const unpaid = quote?.kind === "unavailable" && quote.reason === "unpaid";
  const action =
    plan.planGrade === "downgrade" ? t("actions.downgrade") : plan.planGrade === "upgrade" ? t("actions.upgrade") : t("actions.join");
  return (
    <>
      <div className="payment-plan" data-plan={plan.name}>
        {plan.iconImageUrl ? <img src={plan.iconImageUrl} alt="" width={56} height={56} /> : null}
        <div>
          <p className="muted small">{plan.fanclubName}</p>
          <h3>{plan.name}</h3>
          <p>
            {plan.price === 0 ? t("plan.free") : t("plan.monthly", { price: formatYen(plan.price) })}{" "}
            <span className="muted small">{t("taxIncluded")}</span>
          </p>
        </div>
      </div>
      {plan.description ? <p className="pre-wrap payment-plan-description">{plan.description}</p> : null}
      {closed ? (
        <p className="flash flash-error">{t("errors.planUnavailable")}</p>
      ) : unpaid ? (
        <p className="flash flash-warn">
          {t("errors.planUnpaid")}{" "}
          <button type="button" className="link-button" onClick={onExpired}>
            {t("actions.toPayment")}
          </button>
        </p>
      ) : view ? (
        <>
          {plan.planGrade === "downgrade" ? <p className="muted small">{t("quote.downgradeNote")}</p> : null}
          <QuoteLines quote={view} />
        </>
      ) : null}
      <div className="dialog-actions">
        {onPlans ? (
          <button type="button" className="button button-secondary" onClick={onPlans}>
            {t("actions.planList")}
          </button>
        ) : null}
        {!closed && !unpaid ? (
          <button type="button" className="button" disabled={busy} onClick={() => onChoose(plan)} data-testid="choose-plan">
            {action}
          </button>
        ) : null}
      </div>
    </>
  );
}
