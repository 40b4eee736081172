/**
 * Analytics hooks of spec §4 and §9, as plain data for a first-party `window.dataLayer`. Nothing
 * here sends anything: a tag manager reads the layer only where one is installed (decision 041).
 */

/** spec §9: the page view is pushed this long after a navigation, once the page's title is set. */
export const PAGE_VIEW_DELAY_MS = 250;

/** The cookie a campaign landing sets; its value leads the transaction id. */
export const CAMPAIGN_COOKIE = "campaign";

/**
 * spec §9: the purchase's transaction id, from the campaign cookie, the user token and a
 * timestamp. Without a campaign the part reads "none"; characters outside [A-Za-z0-9_-] are
 * dropped, so a crafted cookie cannot smuggle separators or markup into the layer.
 */
export function purchaseTransactionId(campaign: string | null | undefined, userToken: string, now: number): string {
  const clean = (v: string) => v.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64);
  return `${clean(campaign ?? "") || "none"}-${clean(userToken)}-${Math.trunc(now)}`;
}

/** spec §4: a purchase event is pushed only when something was paid. */
export function purchaseEvent(input: {
  campaign: string | null | undefined;
  userToken: string;
  now: number;
  total: number;
  items: readonly { type: string; targetType: string }[];
}) {
  if (input.total <= 0) return null;
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: purchaseTransactionId(input.campaign, input.userToken, input.now),
      currency: "JPY",
      value: input.total,
      items: input.items.map((i) => ({ item_category: i.targetType || i.type })),
    },
  };
}
