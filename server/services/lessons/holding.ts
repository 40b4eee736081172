import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { lessonReservations, lessonSlots, liveEvents, notifications, specialTickets } from "../../../db/schema";
import { LESSON_STATUS, seatRefund, slotActionAllowed, statusAfter, type SlotAction } from "../../domain/lessons";
import { LIVE_STATUS } from "../../domain/live-events";
import type { PaymentProvider } from "../../integrations/payments";
import { creditCoins } from "../coins";
import { postRefundsTo } from "../earnings/refunds";
import { oweIfCardCannotTakeIt, type OwedRefundSink } from "../payouts/owed-refunds";
import { selectSeatRefunds } from "./seat-refunds";

/**
 * Holding a lesson: marking it done or cancelled moves the slot and every live seat in one batch
 * (and closes the room's live event). A cancel is the creator's, so every paid seat is refunded
 * (spec §1: no refunds, unless the creator cancels): the card part through the provider and the
 * coin part back to the wallet, each under its seat's own key, and the creator's earnings take
 * the refund back (decision 029). A refund the provider could not make now stays owed and the
 * hourly lesson job asks again under the same key, so every paid seat is refunded exactly once;
 * one the card can never take (the provider says so for good) is owed to the fan by bank
 * transfer under that same key (services/payouts/owed-refunds.ts).
 */

type Stmt = BatchItem<"sqlite">;

export type FinishResult = { ok: true; refunded: number; owed: number } | { ok: false; reason: "notFound" | "notAllowed" };

export async function finishLessonSlot(
  db: Db,
  provider: PaymentProvider,
  input: { fanclubId: number; slotId: number; action: SlotAction; now: number; url: string; owedRefunds: OwedRefundSink },
): Promise<FinishResult> {
  const slot = await db
    .select()
    .from(lessonSlots)
    .where(and(eq(lessonSlots.id, input.slotId), eq(lessonSlots.fanclubId, input.fanclubId)))
    .get();
  if (!slot) return { ok: false, reason: "notFound" };
  if (
    !slotActionAllowed(
      { startAt: slot.startAt.getTime(), durationMinutes: slot.durationMinutes, status: slot.status },
      input.action,
      input.now,
    )
  )
    return { ok: false, reason: "notAllowed" };
  const status = statusAfter(input.action);
  const at = new Date(input.now);
  const statements: Stmt[] = [];
  if (input.action === "cancel") {
    // the seats are told before their status moves (the SELECT reads the seats still live)
    statements.push(
      db.insert(notifications).select(
        db
          .select({
            id: sql<null>`NULL`.as("id"),
            userId: sql<number>`"lesson_reservations"."user_id"`.as("user_id"),
            kind: sql<string>`'lessonCancelled'`.as("kind"),
            params:
              sql<string>`json_object('lesson', ${slot.title}, 'fanclub', (SELECT "name" FROM "fanclubs" WHERE "id" = ${slot.fanclubId}))`.as(
                "params",
              ),
            url: sql<string>`${input.url}`.as("url"),
            readAt: sql<null>`NULL`.as("read_at"),
            createdAt: sql<number>`${input.now}`.as("created_at"),
          })
          .from(lessonReservations)
          .where(
            and(
              eq(lessonReservations.slotId, slot.id),
              eq(lessonReservations.status, LESSON_STATUS.before),
              // only while the slot is still before: a twin request that finished first tells nobody twice
              sql`(SELECT "status" FROM "lesson_slots" WHERE "id" = ${slot.id}) = 0`,
            ),
          ),
      ),
    );
  }
  if (input.action === "cancel") {
    // a seat taken with a special ticket gets its ticket back, usable again (decision 038): the
    // ticket carries the seat's key as its use key; only while the slot is still before, so a twin
    // cancel gives nothing twice
    statements.push(
      db
        .update(specialTickets)
        .set({ usedAt: null, usedPurpose: null, useKey: null })
        .where(
          and(
            sql`${specialTickets.useKey} IN (SELECT "idempotency_key" FROM "lesson_reservations" WHERE "slot_id" = ${slot.id} AND "status" = ${LESSON_STATUS.before})`,
            sql`(SELECT "status" FROM "lesson_slots" WHERE "id" = ${slot.id}) = 0`,
          ),
        ),
    );
  }
  statements.push(
    db
      .update(lessonReservations)
      .set({ status, updatedAt: at })
      .where(
        and(
          eq(lessonReservations.slotId, slot.id),
          eq(lessonReservations.status, LESSON_STATUS.before),
          sql`(SELECT "status" FROM "lesson_slots" WHERE "id" = ${slot.id}) = 0`,
        ),
      ),
  );
  if (slot.liveEventId !== null)
    statements.push(db.update(liveEvents).set({ status: LIVE_STATUS.ended, updatedAt: at }).where(eq(liveEvents.id, slot.liveEventId)));
  statements.push(
    db
      .update(lessonSlots)
      .set({ status, updatedAt: at })
      .where(and(eq(lessonSlots.id, slot.id), eq(lessonSlots.status, LESSON_STATUS.before)))
      .returning({ id: lessonSlots.id }),
  );
  const results = await db.batch(statements as [Stmt, ...Stmt[]]);
  const moved = results[results.length - 1] as Array<{ id: number }>;
  // a twin request moved it first: the state it left is the answer (a cancel still refunds below)
  if (moved.length === 0 && slot.status !== LESSON_STATUS.before) return { ok: false, reason: "notAllowed" };
  if (input.action !== "cancel") return { ok: true, refunded: 0, owed: 0 };
  return { ok: true, ...(await refundCancelledSeats(db, provider, input.owedRefunds, slot.id, input.now)) };
}

