import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";

// Money out: the creators' earnings ledger (docs/decisions/029)
//
// A second double-entry ledger beside the coin ledger, with the same rules: append-only, every
// entry under a UNIQUE idempotency key written in the same D1 batch as the payment, refund or
// payout that causes it, balances derived from the postings and never stored. The postings of one
// entry sum to zero (built only by server/domain/earnings.ts `saleSplit`/`entryPostings`).

/** What earned the money: the kinds that have their own dated fee rate. */
export const EARNING_KINDS = ["plan", "product", "live_ticket", "raffle", "tip", "lesson"] as const;

/**
 * Dated rates in basis points (1/100 %; 1000 = 10 %): the platform fee of each earning kind and
 * 'consumption_tax' on the fee. A change is a new row with the instant it applies from; rows are
 * never edited, so history keeps the rate each posting used (the posting stores it too). The
 * defaults live in server/domain/earnings.ts and apply until a row says otherwise.
 */
export const earningRates = sqliteTable(
  "earning_rates",
  {
    id: serialId(),
    kind: text("kind", { enum: [...EARNING_KINDS, "consumption_tax"] }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    effectiveFrom: timestamp("effective_from").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("earning_rates_kind_from_unique").on(t.kind, t.effectiveFrom),
    check("earning_rates_range", sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
  ],
);

/**
 * One movement of a fan club's money. `type` is a plain text column, so the payouts side adds
 * its types ('payout', 'payout_paid', 'payout_failed') without a migration:
 * - sale: a captured payment for one item (gross = what the fan paid for it; fee, tax, net >= 0);
 * - refund: a sale given back, in whole or part (all figures <= 0), `reversesEntryId` the sale;
 * - payout types: gross, fee and tax are 0 and net is the change of the fan club's 'creator'
 *   account (docs/decisions/029 says how a payout and its failure post).
 * On every entry `net` equals its posting on the 'creator' account, so a balance is one SUM(net)
 * over the covering index below.
 * `month` is the Japan-time month of `occurredAt`: the month a figure counts in and closes with.
 */
export const earningEntries = sqliteTable(
  "earning_entries",
  {
    id: serialId(),
    idempotencyKey: text("idempotency_key").notNull(),
    type: text("type", { enum: ["sale", "refund", "payout", "payout_paid", "payout_failed"] }).notNull(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** the earning kind (whose fee rate applied); null for payout types */
    kind: text("kind", { enum: EARNING_KINDS }),
    /** what was sold, for the sales page's breakdown: 'plan', 'product', 'live_event', 'raffle', 'post' or 'fanclub' (a tip) */
    subjectType: text("subject_type"),
    subjectId: integer("subject_id"),
    /** the fan who paid (null for payout types) */
    payerUserId: integer("payer_user_id").references(() => users.id),
    /** the key of the money effect that caused this entry: 'purchase:…', 'renewal:…', 'stripe-event:…', a payout's key */
    sourceKey: text("source_key").notNull(),
    /** a refund's sale */
    reversesEntryId: integer("reverses_entry_id"),
    gross: integer("gross").notNull(),
    fee: integer("fee").notNull(),
    tax: integer("tax").notNull(),
    net: integer("net").notNull(),
    feeRateBp: integer("fee_rate_bp").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    month: text("month").notNull(),
    occurredAt: timestamp("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("earning_entries_key_unique").on(t.idempotencyKey),
    // the sales page and the balance read one fan club's months; the covering columns keep it an index scan
    index("earning_entries_fanclub_month").on(t.fanclubId, t.month, t.type, t.kind, t.gross, t.fee, t.tax, t.net),
    index("earning_entries_source").on(t.sourceKey),
    index("earning_entries_reverses")
      .on(t.reversesEntryId)
      .where(sql`${t.reversesEntryId} IS NOT NULL`),
    check("earning_entries_figures", sql`${t.type} NOT IN ('sale', 'refund') OR ${t.gross} = ${t.fee} + ${t.tax} + ${t.net}`),
    check(
      "earning_entries_signs",
      sql`(${t.type} = 'sale' AND ${t.gross} >= 0 AND ${t.fee} >= 0 AND ${t.tax} >= 0 AND ${t.net} >= 0) OR (${t.type} = 'refund' AND ${t.gross} <= 0 AND ${t.fee} <= 0 AND ${t.tax} <= 0 AND ${t.net} <= 0) OR (${t.type} NOT IN ('sale', 'refund') AND ${t.gross} = 0 AND ${t.fee} = 0 AND ${t.tax} = 0)`,
    ),
  ],
);

/**
 * One side of an entry on one account (server/domain/earnings.ts `EarningAccount`): 'fans' (money
 * received from fans: minus what was captured, plus what was refunded), 'platform_fee',
 * 'consumption_tax' (system accounts, no fan club), and per fan club 'creator' (its balance),
 * 'payout_in_progress' and 'paid_out'. Signed: + into the account, − out of it.
 */
export const earningPostings = sqliteTable(
  "earning_postings",
  {
    id: serialId(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => earningEntries.id),
    account: text("account").notNull(),
    fanclubId: integer("fanclub_id").references(() => fanclubs.id),
    amount: integer("amount").notNull(),
  },
  (t) => [
    index("earning_postings_entry").on(t.entryId),
    index("earning_postings_account").on(t.account, t.fanclubId, t.amount),
    check("earning_postings_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

export type EarningEntryRow = typeof earningEntries.$inferSelect;
export type EarningRateRow = typeof earningRates.$inferSelect;
