import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { posts } from "./posts";
import { purchases } from "./money";
import { liveEvents } from "./live";
import { specialTicketTypes } from "./community";

// Lessons with reservations (issue 22): a creator opens slots (a time, a length, seats), fans
// reserve seats, free or paid through the cart. Times are instants; the creator picks them in
// Japan time on half-hour steps (spec §5).

/** How the lesson is held: in our own live room, or an outside tool whose link only reserved fans see. */
export const LESSON_METHODS = ["online", "external"] as const;

/** Spec §4 lesson reservation status: 0 before, 1 done, 2 cancelled (a slot carries the same states). */
export const LESSON_STATUSES = [0, 1, 2] as const;

export const lessonSlots = sqliteTable(
  "lesson_slots",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** who holds the lesson (the owner publishes in the live room) */
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    /** the lesson post the slot belongs to, if any (the post shows the slot's reserve button) */
    postId: integer("post_id").references(() => posts.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startAt: timestamp("start_at").notNull(),
    /** minutes, 10–300 in steps of 10 (spec §5) */
    durationMinutes: integer("duration_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    reservedCount: integer("reserved_count").notNull().default(0),
    method: text("method", { enum: LESSON_METHODS }).notNull(),
    /** the outside tool's link: shown to reserved fans and the creator only */
    externalUrl: text("external_url"),
    /** the private live event whose room holds an online lesson */
    liveEventId: integer("live_event_id").references(() => liveEvents.id),
    /** yen, tax included; 0 = free (or a ticket seat) */
    price: integer("price").notNull(),
    /** a seat taken with one special ticket of this type instead of yen (decision 038); price is then 0 */
    ticketTypeId: integer("ticket_type_id").references(() => specialTicketTypes.id),
    reservationStartAt: timestamp("reservation_start_at").notNull(),
    reservationEndAt: timestamp("reservation_end_at").notNull(),
    status: integer("status").notNull().default(0),
    /** when the reminders went out (the cron sends them once) */
    remindedAt: timestamp("reminded_at"),
    ...timestamps(),
  },
  (t) => [
    index("lesson_slots_fanclub_start").on(t.fanclubId, t.startAt),
    index("lesson_slots_status_start").on(t.status, t.startAt),
    index("lesson_slots_post").on(t.postId),
    check("lesson_slots_status_values", sql`${t.status} IN (0, 1, 2)`),
    check("lesson_slots_price", sql`${t.price} = 0 OR (${t.price} >= 100 AND ${t.price} <= 100000)`),
    check("lesson_slots_ticket_price", sql`${t.ticketTypeId} IS NULL OR ${t.price} = 0`),
    check("lesson_slots_duration", sql`${t.durationMinutes} BETWEEN 10 AND 300 AND ${t.durationMinutes} % 10 = 0`),
    check("lesson_slots_window", sql`${t.reservationStartAt} < ${t.reservationEndAt} AND ${t.reservationEndAt} <= ${t.startAt}`),
    // the name ends in _capacity: a purchase whose batch this aborts gives its card part back (decision 018)
    check("lesson_slots_capacity", sql`${t.reservedCount} >= 0 AND ${t.reservedCount} <= ${t.capacity}`),
  ],
);

/**
 * A fan's seat. One per fan and slot (UNIQUE); `idempotencyKey` derives from the purchase key (or
 * the free reservation's key), so a replay writes nothing twice. A cancelled lesson's paid seats
 * are refunded under `refund:lesson:{reservation id}`, recorded in `refundedAt`.
 */
export const lessonReservations = sqliteTable(
  "lesson_reservations",
  {
    id: serialId(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => lessonSlots.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purchaseId: integer("purchase_id").references(() => purchases.id),
    /** what the fan paid (yen) */
    price: integer("price").notNull(),
    status: integer("status").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull(),
    refundId: text("refund_id"),
    refundedAt: timestamp("refunded_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("lesson_reservations_key_unique").on(t.idempotencyKey),
    uniqueIndex("lesson_reservations_one_per_fan").on(t.slotId, t.userId),
    index("lesson_reservations_user_created").on(t.userId, t.createdAt),
    check("lesson_reservations_status_values", sql`${t.status} IN (0, 1, 2)`),
  ],
);

export type LessonSlotRow = typeof lessonSlots.$inferSelect;
export type LessonReservationRow = typeof lessonReservations.$inferSelect;
