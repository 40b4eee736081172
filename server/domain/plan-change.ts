/**
 * What joining, changing or leaving a plan costs and when it takes effect (the money issue's
 * billing rules; docs/decisions/012). Plans are billed per calendar month in Japan time with no
 * proration:
 * - joining charges the full month's price, for the month of joining, even on its last day;
 * - an upgrade charges the difference now and takes effect at once;
 * - a downgrade takes effect at once with no charge and no refund;
 * - leaving keeps access to the end of the last paid month;
 * - re-joining (a new membership) is a join, charged in full even in the month one left.
 * The confirm page shows the quote: the yen charged now, from when, and the next renewal.
 */

import { billingMonthOf, compareMonths, monthEndMs, type BillingMonth } from "./billing-month";
import { canJoinPlan, planGrade, type PlanCartTargetType } from "./plan-grade";

export type MembershipStatus = "active" | "unpaid" | "left";

/** The membership a fan holds in the fan club (not left). */
export type HeldMembership = {
  planId: number;
  planPrice: number;
  /** unpaid = the renewal of the current month failed (spec: an expired plan) */
  status: "active" | "unpaid";
  /** the last month paid for; null = none yet (a membership from before payments existed) */
  paidThroughMonth: BillingMonth | null;
  /**
   * Yen this membership has paid for `paidThroughMonth` (the join or renewal plus upgrade
   * differences). It exceeds `planPrice` after a downgrade, and that credit is kept for an upgrade
   * within the same month. Defaults to `planPrice`.
   */
  paidForMonth?: number;
};

export type SelectedPlan = {
  planId: number;
  price: number;
  disabledAt: number | null;
  isCloseApplied: boolean;
};

/** A month a fan paid for, at a plan: posts of that plan published in that month stay theirs. */
export type PaidMonth = { fanclubId: number; month: BillingMonth; planId: number; planPrice: number };

export type PlanQuote =
  | {
      kind: "join" | "upgrade" | "downgrade" | "resume";
      planId: number;
      /** the cart kind (spec §3); a downgrade has none: it is posted directly */
      cartTargetType: PlanCartTargetType | null;
      /** yen charged now (integer, 0 for a downgrade) */
      chargeNow: number;
      /** the plan applies from this instant (now: nothing waits for the next month) */
      effectiveAt: number;
      /** the membership's paid-through month afterwards */
      paidThroughMonth: BillingMonth | null;
      /** the membership's `paidForMonth` afterwards */
      paidForMonth: number;
      /** the month to record as paid at the new plan, or null when nothing new is paid for */
      grantsMonth: BillingMonth | null;
      /** the next automatic charge: 00:00 JST on the 1st after the paid month */
      nextRenewalAt: number;
      /** what that renewal charges */
      renewalPrice: number;
    }
  | {
      kind: "leave";
      chargeNow: 0;
      effectiveAt: number;
      /** the plan's posts stay visible until this instant (exclusive): the end of the paid month */
      accessEndsAt: number;
      nextRenewalAt: null;
    }
  /** the selected plan is the one held (spec page 30) */
  | { kind: "current" }
  /**
   * planClosed: the plan takes nobody new ('currently cannot join this plan');
   * notMember: leaving without a membership;
   * unpaid: an expired plan is paid (page 20) or left before changing to another plan.
   */
  | { kind: "unavailable"; reason: "planClosed" | "notMember" | "unpaid" };

/**
 * The quote for choosing `selected` (null = leave) while holding `current` (null = no membership
 * in this fan club; a membership that was left counts as none, so re-joining pays in full).
 */
