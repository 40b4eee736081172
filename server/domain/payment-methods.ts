/**
 * What the payment dialog lists as ways to pay (spec §7 "payment method lists"), and where its
 * "charge coins" link leads. The spec's coins are bought on an outside coin site
 * (`/user_home#charge?ref=…`, by PayPay, FamiPay, auPay, Merpay, AFTEE and others); here coins
 * are bought in-house on the user domain's /me/coins, by card, so the list names what that page
 * takes (decision 041).
 */

/** Card brands accepted for payments and for buying coins (spec §7, the footer's logos). */
export const CARD_BRANDS = ["VISA", "MASTERCARD", "JCB", "AMEX"] as const;

/** How coins are bought here: by one of the cards above, on the in-house coin page. */
export const COIN_PURCHASE_METHODS = ["card"] as const;

/**
 * The coin page's charge section, with `ref` holding the page the dialog was opened on, so the
 * coin page can offer the way back. A `current` that is not an http(s) URL is left out.
 */
export function coinChargeUrl(userOrigin: string, current: string | null | undefined): string {
  const base = `${userOrigin}/me/coins`;
  if (!current || !/^https?:\/\//.test(current)) return `${base}#charge`;
  return `${base}?ref=${encodeURIComponent(current)}#charge`;
}
