import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { fanclubBlocks, fanclubs, membershipPayments, plans } from "../../db/schema";
import { monthEndMs, nextMonth, type BillingMonth } from "../domain/billing-month";
import { planAcceptsMembers } from "../domain/fanclub-rules";
import { mediaUrl } from "../domain/images";
import { quotePlanChange, type PlanQuote, type SelectedPlan } from "../domain/plan-change";
import type { PlanCartTargetType } from "../domain/plan-grade";
import { membershipPaymentKey } from "../domain/purchase";
import { EMPTY_ITEM_FIELDS, type CartItemView, type CartTargetType } from "./cart-items/kind";
import {
  changePlanStatements,
  currentMembershipIdSql,
  heldMembershipFrom,
  heldMembershipsQuery,
  joinStatements,
  resumeStatements,
  type HeldMembershipRow,
} from "./memberships";

/**
 * Plans in the cart (spec §3 cart item, §4 plan grade, decision 012): what a plan costs this fan
 * now, whether they may still take it, how the cart shows it, and what paying it writes. The cart
 * and purchase services call this for items of type Plan; other item types get a module of the
 * same shape.
 */

type Stmt = BatchItem<"sqlite">;

/** A quote that is paid through the cart (a downgrade is posted directly, leaving costs nothing). */
export type PayableQuote = Omit<
  Extract<PlanQuote, { paidForMonth: number }>,
  "kind" | "cartTargetType" | "grantsMonth" | "paidThroughMonth"
> & {
  kind: "join" | "upgrade" | "resume";
  cartTargetType: PlanCartTargetType;
  grantsMonth: BillingMonth;
  paidThroughMonth: BillingMonth;
};

function isPayable(quote: PlanQuote): quote is PayableQuote {
  return (
    (quote.kind === "join" || quote.kind === "upgrade" || quote.kind === "resume") &&
    quote.cartTargetType !== null &&
    quote.grantsMonth !== null &&
    quote.paidThroughMonth !== null
  );
}

/**
 * Why a plan cannot be paid as asked:
 * - planUnavailable: closed, full, the fan club is closed, the fan is blocked or owns it ('currently cannot join this plan');
 * - planUnpaid: an expired plan in this fan club is to be paid (or left) before changing plan;
 * - changed: the plan is no longer this kind of change for this fan (already theirs, now a
 *   downgrade, joined or left meanwhile): the cart is refreshed and the fan looks again.
 */
export type PlanProblem = "planUnavailable" | "planUnpaid" | "changed";

export type PlanInfo = {
  id: number;
  fanclubId: number;
  name: string;
  price: number;
  iconKey: string | null;
  closedAt: Date | null;
  joinLimit: number | null;
  memberCount: number;
  fanclub: { id: number; name: string; iconKey: string | null; ownerId: number; open: boolean };
};

/** What the rules need about some plans and this fan: the plans, their fan clubs, the fan's memberships and blocks. */
export type PlanContext = {
  userId: number;
  plans: Map<number, PlanInfo>;
  /** the fan's current membership per fan club */
  memberships: Map<number, HeldMembershipRow>;
  blockedIn: Set<number>;
};

function planInfoQuery(db: Db, where: SQL) {
  return db
    .select({
      id: plans.id,
      fanclubId: plans.fanclubId,
      name: plans.name,
      price: plans.price,
      iconKey: plans.iconKey,
      closedAt: plans.closedAt,
      joinLimit: plans.joinLimit,
      memberCount: plans.memberCount,
      // aliased: D1 batch rows are keyed by column name, and the plan has id, name, icon and count too
      clubName: sql<string>`${fanclubs.name}`.as("club_name"),
      clubIconKey: sql<string | null>`${fanclubs.iconKey}`.as("club_icon_key"),
      clubOwnerId: fanclubs.ownerId,
      clubStatus: fanclubs.status,
    })
    .from(plans)
    .innerJoin(fanclubs, eq(fanclubs.id, plans.fanclubId))
    .where(where);
}

type PlanInfoRow = Awaited<ReturnType<ReturnType<typeof planInfoQuery>["all"]>>[number];

