import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/idempotency";
import { fanclubs, lessonReservations, lessonSlots, specialTickets } from "../../../db/schema";
import { LESSON_STATUS, reserveState, ticketSeatKey, ticketSeatRefusal, type TicketSeatRefusal } from "../../domain/lessons";
import { usableTicketsOf } from "../community/special-tickets";

/**
 * Reserving a lesson seat with a special ticket (issue 22's third price kind, decision 038). The
 * ticket's use, the seat and the seat count are one D1 batch, chained so that each statement only
 * acts when the one before did: the seat is inserted only if the ticket now carries this seat's
 * key, and the count moves only if that seat exists. The count's CHECK (`lesson_slots_capacity`)
 * fails the whole batch past the last seat, so a full slot never costs a ticket, and one ticket
 * raced for two seats gives one.
 */

export type TicketSeatResult = { ok: true; reservationId: number; replayed: boolean } | { ok: false; reason: TicketSeatRefusal };

async function seatByKey(db: Db, key: string) {
  return db.select().from(lessonReservations).where(eq(lessonReservations.idempotencyKey, key)).get();
}

export async function reserveWithTicket(db: Db, input: { slotId: number; userId: number; now: number }): Promise<TicketSeatResult> {
  const key = ticketSeatKey(input.slotId, input.userId);
  const [slotRows, seatRows] = await db.batch([
    db
      .select({ slot: lessonSlots, fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status") })
      .from(lessonSlots)
      .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
      .where(eq(lessonSlots.id, input.slotId)),
    db
      .select({ id: lessonReservations.id, key: lessonReservations.idempotencyKey, status: lessonReservations.status })
      .from(lessonReservations)
      .where(and(eq(lessonReservations.slotId, input.slotId), eq(lessonReservations.userId, input.userId))),
  ]);
  const row = slotRows[0];
  const seat = seatRows[0];
  // a retry of this very reservation answers the seat it made
  if (seat && seat.key === key && seat.status !== LESSON_STATUS.cancelled) return { ok: true, reservationId: seat.id, replayed: true };
  const slot = row?.slot;
  const state = slot
    ? reserveState(
        {
          startAt: slot.startAt.getTime(),
          durationMinutes: slot.durationMinutes,
          status: slot.status,
          capacity: slot.capacity,
          reservedCount: slot.reservedCount,
          reservationStartAt: slot.reservationStartAt.getTime(),
          reservationEndAt: slot.reservationEndAt.getTime(),
        },
        input.now,
      )
    : null;
  const typeId = slot?.ticketTypeId ?? null;
  const tickets = typeId === null ? [] : await usableTicketsOf(db, input.userId, [typeId], input.now);
  const refusal = ticketSeatRefusal({
    found: row !== undefined && row.fanclubStatus === "open",
    ticketTypeId: typeId,
    hasSeat: seat !== undefined,
    state,
    usableTickets: tickets.length,
  });
  if (refusal) return { ok: false, reason: refusal };
  // the oldest expiry goes first; a ticket used meanwhile by another request is skipped for the next
  for (const ticket of tickets) {
    const at = new Date(input.now);
    try {
      await db.batch([
        db
          .update(specialTickets)
          .set({ usedAt: at, usedPurpose: `lesson:${input.slotId}`, useKey: key })
          .where(
            and(
              eq(specialTickets.id, ticket.id),
              eq(specialTickets.userId, input.userId),
              sql`${specialTickets.usedAt} IS NULL`,
              sql`(${specialTickets.expiresAt} IS NULL OR ${specialTickets.expiresAt} > ${input.now})`,
            ),
          ),
        db.insert(lessonReservations).select(
          db
            .select({
              id: sql<null>`NULL`.as("id"),
              slotId: sql<number>`${input.slotId}`.as("slot_id"),
              userId: sql<number>`${input.userId}`.as("user_id"),
              purchaseId: sql<null>`NULL`.as("purchase_id"),
              price: sql<number>`0`.as("price"),
              status: sql<number>`${LESSON_STATUS.before}`.as("status"),
              idempotencyKey: sql<string>`${key}`.as("idempotency_key"),
              refundId: sql<null>`NULL`.as("refund_id"),
              refundedAt: sql<null>`NULL`.as("refunded_at"),
              createdAt: sql<number>`${input.now}`.as("created_at"),
              updatedAt: sql<number>`${input.now}`.as("updated_at"),
            })
            .from(specialTickets)
            .where(and(eq(specialTickets.id, ticket.id), eq(specialTickets.useKey, key))),
        ),
        // past the capacity, or on a slot no longer taking seats, the CHECK fails the whole batch (the ticket stays unused)
        db
          .update(lessonSlots)
          .set({
            reservedCount: sql`CASE WHEN ${lessonSlots.status} = 0 THEN ${lessonSlots.reservedCount} + 1 ELSE ${lessonSlots.capacity} + 1 END`,
            updatedAt: at,
          })
          .where(and(eq(lessonSlots.id, input.slotId), sql`EXISTS (SELECT 1 FROM "lesson_reservations" WHERE "idempotency_key" = ${key})`)),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // a twin request took the seat first (same key), or the fan holds a seat by another way
        const twin = await seatByKey(db, key);
        return twin ? { ok: true, reservationId: twin.id, replayed: true } : { ok: false, reason: "alreadyReserved" };
      }
      if (/lesson_slots_capacity/.test(String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error))) {
        const after = await db.select({ status: lessonSlots.status }).from(lessonSlots).where(eq(lessonSlots.id, input.slotId)).get();
        return { ok: false, reason: after?.status === LESSON_STATUS.before ? "soldOut" : "closed" };
      }
      throw error;
    }
    const made = await seatByKey(db, key);
    if (made) return { ok: true, reservationId: made.id, replayed: false };
  }
  return { ok: false, reason: "noTicket" };
}
