import { liveEventPlans, liveEventTickets, liveEventTicketTypes, liveEvents } from "../../db/schema";
import { defined, factoryDb, type Fields, unique } from "./db";
import { createPurchase } from "./money";

const HOUR = 3_600_000;

/** A live event for ticket holders, waiting for its broadcast tomorrow for an hour, unless told otherwise. */
export async function createLiveEvent(d1: D1Database, fields: Fields<typeof liveEvents.$inferInsert, "fanclubId" | "ownerId">) {
  const now = Date.now();
  const startAt = fields.startAt ?? new Date(now + 24 * HOUR);
  return factoryDb(d1)
    .insert(liveEvents)
    .values({
      title: "テスト配信",
      visibility: "ticket",
      status: 0,
      endAt: new Date(startAt.getTime() + HOUR),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      ...defined(fields),
      startAt,
    })
    .returning()
    .get();
}

/** Lets the members of a plan watch the event. */
export async function createLiveEventPlan(d1: D1Database, fields: typeof liveEventPlans.$inferInsert) {
  return factoryDb(d1).insert(liveEventPlans).values(fields).returning().get();
}

/** A free ticket type without a capacity unless told otherwise. */
export async function createTicketType(d1: D1Database, fields: Fields<typeof liveEventTicketTypes.$inferInsert, "liveEventId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(liveEventTicketTypes)
    .values({ title: "一般", price: 0, createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}

/** A fan's ticket and the paid purchase it points at (free unless a price is given). */
export async function createLiveTicket(
  d1: D1Database,
  fields: Omit<Fields<typeof liveEventTickets.$inferInsert, "liveEventId" | "ticketTypeId" | "userId">, "purchaseId">,
) {
  const key = fields.idempotencyKey ?? unique("test-ticket:");
  const purchase = await createPurchase(d1, {
    userId: fields.userId,
    idempotencyKey: key,
    total: fields.price ?? 0,
    coinAmount: fields.price ?? 0,
  });
  return factoryDb(d1)
    .insert(liveEventTickets)
    .values({ price: 0, createdAt: new Date(), ...defined(fields), idempotencyKey: key, purchaseId: purchase.id })
    .returning()
    .get();
}
