import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { purchases } from "./money";

// Raffles
//
// A creator's raffle: fans buy entries through the cart (type Raffle, target raffle_entry,
// quantity = entries), the creator draws winners once the entry window has closed. The draw's seed
// and algorithm are recorded with the winners in one batch, so anyone can recompute the result
// (server/domain/raffles.ts).

export const RAFFLE_STATUSES = ["draft", "published", "drawn"] as const;

export const raffles = sqliteTable(
  "raffles",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    prizeDescription: text("prize_description").notNull().default(""),
    /** yen per entry, tax included; 0 is a free raffle */
    entryPrice: integer("entry_price").notNull(),
    winnerCount: integer("winner_count").notNull(),
    entryStartAt: timestamp("entry_start_at").notNull(),
    entryEndAt: timestamp("entry_end_at").notNull(),
    maxEntriesPerFan: integer("max_entries_per_fan").notNull(),
    /** draft: only managers see it; published: fans see it and enter in its window; drawn: final */
    status: text("status", { enum: RAFFLE_STATUSES }).notNull().default("draft"),
    drawnAt: timestamp("drawn_at"),
    /** the draw's random seed, lower-case hex */
    seed: text("seed"),
    /** the name of the draw algorithm that turns seed and entries into winners */
    algorithm: text("algorithm"),
    /** how many tickets (entries counted with their count) the draw was run over */
    drawnTicketCount: integer("drawn_ticket_count"),
    ...timestamps(),
  },
  (t) => [
    index("raffles_fanclub_end").on(t.fanclubId, t.entryEndAt),
    check("raffles_entry_price_not_negative", sql`${t.entryPrice} >= 0`),
    check("raffles_counts", sql`${t.winnerCount} >= 1 AND ${t.maxEntriesPerFan} >= 1`),
    check("raffles_window", sql`${t.entryEndAt} > ${t.entryStartAt}`),
    // a drawn raffle carries its whole result's recipe; an undrawn one none of it
    check(
      "raffles_draw_recorded",
      sql`(${t.status} = 'drawn' AND ${t.drawnAt} IS NOT NULL AND ${t.seed} IS NOT NULL AND ${t.algorithm} IS NOT NULL AND ${t.drawnTicketCount} IS NOT NULL) OR (${t.status} <> 'drawn' AND ${t.drawnAt} IS NULL AND ${t.seed} IS NULL AND ${t.algorithm} IS NULL AND ${t.drawnTicketCount} IS NULL)`,
    ),
  ],
);

/**
 * Entries a fan bought in one purchase. `fanTotal` is the fan's entries in this raffle including
 * this row and `fanLimit` the most the raffle allowed when the row was written (0 when it was not
 * open for entries: a draft, drawn, or outside the window): both are computed by the INSERT ...
 * SELECT inside the purchase batch, so the CHECK refuses the whole purchase when a concurrent
 * purchase took the fan past the limit or the window closed meanwhile.
 */
export const raffleEntries = sqliteTable(
  "raffle_entries",
  {
    id: serialId(),
    raffleId: integer("raffle_id")
      .notNull()
      .references(() => raffles.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    count: integer("count").notNull(),
    fanTotal: integer("fan_total").notNull(),
    fanLimit: integer("fan_limit").notNull(),
    /** '{purchase key}:raffle:{raffleId}': one entry row per purchase and raffle */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("raffle_entries_key_unique").on(t.idempotencyKey),
    index("raffle_entries_raffle_user").on(t.raffleId, t.userId),
    index("raffle_entries_user").on(t.userId, t.id),
    check("raffle_entries_count_positive", sql`${t.count} >= 1`),
    check("raffle_entries_limit_capacity", sql`${t.fanTotal} >= ${t.count} AND ${t.fanTotal} <= ${t.fanLimit}`),
  ],
);

/** The draw's result: one row per winner, rank 1 first (the order the draw picked them). */
export const raffleWinners = sqliteTable(
  "raffle_winners",
  {
    raffleId: integer("raffle_id")
      .notNull()
      .references(() => raffles.id),
    rank: integer("rank").notNull(),
    /** the entry whose ticket won */
    entryId: integer("entry_id")
      .notNull()
      .references(() => raffleEntries.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.rank] }),
    // winners are distinct fans
    uniqueIndex("raffle_winners_user_unique").on(t.raffleId, t.userId),
    check("raffle_winners_rank_positive", sql`${t.rank} >= 1`),
  ],
);

export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleEntryRow = typeof raffleEntries.$inferSelect;
