import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, plans } from "../../db/schema";
import type { PlanInput } from "../domain/fanclub-profile";

/**
 * A fan club's monthly plans. Closing stops new joins and keeps current members until they leave;
 * the price of a plan with members is fixed (they agreed to that price).
 */

export async function listPlans(db: Db, fanclubId: number) {
  return db.select().from(plans).where(eq(plans.fanclubId, fanclubId)).orderBy(asc(plans.price), asc(plans.sortOrder), asc(plans.id)).all();
}

export async function getPlan(db: Db, fanclubId: number, planId: number) {
  return (
    (await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.fanclubId, fanclubId)))
      .get()) ?? null
  );
}

/** Creating a plan also counts as activity of the fan club (the "updated" order). */
export async function createPlan(db: Db, fanclubId: number, input: PlanInput, now: number): Promise<number> {
  const at = new Date(now);
  const [inserted] = await db.batch([
    db
      .insert(plans)
      .values({
        fanclubId,
        name: input.name,
        price: input.price,
        description: input.description,
        joinLimit: input.joinLimit,
        sortOrder: sql`(SELECT COALESCE(MAX(${plans.sortOrder}), 0) + 1 FROM ${plans} WHERE ${plans.fanclubId} = ${fanclubId})`,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: plans.id }),
    db.update(fanclubs).set({ activedAt: at }).where(eq(fanclubs.id, fanclubId)),
  ]);
  return inserted[0]!.id;
}

export type PlanUpdateResult = { ok: true } | { ok: false; reason: "notFound" | "priceLocked" | "limitBelowMembers" };

/**
 * The price only changes while nobody is a member: the update is conditional on the member count
 * in the same statement, so a join racing the edit cannot end up at a price it never saw.
 */
export async function updatePlan(db: Db, fanclubId: number, planId: number, input: PlanInput, now: number): Promise<PlanUpdateResult> {
  const plan = await getPlan(db, fanclubId, planId);
  if (!plan) return { ok: false, reason: "notFound" };
  if (input.joinLimit !== null && input.joinLimit < plan.memberCount) return { ok: false, reason: "limitBelowMembers" };
  const priceChanges = input.price !== plan.price;
  const updated = await db
    .update(plans)
    .set({ name: input.name, price: input.price, description: input.description, joinLimit: input.joinLimit, updatedAt: new Date(now) })
    .where(
      and(
        eq(plans.id, planId),
        eq(plans.fanclubId, fanclubId),
        priceChanges ? eq(plans.memberCount, 0) : undefined,
        // a join between the read above and this write cannot end up above the new limit
        input.joinLimit !== null ? sql`${plans.memberCount} <= ${input.joinLimit}` : undefined,
      ),
    )
    .returning({ id: plans.id });
  if (updated.length) return { ok: true };
  const now2 = await getPlan(db, fanclubId, planId);
  if (!now2) return { ok: false, reason: "notFound" };
  if (input.joinLimit !== null && now2.memberCount > input.joinLimit) return { ok: false, reason: "limitBelowMembers" };
  return { ok: false, reason: priceChanges ? "priceLocked" : "notFound" };
}

/** Stops new joins. Members keep the plan until they leave. Closing twice changes nothing. */
export async function closePlan(db: Db, fanclubId: number, planId: number, now: number): Promise<boolean> {
  const plan = await getPlan(db, fanclubId, planId);
  if (!plan) return false;
  await db
    .update(plans)
    .set({ closedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(plans.id, planId), eq(plans.fanclubId, fanclubId), isNull(plans.closedAt)))
    .run();
  return true;
}

/** Points the plan at a new icon; returns the previous key (to delete), or undefined if no such plan. */
export async function setPlanIcon(db: Db, fanclubId: number, planId: number, key: string, now: number): Promise<string | null | undefined> {
  const [before] = await db.batch([
    db
      .select({ key: plans.iconKey })
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.fanclubId, fanclubId))),
    db
      .update(plans)
      .set({ iconKey: key, updatedAt: new Date(now) })
      .where(and(eq(plans.id, planId), eq(plans.fanclubId, fanclubId))),
  ]);
  return before[0] ? before[0].key : undefined;
}
