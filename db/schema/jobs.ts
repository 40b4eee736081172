import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

// Background jobs: liveness of the scheduled machinery and the idempotency keys of its effects.

/**
 * Last run of each background entry point (cron, queue consumer). Operators read it to see that
 * the scheduled machinery is alive; jobs added later record here too.
 */
export const heartbeats = sqliteTable("heartbeats", {
  source: text("source").primaryKey(),
  beatAt: timestamp("beat_at").notNull(),
  runs: integer("runs").notNull().default(0),
  detail: text("detail"),
});

/**
 * Idempotency keys of effects that must happen once although their trigger arrives at least once
 * (cron, queue redelivery, webhooks). Written in the same batch as the effect.
 */
export const processedEvents = sqliteTable("processed_events", {
  key: text("key").primaryKey(),
  processedAt: timestamp("processed_at").notNull(),
});
