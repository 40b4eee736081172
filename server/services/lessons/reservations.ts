import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubEditors, fanclubs, lessonReservations, lessonSlots } from "../../../db/schema";
import { can, parsePermissions } from "../../domain/fanclub-permissions";
import { mediaUrl } from "../../domain/images";
import { LESSON_STATUS, lessonEndAt, lessonRoomOpen } from "../../domain/lessons";
import { safeJsonArray } from "../creator";
import { slotView, type SlotView } from "./slots";

/** A fan's seats: the purchase history, one slot as its holder sees it, and who may enter. */

const LESSON_HISTORY_PAGE = 20;

/** /me/purchase_histories/lesson_reservation: the fan's seats, newest first, with the status of spec §4. */
export async function listFanReservations(db: Db, userId: number, page: number) {
  const rows = await db
    .select({
      id: lessonReservations.id,
      status: lessonReservations.status,
      price: lessonReservations.price,
      refundedAt: lessonReservations.refundedAt,
      createdAt: lessonReservations.createdAt,
      slotId: lessonSlots.id,
      title: lessonSlots.title,
      startAt: lessonSlots.startAt,
      durationMinutes: lessonSlots.durationMinutes,
      method: lessonSlots.method,
      fanclubId: fanclubs.id,
      fanclubName: fanclubs.name,
      fanclubIconKey: fanclubs.iconKey,
    })
    .from(lessonReservations)
    .innerJoin(lessonSlots, eq(lessonSlots.id, lessonReservations.slotId))
    .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
    .where(eq(lessonReservations.userId, userId))
    .orderBy(desc(lessonReservations.createdAt), desc(lessonReservations.id))
    .limit(LESSON_HISTORY_PAGE + 1)
    .offset((page - 1) * LESSON_HISTORY_PAGE);
  return {
    items: rows.slice(0, LESSON_HISTORY_PAGE).map((r) => ({
      id: r.id,
      status: r.status,
      price: r.price,
      refunded: r.refundedAt !== null,
      reservedAt: r.createdAt.getTime(),
      slotId: r.slotId,
      title: r.title,
      startAt: r.startAt.getTime(),
      endAt: lessonEndAt({ startAt: r.startAt.getTime(), durationMinutes: r.durationMinutes }),
      method: r.method,
      fanclub: { id: r.fanclubId, name: r.fanclubName, iconImageUrl: mediaUrl(r.fanclubIconKey) },
    })),
    hasNext: rows.length > LESSON_HISTORY_PAGE,
  };
}

export type HeldSlot = {
  slot: SlotView;
  fanclub: { id: number; name: string };
  /** the viewer's seat; null for a manager without one */
  reservation: { id: number; status: number; price: number; refunded: boolean } | null;
  manages: boolean;
  /** the outside tool's link, only for a seat that is not cancelled, or a manager */
  externalUrl: string | null;
};

/**
 * One slot as a seat holder or a manager of its fan club sees it (with the outside link and the
 * room). Null for anyone else: the link is never shown to a fan without a seat.
 */
export async function loadHeldSlot(db: Db, slotId: number, userId: number, now: number): Promise<HeldSlot | null> {
  const [slotRows, seatRows, editorRows] = await db.batch([
    db
      // aliased: in a D1 batch drizzle reads a row by column name, and the fan club's owner_id and
      // status would be read as the slot's (every seat holder was turned away as if the fan club were closed)
      .select({
        slot: lessonSlots,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        fanclubOwnerId: sql<number>`${fanclubs.ownerId}`.as("fanclub_owner_id"),
        fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status"),
      })
      .from(lessonSlots)
      .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
      .where(eq(lessonSlots.id, slotId)),
    db
      .select()
      .from(lessonReservations)
      .where(and(eq(lessonReservations.slotId, slotId), eq(lessonReservations.userId, userId))),
    db
      .select({ userId: fanclubEditors.userId, permissions: fanclubEditors.permissions })
      .from(fanclubEditors)
      .where(
        and(
          eq(fanclubEditors.userId, userId),
          sql`${fanclubEditors.acceptedAt} IS NOT NULL`,
          sql`${fanclubEditors.fanclubId} = (SELECT "fanclub_id" FROM "lesson_slots" WHERE "id" = ${slotId})`,
        ),
      ),
  ]);
  const row = slotRows[0];
  if (!row || row.fanclubStatus !== "open") return null;
  const seat = seatRows[0] ?? null;
  // the permission table's rule (spec §6): the owner, or an editor allowed to manage lessons; an
  // editor without can_lesson_manage is a reader here and sees the outside link only with a seat
  const editor = editorRows[0];
  const manages = can(
    {
      userId,
      ownerId: row.fanclubOwnerId,
      editorPermissions: editor ? parsePermissions(safeJsonArray(editor.permissions)) : null,
    },
    "manageLessons",
  );
  if (!seat && !manages) return null;
  const live = manages || (seat !== null && seat.status !== LESSON_STATUS.cancelled);
  return {
    slot: slotView(row.slot, now),
    fanclub: { id: row.slot.fanclubId, name: row.fanclubName },
    reservation: seat ? { id: seat.id, status: seat.status, price: seat.price, refunded: seat.refundedAt !== null } : null,
    manages,
    externalUrl: live ? row.slot.externalUrl : null,
  };
}

/** Whether the room of an online lesson admits a seat holder now (the room's own check does the rest). */
export function roomAdmits(held: HeldSlot, now: number): boolean {
  return held.slot.method === "online" && held.slot.liveEventId !== null && lessonRoomOpen(held.slot, now);
}

/** The slot of one of the fan's own seats; null for someone else's seat (a 404, never a hint that it exists). */
export async function slotOfSeat(db: Db, userId: number, reservationId: number): Promise<number | null> {
  const row = await db
    .select({ slotId: lessonReservations.slotId })
    .from(lessonReservations)
    .where(and(eq(lessonReservations.id, reservationId), eq(lessonReservations.userId, userId)))
    .get();
  return row?.slotId ?? null;
}
