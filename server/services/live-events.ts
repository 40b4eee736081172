import { and, asc, desc, eq, gt, inArray, isNotNull, ne, not, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  fanclubEditors,
  fanclubs,
  follows,
  liveEventPlans,
  liveEvents,
  liveEventTickets,
  liveEventTicketTypes,
  memberships,
  plans,
  purchases,
  users,
  type LiveEventRow,
  type LiveEventTicketTypeRow,
} from "../../db/schema";
import type { BillingMonth } from "../domain/billing-month";
import { mediaUrl } from "../domain/images";
import type { LiveEventInput } from "../domain/live-event-form";
import { LIVE_STATUS, canSeeEvent, isNowOnAir, liveTiming, ticketSaleState, watchReason, type LiveMoment, type LiveTiming, type LiveVisibility, type SaleState, type WatchReason } from "../domain/live-events";
import { STREAM_GRACE_MS } from "../domain/live-room";
import { membershipGrantsAccess, type MembershipStatus } from "../domain/plan-change";

/**
 * Live events (issue 7) as the creator manages them and fans see them: create and edit with
 * ticket types and allowed plans, the public lists and detail with the viewer's ticket and right
 * to watch, and the ticket lists of both sides. Selling a ticket is the cart's (./cart-items/live-ticket.ts).
 */

type Stmt = Parameters<Db["batch"]>[0][number];

// ---------------------------------------------------------------------------------------------
// Creator side

export type LiveEventSaveResult = { ok: true; id: number } | { ok: false; reason: "notFound" | "planNotOwned" | "ticketHasSales" | "capacityBelowSold"; index?: number };

async function ownPlanIds(db: Db, fanclubId: number, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return true;
  const rows = await db.select({ id: plans.id }).from(plans).where(and(eq(plans.fanclubId, fanclubId), inArray(plans.id, [...ids])));
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
export async function createLiveEvent(db: Db, fanclub: { fanclubId: number; ownerId: number }, input: LiveEventInput, now: number): Promise<LiveEventSaveResult> {
  if (!(await ownPlanIds(db, fanclub.fanclubId, input.planIds))) return { ok: false, reason: "planNotOwned" };
  const at = new Date(now);
  // inside the batch's transaction the newest event of this fan club is the one just inserted
  const eventId = sql`(SELECT MAX("id") FROM "live_events" WHERE "fanclub_id" = ${fanclub.fanclubId})`;
  const statements: Stmt[] = [
    db.insert(liveEvents).values({ fanclubId: fanclub.fanclubId, ownerId: fanclub.ownerId, createdAt: at, ...eventValues(input, now) }).returning({ id: liveEvents.id }),
    ...input.planIds.map((planId) => db.insert(liveEventPlans).values({ liveEventId: eventId, planId })),
    ...input.tickets.map((tt, i) =>
      db.insert(liveEventTicketTypes).values({ liveEventId: eventId, title: tt.title, price: tt.price, capacity: tt.capacity, saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt), sortOrder: i, createdAt: at, updatedAt: at }),
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
export async function updateLiveEvent(db: Db, fanclubId: number, id: number, input: LiveEventInput, now: number): Promise<LiveEventSaveResult> {
  const [eventRows, typeRows] = await db.batch([
    db.select({ id: liveEvents.id }).from(liveEvents).where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId))),
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
          .set({ title: tt.title, price: tt.price, capacity: tt.capacity, saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt), sortOrder: i, updatedAt: at })
          .where(and(eq(liveEventTicketTypes.id, current.id), eq(liveEventTicketTypes.liveEventId, id))),
      );
    } else {
      typeStatements.push(
        db.insert(liveEventTicketTypes).values({ liveEventId: id, title: tt.title, price: tt.price, capacity: tt.capacity, saleEndAt: tt.saleEndAt === null ? null : new Date(tt.saleEndAt), sortOrder: i, createdAt: at, updatedAt: at }),
      );
    }
  }
  for (const row of typeRows) {
    if (kept.has(row.id)) continue;
    if (row.soldCount > 0) return { ok: false, reason: "ticketHasSales" };
    // a sale landing between the read and this batch keeps the type: the guard is in the statement
    typeStatements.push(db.delete(liveEventTicketTypes).where(and(eq(liveEventTicketTypes.id, row.id), eq(liveEventTicketTypes.soldCount, 0))));
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
export async function setLiveEventCover(db: Db, fanclubId: number, id: number, key: string, now: number): Promise<string | null | undefined> {
  const row = await db.select({ coverKey: liveEvents.coverKey }).from(liveEvents).where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId))).get();
  if (!row) return undefined;
  await db.update(liveEvents).set({ coverKey: key, updatedAt: new Date(now) }).where(eq(liveEvents.id, id));
  return row.coverKey;
}

