import { billingMonthOf, isBillingMonth, nextMonth, type BillingMonth } from "./billing-month";

/**
 * Payout rules (money out to creators, labels and fans owed a refund): the dated minimum and
 * transfer fee, the payout period a request belongs to, the amount check and the status machine.
 * Pure: the services pass the clock, the balance and the periods the operator has closed.
 */

/**
 * The minimum payout and the bank transfer fee, in yen, each from a JST date on. A change is a
 * new row: a payout keeps the fee of the day it was requested (stored on the payout).
 */
export const PAYOUT_RULES: ReadonlyArray<{ from: string; minimum: number; fee: number }> = [
  { from: "2020-01-01", minimum: 1000, fee: 250 },
  { from: "2026-04-01", minimum: 1000, fee: 330 },
];

/** The largest payout one request may ask for: a typo guard far above any monthly balance. */
export const PAYOUT_MAX = 100_000_000;

/** The rule in force on an instant (JST date). */
export function payoutRulesAt(ms: number, rules = PAYOUT_RULES): { from: string; minimum: number; fee: number } {
  const day = jstDate(ms);
  let current = rules[0];
  if (!current) throw new Error("no payout rules");
  for (const r of rules) if (r.from <= day) current = r;
  return current;
}

/** yyyy-mm-dd in Japan time. */
function jstDate(ms: number): string {
  return new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The period a request made now belongs to: the current JST month, or, once the operator has
 * closed that month's transfers, the first month not closed yet. A creator asks once a period.
 */
export function payoutPeriodFor(now: number, closed: ReadonlySet<BillingMonth>): BillingMonth {
  let period = billingMonthOf(now);
  while (closed.has(period)) period = nextMonth(period);
  return period;
}

export type PayoutQuote =
  | { ok: true; amount: number; fee: number; net: number }
  | { ok: false; reason: "invalid" | "belowMinimum" | "aboveBalance" | "tooLarge"; minimum: number; balance: number };

/**
 * Checks a requested amount against the balance and the rule: a whole number of yen, at least
 * the minimum (which is above the fee, so a payout always sends money), at most the balance and
 * PAYOUT_MAX. The fee is taken from the amount: the bank receives `net`.
 */
export function quotePayout(amount: number, balance: number, rule: { minimum: number; fee: number }): PayoutQuote {
  const refuse = (reason: "invalid" | "belowMinimum" | "aboveBalance" | "tooLarge") =>
    ({ ok: false, reason, minimum: rule.minimum, balance }) as const;
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse("invalid");
  if (amount > PAYOUT_MAX) return refuse("tooLarge");
  if (amount < rule.minimum) return refuse("belowMinimum");
  if (amount > balance) return refuse("aboveBalance");
  return { ok: true, amount, fee: rule.fee, net: amount - rule.fee };
}

/**
 * Parses an amount field: half-width digits with optional ja-JP separators ("12,000"), no sign,
 * no decimals. Anything else is `null` (the form answers "enter a whole number of yen").
 */
export function parseYenAmount(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw !== "string") return null;
  const s = raw.trim().replace(/,/g, "");
  if (!/^\d{1,15}$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The status machine. Creator payouts start at requested; fans' refunds start at owed (what the
 * platform owes them) and become requested once they give a bank account. Closing a period
 * moves requested → in_transfer; the operator then marks each paid or failed. A failed refund
 * may be requested again (with a corrected account); a failed payout returns its amount to the
 * balance and stays failed, and the creator asks again in a later period.
 */
export type TransferStatus = "owed" | "requested" | "in_transfer" | "paid" | "failed";
export type TransferKind = "payout" | "refund";

const TRANSITIONS: Record<TransferKind, Partial<Record<TransferStatus, readonly TransferStatus[]>>> = {
  payout: { requested: ["in_transfer"], in_transfer: ["paid", "failed"] },
  refund: { owed: ["requested"], requested: ["in_transfer"], in_transfer: ["paid", "failed"], failed: ["requested"] },
};

export function canTransition(kind: TransferKind, from: TransferStatus, to: TransferStatus): boolean {
  return TRANSITIONS[kind][from]?.includes(to) ?? false;
}

/** Statuses during which money is on its way: the balance excludes them and the bank account is locked. */
export const IN_PROGRESS: readonly TransferStatus[] = ["requested", "in_transfer"];

/** The one request of a fan club in a period: its idempotency key, also a UNIQUE column. */
export function payoutKey(fanclubId: number, period: BillingMonth): string {
  if (!isBillingMonth(period)) throw new RangeError(`not a period: ${period}`);
  return `payout:${fanclubId}:${period}`;
}

/** What is still on its way to a person: every transfer not paid yet (owed, requested, in transfer, failed). */
export function outstandingTotal(list: ReadonlyArray<{ status: TransferStatus; amount: number; fee: number }>): number {
  return list.filter((t) => t.status !== "paid").reduce((sum, t) => sum + t.amount - t.fee, 0);
}

/**
 * The provider's answers that mean a card refund will never go through, whatever we retry: the
 * payment is too old to refund (Stripe: charge_expired_for_refund, about 180 days), the payment
 * or its card is gone at the provider (resource_missing; the card was removed and the account
 * closed), the card itself is expired or cancelled. The money is still the fan's: it becomes a
 * refund owed to them, paid to a bank account they give (issue: refund receipts).
 */
const CARD_REFUND_IMPOSSIBLE: ReadonlySet<string> = new Set([
  "charge_expired_for_refund",
  "resource_missing",
  "expired_or_canceled_card",
  "lost_or_stolen_card",
]);

/**
 * What to do when the provider refuses a card refund: `retry` later under the same key (the
 * provider was down, or an answer we cannot read), or `owe` the amount to the fan by bank
 * transfer. Only a definite, non-retryable answer from the list above becomes a debt; anything
 * else retried, so a transient error never turns into a second refund by bank.
 */
export function cardRefundFailure(error: { retryable: boolean; providerCode?: string | null }): "retry" | "owe" {
  if (error.retryable || !error.providerCode) return "retry";
  return CARD_REFUND_IMPOSSIBLE.has(error.providerCode) ? "owe" : "retry";
}
