import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, liveEvents, liveEventTickets, liveEventTicketTypes, purchases, users } from "../../../db/schema";

/** Ticket lists: a fan's tickets, a fan club's ticket sales, and one fan's ticket for an event. */

const TICKET_PAGE_SIZE = 20;

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
    tickets: rows
      .slice(0, TICKET_PAGE_SIZE)
      .map((r) => ({ ...r, boughtAt: r.boughtAt.getTime(), startAt: r.startAt.getTime(), endAt: r.endAt.getTime() })),
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
