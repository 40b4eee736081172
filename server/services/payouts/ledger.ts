import { and, eq, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { earningEntries, earningPostings } from "../../../db/schema";
import { creatorChange, earningMonth, entryPostings, type EntryMovement } from "../../domain/earnings";
import { earningsClosing, withdrawableEarnings } from "../earnings/balance";

/**
 * How payouts meet the earnings ledger (docs/decisions/029): a request posts 'payout' (the amount
 * leaves the creator's balance into payout_in_progress), the bank's result posts 'payout_paid'
 * or 'payout_failed' (into paid_out, or back to the balance). Each under its own key, in the batch
 * of the status change; the ledger ignores a key it has seen.
 *
 * The postings come from the ledger's own rule (`entryPostings`). The statements are query
 * builders, one per posting, rather than one raw multi-row INSERT: drizzle 0.45 cannot bind the
 * parameters of a raw `db.run(sql…)` inside a D1 `batch()` (its raw query has no prepared
 * statement), and a payout must be written in the batch of its status change.
 */

type PayoutMovement = Extract<EntryMovement, { type: "payout" | "payout_paid" | "payout_failed" }>;

export function payoutLedgerStatements(
  db: Db,
  movement: { type: PayoutMovement["type"]; fanclubId: number; amount: number },
  key: string,
  sourceKey: string,
  now: number,
): BatchItem<"sqlite">[] {
  const m = movement as PayoutMovement;
  const at = new Date(now);
  const entry = db
    .insert(earningEntries)
    .values({
      idempotencyKey: key,
      type: m.type,
      fanclubId: m.fanclubId,
      kind: null,
      subjectType: null,
      subjectId: null,
      payerUserId: null,
      sourceKey,
      reversesEntryId: null,
      gross: 0,
      fee: 0,
      tax: 0,
      net: creatorChange(m),
      feeRateBp: 0,
      taxRateBp: 0,
      month: earningMonth(now),
      occurredAt: at,
      createdAt: at,
    })
    .onConflictDoNothing({ target: earningEntries.idempotencyKey });
  // each posting once: only while the entry has no posting on that account yet (a replay adds none)
  const postings = entryPostings(m).map((p) =>
    db.insert(earningPostings).select(
      db
        .select({
          id: sql<null>`NULL`.as("id"),
          entryId: earningEntries.id,
          account: sql<string>`${p.account}`.as("account"),
          fanclubId: sql<number | null>`${p.fanclubId}`.as("fanclub_id"),
          amount: sql<number>`${p.amount}`.as("amount"),
        })
        .from(earningEntries)
        .where(
          and(
            eq(earningEntries.idempotencyKey, key),
            notExists(
              db
                .select({ one: sql`1` })
                .from(earningPostings)
                .where(and(eq(earningPostings.entryId, earningEntries.id), eq(earningPostings.account, p.account))),
            ),
          ),
        ),
    ),
  );
  return [entry, ...postings];
}

/** What the fan club may withdraw now: net earnings of closed months less payouts on their way or paid. */
export async function withdrawableBalance(db: Db, fanclubId: number, now: number): Promise<number> {
  return (await withdrawableEarnings(db, fanclubId, now)).amount;
}

/** The closing rule and what it means today, for the transfer page. */
export function closingNow(now: number) {
  const c = earningsClosing(now);
  return { closingDay: c.rule.closingDay, closedThrough: c.closedThrough, nextToClose: c.nextToClose, nextClosesAt: c.nextClosesAt };
}
