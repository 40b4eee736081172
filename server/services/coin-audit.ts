import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type LedgerAudit = {
  /** sum of every posting ever written: 0 in a conserved ledger */
  postingSum: number;
  entries: number;
  /** entries whose postings do not sum to zero */
  unbalancedEntries: number;
  /** entries whose person-side postings are not the entry's amount */
  misstatedEntries: number;
  /** accounts whose balance is not the sum of their postings */
  accountsOffPostings: number;
  /** person accounts whose balance is not what their lots have left */
  accountsOffLots: number;
  /** lots whose remaining is not the sum of the postings naming them */
  lotsOffPostings: number;
  /** person accounts below zero */
  negativeAccounts: number;
};

/**
 * Checks the ledger's invariants over every row. Tests assert on it after concurrent runs;
 * operators and the renewal benchmark can run it to show the books balance. It reads whole
 * tables, so it is not for request paths.
 */
export async function ledgerAudit(db: Db): Promise<LedgerAudit> {
  const row = await db.get<LedgerAudit>(sql`
    SELECT
      (SELECT COALESCE(SUM("amount"), 0) FROM "coin_postings") AS "postingSum",
      (SELECT COUNT(*) FROM "coin_entries") AS "entries",
      (SELECT COUNT(*) FROM "coin_entries" AS "e"
        WHERE (SELECT COALESCE(SUM("p"."amount"), 0) FROM "coin_postings" AS "p" WHERE "p"."entry_id" = "e"."id") <> 0
           OR NOT EXISTS (SELECT 1 FROM "coin_postings" AS "p" WHERE "p"."entry_id" = "e"."id")) AS "unbalancedEntries",
      (SELECT COUNT(*) FROM "coin_entries" AS "e"
        WHERE ABS((SELECT COALESCE(SUM("p"."amount"), 0) FROM "coin_postings" AS "p"
                   JOIN "coin_accounts" AS "a" ON "a"."id" = "p"."account_id"
                   WHERE "p"."entry_id" = "e"."id" AND "a"."kind" = 'user')) <> "e"."amount") AS "misstatedEntries",
      (SELECT COUNT(*) FROM "coin_accounts" AS "a"
        WHERE "a"."balance" <> (SELECT COALESCE(SUM("p"."amount"), 0) FROM "coin_postings" AS "p" WHERE "p"."account_id" = "a"."id")) AS "accountsOffPostings",
      (SELECT COUNT(*) FROM "coin_accounts" AS "a"
        WHERE "a"."kind" = 'user' AND "a"."balance" <> (SELECT COALESCE(SUM("l"."remaining"), 0) FROM "coin_lots" AS "l" WHERE "l"."account_id" = "a"."id")) AS "accountsOffLots",
      (SELECT COUNT(*) FROM "coin_lots" AS "l"
        WHERE "l"."remaining" <> (SELECT COALESCE(SUM("p"."amount"), 0) FROM "coin_postings" AS "p" WHERE "p"."lot_id" = "l"."id")) AS "lotsOffPostings",
      (SELECT COUNT(*) FROM "coin_accounts" WHERE "kind" = 'user' AND "balance" < 0) AS "negativeAccounts"
  `);
  return row;
}
