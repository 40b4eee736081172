import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, lessonReservations, lessonSlots } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { lessonEndAt, reserveState } from "../../domain/lessons";
import { EMPTY_ITEM_FIELDS, defineKind, oneSeatLine, type CartProblem } from "./kind";

/**
 * Lesson seats in the cart (issue 22). The id is the slot's. One seat per fan and slot (UNIQUE);
 * the capacity is the slot's CHECK on its reserved count, moved in the purchase's batch, so the
 * last seat goes to one fan only, and a slot cancelled between the check and the payment fails the
 * same CHECK (the purchase then gives the card part back, decision 018).
 */

type SlotInfo = {
  slotId: number;
  title: string;
  price: number;
  ticketTypeId: number | null;
  capacity: number;
  reservedCount: number;
  startAt: number;
  durationMinutes: number;
  reservationStartAt: number;
  reservationEndAt: number;
  status: number;
  fanclubId: number;
  fanclubName: string;
  fanclubIconKey: string | null;
  fanclubOpen: boolean;
};

type SlotContext = { slots: Map<number, SlotInfo>; reserved: Set<number> };

async function loadLessonContext(db: Db, userId: number, slotIds: readonly number[]): Promise<SlotContext> {
  const ids = slotIds.length ? [...new Set(slotIds)] : [0];
  const [slotRows, seatRows] = await db.batch([
    db
      .select({
        slotId: lessonSlots.id,
        title: lessonSlots.title,
        price: lessonSlots.price,
        ticketTypeId: lessonSlots.ticketTypeId,
        capacity: lessonSlots.capacity,
        reservedCount: lessonSlots.reservedCount,
        startAt: lessonSlots.startAt,
        durationMinutes: lessonSlots.durationMinutes,
        reservationStartAt: lessonSlots.reservationStartAt,
        reservationEndAt: lessonSlots.reservationEndAt,
        status: lessonSlots.status,
        fanclubId: lessonSlots.fanclubId,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        fanclubIconKey: fanclubs.iconKey,
        fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status"),
      })
      .from(lessonSlots)
      .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
      .where(inArray(lessonSlots.id, ids)),
    db
      .select({ slotId: lessonReservations.slotId })
      .from(lessonReservations)
      .where(and(eq(lessonReservations.userId, userId), inArray(lessonReservations.slotId, ids))),
  ]);
  const slots = new Map<number, SlotInfo>(
    slotRows.map((r) => [
      r.slotId,
      {
        ...r,
        startAt: r.startAt.getTime(),
        reservationStartAt: r.reservationStartAt.getTime(),
        reservationEndAt: r.reservationEndAt.getTime(),
        fanclubOpen: r.fanclubStatus === "open",
      },
    ]),
  );
  return { slots, reserved: new Set(seatRows.map((r) => r.slotId)) };
}

function checkSlot(ctx: SlotContext, slotId: number, now: number): { ok: true; info: SlotInfo } | { ok: false; problem: CartProblem } {
  const info = ctx.slots.get(slotId);
  if (!info) return { ok: false, problem: "noProduct" };
  if (!info.fanclubOpen) return { ok: false, problem: "notOnSale" };
  if (ctx.reserved.has(slotId)) return { ok: false, problem: "alreadyOwned" };
  // a ticket slot's seat costs a special ticket, never yen and never nothing (../lessons/ticket-seats.ts)
  if (info.ticketTypeId !== null) return { ok: false, problem: "lessonTicketOnly" };
  const state = reserveState(info, now);
  if (state === "full") return { ok: false, problem: "soldOut" };
  if (state !== "open") return { ok: false, problem: "lessonClosed" };
  return { ok: true, info };
}

/** The seat row's UNIQUE key: one seat per purchase attempt and slot. */
function lessonSeatKey(purchaseKey: string, slotId: number): string {
  return `${purchaseKey}:lesson:${slotId}`;
}

export const lessonKind = defineKind<SlotContext, SlotInfo>({
  ...oneSeatLine({ type: "LessonReservation", targetType: "lesson_slot", loadTargets: loadLessonContext, checkTarget: checkSlot }),

  view: (row, price, info) => ({
    ...EMPTY_ITEM_FIELDS,
    id: row.id,
    type: "LessonReservation",
    target_type: "lesson_slot",
    price,
    quantity: 1,
    note: null,
    title: info.title,
    fanclub: { id: info.fanclubId, name: info.fanclubName, iconImageUrl: mediaUrl(info.fanclubIconKey) },
    // a lesson has a start and an end like a live event: the modal's schedule line shows them
    liveStartAt: info.startAt,
    liveEndAt: lessonEndAt(info),
    detail: { lessonSlotId: info.slotId, durationMinutes: info.durationMinutes },
  }),

  effect: (db, input) => [
    db.insert(lessonReservations).values({
      slotId: input.detail.slotId,
      userId: input.userId,
      purchaseId: input.purchaseId,
      price: input.price,
      status: 0,
      idempotencyKey: lessonSeatKey(input.purchaseKey, input.detail.slotId),
      createdAt: new Date(input.now),
      updatedAt: new Date(input.now),
    }),
    // past the capacity, or on a slot no longer taking seats, the CHECK fails the whole batch
    db
      .update(lessonSlots)
      .set({
        reservedCount: sql`CASE WHEN ${lessonSlots.status} = 0 THEN ${lessonSlots.reservedCount} + 1 ELSE ${lessonSlots.capacity} + 1 END`,
        updatedAt: new Date(input.now),
      })
      .where(eq(lessonSlots.id, input.detail.slotId)),
  ],

  memo: (info) => `${info.fanclubName} ${info.title}`,
  month: () => null,
  earningSubject: (_row, info) => ({ type: "lesson_slot", id: info.slotId }),
});
