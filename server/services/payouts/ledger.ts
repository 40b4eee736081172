import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { earningsClosing, withdrawableEarnings } from "../earnings/balance";
import { payoutStatements } from "../earnings/post";

/**
 * How payouts meet the earnings ledger (docs/decisions/029): a request posts 'payout' (the amount
 * leaves the creator's balance into payout_in_progress), the bank's result posts 'payout_paid'
 * or 'payout_failed' (into paid_out, or back to the balance). Each under its own key, in the batch
 * of the status change; the ledger ignores a key it has seen.
 */

export function payoutLedgerStatements(
  db: Db,
  movement: { type: "payout" | "payout_paid" | "payout_failed"; fanclubId: number; amount: number },
  key: string,
  sourceKey: string,
  now: number,
): BatchItem<"sqlite">[] {
  return payoutStatements(db, { key, sourceKey, type: movement.type, fanclubId: movement.fanclubId, amount: movement.amount, at: now });
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
