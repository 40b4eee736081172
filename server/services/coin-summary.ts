import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinAccounts, coinLots } from "../../db/schema";

/**
 * The header's coin balance (spec §2), read in the same D1 batch as the session so that showing
 * it costs no round trip of its own. Same rule as `coinBalance`: paid coins and bonus coins not
 * yet expired, even before the daily sweep moves expired ones out.
 */
export function sessionCoinBalanceStatement(db: Db, sessionIdHash: string, now: number) {
  return db
    .select({ balance: sql<number>`coalesce(sum(${coinLots.remaining}), 0)` })
    .from(coinLots)
    .innerJoin(coinAccounts, eq(coinAccounts.id, coinLots.accountId))
    .where(
      and(
        sql`${coinAccounts.userId} = (SELECT "user_id" FROM "sessions" WHERE "id_hash" = ${sessionIdHash})`,
        // literal, so SQLite can use the partial index of open lots
        sql`${coinLots.remaining} > 0`,
        or(eq(coinLots.kind, "paid"), gt(coinLots.expiresAt, new Date(now))),
      ),
    );
}