export function quotePlanChange(input: { current: HeldMembership | null; selected: SelectedPlan | null; now: number }): PlanQuote {
  const { current, selected, now } = input;

  if (selected === null) {
    if (current === null) return { kind: "unavailable", reason: "notMember" };
    // An unpaid membership's paid month is already over, so its access ends now.
    return {
      kind: "leave",
      chargeNow: 0,
      effectiveAt: now,
      accessEndsAt: Math.max(now, paidMonthEndMs(current.paidThroughMonth)),
      nextRenewalAt: null,
    };
  }

  if (current !== null && current.planId === selected.planId) {
    if (current.status === "active") return { kind: "current" };
    // Paying an expired plan (page 20) is allowed on a closed plan: members keep closed plans.
    return paidNow("resume", "subscribe_plan_type", selected, now, selected.price, selected.price);
  }
  if (!canJoinPlan(selected)) return { kind: "unavailable", reason: "planClosed" };
  if (current === null) return paidNow("join", "join_plan_type", selected, now, selected.price, selected.price);
  if (current.status === "unpaid") return { kind: "unavailable", reason: "unpaid" };

  const paidForMonth = current.paidForMonth ?? current.planPrice;
  if (planGrade({ planId: current.planId, price: current.planPrice }, selected) === "downgrade") {
    return {
      kind: "downgrade",
      planId: selected.planId,
      cartTargetType: null,
      chargeNow: 0,
      effectiveAt: now,
      paidThroughMonth: current.paidThroughMonth,
      paidForMonth,
      grantsMonth: null,
      nextRenewalAt: Math.max(now, paidMonthEndMs(current.paidThroughMonth)),
      renewalPrice: selected.price,
    };
  }
  // Upgrade. What this month already paid counts; when the month's renewal has not run yet
  // (early on the 1st), nothing is paid for it and the upgrade pays the whole month instead, so
  // the renewal finds the month paid and does not charge again.
  const paidThisMonth = current.paidThroughMonth !== null && compareMonths(current.paidThroughMonth, billingMonthOf(now)) >= 0;
  const credit = paidThisMonth ? paidForMonth : 0;
  const chargeNow = Math.max(selected.price - credit, 0);
  return paidNow("upgrade", "upgrade_plan_type", selected, now, chargeNow, credit + chargeNow);
}

/** The end of the paid month; with nothing paid, access has no time left (the epoch). */
function paidMonthEndMs(paidThroughMonth: BillingMonth | null): number {
  return paidThroughMonth === null ? 0 : monthEndMs(paidThroughMonth);
}

/** A change paid now: the plan applies at once and the current month is paid at it. */
function paidNow(
  kind: "join" | "upgrade" | "resume",
  cartTargetType: PlanCartTargetType,
  selected: SelectedPlan,
  now: number,
  chargeNow: number,
  paidForMonth: number,
): PlanQuote {
  const month = billingMonthOf(now);
  return {
    kind,
    planId: selected.planId,
    cartTargetType,
    chargeNow,
    effectiveAt: now,
    paidThroughMonth: month,
    paidForMonth,
    grantsMonth: month,
    nextRenewalAt: monthEndMs(month),
    renewalPrice: selected.price,
  };
}

/**
 * Whether a membership still opens its plan's posts: an active one does (also early on the 1st,
 * before its renewal has run); an unpaid one does not until the month is paid; a left one does
 * until the end of its last paid month.
 */
export function membershipGrantsAccess(
  membership: { status: MembershipStatus; paidThroughMonth: BillingMonth | null },
  now: number,
): boolean {
  switch (membership.status) {
    case "active":
      return true;
    case "unpaid":
      return false;
    case "left":
      return now < paidMonthEndMs(membership.paidThroughMonth);
  }
}

/**
 * Months a fan paid for stay theirs: a post published in a month the fan paid for, at the post's
 * plan or a higher-priced plan of the same fan club (the paywall's own rule, `canViewPost`), stays
 * viewable after the fan downgrades, lapses or leaves. A post for anyone is always viewable.
 */
export function paidMonthCovers(
  paidMonths: readonly PaidMonth[],
  post: { fanclubId: number; publishedAt: number; planId: number | null; planPrice: number | null },
): boolean {
  if (post.planId === null) return true;
  const month = billingMonthOf(post.publishedAt);
  return paidMonths.some(
    (paid) =>
      paid.fanclubId === post.fanclubId &&
      paid.month === month &&
      (paid.planId === post.planId || (post.planPrice !== null && paid.planPrice > post.planPrice)),
  );
}
