/**
 * Paying a cart (spec §4 "Purchase", §5 coin amount, §7 purchase payload): how the request's
 * payment fields become a split between coins and the card, and the attempt's idempotency key.
 * Pure; the service (server/services/cart-purchase.ts) charges and writes.
 */

import { cardAmount, coinAmountProblem, parseCoinAmount, purchaseKind } from "./coin-payment";

/**
 * Stripe's smallest JPY charge (docs/decisions/013). The same value as the card provider's
 * MIN_CARD_CHARGE_YEN; repeated here so pages can check it without importing the provider.
 */
export const MIN_CARD_PART_YEN = 50;

/** One attempt at one cart content: the cart's version rises with every change and failed attempt (decision 014). */
export function purchaseKey(cartId: number, version: number): string {
  if (!Number.isSafeInteger(cartId) || cartId <= 0) throw new RangeError(`not a cart id: ${cartId}`);
  if (!Number.isSafeInteger(version) || version < 0) throw new RangeError(`not a cart version: ${version}`);
  return `purchase:${cartId}:${version}`;
}

/** The key of the month a purchase pays for one membership (one plan item per fan club in a cart). */
export function membershipPaymentKey(purchaseKeyValue: string, fanclubId: number): string {
  return `${purchaseKeyValue}:plan:${fanclubId}`;
}

/** spec §5: the cart total is the sum of its items' prices. */
export function cartTotal(items: readonly { price: number }[]): number {
  return items.reduce((sum, item) => sum + item.price, 0);
}

/**
 * The card part of a payment must be 0 or at least 50 yen: a smaller remainder cannot be charged
 * by card at all, so the fan pays it in coins (all coin) or pays less in coins.
 */
export function cardPartProblem(card: number): "cardTooSmall" | null {
  return card > 0 && card < MIN_CARD_PART_YEN ? "cardTooSmall" : null;
}

type PurchaseSplitError = "invalid" | "noMethod" | "cardTooSmall";

export type PurchaseSplit = { ok: true; coins: number; card: number; kind: "coin" | "card" } | { ok: false; error: PurchaseSplitError };

/** The purchase payload of spec §3/§7: payment, isUsedCoin, otherPayment.toraCoin. */
export type PurchasePayload = {
  /** the kind the page derived (spec §4: all coin when the coins equal the total, otherwise card) */
  payment?: unknown;
  isUsedCoin?: unknown;
  toraCoin?: unknown;
};

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/**
 * The split the request asks for: coins only when isUsedCoin, parsed like the page's field
 * (spec §5), a whole number from 0 to the total; the card pays the rest. The kind the page sent
 * must be the one the coin amount gives (spec §4), or the fan chooses the method again. A card
 * part of 1–49 yen is refused (see cardPartProblem).
 */
export function purchaseSplit(payload: PurchasePayload, total: number): PurchaseSplit {
  const coins = truthy(payload.isUsedCoin)
    ? parseCoinAmount(typeof payload.toraCoin === "number" || typeof payload.toraCoin === "string" ? payload.toraCoin : null)
    : 0;
  if (coinAmountProblem(coins, total)) return { ok: false, error: "invalid" };
  const kind = purchaseKind(coins, total);
  if (payload.payment !== undefined && payload.payment !== null && payload.payment !== "" && payload.payment !== kind)
    return { ok: false, error: "noMethod" };
  const card = cardAmount(total, coins);
  const problem = cardPartProblem(card);
  if (problem) return { ok: false, error: problem };
  return { ok: true, coins, card, kind };
}