/** Refunds every paid seat of a cancelled slot not refunded yet; answers how many were done now and how many stay owed. */
async function refundCancelledSeats(
  db: Db,
  provider: PaymentProvider,
  owedRefunds: OwedRefundSink,
  slotId: number,
  now: number,
): Promise<{ refunded: number; owed: number }> {
  const seats = await selectSeatRefunds(db).where(
    and(
      eq(lessonReservations.slotId, slotId),
      eq(lessonReservations.status, LESSON_STATUS.cancelled),
      eq(lessonSlots.status, LESSON_STATUS.cancelled),
      gt(lessonReservations.price, 0),
      isNull(lessonReservations.refundedAt),
    ),
  );
  let refunded = 0;
  let owed = 0;
  for (const seat of seats) {
    const { key, card, coins, memo } = seatRefund(seat);
    let refundId: string | null = null;
    try {
      if (card > 0 && seat.cardChargeId) {
        refundId = (
          await provider.refund({
            chargeId: seat.cardChargeId,
            amountYen: card,
            idempotencyKey: key,
            metadata: { lessonReservationId: String(seat.id) },
          })
        ).refundId;
      }
    } catch (error) {
      // the provider said no for good (the payment too old, the card gone): the card part becomes
      // a refund owed to the fan under the same key, and the seat is refunded like any other
      const outcome = await oweIfCardCannotTakeIt(db, owedRefunds, error, {
        userId: seat.userId,
        fanclubId: seat.fanclubId,
        amount: card,
        key,
        memo,
        now,
      });
      if (outcome === "retry") {
        owed++;
        continue;
      }
    }
    if (coins > 0) {
      await creditCoins(db, {
        userId: seat.userId,
        amount: coins,
        kind: "charge",
        idempotencyKey: `${key}:coins`,
        now,
        memo,
        ref: { type: "lesson_refund", id: seat.id },
      });
    }
    await db
      .update(lessonReservations)
      .set({ refundId, refundedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(lessonReservations.id, seat.id), isNull(lessonReservations.refundedAt)));
    // the earnings take back what was given (up to the seat's price; a replay posts nothing)
    await postRefundsTo(db, { sourceKey: seat.purchaseKey, refundedTotal: seat.price, now });
    refunded++;
  }
  return { refunded, owed };
}

/** The hourly job: refunds still owed for cancelled slots (a provider that was down at cancel time). */
export async function refundOwedSeats(db: Db, provider: PaymentProvider, owedRefunds: OwedRefundSink, now: number): Promise<number> {
  const slots = await db
    .selectDistinct({ slotId: lessonReservations.slotId })
    .from(lessonReservations)
    .where(
      and(eq(lessonReservations.status, LESSON_STATUS.cancelled), gt(lessonReservations.price, 0), isNull(lessonReservations.refundedAt)),
    )
    .limit(50);
  let refunded = 0;
  for (const { slotId } of slots) refunded += (await refundCancelledSeats(db, provider, owedRefunds, slotId, now)).refunded;
  return refunded;
}
