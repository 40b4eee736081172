import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { liveEventPlans, liveEvents, liveEventTicketTypes, type LiveEventRow, type LiveEventTicketTypeRow } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { liveTiming, ticketSaleState, type SaleState } from "../../domain/live-events";
import { moment } from "./lists";

/** The creator's views of their events: the list and one event with its plans and ticket types. */

export type TicketTypeView = {
  id: number;
  title: string;
  price: number;
  capacity: number | null;
  soldCount: number;
  saleEndAt: number | null;
  saleState: SaleState;
};

export function typeView(
  event: Pick<LiveEventRow, "status" | "endAt" | "visibility">,
  row: LiveEventTicketTypeRow,
  now: number,
): TicketTypeView {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    capacity: row.capacity,
    soldCount: row.soldCount,
    saleEndAt: row.saleEndAt?.getTime() ?? null,
    saleState: ticketSaleState(
      { status: event.status, endAt: event.endAt.getTime(), visibility: event.visibility },
      { capacity: row.capacity, soldCount: row.soldCount, saleEndAt: row.saleEndAt?.getTime() ?? null },
      now,
    ),
  };
}

/** /me/fanclub/live_events: every event of the fan club, newest start first, with tickets sold and their revenue. */
export async function listCreatorLiveEvents(db: Db, fanclubId: number) {
  const rows = await db
    .select({
      id: liveEvents.id,
      title: liveEvents.title,
      startAt: liveEvents.startAt,
      endAt: liveEvents.endAt,
      status: liveEvents.status,
      visibility: liveEvents.visibility,
      sold: sql<number>`(SELECT COALESCE(SUM("sold_count"), 0) FROM "live_event_ticket_types" WHERE "live_event_id" = "live_events"."id")`.as(
        "sold",
      ),
      revenue: sql<number>`(SELECT COALESCE(SUM("price"), 0) FROM "live_event_tickets" WHERE "live_event_id" = "live_events"."id")`.as(
        "revenue",
      ),
    })
    .from(liveEvents)
    .where(eq(liveEvents.fanclubId, fanclubId))
    .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
    .limit(200);
  return rows.map((r) => ({ ...r, startAt: r.startAt.getTime(), endAt: r.endAt.getTime() }));
}

/** One event of the fan club with its plans and ticket types (edit form, creator detail); null when not this fan club's. */
export async function getCreatorLiveEvent(db: Db, fanclubId: number, id: number, now: number) {
  const [eventRows, planRows, typeRows] = await db.batch([
    db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId))),
    db.select({ planId: liveEventPlans.planId }).from(liveEventPlans).where(eq(liveEventPlans.liveEventId, id)),
    db
      .select()
      .from(liveEventTicketTypes)
      .where(eq(liveEventTicketTypes.liveEventId, id))
      .orderBy(asc(liveEventTicketTypes.sortOrder), asc(liveEventTicketTypes.id)),
  ]);
  const event = eventRows[0];
  if (!event) return null;
  return {
    event: {
      ...event,
      startAt: event.startAt.getTime(),
      endAt: event.endAt.getTime(),
      coverUrl: mediaUrl(event.coverKey),
      timing: liveTiming(moment(event), now),
    },
    planIds: planRows.map((p) => p.planId),
    ticketTypes: typeRows.map((r) => typeView(event, r, now)),
  };
}