export type TicketTypeView = { id: number; title: string; price: number; capacity: number | null; soldCount: number; saleEndAt: number | null; saleState: SaleState };

function typeView(event: Pick<LiveEventRow, "status" | "endAt" | "visibility">, row: LiveEventTicketTypeRow, now: number): TicketTypeView {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    capacity: row.capacity,
    soldCount: row.soldCount,
    saleEndAt: row.saleEndAt?.getTime() ?? null,
    saleState: ticketSaleState({ status: event.status, endAt: event.endAt.getTime(), visibility: event.visibility }, { capacity: row.capacity, soldCount: row.soldCount, saleEndAt: row.saleEndAt?.getTime() ?? null }, now),
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
      sold: sql<number>`(SELECT COALESCE(SUM("sold_count"), 0) FROM "live_event_ticket_types" WHERE "live_event_id" = "live_events"."id")`.as("sold"),
      revenue: sql<number>`(SELECT COALESCE(SUM("price"), 0) FROM "live_event_tickets" WHERE "live_event_id" = "live_events"."id")`.as("revenue"),
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
    db.select().from(liveEvents).where(and(eq(liveEvents.id, id), eq(liveEvents.fanclubId, fanclubId))),
    db.select({ planId: liveEventPlans.planId }).from(liveEventPlans).where(eq(liveEventPlans.liveEventId, id)),
    db.select().from(liveEventTicketTypes).where(eq(liveEventTicketTypes.liveEventId, id)).orderBy(asc(liveEventTicketTypes.sortOrder), asc(liveEventTicketTypes.id)),
  ]);
  const event = eventRows[0];
  if (!event) return null;
  return {
    event: { ...event, startAt: event.startAt.getTime(), endAt: event.endAt.getTime(), coverUrl: mediaUrl(event.coverKey), timing: liveTiming(moment(event), now) },
    planIds: planRows.map((p) => p.planId),
    ticketTypes: typeRows.map((r) => typeView(event, r, now)),
  };
}

// ---------------------------------------------------------------------------------------------
// Public side

export type LiveCard = {
  id: number;
  fanclubId: number;
  fanclubName: string;
  title: string;
  coverUrl: string | null;
  startAt: number;
  endAt: number;
  status: number;
  visibility: LiveVisibility;
  timing: LiveTiming;
  minPrice: number | null;
};

const cardColumns = {
  id: liveEvents.id,
  fanclubId: liveEvents.fanclubId,
  fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
  title: liveEvents.title,
  coverKey: liveEvents.coverKey,
  startAt: liveEvents.startAt,
  endAt: liveEvents.endAt,
  status: liveEvents.status,
  visibility: liveEvents.visibility,
  onAirAt: liveEvents.onAirAt,
  minPrice: sql<number | null>`(SELECT MIN("price") FROM "live_event_ticket_types" WHERE "live_event_id" = "live_events"."id")`.as("min_price"),
};

type CardRow = { id: number; fanclubId: number; fanclubName: string; title: string; coverKey: string | null; startAt: Date; endAt: Date; status: number; visibility: LiveVisibility; onAirAt: Date | null; minPrice: number | null };

function card(row: CardRow, now: number): LiveCard {
  const startAt = row.startAt.getTime();
  const endAt = row.endAt.getTime();
  return {
    id: row.id,
    fanclubId: row.fanclubId,
    fanclubName: row.fanclubName,
    title: row.title,
    coverUrl: mediaUrl(row.coverKey),
    startAt,
    endAt,
    status: row.status,
    visibility: row.visibility,
    timing: liveTiming(moment(row), now),
    minPrice: row.minPrice,
  };
}

export const LIVE_LIST_SIZE = 20;

