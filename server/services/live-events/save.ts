import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { liveEventPlans, liveEvents, liveEventTicketTypes, plans } from "../../../db/schema";
import type { LiveEventInput } from "../../domain/live-event-form";

/** The creator saves an event: create and edit with ticket types and allowed plans, and its cover. */

type Stmt = Parameters<Db["batch"]>[0][number];

export type LiveEventSaveResult =
  { ok: true; id: number } | { ok: false; reason: "notFound" | "planNotOwned" | "ticketHasSales" | "capacityBelowSold"; index?: number };

async function ownPlanIds(db: Db, fanclubId: number, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return true;
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.fanclubId, fanclubId), inArray(plans.id, [...ids])));
  return rows.length === new Set(ids).size;
}

function eventValues(input: LiveEventInput, now: number) {
  return {
    title: input.title,
    description: input.description,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    visibility: input.visibility,
    status: input.status,
    updatedAt: new Date(now),
  };
}

/** A new event owned by the fan club's owner (the one person who broadcasts), with its plans and ticket types, in one batch. */
export async function createLiveEvent(
  db: Db,
  fanclub: { fanclubId: number; ownerId: number },
  input: LiveEventInput,
  now: number,
): Promise<LiveEventSaveResult> {
  if (!(await ownPlanIds(db, fanclub.fanclubId, input.planIds))) return { ok: false, reason: "planNotOwned" };
  const at = new Date(now);
  // inside the batch's transaction the newest event of this fan club is the one just inserted
  const eventId = sql`(SELECT MAX("id") FROM "live_events" WHERE "fanclub_id" = ${fanclub.fanclubId})`;
  const statements: Stmt[] = [
    db
      .insert(liveEvents)
      .values({ fanclubId: fanclub.fanclubId, ownerId: fanclub.ownerId, createdAt: at, ...eventValues(input, now) })
      .returning({ id: liveEvents.id }),
    ...input.planIds.map((planId) => db.insert(liveEventPlans).values({ liveEventId: eventId, planId })),
    ...input.tickets.map((tt, i) =>
      db.insert(liveEventTicketTypes).values({
        liveEventId: eventId,
        title: tt.title,
        price: tt.price,
        capacity: tt.capacity,
        saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt),
        sortOrder: i,
        createdAt: at,
        updatedAt: at,
      }),
    ),
  ];
  const results = await db.batch(statements as [Stmt, ...Stmt[]]);
  const inserted = results[0] as Array<{ id: number }>;
  return { ok: true, id: inserted[0]!.id };
}

/**
 * Saves the form over an event. Ticket types keep their id; a type with sales keeps its price (the
 * fans paid it) and cannot be removed, and its capacity cannot go below what was sold (the CHECK
 * holds that too).
 */
export async function updateLiveEvent(
  db: Db,
  fanclubId: number,
  id: number,
  input: LiveEventInput,
  now: number,
): Promise<LiveEventSaveResult> {
  const [eventRows, typeRows] = await db.batch([
    db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId))),
    db.select().from(liveEventTicketTypes).where(eq(liveEventTicketTypes.liveEventId, id)),
  ]);
  if (!eventRows.length) return { ok: false, reason: "notFound" };
  if (!(await ownPlanIds(db, fanclubId, input.planIds))) return { ok: false, reason: "planNotOwned" };
  const existing = new Map(typeRows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  const at = new Date(now);
  const typeStatements: Stmt[] = [];
  for (const [i, tt] of input.tickets.entries()) {
    const current = tt.id !== null ? existing.get(tt.id) : undefined;
    if (current) {
      kept.add(current.id);
      if (current.soldCount > 0 && current.price !== tt.price) return { ok: false, reason: "ticketHasSales", index: i };
      if (tt.capacity !== null && tt.capacity < current.soldCount) return { ok: false, reason: "capacityBelowSold", index: i };
      typeStatements.push(
        db
          .update(liveEventTicketTypes)
          .set({
            title: tt.title,
            price: tt.price,
            capacity: tt.capacity,
            saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt),
            sortOrder: i,
            updatedAt: at,
          })
          .where(and(eq(liveEventTicketTypes.id, current.id), eq(liveEventTicketTypes.liveEventId, id))),
      );
    } else {
      typeStatements.push(
        db.insert(liveEventTicketTypes).values({
          liveEventId: id,
          title: tt.title,
          price: tt.price,
          capacity: tt.capacity,
          saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt),
          sortOrder: i,
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
  }
  for (const row of typeRows) {
    if (kept.has(row.id)) continue;
    if (row.soldCount > 0) return { ok: false, reason: "ticketHasSales" };
    // a sale landing between the read and this batch keeps the type: the guard is in the statement
    typeStatements.push(
      db.delete(liveEventTicketTypes).where(and(eq(liveEventTicketTypes.id, row.id), eq(liveEventTicketTypes.soldCount, 0))),
    );
  }
  await db.batch([
    db.update(liveEvents).set(eventValues(input, now)).where(eq(liveEvents.id, id)),
    db.delete(liveEventPlans).where(eq(liveEventPlans.liveEventId, id)),
    ...input.planIds.map((planId) => db.insert(liveEventPlans).values({ liveEventId: id, planId })),
    ...typeStatements,
  ]);
  return { ok: true, id };
}

/** Points the event at a new cover; answers the previous key (the caller deletes it), undefined when no such event. */
export async function setLiveEventCover(
  db: Db,
  fanclubId: number,
  id: number,
  key: string,
  now: number,
): Promise<string | null | undefined> {
  const row = await db
    .select({ coverKey: liveEvents.coverKey })
    .from(liveEvents)
    .where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId)))
    .get();
  if (!row) return undefined;
  await db
    .update(liveEvents)
    .set({ coverKey: key, updatedAt: new Date(now) })
    .where(eq(liveEvents.id, id));
  return row.coverKey;
}
