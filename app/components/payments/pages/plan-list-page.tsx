import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import type { PlanJson } from "../types";

/** Page 40: the fan club's plans, the current one marked, each other one a choice. */
export function PlanListPage({ plans, onChoose }: { plans: PlanJson[]; onChoose: (planId: number) => void }) {
  const { t } = useTranslation("payments");
  return (
    <ul className="payment-plan-list">
      {plans.map((p) => (
        <li key={p.id} className="payment-plan-row" data-plan={p.name}>
          <div>
            <strong>{p.name}</strong>
            <span className="muted small"> {t("plan.monthly", { price: formatYen(p.price) })}</span>
          </div>
          {p.planGrade === "current" ? (
            <span className="badge">{t("grade.current")}</span>
          ) : (
            <button type="button" className="button button-small" onClick={() => onChoose(p.id)}>
              {t(`grade.${p.planGrade}`)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
