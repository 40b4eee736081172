import { useTranslation } from "~/lib/i18n";
import { formatLocalDate } from "../../../../server/domain/jst-time";
import type { MembershipJson, PlanJson } from "../types";

/** Page 31: what leaving the plan means, then the confirmation. */
export function LeavePage({
  current,
  membership,
  busy,
  onBack,
  onLeave,
}: {
  current: PlanJson;
  membership: MembershipJson | null;
  busy: boolean;
  onBack: () => void;
  onLeave: () => void;
}) {
  const { t, locale } = useTranslation("payments");
  return (
    <>
      <p>{t("leave.lead", { plan: current.name })}</p>
      <ul className="payment-warnings" data-testid="leave-warnings">
        <li>
          {t("leave.warnPosts", {
            date:
              membership?.nextRenewalAt && membership.status === "active"
                ? formatLocalDate(locale, membership.nextRenewalAt - 1)
                : formatLocalDate(locale, Date.now()),
          })}
        </li>
        <li>{t("leave.warnFullMonth")}</li>
        <li>{t("leave.warnRejoin")}</li>
        <li>{t("leave.warnNumber")}</li>
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
          {t("actions.back")}
        </button>
        <button type="button" className="button button-danger" onClick={onLeave} disabled={busy}>
          {t("actions.confirmLeave")}
        </button>
      </div>
    </>
  );
}
