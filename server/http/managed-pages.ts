import type { AppContext } from "../context";
import { translatorFor } from "../i18n";
import { managedFanclubsOf } from "../services/payouts/payees";
import { managedPayouts } from "../services/payouts/payouts";
import { requireUser } from "./require-user";

/**
 * The label's bulk pages (/me/managed_fanclubs/*, spec §6): only for people who manage a fan
 * club; anyone else gets a 404, as if the pages did not exist.
 */
export function requireLabel(app: AppContext) {
  const user = requireUser(app);
  if (!app.session!.creator.hasManagedFanclub) throw new Response(null, { status: 404 });
  return user;
}

/**
 * What both payout pages of a label read (/me/managed_fanclubs/transfers and
 * transfer_histories): each managed fan club's balance, payouts and payee, the history and the
 * totals. One loader for both, so the two pages can never disagree on a figure.
 */
export async function managedPayoutsPage(app: AppContext, section: "transfers" | "transfer_histories") {
  const user = requireLabel(app);
  const list = await managedFanclubsOf(app.db, user.id);
  const { rows, totals, history } = await managedPayouts(app.db, list, Date.now());
  return { title: translatorFor(app.locale, "creator")(`managed.${section}`), rows, totals, history };
}
