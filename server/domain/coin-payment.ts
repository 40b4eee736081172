/**
 * Paying a cart with tora coins, a card, or both (spec §4 "Payment method flow", "Purchase";
 * §5 "Coin payment amount"; §8). 1 coin = 1 yen; every amount is an integer number of yen.
 * Results carry error codes; pages map them to the §8 messages:
 *   invalid  → 'とらコイン支払い金額が不正です。'
 *   shortage → 'とらコイン残高が不足しています。とらコインサイトでチャージしてください。'
 *   noMethod → 'お支払い方法を選択し直してください。'
 */

/** Spec §4/§9 payment type codes. */
export const PAYMENT_TYPE = { card: 0, allCoin: 1, partCoin: 2 } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

export function isPaymentType(value: unknown): value is PaymentType {
  return value === 0 || value === 1 || value === 2;
}

type CoinPaymentError = "invalid" | "shortage" | "noMethod";

// A decimal number as typed: digits, optionally grouped by commas the ja-JP way ("1,000"),
// optionally a fraction. Anything else (letters, "1e3", "0x10", empty) is not numeric.
const NUMERIC = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

/**
 * The coin amount field's value as a number (spec §5: parsed as an integer, non-numeric is 0).
 * The text is NFKC-normalised first, so full-width digits typed with a Japanese IME count.
 * Non-numeric text ("12a", "", "abc") is 0. A numeric text that is not a whole number ("1.5") or
 * is negative is returned as is, so `coinAmountProblem` rejects it as invalid instead of
 * silently paying a different amount than the fan typed.
 */
export function parseCoinAmount(input: string | number | null | undefined): number {
  if (typeof input === "number") return Number.isFinite(input) ? input : 0;
  if (typeof input !== "string") return 0;
  const text = input.normalize("NFKC").trim();
  if (!NUMERIC.test(text)) return 0;
  return Number(text.replaceAll(",", ""));
}

/** Spec §5: the coin amount must be a whole number from 0 to the cart total. */
export function coinAmountProblem(coins: number, total: number): "invalid" | null {
  return Number.isInteger(coins) && coins >= 0 && coins <= total ? null : "invalid";
}

/** The field's setter (spec §5): clamps to 0..total, whole coins only. */
export function clampCoinAmount(coins: number, total: number): number {
  if (!Number.isFinite(coins)) return 0;
  return Math.min(Math.max(Math.trunc(coins), 0), Math.max(total, 0));
}

/** The part of the total the card pays: total − coins, never below 0. */
export function cardAmount(total: number, coins: number): number {
  return Math.max(total - coins, 0);
}

/** Spec §4 "Purchase": the kind sent with the purchase, derived from the coin amount alone. */
export function purchaseKind(coins: number, total: number): "coin" | "card" {
  return coins === total ? "coin" : "card";
}

export type PaymentMethodStep =
  /** go to page 3 (confirm) with this coin amount */
  | { next: "confirm"; coins: number; card: number }
  /** no card yet: the card registration page, which returns to page 3 */
  | { next: "registerCard"; coins: number; card: number }
  | { next: "error"; error: CoinPaymentError };

/**
 * Spec §4 "Payment method flow", page 2 → page 3:
 * - type 0 (card): coins 0; a registered card goes on, otherwise register one first;
 * - type 1 (all coin): coins = total; a total of 0 goes straight on, else the balance must cover it;
 * - type 2 (part coin): the typed amount must be valid and covered by the balance; when coins do
 *   not pay it all, the card must be registered;
 * - anything else: choose the payment method again.
 */
export function paymentMethodStep(input: {
  paymentType: unknown;
  total: number;
  /** the coin field as typed (used by type 2 only) */
  coinInput: string | number | null | undefined;
  coinBalance: number;
  hasCard: boolean;
}): PaymentMethodStep {
  const { total, coinBalance, hasCard } = input;
  const cardCheck = (coins: number): PaymentMethodStep => ({
    next: hasCard ? "confirm" : "registerCard",
    coins,
    card: cardAmount(total, coins),
  });
  switch (input.paymentType) {
    case PAYMENT_TYPE.card:
      return cardCheck(0);
    case PAYMENT_TYPE.allCoin:
      if (total === 0) return { next: "confirm", coins: 0, card: 0 };
      if (coinBalance < total) return { next: "error", error: "shortage" };
      return { next: "confirm", coins: total, card: 0 };
    case PAYMENT_TYPE.partCoin: {
      const coins = parseCoinAmount(input.coinInput);
      const problem = coinAmountProblem(coins, total);
      if (problem) return { next: "error", error: problem };
      if (coinBalance < coins) return { next: "error", error: "shortage" };
      if (coins !== total) return cardCheck(coins);
      return { next: "confirm", coins, card: 0 };
    }
    default:
      return { next: "error", error: "noMethod" };
  }
}

/**
 * Coin-for-renewal checkbox (spec §4): shown only for a cart holding a plan and a payment type
 * other than card, and not when the fan already has it on.
 */
export function showCoinForRenewalCheckbox(input: {
  cartHasPlan: boolean;
  paymentType: PaymentType | null;
  alreadyEnabled: boolean;
}): boolean {
  return input.cartHasPlan && input.paymentType !== null && input.paymentType !== PAYMENT_TYPE.card && !input.alreadyEnabled;
}
