import { billingMonthOf } from "../domain/billing-month";
import { formatYen } from "../domain/number-display";
import { payByLabel, payExpiredPath } from "../domain/renewal-run";
import type { AppContext } from "../context";
import { translatorFor } from "../i18n";

/**
 * The default layout's expired-plan alert (spec §2, §4): shown when the signed-in fan has plans
 * whose renewal could not be paid, warning that they leave by themselves on the 7th, with a link
 * to pay each. The session read the plans with the sign-in, so this costs no round trip. Its texts
 * are rendered here, in the request's language, so the `renewals` namespace is never fetched by
 * the browsers of the many who have no expired plan.
 */
export function expiredPlanAlert(app: Pick<AppContext, "session" | "locale" | "services">, now = Date.now()) {
  const plans = app.session?.expiredPlans ?? [];
  if (plans.length === 0) return null;
  const t = translatorFor(app.locale, "renewals");
  return {
    title: t("renewals:alert.title"),
    body: t("renewals:alert.body"),
    plans: plans.map((p) => {
      const frontUrl = app.services.find((s) => s.id === p.fanclub.serviceId)?.frontUrl ?? "";
      return {
        id: p.membershipId,
        text: t("renewals:alert.plan", {
          fanclub: p.fanclub.name,
          plan: p.plan.name,
          price: formatYen(p.plan.price),
          deadline: payByLabel(billingMonthOf(p.expiredAt?.getTime() ?? now)),
        }),
        href: `${frontUrl}${payExpiredPath(p.fanclub.id)}`,
        payLabel: t("renewals:alert.pay"),
      };
    }),
  };
}
