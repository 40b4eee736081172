import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";

// Schedules (docs/decisions/036)
//
// A fan club's calendar entries, in UTC instants shown in Japan time. The fan club's live events
// join the calendar by themselves (read from live_events, never copied here). An entry may point at
// a live event, a post or a lesson. Members-only entries reach a calendar app only through a
// per-fan feed token, which the fan can revoke.

export const SCHEDULE_LINK_KINDS = ["live_event", "post", "lesson"] as const;

export const schedules = sqliteTable(
  "schedules",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startAt: timestamp("start_at").notNull(),
    endAt: timestamp("end_at").notNull(),
    /** false: everyone; true: members of any plan (and the fan club's staff) */
    membersOnly: integer("members_only", { mode: "boolean" }).notNull().default(false),
    linkKind: text("link_kind", { enum: SCHEDULE_LINK_KINDS }),
    linkId: integer("link_id"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    index("schedules_fanclub_start").on(t.fanclubId, t.startAt),
    check("schedules_window", sql`${t.endAt} > ${t.startAt}`),
    check("schedules_link", sql`(${t.linkKind} IS NULL) = (${t.linkId} IS NULL)`),
  ],
);

/** A fan's private feed URL of one fan club's calendar; revoking it ends the URL for good. */
export const scheduleFeedTokens = sqliteTable(
  "schedule_feed_tokens",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** 32 random bytes, base64url: shown to its fan again (like a calendar's secret address) */
    token: text("token").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [uniqueIndex("schedule_feed_tokens_token").on(t.token), index("schedule_feed_tokens_user").on(t.userId, t.fanclubId)],
);

export type ScheduleRow = typeof schedules.$inferSelect;