function planInfoFrom(r: PlanInfoRow): PlanInfo {
  return {
    id: r.id,
    fanclubId: r.fanclubId,
    name: r.name,
    price: r.price,
    iconKey: r.iconKey,
    closedAt: r.closedAt,
    joinLimit: r.joinLimit,
    memberCount: r.memberCount,
    fanclub: { id: r.fanclubId, name: r.clubName, iconKey: r.clubIconKey, ownerId: r.clubOwnerId, open: r.clubStatus === "open" },
  };
}

/**
 * One round trip: the given plans (and, with `withHeld`, the plans of the fan's current
 * memberships, which expired-plan carts pay), the fan's current memberships and blocks.
 */
export async function loadPlanContext(
  db: Db,
  userId: number,
  planIds: readonly number[],
  options: { withHeld?: boolean } = {},
): Promise<PlanContext> {
  const ids = [...new Set(planIds)];
  const heldPlans = sql`${plans.id} IN (SELECT "plan_id" FROM "memberships" WHERE "user_id" = ${userId} AND "status" != 'left')`;
  const where = options.withHeld
    ? ids.length
      ? sql`(${inArray(plans.id, ids)} OR ${heldPlans})`
      : heldPlans
    : ids.length
      ? inArray(plans.id, ids)
      : sql`0`;
  const [planRows, memberRows, blockRows] = await db.batch([
    planInfoQuery(db, where),
    heldMembershipsQuery(db, userId),
    db.select({ fanclubId: fanclubBlocks.fanclubId }).from(fanclubBlocks).where(eq(fanclubBlocks.userId, userId)),
  ]);
  return {
    userId,
    plans: new Map(planRows.map((r) => [r.id, planInfoFrom(r)])),
    memberships: new Map(memberRows.map((r) => [r.fanclubId, heldMembershipFrom(r)])),
    blockedIn: new Set(blockRows.map((r) => r.fanclubId)),
  };
}

/** Plan fields of spec §3 the rules read: closing is immediate here, so a closed plan is disabled and its closing applied. */
export function selectedPlanOf(plan: PlanInfo): SelectedPlan {
  const closedAt = plan.closedAt?.getTime() ?? null;
  return { planId: plan.id, price: plan.price, disabledAt: closedAt, isCloseApplied: closedAt !== null };
}

/** The quote for choosing `plan` now, with the fan club's own refusals (closed club, owner, blocked). */
export function quoteFor(ctx: PlanContext, plan: PlanInfo, now: number): PlanQuote {
  if (!plan.fanclub.open || plan.fanclub.ownerId === ctx.userId || ctx.blockedIn.has(plan.fanclubId))
    return { kind: "unavailable", reason: "planClosed" };
  const current = ctx.memberships.get(plan.fanclubId) ?? null;
  const quote = quotePlanChange({ current, selected: selectedPlanOf(plan), now });
  // joining or moving into a plan also needs a free seat (spec §2 limit reached); paying an expired plan keeps one's own
  if (
    (quote.kind === "join" || quote.kind === "upgrade" || quote.kind === "downgrade") &&
    !planAcceptsMembers({ closedAt: plan.closedAt?.getTime() ?? null, joinLimit: plan.joinLimit, memberCount: plan.memberCount })
  ) {
    return { kind: "unavailable", reason: "planClosed" };
  }
  return quote;
}

export type PlanItemCheck =
  { ok: true; plan: PlanInfo; quote: PayableQuote; membership: HeldMembershipRow | null } | { ok: false; problem: PlanProblem };

/** Whether a plan can be paid now as the cart kind says, and at what price. */
export function checkPlanItem(ctx: PlanContext, item: { targetType: string; targetId: number }, now: number): PlanItemCheck {
  const plan = ctx.plans.get(item.targetId);
  if (!plan) return { ok: false, problem: "planUnavailable" };
  const quote = quoteFor(ctx, plan, now);
  if (quote.kind === "unavailable") {
    if (quote.reason === "unpaid") return { ok: false, problem: "planUnpaid" };
    return { ok: false, problem: quote.reason === "planClosed" ? "planUnavailable" : "changed" };
  }
  if (!isPayable(quote) || quote.cartTargetType !== item.targetType) return { ok: false, problem: "changed" };
  return { ok: true, plan, quote, membership: ctx.memberships.get(plan.fanclubId) ?? null };
}

