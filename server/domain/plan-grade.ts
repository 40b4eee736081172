/**
 * Plan grade (spec §4 "Plan grade", §3 Plan.planGrade): how choosing a plan relates to the plan
 * a fan holds in that fan club, which decides the cart kind in the payment modal.
 */

export type PlanGrade = "noJoin" | "current" | "upgrade" | "downgrade";

/**
 * No current plan gives noJoin; the plan already held is current (the modal shows the payment
 * history, page 30); a current price above the selected one gives downgrade; otherwise upgrade,
 * so a plan at the same price as the current one is an upgrade that costs nothing now.
 */
export function planGrade(current: { planId: number; price: number } | null, selected: { planId: number; price: number }): PlanGrade {
  if (current === null) return "noJoin";
  if (current.planId === selected.planId) return "current";
  return current.price > selected.price ? "downgrade" : "upgrade";
}

/** Cart kinds of spec §3 for plans. */
export type PlanCartTargetType = "join_plan_type" | "upgrade_plan_type" | "subscribe_plan_type";

/**
 * What the modal does on choosing a plan (spec §4): noJoin and upgrade add a cart and go on to
 * the payment method; downgrade posts the change at once (it is never charged); current shows
 * the payment history.
 */
export type PlanChoiceAction =
  { action: "addCart"; targetType: PlanCartTargetType; nextPage: 2 } | { action: "downgrade" } | { action: "paymentHistory"; nextPage: 30 };

export function planChoiceAction(grade: PlanGrade): PlanChoiceAction {
  switch (grade) {
    case "noJoin":
      return { action: "addCart", targetType: "join_plan_type", nextPage: 2 };
    case "upgrade":
      return { action: "addCart", targetType: "upgrade_plan_type", nextPage: 2 };
    case "downgrade":
      return { action: "downgrade" };
    case "current":
      return { action: "paymentHistory", nextPage: 30 };
  }
}

/**
 * 'currently cannot join this plan' (spec §4, §8): a plan that is disabled or whose closing was
 * applied takes nobody new, whether they join it or change to it.
 */
export function canJoinPlan(plan: { disabledAt: number | null; isCloseApplied: boolean }): boolean {
  return plan.disabledAt === null && !plan.isCloseApplied;
}
