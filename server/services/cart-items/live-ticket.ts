import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, follows, liveEvents, liveEventTickets, liveEventTicketTypes } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { LIVE_STATUS, ticketSaleState, type LiveVisibility } from "../../domain/live-events";
import { EMPTY_ITEM_FIELDS, defineKind, oneSeatLine, type CartProblem } from "./kind";

/**
 * Live event tickets in the cart (issue 7, spec §3 cart item liveEventTitle, liveEventTicket,
 * liveStartAt, liveEndAt). The id is the ticket type's. Following the fan club is required (spec
 * §4 live ticket flow); one ticket per fan and event; the capacity is held by the ticket type's
 * CHECK on its sold count, moved in the purchase's batch, so the last ticket goes to one fan only.
 */

type TicketInfo = {
  typeId: number;
  typeTitle: string;
  price: number;
  capacity: number | null;
  soldCount: number;
  saleEndAt: number | null;
  eventId: number;
  eventTitle: string;
  startAt: number;
  endAt: number;
  status: number;
  visibility: LiveVisibility;
  fanclubId: number;
  fanclubName: string;
  fanclubIconKey: string | null;
  fanclubOpen: boolean;
};

type TicketContext = { types: Map<number, TicketInfo>; following: Set<number>; ownedEvents: Set<number> };

async function loadTicketContext(db: Db, userId: number, typeIds: readonly number[]): Promise<TicketContext> {
  const ids = typeIds.length ? [...new Set(typeIds)] : [0];
  const [typeRows, followRows, ticketRows] = await db.batch([
    db
      .select({
        typeId: liveEventTicketTypes.id,
        typeTitle: liveEventTicketTypes.title,
        price: liveEventTicketTypes.price,
        capacity: liveEventTicketTypes.capacity,
        soldCount: liveEventTicketTypes.soldCount,
        saleEndAt: liveEventTicketTypes.saleEndAt,
        eventId: sql<number>`${liveEvents.id}`.as("event_id"),
        eventTitle: sql<string>`${liveEvents.title}`.as("event_title"),
        startAt: liveEvents.startAt,
        endAt: liveEvents.endAt,
        status: sql<number>`${liveEvents.status}`.as("event_status"),
        visibility: liveEvents.visibility,
        fanclubId: liveEvents.fanclubId,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        fanclubIconKey: fanclubs.iconKey,
        fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status"),
      })
      .from(liveEventTicketTypes)
      .innerJoin(liveEvents, eq(liveEvents.id, liveEventTicketTypes.liveEventId))
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(inArray(liveEventTicketTypes.id, ids)),
    db
      .select({ fanclubId: follows.fanclubId })
      .from(follows)
      .where(
        and(
          eq(follows.userId, userId),
          sql`${follows.fanclubId} IN (SELECT e."fanclub_id" FROM "live_event_ticket_types" t JOIN "live_events" e ON e."id" = t."live_event_id" WHERE t."id" IN ${ids})`,
        ),
      ),
    db
      .select({ eventId: liveEventTickets.liveEventId })
      .from(liveEventTickets)
      .where(
        and(
          eq(liveEventTickets.userId, userId),
          sql`${liveEventTickets.liveEventId} IN (SELECT "live_event_id" FROM "live_event_ticket_types" WHERE "id" IN ${ids})`,
        ),
      ),
  ]);
  const types = new Map<number, TicketInfo>(
    typeRows.map((r) => [
      r.typeId,
      {
        ...r,
        saleEndAt: r.saleEndAt?.getTime() ?? null,
        startAt: r.startAt.getTime(),
        endAt: r.endAt.getTime(),
        fanclubOpen: r.fanclubStatus === "open",
      },
    ]),
  );
  return { types, following: new Set(followRows.map((r) => r.fanclubId)), ownedEvents: new Set(ticketRows.map((r) => r.eventId)) };
}

