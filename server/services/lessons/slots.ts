import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import {
  fanclubs,
  lessonReservations,
  lessonSlots,
  liveEvents,
  posts,
  specialTicketTypes,
  users,
  type LessonSlotRow,
} from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { LIVE_STATUS } from "../../domain/live-events";
import { POST_TYPES } from "../../domain/posts";
import {
  LESSON_STATUS,
  lessonEndAt,
  lessonRoomOpen,
  reserveState,
  scheduleLocked,
  seatsLeft,
  type LessonSlotInput,
  type ReserveState,
} from "../../domain/lessons";

/** The creator's lesson slots: opening, editing, listing, and one slot with its seats. */

type Stmt = BatchItem<"sqlite">;

export type SlotSaveResult =
  { ok: true; id: number } | { ok: false; reason: "notFound" | "postNotOwned" | "ticketTypeNotOwned" | "locked" };

/** A ticket slot accepts a type of this fan club that is not ended (an ended type issues no new tickets). */
async function ownsTicketType(db: Db, fanclubId: number, typeId: number | null): Promise<boolean> {
  if (typeId === null) return true;
  const row = await db
    .select({ id: specialTicketTypes.id })
    .from(specialTicketTypes)
    .where(and(eq(specialTicketTypes.id, typeId), eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
    .get();
  return row !== undefined;
}

async function ownsLessonPost(db: Db, fanclubId: number, postId: number | null): Promise<boolean> {
  if (postId === null) return true;
  const row = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.fanclubId, fanclubId), eq(posts.type, POST_TYPES.lesson), sql`${posts.deletedAt} IS NULL`))
    .get();
  return row !== undefined;
}

function slotValues(input: LessonSlotInput, now: number) {
  return {
    title: input.title,
    description: input.description,
    startAt: new Date(input.startAt),
    durationMinutes: input.durationMinutes,
    capacity: input.capacity,
    method: input.method,
    externalUrl: input.method === "external" ? input.externalUrl : null,
    price: input.ticketTypeId === null ? input.price : 0,
    ticketTypeId: input.ticketTypeId,
    reservationStartAt: new Date(input.reservationStartAt),
    reservationEndAt: new Date(input.reservationEndAt),
    postId: input.postId,
    updatedAt: new Date(now),
  };
}

/** The private live event that holds an online lesson's room: only the slot's seats and the fan club's managers enter. */
function roomEventValues(input: LessonSlotInput) {
  return {
    title: input.title,
    description: input.description,
    startAt: new Date(input.startAt),
    endAt: new Date(lessonEndAt(input)),
    // 'ticket' with no ticket types: nobody buys in; the lesson's seats count as its tickets (server/live/live-access.ts)
    visibility: "ticket" as const,
    status: LIVE_STATUS.private,
  };
}

/**
 * Opens a slot. An online lesson gets its room's private live event in the same batch, so a slot
 * never exists without its room.
 */
export async function createLessonSlot(
  db: Db,
  fanclub: { fanclubId: number; ownerId: number },
  input: LessonSlotInput,
  now: number,
): Promise<SlotSaveResult> {
  if (!(await ownsLessonPost(db, fanclub.fanclubId, input.postId))) return { ok: false, reason: "postNotOwned" };
  if (!(await ownsTicketType(db, fanclub.fanclubId, input.ticketTypeId))) return { ok: false, reason: "ticketTypeNotOwned" };
  const at = new Date(now);
  const statements: Stmt[] = [];
  let liveEventId: ReturnType<typeof sql<number>> | null = null;
  if (input.method === "online") {
    statements.push(
      db
        .insert(liveEvents)
        .values({ fanclubId: fanclub.fanclubId, ownerId: fanclub.ownerId, createdAt: at, updatedAt: at, ...roomEventValues(input) }),
    );
    // inside the batch's transaction the newest event of this fan club is the one just inserted
    liveEventId = sql<number>`(SELECT MAX("id") FROM "live_events" WHERE "fanclub_id" = ${fanclub.fanclubId})`;
  }
  statements.push(
    db
      .insert(lessonSlots)
      .values({ fanclubId: fanclub.fanclubId, ownerId: fanclub.ownerId, liveEventId, createdAt: at, ...slotValues(input, now) })
      .returning({ id: lessonSlots.id }),
  );
  const results = await db.batch(statements as [Stmt, ...Stmt[]]);
  const inserted = results[results.length - 1] as Array<{ id: number }>;
  return { ok: true, id: inserted[0]!.id };
}