/** The row's times as the timing rule reads them. */
function moment(row: { status: number; startAt: Date; endAt: Date; onAirAt: Date | null }): LiveMoment {
  return { status: row.status, startAt: row.startAt.getTime(), endAt: row.endAt.getTime(), onAirAt: row.onAirAt?.getTime() ?? null };
}

// The lists' conditions are liveTiming (server/domain/live-events.ts) in SQL: on air while the room
// says so and the stream's deadline (end + grace) has not passed; otherwise ended at the end.
const onAirNow = (now: number) => and(isNotNull(liveEvents.onAirAt), gt(liveEvents.endAt, new Date(now - STREAM_GRACE_MS)));
/** Not ended yet: upcoming, starting or on air (also when running over). */
const notEnded = (now: number) => and(eq(liveEvents.status, LIVE_STATUS.waiting), or(gt(liveEvents.endAt, new Date(now)), onAirNow(now)));

/**
 * /fanclubs/{id}/lives and GET /live_events?fanclubId=: the fan club's public events (not private),
 * coming and on air first (soonest first), then past ones (latest first), a page at a time.
 */
export async function listFanclubLives(db: Db, fanclubId: number, now: number, page = 1) {
  const open = and(eq(liveEvents.fanclubId, fanclubId), ne(liveEvents.status, LIVE_STATUS.private), eq(fanclubs.status, "open"));
  const current = and(open, notEnded(now));
  const [comingRows, pastRows] = await db.batch([
    db.select(cardColumns).from(liveEvents).innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId)).where(current).orderBy(asc(liveEvents.startAt), asc(liveEvents.id)).limit(100),
    db
      .select(cardColumns)
      .from(liveEvents)
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(and(open, not(notEnded(now)!)))
      .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
      .limit(LIVE_LIST_SIZE + 1)
      .offset((page - 1) * LIVE_LIST_SIZE),
  ]);
  return {
    coming: page === 1 ? comingRows.map((r) => card(r, now)) : [],
    past: pastRows.slice(0, LIVE_LIST_SIZE).map((r) => card(r, now)),
    hasNext: pastRows.length > LIVE_LIST_SIZE,
  };
}

/** GET /live_events (spec §7 index): public upcoming and on-air events of a brand, soonest first. */
export async function listUpcomingLives(db: Db, serviceId: number, now: number, limit = LIVE_LIST_SIZE) {
  const rows = await db
    .select(cardColumns)
    .from(liveEvents)
    .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
    .where(and(eq(fanclubs.serviceId, serviceId), eq(fanclubs.status, "open"), notEnded(now)))
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
    .limit(limit);
  return rows.map((r) => card(r, now));
}

/** Spec §7 now_on_air: public events whose owner broadcasts now, of a brand or one fan club. */
export async function listNowOnAir(db: Db, scope: { serviceId: number } | { fanclubId: number }, now: number, limit = LIVE_LIST_SIZE) {
  const rows = await db
    .select(cardColumns)
    .from(liveEvents)
    .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
    .where(
      and(
        "serviceId" in scope ? eq(fanclubs.serviceId, scope.serviceId) : eq(liveEvents.fanclubId, scope.fanclubId),
        eq(fanclubs.status, "open"),
        eq(liveEvents.status, LIVE_STATUS.waiting),
        onAirNow(now),
      ),
    )
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
    .limit(limit);
  // The SQL above narrows by the index; isNowOnAir is the rule the unit tests hold, so the list
  // can never show an event the rule calls off air.
  return rows.filter((r) => isNowOnAir(moment(r), now)).map((r) => card(r, now));
}

/**
 * The live room's report (spec §4 on air): on air since `at`, or off air (null). Only the event's
 * room calls this, on each transition; the lists read it through liveTiming.
 */
export async function recordLiveOnAir(db: Db, id: number, at: number | null): Promise<void> {
  await db.update(liveEvents).set({ onAirAt: at === null ? null : new Date(at) }).where(eq(liveEvents.id, id));
}

export type LiveDetail = Awaited<ReturnType<typeof loadLiveDetail>>;

