import { and, eq, gte, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { earningEntries, earningPostings } from "../../../db/schema";
import { DEFAULT_CLOSING_RULE, lastClosedMonth, monthClosesAt, type ClosingRule, type EarningKind } from "../../domain/earnings";
import { nextMonth } from "../../domain/billing-month";

/**
 * Reading the earnings ledger (docs/decisions/029). Every entry keeps in `net` its change of the
 * fan club's 'creator' account, so figures and balances are sums over one covering index
 * (earning_entries_fanclub_month) and never stored.
 */

type Figures = { gross: number; fee: number; tax: number; net: number };
export type MonthKindFigures = Figures & { month: string; kind: EarningKind };

const figureColumns = {
  gross: sql<number>`coalesce(sum(${earningEntries.gross}), 0)`.mapWith(Number),
  fee: sql<number>`coalesce(sum(${earningEntries.fee}), 0)`.mapWith(Number),
  tax: sql<number>`coalesce(sum(${earningEntries.tax}), 0)`.mapWith(Number),
  net: sql<number>`coalesce(sum(${earningEntries.net}), 0)`.mapWith(Number),
};

/** The query of a fan club's sales (refunds subtracted) by Japan-time month and kind, for months `from`–`to` ("yyyy-mm"); batchable. */
function earningsByMonthQuery(db: Db, fanclubId: number, from: string, to: string) {
  return db
    .select({ month: earningEntries.month, kind: sql<EarningKind>`${earningEntries.kind}`, ...figureColumns })
    .from(earningEntries)
    .where(
      and(
        eq(earningEntries.fanclubId, fanclubId),
        gte(earningEntries.month, from),
        lte(earningEntries.month, to),
        inArray(earningEntries.type, ["sale", "refund"]),
      ),
    )
    .groupBy(earningEntries.month, earningEntries.kind)
    .orderBy(earningEntries.month, earningEntries.kind);
}

/** A fan club's earnings by month and kind: gross, platform fee, tax on the fee, net (refunds subtracted). */
export async function earningsByMonth(db: Db, fanclubId: number, from: string, to: string): Promise<MonthKindFigures[]> {
  return earningsByMonthQuery(db, fanclubId, from, to);
}

/** The closing rule in force and what it means at `now`: shown on the payouts page. */
export function earningsClosing(now: number, rule: ClosingRule = DEFAULT_CLOSING_RULE) {
  const closedThrough = lastClosedMonth(now, rule);
  const nextToClose = nextMonth(closedThrough);
  return { rule, closedThrough, nextToClose, nextClosesAt: monthClosesAt(nextToClose, rule) };
}

/**
 * The query of what a fan club may withdraw at `now`: the net of sales and refunds of closed
 * months, less payouts requested or paid (a failed payout's entry gives its amount back). Payout
 * entries count whatever their month, so a payout is subtracted the moment it is requested.
 */
function withdrawableQuery(db: Db, fanclubId: number, now: number, rule: ClosingRule = DEFAULT_CLOSING_RULE) {
  const closedThrough = lastClosedMonth(now, rule);
  return db
    .select({ amount: figureColumns.net })
    .from(earningEntries)
    .where(
      and(
        eq(earningEntries.fanclubId, fanclubId),
        or(lte(earningEntries.month, closedThrough), notInArray(earningEntries.type, ["sale", "refund"])),
      ),
    );
}

/** Net earnings of closed months minus payouts (requested, in transfer or paid), in yen. */
export async function withdrawableEarnings(
  db: Db,
  fanclubId: number,
  now: number,
  rule: ClosingRule = DEFAULT_CLOSING_RULE,
): Promise<{ amount: number; closedThrough: string }> {
  const [row] = await withdrawableQuery(db, fanclubId, now, rule);
  return { amount: row?.amount ?? 0, closedThrough: lastClosedMonth(now, rule) };
}

/** A fan club's whole balance (closed and open months) less payouts: its 'creator' account. */
export async function creatorBalance(db: Db, fanclubId: number): Promise<number> {
  const [row] = await db.select({ amount: figureColumns.net }).from(earningEntries).where(eq(earningEntries.fanclubId, fanclubId));
  return row?.amount ?? 0;
}

/**
 * The ledger's audit: the sum of every account (system accounts and fan club accounts summed
 * over fan clubs), whether every entry's postings sum to zero, and whether each entry's `net`
 * equals its 'creator' posting. Used by tests, the backfill's report and the bench.
 */
export async function earningsAudit(db: Db) {
  const [accounts, unbalanced, netMismatch] = await db.batch([
    db
      .select({ account: earningPostings.account, amount: sql<number>`sum(${earningPostings.amount})`.mapWith(Number) })
      .from(earningPostings)
      .groupBy(earningPostings.account),
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (SELECT entry_id FROM earning_postings GROUP BY entry_id HAVING sum(amount) <> 0)`),
    db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM earning_entries e
      WHERE e.net <> coalesce((SELECT sum(p.amount) FROM earning_postings p WHERE p.entry_id = e.id AND p.account = 'creator'), 0)`),
  ]);
  const byAccount = Object.fromEntries(accounts.map((a) => [a.account, a.amount])) as Record<string, number | undefined>;
  return {
    byAccount,
    unbalancedEntries: Number(unbalanced[0]?.n ?? 0),
    netMismatches: Number(netMismatch[0]?.n ?? 0),
  };
}