/**
 * Saves the form over a slot. Once a seat is taken (or the lesson is over) only the title and the
 * description change: fans reserved that time, length, method and price (decision 038).
 */
export async function updateLessonSlot(
  db: Db,
  fanclubId: number,
  slotId: number,
  input: LessonSlotInput,
  now: number,
): Promise<SlotSaveResult> {
  const slot = await db
    .select()
    .from(lessonSlots)
    .where(and(eq(lessonSlots.id, slotId), eq(lessonSlots.fanclubId, fanclubId)))
    .get();
  if (!slot) return { ok: false, reason: "notFound" };
  if (!(await ownsLessonPost(db, fanclubId, input.postId))) return { ok: false, reason: "postNotOwned" };
  // a locked slot keeps its type, so a type ended since still counts as the slot's own
  if (input.ticketTypeId !== slot.ticketTypeId && !(await ownsTicketType(db, fanclubId, input.ticketTypeId)))
    return { ok: false, reason: "ticketTypeNotOwned" };
  const at = new Date(now);
  const locked = scheduleLocked(slot);
  const changesLockedFields =
    slot.startAt.getTime() !== input.startAt ||
    slot.durationMinutes !== input.durationMinutes ||
    slot.capacity !== input.capacity ||
    slot.method !== input.method ||
    slot.price !== (input.ticketTypeId === null ? input.price : 0) ||
    slot.ticketTypeId !== input.ticketTypeId;
  if (locked && changesLockedFields) return { ok: false, reason: "locked" };
  const statements: Stmt[] = [];
  const liveEventId = slot.liveEventId;
  if (input.method === "online" && liveEventId === null) {
    statements.push(
      db.insert(liveEvents).values({ fanclubId, ownerId: slot.ownerId, createdAt: at, updatedAt: at, ...roomEventValues(input) }),
    );
  } else if (input.method === "online" && liveEventId !== null) {
    statements.push(
      db
        .update(liveEvents)
        .set({ ...roomEventValues(input), updatedAt: at })
        .where(eq(liveEvents.id, liveEventId)),
    );
  }
  const roomId =
    input.method === "online" && liveEventId === null
      ? sql<number>`(SELECT MAX("id") FROM "live_events" WHERE "fanclub_id" = ${fanclubId})`
      : liveEventId;
  // a lesson moved to an outside tool closes the room it had
  if (input.method !== "online" && liveEventId !== null)
    statements.push(db.update(liveEvents).set({ status: LIVE_STATUS.ended, updatedAt: at }).where(eq(liveEvents.id, liveEventId)));
  statements.push(
    db
      .update(lessonSlots)
      // the guard repeats the lock inside the statement: a seat taken since the read keeps the schedule
      .set({ ...slotValues(input, now), liveEventId: input.method === "online" ? roomId : null })
      .where(
        and(
          eq(lessonSlots.id, slotId),
          locked || !changesLockedFields ? sql`1 = 1` : sql`${lessonSlots.reservedCount} = 0 AND ${lessonSlots.status} = 0`,
        ),
      )
      .returning({ id: lessonSlots.id }),
  );
  const results = await db.batch(statements as [Stmt, ...Stmt[]]);
  const updated = results[results.length - 1] as Array<{ id: number }>;
  if (updated.length === 0) return { ok: false, reason: "locked" };
  return { ok: true, id: slotId };
}

export type SlotView = {
  id: number;
  fanclubId: number;
  postId: number | null;
  title: string;
  description: string;
  startAt: number;
  endAt: number;
  durationMinutes: number;
  capacity: number;
  reservedCount: number;
  seatsLeft: number;
  method: "online" | "external";
  price: number;
  ticketTypeId: number | null;
  reservationStartAt: number;
  reservationEndAt: number;
  status: number;
  liveEventId: number | null;
  state: ReserveState;
  roomOpen: boolean;
  locked: boolean;
};

