/**
 * The purchase histories (spec §2): the fan's /me/purchase_histories with its children, and the
 * creator's /me/fanclub/purchases/*. One list of tabs each, read by the layouts and the tests, so
 * a tab shows exactly when its page exists.
 */

/** The fan's tabs: '' is the index (plan payments), the rest are spec §2's children. */
export const FAN_HISTORY_TABS = ["", "live_event_tickets", "products", "raffles", "tippings", "lesson_reservation"] as const;

/** The creator's sales lists under /me/fanclub/purchases (spec §2). */
export const CREATOR_PURCHASE_TABS = ["live_events", "products", "raffles"] as const;

export const HISTORY_PAGE_SIZE = 30;

export type PaidWith = "free" | "coins" | "card" | "coinsAndCard";

/** How a payment was made, from the amounts each means paid (a renewal pays with one of them). */
export function paidWith(coins: number, card: number): PaidWith {
  if (coins > 0 && card > 0) return "coinsAndCard";
  if (coins > 0) return "coins";
  if (card > 0) return "card";
  return "free";
}

/** `?before=` of a history page: the id the next page starts below; anything else is the first page. */
export function parseHistoryCursor(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}
