import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs, plans } from "./fanclubs";
import { purchases } from "./money";

// Live events (issue 7; the tickets are sold through the cart of issue 6)
//
// Times are stored as instants; the creator picks them in Japan time on half-hour steps (spec §5).
// The live room (Durable Object, chat, video) builds on these rows and adds its own state.

/** Who may watch (spec issue 7): members of the chosen plans, ticket holders, or either. */
export const LIVE_EVENT_VISIBILITIES = ["plan", "ticket", "both"] as const;

/** Spec §4 live event status: 0 waiting for broadcast, 1 private, 2 broadcast ended. */
export const LIVE_EVENT_STATUSES = [0, 1, 2] as const;

export const liveEvents = sqliteTable(
  "live_events",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** spec §3 liveEventOwnerId: the one person who broadcasts (spec §6 'only the event owner publishes') */
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** R2 key (or a static demo path) of the 1200×630 cover */
    coverKey: text("cover_key"),
    startAt: timestamp("start_at").notNull(),
    endAt: timestamp("end_at").notNull(),
    visibility: text("visibility", { enum: LIVE_EVENT_VISIBILITIES }).notNull(),
    status: integer("status").notNull().default(0),
    /**
     * The event's meeting at the production video provider (RealtimeKit), made on the first join
     * and kept for every later one; null until then and under the local provider
     */
    videoMeetingId: text("video_meeting_id"),
    /**
     * When the owner's current broadcast went on air (spec §4 "on air"), null when off air. Only
     * the event's live room writes it, on each transition, so lists can show what is really on
     * air without asking every room; see decision 024 for how a stale value is bounded.
     */
    onAirAt: timestamp("on_air_at"),
    ...timestamps(),
  },
  (t) => [
    index("live_events_fanclub_start").on(t.fanclubId, t.startAt),
    // the public lists and now-on-air walk events by status and time
    index("live_events_status_start").on(t.status, t.startAt),
    check("live_events_schedule", sql`${t.endAt} > ${t.startAt}`),
    check("live_events_status_values", sql`${t.status} IN (0, 1, 2)`),
  ],
);

/** The plans whose members may watch, when the visibility includes plan members. */
export const liveEventPlans = sqliteTable(
  "live_event_plans",
  {
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
  },
  (t) => [primaryKey({ columns: [t.liveEventId, t.planId] }), index("live_event_plans_plan").on(t.planId)],
);

/**
 * Ticket types of an event (spec §3 live ticket: id, title, price). `soldCount` moves in the same
 * batch as the ticket row, and the CHECK makes a sale past the capacity fail the whole purchase
 * batch: two fans racing for the last ticket cannot both get it.
 */
export const liveEventTicketTypes = sqliteTable(
  "live_event_ticket_types",
  {
    id: serialId(),
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    title: text("title").notNull(),
    /** yen, tax included; 0 = free (decision 021 ticket price rule) */
    price: integer("price").notNull(),
    /** null = no limit */
    capacity: integer("capacity"),
    soldCount: integer("sold_count").notNull().default(0),
    /** null = on sale until the event ends */
    saleEndAt: timestamp("sale_end_at"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index("live_event_ticket_types_event").on(t.liveEventId, t.sortOrder),
    check("live_event_ticket_types_price", sql`${t.price} = 0 OR (${t.price} >= 100 AND ${t.price} <= 100000)`),
    // the name ends in _capacity: the purchase refunds a card part when this aborts its batch (decision 018)
    check("live_event_ticket_types_capacity", sql`${t.soldCount} >= 0 AND (${t.capacity} IS NULL OR ${t.soldCount} <= ${t.capacity})`),
  ],
);

/**
 * A fan's ticket. `idempotencyKey` derives from the purchase key, so a replayed purchase writes
 * nothing twice; one ticket per fan and event (UNIQUE), whatever type.
 */
export const liveEventTickets = sqliteTable(
  "live_event_tickets",
  {
    id: serialId(),
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => liveEventTicketTypes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    /** what the fan paid (yen) */
    price: integer("price").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("live_event_tickets_key_unique").on(t.idempotencyKey),
    uniqueIndex("live_event_tickets_one_per_fan").on(t.liveEventId, t.userId),
    index("live_event_tickets_user_created").on(t.userId, t.createdAt),
    index("live_event_tickets_type").on(t.ticketTypeId),
  ],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
export type LiveEventTicketTypeRow = typeof liveEventTicketTypes.$inferSelect;
export type LiveEventTicketRow = typeof liveEventTickets.$inferSelect;