export function slotView(slot: LessonSlotRow, now: number): SlotView {
  const timing = { startAt: slot.startAt.getTime(), durationMinutes: slot.durationMinutes };
  const forState = {
    ...timing,
    status: slot.status,
    capacity: slot.capacity,
    reservedCount: slot.reservedCount,
    reservationStartAt: slot.reservationStartAt.getTime(),
    reservationEndAt: slot.reservationEndAt.getTime(),
  };
  return {
    id: slot.id,
    fanclubId: slot.fanclubId,
    postId: slot.postId,
    title: slot.title,
    description: slot.description,
    startAt: timing.startAt,
    endAt: lessonEndAt(timing),
    durationMinutes: slot.durationMinutes,
    capacity: slot.capacity,
    reservedCount: slot.reservedCount,
    seatsLeft: seatsLeft(slot),
    method: slot.method,
    price: slot.price,
    ticketTypeId: slot.ticketTypeId,
    reservationStartAt: forState.reservationStartAt,
    reservationEndAt: forState.reservationEndAt,
    status: slot.status,
    liveEventId: slot.liveEventId,
    state: reserveState(forState, now),
    roomOpen: slot.method === "online" && lessonRoomOpen({ ...timing, status: slot.status }, now),
    locked: scheduleLocked(slot),
  };
}

/** The creator's slots, newest start first (the reserve tab's list). */
export async function listCreatorSlots(db: Db, fanclubId: number, now: number) {
  const rows = await db
    .select()
    .from(lessonSlots)
    .where(eq(lessonSlots.fanclubId, fanclubId))
    .orderBy(desc(lessonSlots.startAt), desc(lessonSlots.id))
    .limit(200);
  return rows.map((r) => slotView(r, now));
}

/** The creator's slots of one Japan-time month, for the calendar. */
export async function listCreatorSlotsBetween(db: Db, fanclubId: number, from: number, to: number, now: number) {
  const rows = await db
    .select()
    .from(lessonSlots)
    .where(and(eq(lessonSlots.fanclubId, fanclubId), gte(lessonSlots.startAt, new Date(from)), lt(lessonSlots.startAt, new Date(to))))
    .orderBy(asc(lessonSlots.startAt), asc(lessonSlots.id));
  return rows.map((r) => slotView(r, now));
}

/** One slot of the fan club, with the form's values and the external link (the creator sees it). */
export async function getCreatorSlot(db: Db, fanclubId: number, slotId: number) {
  return db
    .select()
    .from(lessonSlots)
    .where(and(eq(lessonSlots.id, slotId), eq(lessonSlots.fanclubId, fanclubId)))
    .get();
}

/** Who reserved a slot (the creator's seat list), oldest first. */
export async function listSlotSeats(db: Db, slotIds: readonly number[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      id: lessonReservations.id,
      slotId: lessonReservations.slotId,
      userId: lessonReservations.userId,
      name: users.name,
      price: lessonReservations.price,
      status: lessonReservations.status,
      refundedAt: lessonReservations.refundedAt,
      createdAt: lessonReservations.createdAt,
    })
    .from(lessonReservations)
    .innerJoin(users, eq(users.id, lessonReservations.userId))
    .where(inArray(lessonReservations.slotId, [...slotIds]))
    .orderBy(asc(lessonReservations.id));
}

