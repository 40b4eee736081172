/**
 * Monthly renewals (spec §4 "Plan auto-renewal", §9; the money issue's renewals;
 * docs/decisions/012). The daily cron enqueues; the consumer asks these rules what is due and
 * what to try, and writes the effect with `renewalKey` in the same batch, so a redelivered or
 * repeated run finds the key and charges nobody twice.
 */

import { assertBillingMonth, billingMonthOf, compareMonths, jstDayStartMs, type BillingMonth } from "./billing-month";
import type { MembershipStatus } from "./plan-change";

/** Plans renew from the 1st (JST); an unpaid membership leaves on the 7th (JST) of that month. */
const AUTO_LEAVE_DAY = 7;

/** The idempotency key of one membership's renewal for one month, success or failure. */
export function renewalKey(membershipId: number, month: BillingMonth): string {
  if (!Number.isSafeInteger(membershipId) || membershipId <= 0) throw new RangeError(`not a membership id: ${membershipId}`);
  assertBillingMonth(month);
  return `renewal:${membershipId}:${month}`;
}

/**
 * Whether an attempt to renew `month` is due now: the membership is active, has not paid for
 * that month (null = has paid for none), and it is that month in Japan time (from 00:00 JST on
 * the 1st). A queued job for a month that is over is stale and does nothing: the current month's
 * run covers the membership, and nobody is charged for a month that has passed. An unpaid
 * membership is not retried: the month's attempt is recorded under its key, and the fan pays
 * from the expired-plans page.
 */
export function renewalDue(
  membership: { status: MembershipStatus; paidThroughMonth: BillingMonth | null },
  month: BillingMonth,
  now: number,
): boolean {
  if (membership.status !== "active" || billingMonthOf(now) !== month) return false;
  return membership.paidThroughMonth === null || compareMonths(membership.paidThroughMonth, month) < 0;
}

export type RenewalMethod = "card" | "coin" | "free";

/**
 * What to try, in order: the registered card first; when it fails and coin-for-renewal is on,
 * coins, only if the balance covers the whole price (no part payment on renewal). A free plan
 * renews without a payment. An empty list means the renewal cannot be paid: the membership
 * becomes unpaid at once.
 */
export function renewalPlan(input: { price: number; hasCard: boolean; coinForRenewal: boolean; coinBalance: number }): RenewalMethod[] {
  if (input.price === 0) return ["free"];
  const attempts: RenewalMethod[] = [];
  if (input.hasCard) attempts.push("card");
  if (input.coinForRenewal && input.coinBalance >= input.price) attempts.push("coin");
  return attempts;
}

/**
 * The membership after the month's renewal: paid by a method, or unpaid (an expired plan) with
 * the instant it leaves by itself.
 */
export function renewalResult(
  month: BillingMonth,
  price: number,
  paidBy: RenewalMethod | null,
):
  | { status: "active"; paidThroughMonth: BillingMonth; paidForMonth: number; chargedBy: RenewalMethod }
  | { status: "unpaid"; unpaidMonth: BillingMonth; autoLeaveAt: number } {
  if (paidBy === null) return { status: "unpaid", unpaidMonth: month, autoLeaveAt: autoLeaveAtMs(month) };
  return { status: "active", paidThroughMonth: month, paidForMonth: price, chargedBy: paidBy };
}

/** 00:00 JST on the 7th of the unpaid month: the membership leaves from this instant. */
export function autoLeaveAtMs(unpaidMonth: BillingMonth): number {
  return jstDayStartMs(unpaidMonth, AUTO_LEAVE_DAY);
}

/**
 * An unpaid membership leaves by itself from 00:00 JST on the 7th of the month whose renewal
 * failed (the month of `expiredAt`, the failure); up to 23:59:59.999 on the 6th it can still be
 * paid. The failure's month, not the month after the last paid one, so a membership whose earlier
 * months went unbilled still gets its grace. An unpaid row without a failure time is left alone
 * rather than removed on a guess (the schema should not allow one).
 */
export function shouldAutoLeave(membership: { status: MembershipStatus; expiredAt: number | null }, now: number): boolean {
  return membership.status === "unpaid" && membership.expiredAt !== null && now >= autoLeaveAtMs(billingMonthOf(membership.expiredAt));
}