/** The plan items an add-to-cart asks for: one plan, or every expired plan (subscribe_plan_type with id 0, spec §4 page 20). */
export function planTargetsToAdd(ctx: PlanContext, input: { id: number; targetType: PlanCartTargetType }): number[] {
  if (input.targetType === "subscribe_plan_type" && input.id === 0) {
    return [...ctx.memberships.values()].filter((m) => m.status === "unpaid").map((m) => m.planId);
  }
  return [input.id];
}

/** Spec §3 cart item fields for a plan, plus the quote the confirm page shows (yen now, from when, next renewal). */
export function planItemView(item: { id: number; targetType: string; price: number }, plan: PlanInfo, quote: PayableQuote): CartItemView {
  return {
    ...EMPTY_ITEM_FIELDS,
    id: item.id,
    type: "Plan",
    target_type: item.targetType as CartTargetType,
    price: item.price,
    quantity: 1,
    note: null,
    title: plan.name,
    fanclub: { id: plan.fanclub.id, name: plan.fanclub.name, iconImageUrl: mediaUrl(plan.fanclub.iconKey) },
    plan: { id: plan.id, name: plan.name, price: plan.price, iconImageUrl: mediaUrl(plan.iconKey) },
    /** the paid month ends (exclusive, ms): the plan is paid up to here */
    expiresIn: quote.nextRenewalAt,
    /** the end of the month the next renewal pays for */
    expiresInNext: monthEndMs(nextMonth(quote.paidThroughMonth)),
    quote: {
      kind: quote.kind,
      chargeNow: quote.chargeNow,
      effectiveAt: quote.effectiveAt,
      month: quote.grantsMonth,
      nextRenewalAt: quote.nextRenewalAt,
      renewalPrice: quote.renewalPrice,
    },
  };
}

const PAYMENT_KIND = { join: "join", upgrade: "upgrade", resume: "subscribe" } as const;

/**
 * What paying a plan item writes, inside the purchase's batch: the membership change and the
 * month paid (`membership_payments`, UNIQUE key per purchase and fan club), which the renewal run
 * and the paywall read.
 */
export function planEffectStatements(
  db: Db,
  input: {
    userId: number;
    plan: PlanInfo;
    quote: PayableQuote;
    membership: HeldMembershipRow | null;
    purchaseKey: string;
    purchaseId: SQL;
    now: number;
  },
): Stmt[] {
  const { plan, quote, membership, userId, now } = input;
  const month = quote.grantsMonth;
  let change: Stmt[];
  let membershipId: SQL | number;
  if (quote.kind === "join") {
    change = joinStatements(db, { userId, fanclubId: plan.fanclubId, planId: plan.id, paidThrough: month, now });
    membershipId = currentMembershipIdSql(userId, plan.fanclubId);
  } else if (quote.kind === "upgrade") {
    if (!membership) throw new Error("an upgrade needs the membership");
    change = changePlanStatements(db, { membershipId: membership.id, planId: plan.id, paidThrough: month, now });
    membershipId = membership.id;
  } else {
    if (!membership) throw new Error("paying an expired plan needs the membership");
    change = resumeStatements(db, { membershipId: membership.id, paidThrough: month, now });
    membershipId = membership.id;
  }
  return [
    ...change,
    db.insert(membershipPayments).values({
      membershipId,
      userId,
      fanclubId: plan.fanclubId,
      planId: plan.id,
      month,
      amount: quote.chargeNow,
      kind: PAYMENT_KIND[quote.kind],
      idempotencyKey: membershipPaymentKey(input.purchaseKey, plan.fanclubId),
      purchaseId: input.purchaseId,
      createdAt: new Date(now),
    }),
  ];
}
