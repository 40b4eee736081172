import type { PlanCartTargetType } from "../../domain/plan-grade";
import type { HeldMembershipRow } from "../memberships";
import {
  checkPlanItem,
  loadPlanContext,
  planEffectStatements,
  planItemView,
  planTargetsToAdd,
  type PayableQuote,
  type PlanContext,
  type PlanInfo,
} from "../plan-cart";
import { defineKind, type NewCartRow } from "./kind";

/** Plans in the cart: join, upgrade, or pay an expired month (the rules live in ../plan-cart.ts and decision 012). */
type PlanDetail = { plan: PlanInfo; quote: PayableQuote; membership: HeldMembershipRow | null };

export const planKind = defineKind<PlanContext, PlanDetail>({
  type: "Plan",
  targetTypes: ["join_plan_type", "upgrade_plan_type", "subscribe_plan_type"],

  /** join_plan_type and upgrade_plan_type take a plan id; subscribe_plan_type takes an expired plan's id, or 0 for all of them (spec §4 page 20). */
  async prepare(db, request) {
    const targetType = request.targetType as PlanCartTargetType;
    if (request.id === 0 && targetType !== "subscribe_plan_type") return { ok: false, problem: "invalidItem" };
    const ctx = await loadPlanContext(db, request.userId, request.id > 0 ? [request.id] : [], {
      withHeld: targetType === "subscribe_plan_type",
    });
    const planIds = planTargetsToAdd(ctx, { id: request.id, targetType });
    if (planIds.length === 0) return { ok: false, problem: "noExpiredPlans" };
    const rows: NewCartRow[] = [];
    for (const planId of planIds) {
      const check = checkPlanItem(ctx, { targetType, targetId: planId }, request.now);
      // asked for a kind of change that is not this fan's (an upgrade without a membership, a downgrade through the cart)
      if (!check.ok) return { ok: false, problem: check.problem === "changed" ? "invalidItem" : check.problem };
      rows.push({
        type: "Plan",
        targetType,
        targetId: planId,
        fanclubId: check.plan.fanclubId,
        price: check.quote.chargeNow,
        quantity: 1,
        note: null,
      });
    }
    return { ok: true, rows };
  },

  load: (db, userId, rows) =>
    loadPlanContext(
      db,
      userId,
      rows.map((r) => r.targetId),
    ),

  check(ctx, row, now) {
    const check = checkPlanItem(ctx, row, now);
    if (!check.ok) return check;
    return { ok: true, price: check.quote.chargeNow, detail: { plan: check.plan, quote: check.quote, membership: check.membership } };
  },

  view: (row, price, detail) => planItemView({ id: row.id, targetType: row.targetType, price }, detail.plan, detail.quote),

  effect: (db, input) =>
    planEffectStatements(db, {
      userId: input.userId,
      plan: input.detail.plan,
      quote: input.detail.quote,
      membership: input.detail.membership,
      purchaseKey: input.purchaseKey,
      purchaseId: input.purchaseId,
      now: input.now,
    }),

  memo: (detail) => `${detail.plan.fanclub.name} ${detail.plan.name}`,
  month: (detail) => detail.quote.grantsMonth,
  earningSubject: (row) => ({ type: "plan", id: row.targetId }),
});
