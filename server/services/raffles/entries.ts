import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, raffleEntries, raffles, type RaffleRow } from "../../../db/schema";
import type { Stmt } from "../cart-items";

/** A fan's entries: what the cart checks, and the statement that records an entry. */

export type FanRaffleState = {
  raffle: RaffleRow;
  fanclub: { id: number; name: string; iconKey: string | null; status: "open" | "closed"; ownerId: number };
  following: boolean;
  blocked: boolean;
  /** entries the fan holds in this raffle */
  held: number;
};

/** What the cart needs to decide whether these raffles can be entered by this fan (one round trip). */
export async function loadFanRaffleStates(db: Db, userId: number, raffleIds: readonly number[]): Promise<Map<number, FanRaffleState>> {
  const ids = [...new Set(raffleIds)];
  if (!ids.length) return new Map();
  const [rows, held] = await db.batch([
    db
      .select({
        raffle: raffles,
        // raffles and fan clubs share column names (id, status): D1 batch rows are keyed by name
        fanclub: {
          id: sql<number>`${fanclubs.id}`.as("fanclub_row_id"),
          name: sql<string>`${fanclubs.name}`.as("fanclub_name"),
          iconKey: sql<string | null>`${fanclubs.iconKey}`.as("fanclub_icon_key"),
          status: sql<"open" | "closed">`${fanclubs.status}`.as("fanclub_status"),
          ownerId: fanclubs.ownerId,
        },
        following:
          sql<number>`EXISTS (SELECT 1 FROM "follows" WHERE "follows"."fanclub_id" = "raffles"."fanclub_id" AND "follows"."user_id" = ${userId})`.as(
            "following",
          ),
        blocked:
          sql<number>`EXISTS (SELECT 1 FROM "fanclub_blocks" WHERE "fanclub_blocks"."fanclub_id" = "raffles"."fanclub_id" AND "fanclub_blocks"."user_id" = ${userId})`.as(
            "blocked",
          ),
      })
      .from(raffles)
      .innerJoin(fanclubs, eq(fanclubs.id, raffles.fanclubId))
      .where(inArray(raffles.id, ids)),
    db
      .select({ raffleId: raffleEntries.raffleId, held: sql<number>`SUM(${raffleEntries.count})`.as("held") })
      .from(raffleEntries)
      .where(and(eq(raffleEntries.userId, userId), inArray(raffleEntries.raffleId, ids)))
      .groupBy(raffleEntries.raffleId),
  ]);
  const heldBy = new Map(held.map((h) => [h.raffleId, Number(h.held)]));
  return new Map(
    rows.map((r) => [
      r.raffle.id,
      {
        raffle: r.raffle,
        fanclub: r.fanclub,
        following: Boolean(r.following),
        blocked: Boolean(r.blocked),
        held: heldBy.get(r.raffle.id) ?? 0,
      },
    ]),
  );
}

/**
 * The purchase batch's entry row. `fan_total` and `fan_limit` are computed when the batch runs:
 * the limit is 0 unless the raffle is published and `now` is inside its window, so the row's CHECK
 * (raffle_entries_limit_capacity) fails the whole purchase when a concurrent purchase took the fan
 * past the limit or the window closed after the cart was checked.
 */
export function entryStatement(
  db: Db,
  input: { userId: number; raffleId: number; count: number; purchaseKey: string; purchaseId: SQL; now: number },
): Stmt {
  const key = `${input.purchaseKey}:raffle:${input.raffleId}`;
  return db.insert(raffleEntries).select(
    db
      // every column of the table, in order; a NULL id takes the next rowid
      .select({
        id: sql<null>`NULL`.as("id"),
        raffleId: sql<number>`"raffles"."id"`.as("raffle_id"),
        userId: sql<number>`${input.userId}`.as("user_id"),
        purchaseId: sql<number>`${input.purchaseId}`.as("purchase_id"),
        count: sql<number>`${input.count}`.as("count"),
        fanTotal:
          sql<number>`${input.count} + (SELECT COALESCE(SUM(e."count"), 0) FROM "raffle_entries" e WHERE e."raffle_id" = "raffles"."id" AND e."user_id" = ${input.userId})`.as(
            "fan_total",
          ),
        fanLimit:
          sql<number>`CASE WHEN "raffles"."status" = 'published' AND "raffles"."entry_start_at" <= ${input.now} AND ${input.now} < "raffles"."entry_end_at" THEN "raffles"."max_entries_per_fan" ELSE 0 END`.as(
            "fan_limit",
          ),
        idempotencyKey: sql<string>`${key}`.as("idempotency_key"),
        createdAt: sql<number>`${input.now}`.as("created_at"),
      })
      .from(raffles)
      .where(eq(raffles.id, input.raffleId)),
  );
}

export type FanEntry = { count: number; createdAt: number };
