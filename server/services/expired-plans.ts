import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, memberships, plans } from "../../db/schema";
import { billingMonthOf } from "../domain/billing-month";
import { autoLeaveAtMs } from "../domain/renewal";

/**
 * Expired plans (spec §4, §7 GET /plans/expired): the fan's memberships whose renewal could not be
 * paid ('unpaid'). They leave by themselves at 00:00 JST on the 7th of that month unless paid.
 */
export type ExpiredPlan = {
  membershipId: number;
  fanclub: { id: number; name: string; serviceId: number };
  plan: { id: number; name: string; price: number };
  /** when the renewal failed; null only for a row the schema should not allow, which never leaves by itself */
  expiredAt: Date | null;
  /** when the membership leaves unless paid */
  autoLeaveAt: Date | null;
};

/** A fan holds at most one membership per fan club, and few are ever unpaid at once. */
const EXPIRED_PLANS_LIMIT = 50;

/**
 * The query, for the fan `userId` (a number, or an SQL expression such as the session's user so
 * the sign-in batch carries it with no extra round trip). Fan club and plan names are aliased:
 * D1 batch rows are keyed by column name.
 */
export function expiredPlansQuery(db: Db, userId: number | SQL) {
  return db
    .select({
      membershipId: memberships.id,
      fanclubId: memberships.fanclubId,
      fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
      serviceId: fanclubs.serviceId,
      planId: memberships.planId,
      planName: sql<string>`${plans.name}`.as("plan_name"),
      price: plans.price,
      expiredAt: memberships.expiredAt,
    })
    .from(memberships)
    .innerJoin(fanclubs, eq(fanclubs.id, memberships.fanclubId))
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(and(sql`${memberships.userId} = ${userId}`, eq(memberships.status, "unpaid")))
    .orderBy(asc(memberships.expiredAt), asc(memberships.id))
    .limit(EXPIRED_PLANS_LIMIT);
}

type Row = Awaited<ReturnType<ReturnType<typeof expiredPlansQuery>["all"]>>[number];

export function expiredPlansFrom(rows: readonly Row[]): ExpiredPlan[] {
  return rows.map((r) => ({
    membershipId: r.membershipId,
    fanclub: { id: r.fanclubId, name: r.fanclubName, serviceId: r.serviceId },
    plan: { id: r.planId, name: r.planName, price: r.price },
    expiredAt: r.expiredAt,
    autoLeaveAt: r.expiredAt ? new Date(autoLeaveAtMs(billingMonthOf(r.expiredAt.getTime()))) : null,
  }));
}

export async function expiredPlans(db: Db, userId: number): Promise<ExpiredPlan[]> {
  return expiredPlansFrom(await expiredPlansQuery(db, userId));
}