/** The fan club's ticket types that are not ended, for the slot form's "with a special ticket" price. */
export async function listLessonTicketTypes(db: Db, fanclubId: number) {
  return db
    .select({ id: specialTicketTypes.id, name: specialTicketTypes.name })
    .from(specialTicketTypes)
    .where(and(eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
    .orderBy(asc(specialTicketTypes.id))
    .limit(100);
}

/** The fan club's lesson posts, for the slot form's post choice. */
export async function listLessonPosts(db: Db, fanclubId: number) {
  return db
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(and(eq(posts.fanclubId, fanclubId), eq(posts.type, POST_TYPES.lesson), sql`${posts.deletedAt} IS NULL`))
    .orderBy(desc(posts.id))
    .limit(100);
}

export type PublicSlot = SlotView & {
  reservation: { id: number; status: number } | null;
  /** a ticket slot's type, with how many usable tickets of it the viewer holds and whether fans can buy one */
  ticket: { name: string; held: number; onSale: boolean } | null;
};

/**
 * The public lesson tab and a lesson post: the fan club's slots that are not over (and the
 * recently held ones), each with the viewer's own seat. The outside link is never in this list.
 */
export async function listPublicSlots(
  db: Db,
  scope: { fanclubId: number; postId?: number },
  viewerId: number | null,
  now: number,
): Promise<{ fanclub: { id: number; name: string; iconImageUrl: string | null } | null; slots: PublicSlot[] }> {
  const where = and(
    eq(lessonSlots.fanclubId, scope.fanclubId),
    scope.postId !== undefined ? eq(lessonSlots.postId, scope.postId) : undefined,
    // a month of past lessons stays visible, so a fan finds the one they took
    gte(lessonSlots.startAt, new Date(now - 30 * 24 * 60 * 60 * 1000)),
  );
  const [fanclubRows, slotRows, seatRows, typeRows] = await db.batch([
    db
      .select({ id: fanclubs.id, name: fanclubs.name, iconKey: fanclubs.iconKey, status: fanclubs.status })
      .from(fanclubs)
      .where(eq(fanclubs.id, scope.fanclubId)),
    db.select().from(lessonSlots).where(where).orderBy(asc(lessonSlots.startAt), asc(lessonSlots.id)).limit(100),
    db
      .select({ id: lessonReservations.id, slotId: lessonReservations.slotId, status: lessonReservations.status })
      .from(lessonReservations)
      .where(
        and(
          eq(lessonReservations.userId, viewerId ?? 0),
          sql`${lessonReservations.slotId} IN (SELECT "id" FROM "lesson_slots" WHERE "fanclub_id" = ${scope.fanclubId})`,
        ),
      ),
    // in the same batch: the ticket slots' type names and the viewer's usable tickets of each (the
    // outer id is written out: drizzle leaves a lone table's columns unqualified, and inside the
    // subquery "id" would be the ticket's own)
    db
      .select({
        id: specialTicketTypes.id,
        name: specialTicketTypes.name,
        price: specialTicketTypes.price,
        archivedAt: specialTicketTypes.archivedAt,
        held: sql<number>`(SELECT count(*) FROM "special_tickets" s WHERE s."type_id" = "special_ticket_types"."id" AND s."user_id" = ${viewerId ?? 0} AND s."used_at" IS NULL AND (s."expires_at" IS NULL OR s."expires_at" > ${now}))`.as(
          "held",
        ),
      })
      .from(specialTicketTypes)
      .where(eq(specialTicketTypes.fanclubId, scope.fanclubId)),
  ]);
  const fanclub = fanclubRows[0];
  if (!fanclub || fanclub.status !== "open") return { fanclub: null, slots: [] };
  const seats = new Map(seatRows.map((s) => [s.slotId, { id: s.id, status: s.status }]));
  const types = new Map(typeRows.map((r) => [r.id, { name: r.name, held: Number(r.held), onSale: r.price > 0 && r.archivedAt === null }]));
  return {
    fanclub: { id: fanclub.id, name: fanclub.name, iconImageUrl: mediaUrl(fanclub.iconKey) },
    slots: slotRows
      // a cancelled slot stays for the fans who held a seat; others need not see it
      .filter((s) => s.status !== LESSON_STATUS.cancelled || seats.has(s.id))
      .map((s) => ({
        ...slotView(s, now),
        reservation: seats.get(s.id) ?? null,
        ticket: s.ticketTypeId === null ? null : (types.get(s.ticketTypeId) ?? { name: "", held: 0, onSale: false }),
      })),
  };
}
