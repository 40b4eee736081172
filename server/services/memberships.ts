import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { fanclubs, memberships, plans } from "../../db/schema";
import type { BillingMonth } from "../domain/billing-month";
import type { HeldMembership } from "../domain/plan-change";
import { discordResyncStatement } from "./discord/roles";

/**
 * Plan memberships as statements for the caller's batch: joining, changing plan, paying an
 * expired plan, leaving. Each keeps the plan's and the fan club's member counts in the same
 * batch as the row that moves them (a membership that is not left counts, whether active or
 * unpaid, as the account-leave service counts them), and reads the plan to decrement from the
 * row itself, so the counts stay right whatever happened to the membership in between.
 * Each also marks the fan's Discord role for a sync in the same batch (docs/decisions/040): this
 * file is where every membership change is written, so it is the one place the role hooks in.
 */

type Stmt = BatchItem<"sqlite">;

/** The id of the person's current (not left) membership in a fan club, as SQL for a later statement of the same batch. */
export function currentMembershipIdSql(userId: number, fanclubId: number): SQL {
  return sql`(SELECT "id" FROM "memberships" WHERE "user_id" = ${userId} AND "fanclub_id" = ${fanclubId} AND "status" != 'left')`;
}

/**
 * A new membership with the next member number of the fan club (spec §4: a number is issued at
 * every joining; the one of a left membership is never reused). The unique index on current
 * memberships refuses a second one for the same person and fan club, failing the whole batch.
 */
export function joinStatements(
  db: Db,
  input: { userId: number; fanclubId: number; planId: number; paidThrough: BillingMonth | null; now: number },
): Stmt[] {
  return [
    db.insert(memberships).values({
      userId: input.userId,
      fanclubId: input.fanclubId,
      planId: input.planId,
      memberNumber: sql`(SELECT COALESCE(MAX("member_number"), 0) + 1 FROM "memberships" WHERE "fanclub_id" = ${input.fanclubId})`,
      status: "active",
      joinedAt: new Date(input.now),
      paidThrough: input.paidThrough,
    }),
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} + 1` })
      .where(eq(plans.id, input.planId)),
    db
      .update(fanclubs)
      .set({ memberCount: sql`${fanclubs.memberCount} + 1` })
      .where(eq(fanclubs.id, input.fanclubId)),
    discordResyncStatement(db, { userId: input.userId, fanclubId: input.fanclubId }, input.now),
  ];
}

const planOfMembership = (membershipId: number) =>
  sql`(SELECT "plan_id" FROM "memberships" WHERE "id" = ${membershipId} AND "status" != 'left')`;

/** Moves a current membership to another plan of its fan club, effective now (upgrade or downgrade). */
export function changePlanStatements(
  db: Db,
  input: { membershipId: number; planId: number; paidThrough?: BillingMonth | null; now: number },
): Stmt[] {
  return [
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} - 1` })
      .where(sql`${plans.id} = ${planOfMembership(input.membershipId)}`),
    db
      .update(memberships)
      .set({ planId: input.planId, ...(input.paidThrough !== undefined ? { paidThrough: input.paidThrough } : {}) })
      .where(and(eq(memberships.id, input.membershipId), ne(memberships.status, "left"))),
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} + 1` })
      .where(sql`${plans.id} = ${planOfMembership(input.membershipId)}`),
    discordResyncStatement(db, { membershipId: input.membershipId }, input.now),
  ];
}

/** An expired (unpaid) membership paid for the month: active again, nothing else changes. */
export function resumeStatements(db: Db, input: { membershipId: number; paidThrough: BillingMonth; now: number }): Stmt[] {
  return [
    db
      .update(memberships)
      .set({ status: "active", expiredAt: null, paidThrough: input.paidThrough })
      .where(and(eq(memberships.id, input.membershipId), eq(memberships.status, "unpaid"))),
    discordResyncStatement(db, { membershipId: input.membershipId }, input.now),
  ];
}

/**
 * Leaving: the counts first, while the row still says which plan and that it is current; then
 * the row. Its paid month keeps the plan's posts open (decision 012); the number expires.
 */
export function leaveStatements(db: Db, input: { membershipId: number; now: number }): Stmt[] {
  const current = and(eq(memberships.id, input.membershipId), ne(memberships.status, "left"));
  return [
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} - 1` })
      .where(sql`${plans.id} = ${planOfMembership(input.membershipId)}`),
    db
      .update(fanclubs)
      .set({ memberCount: sql`${fanclubs.memberCount} - 1` })
      .where(sql`${fanclubs.id} = (SELECT "fanclub_id" FROM "memberships" WHERE "id" = ${input.membershipId} AND "status" != 'left')`),
    db
      .update(memberships)
      .set({ status: "left", leftAt: new Date(input.now) })
      .where(current),
    discordResyncStatement(db, { membershipId: input.membershipId }, input.now),
  ];
}

export type HeldMembershipRow = HeldMembership & { id: number; fanclubId: number; memberNumber: number; joinedAt: Date };

/**
 * Columns of the current membership as the billing rules read it (`HeldMembership`), with what
 * it paid for its paid-through month (join or renewal plus upgrades; decision 012's upgrade
 * credit). A membership with no payment recorded for that month leaves `paidForMonth` to the rules'
 * default (its plan's price).
 */
function heldMembershipColumns() {
  return {
    id: memberships.id,
    fanclubId: memberships.fanclubId,
    planId: memberships.planId,
    planPrice: plans.price,
    status: memberships.status,
    paidThroughMonth: memberships.paidThrough,
    memberNumber: memberships.memberNumber,
    joinedAt: memberships.joinedAt,
    // the outer table spelled out: inside sql`` drizzle drops table names in one-table selects
    paidForMonth: sql<
      number | null
    >`(SELECT SUM("membership_payments"."amount") FROM "membership_payments" WHERE "membership_payments"."membership_id" = "memberships"."id" AND "membership_payments"."month" = "memberships"."paid_through")`.as(
      "paid_for_month",
    ),
  };
}

/** The person's current memberships, optionally in one fan club or of one plan, as a statement for a batch. */
export function heldMembershipsQuery(db: Db, userId: number, only: { fanclubId?: number; planId?: number } = {}) {
  return db
    .select(heldMembershipColumns())
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(
      and(
        eq(memberships.userId, userId),
        ne(memberships.status, "left"),
        only.fanclubId !== undefined ? eq(memberships.fanclubId, only.fanclubId) : undefined,
        only.planId !== undefined ? eq(memberships.planId, only.planId) : undefined,
      ),
    );
}

/** A row of `heldMembershipsQuery` as the billing rules take it. */
export function heldMembershipFrom(row: {
  id: number;
  fanclubId: number;
  planId: number;
  planPrice: number;
  status: "active" | "unpaid" | "left";
  paidThroughMonth: string | null;
  memberNumber: number;
  joinedAt: Date;
  paidForMonth: number | null;
}): HeldMembershipRow {
  if (row.status === "left") throw new Error(`membership ${row.id} has left`);
  return {
    id: row.id,
    fanclubId: row.fanclubId,
    planId: row.planId,
    planPrice: row.planPrice,
    status: row.status,
    paidThroughMonth: row.paidThroughMonth,
    memberNumber: row.memberNumber,
    joinedAt: row.joinedAt,
    ...(row.paidForMonth === null ? {} : { paidForMonth: Number(row.paidForMonth) }),
  };
}