function checkTicket(
  ctx: TicketContext,
  typeId: number,
  now: number,
): { ok: true; info: TicketInfo } | { ok: false; problem: CartProblem } {
  const info = ctx.types.get(typeId);
  if (!info) return { ok: false, problem: "noProduct" };
  if (!info.fanclubOpen || info.status === LIVE_STATUS.private) return { ok: false, problem: "notOnSale" };
  if (ctx.ownedEvents.has(info.eventId)) return { ok: false, problem: "alreadyOwned" };
  const state = ticketSaleState(info, info, now);
  if (state === "closed") return { ok: false, problem: "notOnSale" };
  if (state === "soldOut") return { ok: false, problem: "soldOut" };
  if (!ctx.following.has(info.fanclubId)) return { ok: false, problem: "followRequired" };
  return { ok: true, info };
}

/** The ticket row's UNIQUE key: one ticket per purchase attempt and ticket type. */
function liveTicketKey(purchaseKey: string, typeId: number): string {
  return `${purchaseKey}:live-ticket:${typeId}`;
}

export const liveTicketKind = defineKind<TicketContext, TicketInfo>({
  ...oneSeatLine({ type: "LiveEventTicket", targetType: "live_event_ticket", loadTargets: loadTicketContext, checkTarget: checkTicket }),

  view: (row, price, info) => ({
    ...EMPTY_ITEM_FIELDS,
    id: row.id,
    type: "LiveEventTicket",
    target_type: "live_event_ticket",
    price,
    quantity: 1,
    note: null,
    title: info.eventTitle,
    fanclub: { id: info.fanclubId, name: info.fanclubName, iconImageUrl: mediaUrl(info.fanclubIconKey) },
    liveEventTitle: info.eventTitle,
    liveEventTicket: { title: info.typeTitle, price: info.price },
    liveStartAt: info.startAt,
    liveEndAt: info.endAt,
    detail: { liveEventId: info.eventId, ticketTypeId: info.typeId },
  }),

  effect: (db, input) => [
    // the UNIQUE (event, fan) index refuses a second ticket; the key makes a replay write nothing new
    db.insert(liveEventTickets).values({
      liveEventId: input.detail.eventId,
      ticketTypeId: input.detail.typeId,
      userId: input.userId,
      purchaseId: input.purchaseId,
      price: input.price,
      idempotencyKey: liveTicketKey(input.purchaseKey, input.detail.typeId),
      createdAt: new Date(input.now),
    }),
    // past the capacity the CHECK fails this statement and with it the whole purchase batch
    db
      .update(liveEventTicketTypes)
      .set({ soldCount: sql`${liveEventTicketTypes.soldCount} + 1`, updatedAt: new Date(input.now) })
      .where(eq(liveEventTicketTypes.id, input.detail.typeId)),
  ],

  memo: (info) => `${info.fanclubName} ${info.eventTitle} ${info.typeTitle}`,
  month: () => null,
  earningSubject: (_row, info) => ({ type: "live_event", id: info.eventId }),
});

/**
 * The spec §3 cart item of a ticket the fan holds (POST free_ticket_purchase answers it), built
 * from the ticket row; null when the fan has no ticket of that type.
 */
export async function heldTicketItem(db: Db, userId: number, typeId: number) {
  const [ctx, ticket] = await Promise.all([
    loadTicketContext(db, userId, [typeId]),
    db
      .select({ id: liveEventTickets.id, price: liveEventTickets.price, createdAt: liveEventTickets.createdAt })
      .from(liveEventTickets)
      .where(and(eq(liveEventTickets.userId, userId), eq(liveEventTickets.ticketTypeId, typeId)))
      .get(),
  ]);
  const info = ctx.types.get(typeId);
  if (!info || !ticket) return null;
  const row = {
    id: ticket.id,
    cartId: 0,
    type: "LiveEventTicket" as const,
    targetType: "live_event_ticket" as const,
    targetId: typeId,
    fanclubId: info.fanclubId,
    price: ticket.price,
    quantity: 1,
    note: null,
    createdAt: ticket.createdAt,
  };
  return liveTicketKind.view(row, ticket.price, info);
}
