import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { membershipPayments, plans } from "../../db/schema";
import { monthEndMs, nextMonth, type BillingMonth } from "../domain/billing-month";
import { planGrade, type PlanGrade } from "../domain/plan-grade";
import { quotePlanChange, type PlanQuote } from "../domain/plan-change";
import { changePlanStatements, heldMembershipFrom, heldMembershipsQuery, leaveStatements } from "./memberships";
import { loadPlanContext, quoteFor, selectedPlanOf } from "./plan-cart";

/** The plan changes that cost nothing (downgrade, leave), the plan list's choices and the membership history. Paying goes through ./cart-purchase.ts. */

type Stmt = BatchItem<"sqlite">;

// ---------------------------------------------------------------------------------------------
// Plan changes without payment

type DowngradeQuote = Omit<Extract<PlanQuote, { paidForMonth: number }>, "kind"> & { kind: "downgrade" };
type LeaveQuote = Extract<PlanQuote, { kind: "leave" }>;

export type PlanChangeResult =
  | { ok: true; quote: DowngradeQuote | LeaveQuote }
  | { ok: false; problem: "notFound" | "planUnavailable" | "planUnpaid" | "notDowngrade" | "notMember" };

/**
 * POST /plans/{id}/downgrade: to a cheaper plan of the same fan club, effective now, no charge and
 * no refund; the next renewal charges the lower price (decision 012).
 */
export async function downgradePlan(db: Db, input: { userId: number; planId: number; now: number }): Promise<PlanChangeResult> {
  const ctx = await loadPlanContext(db, input.userId, [input.planId]);
  const plan = ctx.plans.get(input.planId);
  if (!plan || !plan.fanclub.open) return { ok: false, problem: "notFound" };
  const quote = quoteFor(ctx, plan, input.now);
  if (quote.kind === "unavailable")
    return {
      ok: false,
      problem: quote.reason === "unpaid" ? "planUnpaid" : quote.reason === "notMember" ? "notMember" : "planUnavailable",
    };
  const membership = ctx.memberships.get(plan.fanclubId);
  if (quote.kind !== "downgrade" || !membership) return { ok: false, problem: "notDowngrade" };
  await db.batch(changePlanStatements(db, { membershipId: membership.id, planId: plan.id, now: input.now }) as [Stmt, ...Stmt[]]);
  return { ok: true, quote: { ...quote, kind: "downgrade" } };
}

/**
 * POST /plans/{id}/leave ({id} is the plan held): the membership ends now; the plan's posts stay
 * open to the end of the paid month, and posts of paid months stay theirs (decision 012). The
 * membership number expires; joining again issues a new one and charges again.
 */
export async function leavePlan(db: Db, input: { userId: number; planId: number; now: number }): Promise<PlanChangeResult> {
  const rows = await heldMembershipsQuery(db, input.userId, { planId: input.planId });
  const row = rows[0];
  if (!row) return { ok: false, problem: "notMember" };
  const current = heldMembershipFrom(row);
  const quote = quotePlanChange({ current, selected: null, now: input.now });
  if (quote.kind !== "leave") return { ok: false, problem: "notMember" };
  await db.batch(leaveStatements(db, { membershipId: current.id, now: input.now }) as [Stmt, ...Stmt[]]);
  return { ok: true, quote };
}

// ---------------------------------------------------------------------------------------------
// What the modal shows before anything is paid

export type PlanChoice = {
  planId: number;
  planGrade: PlanGrade;
  disabledAt: number | null;
  isCloseApplied: boolean;
  /** the quote for choosing this plan now (null for a visitor) */
  quote: PlanQuote | null;
  /** end of the month a choice made now pays for, and of the month after it (spec §3 expiresIn, expiresInNext) */
  expiresIn: number | null;
  expiresInNext: number | null;
};

/**
 * spec §3 plan fields that depend on the fan (planGrade) and the quote of decision 012 for each
 * of a fan club's plans, so page 1 can say what choosing it costs now and from when.
 */
export async function planChoices(
  db: Db,
  input: { userId: number | null; planIds: readonly number[]; now: number },
): Promise<Map<number, PlanChoice>> {
  const out = new Map<number, PlanChoice>();
  if (input.userId === null) {
    const rows = input.planIds.length
      ? await db
          .select({ id: plans.id, closedAt: plans.closedAt })
          .from(plans)
          .where(inArray(plans.id, [...input.planIds]))
      : [];
    for (const r of rows)
      out.set(r.id, {
        planId: r.id,
        planGrade: "noJoin",
        disabledAt: r.closedAt?.getTime() ?? null,
        isCloseApplied: r.closedAt !== null,
        quote: null,
        expiresIn: null,
        expiresInNext: null,
      });
    return out;
  }
  const ctx = await loadPlanContext(db, input.userId, input.planIds);
  for (const plan of ctx.plans.values()) {
    const current = ctx.memberships.get(plan.fanclubId) ?? null;
    const selected = selectedPlanOf(plan);
    const quote = quoteFor(ctx, plan, input.now);
    const paidThrough: BillingMonth | null = "paidThroughMonth" in quote ? quote.paidThroughMonth : null;
    out.set(plan.id, {
      planId: plan.id,
      planGrade: planGrade(current ? { planId: current.planId, price: current.planPrice } : null, { planId: plan.id, price: plan.price }),
      disabledAt: selected.disabledAt,
      isCloseApplied: selected.isCloseApplied,
      quote,
      expiresIn: paidThrough ? monthEndMs(paidThrough) : null,
      expiresInNext: paidThrough ? monthEndMs(nextMonth(paidThrough)) : null,
    });
  }
  return out;
}

/** Page 30: the fan's current membership in a fan club and every month it paid, newest first. */
export async function membershipHistory(db: Db, input: { userId: number; fanclubId: number; now: number }) {
  const [held, payments] = await db.batch([
    heldMembershipsQuery(db, input.userId, { fanclubId: input.fanclubId }),
    db
      .select({
        month: membershipPayments.month,
        amount: membershipPayments.amount,
        kind: membershipPayments.kind,
        planName: plans.name,
        createdAt: membershipPayments.createdAt,
      })
      .from(membershipPayments)
      .innerJoin(plans, eq(plans.id, membershipPayments.planId))
      .where(
        and(
          eq(membershipPayments.userId, input.userId),
          sql`${membershipPayments.membershipId} = (SELECT "id" FROM "memberships" WHERE "user_id" = ${input.userId} AND "fanclub_id" = ${input.fanclubId} AND "status" != 'left')`,
        ),
      )
      .orderBy(desc(membershipPayments.createdAt), desc(membershipPayments.id)),
  ]);
  const row = held[0];
  if (!row) return null;
  const current = heldMembershipFrom(row);
  return {
    planId: current.planId,
    memberNumber: current.memberNumber,
    status: current.status,
    joinedAt: current.joinedAt.getTime(),
    paidThrough: current.paidThroughMonth,
    /** the next automatic renewal (00:00 JST on the 1st after the paid month) */
    nextRenewalAt: current.paidThroughMonth ? monthEndMs(current.paidThroughMonth) : null,
    payments: payments.map((p) => ({
      month: p.month,
      amount: p.amount,
      kind: p.kind,
      planName: p.planName,
      paidAt: p.createdAt.getTime(),
    })),
  };
}
