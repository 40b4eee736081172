import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubManagers, fanclubPayoutSettings, fanclubs, users } from "../../../db/schema";

/**
 * Who receives a fan club's payouts: its owner, or, when the owner has said so, a label that
 * manages the fan club (fanclub_managers). A label that no longer manages the fan club receives
 * nothing: the payouts fall back to the owner.
 */

export interface Payee {
  kind: "owner" | "label";
  userId: number;
  name: string;
  email: string | null;
  locale: string;
}

export interface PayoutFanclub {
  id: number;
  ownerId: number;
  name: string;
}

const person = { userId: users.id, name: users.name, email: users.email, locale: users.locale };

/** The payees of several fan clubs in two queries (the label pages list many). */
export async function payeesOf(db: Db, list: readonly PayoutFanclub[]): Promise<Map<number, Payee>> {
  const result = new Map<number, Payee>();
  if (list.length === 0) return result;
  const ids = list.map((f) => f.id);
  // two plain queries, not a batch: both select a users.id beside a fan club id, and D1's batch
  // answers rows keyed by column name, where the two "id"s would collide
  const [labels, owners] = await Promise.all([
    db
      .select({ fanclubId: fanclubPayoutSettings.fanclubId, ...person })
      .from(fanclubPayoutSettings)
      .innerJoin(users, eq(users.id, fanclubPayoutSettings.labelUserId))
      .innerJoin(
        fanclubManagers,
        and(eq(fanclubManagers.fanclubId, fanclubPayoutSettings.fanclubId), eq(fanclubManagers.userId, fanclubPayoutSettings.labelUserId)),
      )
      .where(and(inArray(fanclubPayoutSettings.fanclubId, ids), eq(fanclubPayoutSettings.payee, "label")))
      .all(),
    db
      .select({ fanclubId: fanclubs.id, ...person })
      .from(fanclubs)
      .innerJoin(users, eq(users.id, fanclubs.ownerId))
      .where(inArray(fanclubs.id, ids))
      .all(),
  ]);
  for (const o of owners) result.set(o.fanclubId, { kind: "owner", userId: o.userId, name: o.name, email: o.email, locale: o.locale });
  for (const l of labels) result.set(l.fanclubId, { kind: "label", userId: l.userId, name: l.name, email: l.email, locale: l.locale });
  return result;
}

export async function payeeOf(db: Db, fanclub: PayoutFanclub): Promise<Payee> {
  const payee = (await payeesOf(db, [fanclub])).get(fanclub.id);
  if (!payee) throw new Error(`fan club ${fanclub.id} has no owner row`);
  return payee;
}

/** The labels that manage a fan club (the choices of the payee setting). */
export function labelsOf(db: Db, fanclubId: number) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(fanclubManagers)
    .innerJoin(users, eq(users.id, fanclubManagers.userId))
    .where(eq(fanclubManagers.fanclubId, fanclubId))
    .orderBy(users.id)
    .all();
}

export type SetPayeeResult = { ok: true } | { ok: false; reason: "notALabel" };

/**
 * The owner's choice. A label must manage the fan club when chosen (checked inside the write);
 * the choice applies to payouts requested from now on: one already requested keeps its account.
 */
export async function setPayee(
  db: Db,
  fanclubId: number,
  choice: { payee: "owner" } | { payee: "label"; labelUserId: number },
  now: number,
): Promise<SetPayeeResult> {
  const labelUserId = choice.payee === "label" ? choice.labelUserId : null;
  const rows = await db.all<{ fanclub_id: number }>(sql`
    INSERT INTO ${fanclubPayoutSettings} (fanclub_id, payee, label_user_id, updated_at)
    SELECT ${fanclubId}, ${choice.payee}, ${labelUserId}, ${now}
    WHERE ${choice.payee} = 'owner'
      OR EXISTS (SELECT 1 FROM ${fanclubManagers} WHERE ${fanclubManagers.fanclubId} = ${fanclubId} AND ${fanclubManagers.userId} = ${labelUserId})
    ON CONFLICT (fanclub_id) DO UPDATE SET payee = excluded.payee, label_user_id = excluded.label_user_id, updated_at = excluded.updated_at
    RETURNING fanclub_id`);
  return rows[0] ? { ok: true } : { ok: false, reason: "notALabel" };
}

/** The open fan clubs a label manages, for its payout pages. */
export function managedFanclubsOf(db: Db, userId: number): Promise<PayoutFanclub[]> {
  return db
    .select({ id: fanclubs.id, ownerId: fanclubs.ownerId, name: fanclubs.name })
    .from(fanclubManagers)
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubManagers.fanclubId))
    .where(and(eq(fanclubManagers.userId, userId), eq(fanclubs.status, "open")))
    .orderBy(fanclubs.id)
    .all();
}
