import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";

// Leak tracing: how fast each account pulls private media, the bulk downloads flagged to the
// operator, and each fan club's choice of a visible mark (docs/decisions/042).

/**
 * Private media requests per account and fixed window (`minute` or `hour`, `windowStart` in ms).
 * One upsert per request; rows older than a day are deleted by the daily clean-up.
 */
export const mediaFetchCounters = sqliteTable(
  "media_fetch_counters",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    windowKind: text("window_kind", { enum: ["minute", "hour"] }).notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.windowKind, t.windowStart] }), index("media_fetch_counters_start").on(t.windowStart)],
);

/** An account that went over a media rate limit: one row per account and window, for the operator. */
export const mediaAbuseFlags = sqliteTable(
  "media_abuse_flags",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    windowKind: text("window_kind", { enum: ["minute", "hour"] }).notNull(),
    windowStart: integer("window_start").notNull(),
    /** requests counted when the limit was crossed */
    count: integer("count").notNull(),
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
    /** set when an operator has looked at it */
    reviewedAt: timestamp("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_abuse_flags_window").on(t.userId, t.windowKind, t.windowStart),
    index("media_abuse_flags_created").on(t.createdAt),
  ],
);

/** A fan club's mark settings: the invisible mark is always on; the visible one is the creator's choice. */
export const fanclubMarkSettings = sqliteTable("fanclub_mark_settings", {
  fanclubId: integer("fanclub_id")
    .primaryKey()
    .references(() => fanclubs.id),
  visibleMark: integer("visible_mark", { mode: "boolean" }).notNull().default(false),
  updatedAt: timestamp("updated_at").notNull(),
});

export type MediaAbuseFlagRow = typeof mediaAbuseFlags.$inferSelect;

/**
 * Fans who received marked images of a fan club: the candidates a suspect image is tested
 * against. Written once per fan and fan club (the marked images are cached per fan, so this
 * write happens on cache misses only); `lastDeliveredAt` moves forward at most daily.
 */
export const fanMarkDeliveries = sqliteTable(
  "fan_mark_deliveries",
  {
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    firstDeliveredAt: timestamp("first_delivered_at").notNull(),
    lastDeliveredAt: timestamp("last_delivered_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fanclubId, t.userId] })],
);