/**
 * The detail page and GET /live_events/{id}: the event, its fan club, ticket types with their
 * sale state, the allowed plans' names, and for a signed-in viewer their ticket, whether they
 * follow, manage, and may watch (`watchReason`). One D1 round trip. Null when there is no such
 * event, its fan club is closed, or it is private to this viewer.
 */
export async function loadLiveDetail(db: Db, id: number, viewerId: number | null, now: number) {
  const viewer = viewerId ?? 0;
  const [eventRows, typeRows, planRows, ticketRows, editorRows, followRows, membershipRows] = await db.batch([
    db
      .select({
        event: liveEvents,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        fanclubOwnerId: sql<number>`${fanclubs.ownerId}`.as("fanclub_owner_id"),
        fanclubIconKey: fanclubs.iconKey,
        fanclubServiceId: fanclubs.serviceId,
        fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status"),
      })
      .from(liveEvents)
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(eq(liveEvents.id, id)),
    db.select().from(liveEventTicketTypes).where(eq(liveEventTicketTypes.liveEventId, id)).orderBy(asc(liveEventTicketTypes.sortOrder), asc(liveEventTicketTypes.id)),
    db
      .select({ id: plans.id, name: plans.name, price: plans.price })
      .from(liveEventPlans)
      .innerJoin(plans, eq(plans.id, liveEventPlans.planId))
      .where(eq(liveEventPlans.liveEventId, id))
      .orderBy(asc(plans.price), asc(plans.id)),
    db
      .select({ id: liveEventTickets.id, ticketTypeId: liveEventTickets.ticketTypeId, price: liveEventTickets.price, createdAt: liveEventTickets.createdAt })
      .from(liveEventTickets)
      .where(and(eq(liveEventTickets.liveEventId, id), eq(liveEventTickets.userId, viewer))),
    db
      .select({ userId: fanclubEditors.userId })
      .from(fanclubEditors)
      .where(and(eq(fanclubEditors.userId, viewer), isNotNull(fanclubEditors.acceptedAt), sql`${fanclubEditors.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`)),
    db
      .select({ userId: follows.userId })
      .from(follows)
      .where(and(eq(follows.userId, viewer), sql`${follows.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`)),
    db
      .select({ planId: memberships.planId, status: memberships.status, paidThrough: memberships.paidThrough })
      .from(memberships)
      .where(and(eq(memberships.userId, viewer), sql`${memberships.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`)),
  ]);
  const row = eventRows[0];
  if (!row || row.fanclubStatus !== "open") return null;
  const event = row.event;
  const startAt = event.startAt.getTime();
  const endAt = event.endAt.getTime();
  const ticket = ticketRows[0] ?? null;
  const isEditor = viewerId !== null && editorRows.length > 0;
  const manages = viewerId !== null && (viewerId === row.fanclubOwnerId || isEditor);
  if (!canSeeEvent(event, { manages, hasTicket: ticket !== null })) return null;
  const accessPlanIds = membershipRows
    .filter((m) => membershipGrantsAccess({ status: m.status as MembershipStatus, paidThroughMonth: (m.paidThrough as BillingMonth | null) ?? null }, now))
    .map((m) => m.planId);
  const planIds = planRows.map((p) => p.id);
  const reason: WatchReason | null = watchReason({
    event: { ownerId: event.ownerId, fanclubOwnerId: row.fanclubOwnerId, visibility: event.visibility, planIds },
    viewer: { userId: viewerId, isEditor, hasTicket: ticket !== null, accessPlanIds },
  });
  const types = typeRows.map((r) => typeView(event, r, now));
  return {
    event: {
      id: event.id,
      fanclubId: event.fanclubId,
      ownerId: event.ownerId,
      title: event.title,
      description: event.description,
      coverUrl: mediaUrl(event.coverKey),
      startAt,
      endAt,
      status: event.status,
      visibility: event.visibility,
      timing: liveTiming(moment(event), now),
    },
    fanclub: { id: event.fanclubId, name: row.fanclubName, iconUrl: mediaUrl(row.fanclubIconKey), serviceId: row.fanclubServiceId, ownerId: row.fanclubOwnerId },
    ticketTypes: types,
    plans: planRows,
    viewer: {
      signedIn: viewerId !== null,
      manages,
      isOwner: viewerId !== null && viewerId === event.ownerId,
      following: followRows.length > 0,
      ticket: ticket ? { id: ticket.id, ticketTypeId: ticket.ticketTypeId, title: types.find((t) => t.id === ticket.ticketTypeId)?.title ?? "", price: ticket.price, boughtAt: ticket.createdAt.getTime() } : null,
      watchReason: reason,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Ticket lists (histories)

export const TICKET_PAGE_SIZE = 20;

/** /me/purchase_histories/live_event_tickets: the fan's tickets, newest first, one query per page. */
export async function listFanTickets(db: Db, userId: number, page: number) {
  const rows = await db
    .select({
      id: liveEventTickets.id,
      price: liveEventTickets.price,
      boughtAt: liveEventTickets.createdAt,
      eventId: liveEventTickets.liveEventId,
      eventTitle: sql<string>`${liveEvents.title}`.as("event_title"),
      startAt: liveEvents.startAt,
      endAt: liveEvents.endAt,
      status: liveEvents.status,
      fanclubId: liveEvents.fanclubId,
      fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
      ticketTitle: sql<string>`${liveEventTicketTypes.title}`.as("ticket_title"),
      coinAmount: purchases.coinAmount,
      cardAmount: purchases.cardAmount,
    })
    .from(liveEventTickets)
    .innerJoin(liveEvents, eq(liveEvents.id, liveEventTickets.liveEventId))
    .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
    .innerJoin(liveEventTicketTypes, eq(liveEventTicketTypes.id, liveEventTickets.ticketTypeId))
    .innerJoin(purchases, eq(purchases.id, liveEventTickets.purchaseId))
    .where(eq(liveEventTickets.userId, userId))
    .orderBy(desc(liveEventTickets.createdAt), desc(liveEventTickets.id))
    .limit(TICKET_PAGE_SIZE + 1)
    .offset((page - 1) * TICKET_PAGE_SIZE);
  return {
    tickets: rows.slice(0, TICKET_PAGE_SIZE).map((r) => ({ ...r, boughtAt: r.boughtAt.getTime(), startAt: r.startAt.getTime(), endAt: r.endAt.getTime() })),
    hasNext: rows.length > TICKET_PAGE_SIZE,
  };
}

/**
 * /me/fanclub/purchases/live_events: tickets sold by the fan club, newest first (optionally of one
 * event), with the buyer's name; one query per page.
 */
export async function listTicketSales(db: Db, fanclubId: number, page: number, eventId: number | null = null) {
  const rows = await db
    .select({
      id: liveEventTickets.id,
      price: liveEventTickets.price,
      soldAt: liveEventTickets.createdAt,
      eventId: liveEventTickets.liveEventId,
      eventTitle: sql<string>`${liveEvents.title}`.as("event_title"),
      startAt: liveEvents.startAt,
      ticketTitle: sql<string>`${liveEventTicketTypes.title}`.as("ticket_title"),
      buyerName: sql<string>`${users.name}`.as("buyer_name"),
    })
    .from(liveEventTickets)
    .innerJoin(liveEvents, eq(liveEvents.id, liveEventTickets.liveEventId))
    .innerJoin(liveEventTicketTypes, eq(liveEventTicketTypes.id, liveEventTickets.ticketTypeId))
    .innerJoin(users, eq(users.id, liveEventTickets.userId))
    .where(and(eq(liveEvents.fanclubId, fanclubId), eventId === null ? undefined : eq(liveEventTickets.liveEventId, eventId)))
    .orderBy(desc(liveEventTickets.createdAt), desc(liveEventTickets.id))
    .limit(TICKET_PAGE_SIZE + 1)
    .offset((page - 1) * TICKET_PAGE_SIZE);
  return {
    sales: rows.slice(0, TICKET_PAGE_SIZE).map((r) => ({ ...r, soldAt: r.soldAt.getTime(), startAt: r.startAt.getTime() })),
    hasNext: rows.length > TICKET_PAGE_SIZE,
  };
}

/** The fan's ticket for an event, if any (the free-ticket call answers it again after a double click). */
export async function ticketOf(db: Db, userId: number, eventId: number) {
  return db.select().from(liveEventTickets).where(and(eq(liveEventTickets.userId, userId), eq(liveEventTickets.liveEventId, eventId))).get();
}
