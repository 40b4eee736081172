import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { earningKindOfTarget, purchaseEarningKey, renewalEarningKey, type EarningKind } from "../../domain/earnings";
import { loadEarningRates, saleStatements } from "./post";

/**
 * Brings payments made before the earnings ledger existed into it (decision 029): every paid
 * purchase's items and every renewal, at the rates of their own instant, under the very keys the
 * payment's batch uses today. Only payments without their entry are read, and the statements are
 * idempotent on their own, so running it twice (or beside live payments) changes nothing.
 */

type Stmt = BatchItem<"sqlite">;
const PAGE = 400;

type Missing = {
  sourceKey: string;
  itemIndex: number | null;
  fanclubId: number;
  targetType: string;
  subjectType: string;
  subjectId: number;
  payerUserId: number;
  gross: number;
  at: number;
};

/** Up to PAGE payments (purchase items, renewals) that have no earning entry yet. */
async function missingPage(db: Db): Promise<Missing[]> {
  return db.all<Missing>(sql`
    SELECT * FROM (
      SELECT p."idempotency_key" AS "sourceKey", i."idx" AS "itemIndex", i."fanclub_id" AS "fanclubId",
        i."target_type" AS "targetType",
        CASE i."target_type"
          WHEN 'live_event_ticket' THEN 'live_event'
          WHEN 'product' THEN 'product'
          WHEN 'raffle_entry' THEN 'raffle'
          WHEN 'post_tipping' THEN 'post'
          WHEN 'fanclub_tipping' THEN 'fanclub'
          WHEN 'lesson_slot' THEN 'lesson_slot'
          ELSE 'plan' END AS "subjectType",
        CASE WHEN i."target_type" = 'live_event_ticket'
          THEN (SELECT "live_event_id" FROM "live_event_ticket_types" WHERE "id" = i."target_id")
          ELSE i."target_id" END AS "subjectId",
        p."user_id" AS "payerUserId", i."price" AS "gross", p."created_at" AS "at"
      FROM (SELECT *, row_number() OVER (PARTITION BY "purchase_id" ORDER BY "id") - 1 AS "idx" FROM "purchase_items") i
      JOIN "purchases" p ON p."id" = i."purchase_id"
      WHERE p."status" = 'paid' AND i."price" > 0
        AND NOT EXISTS (SELECT 1 FROM "earning_entries" e WHERE e."idempotency_key" = p."idempotency_key" || ':earning:' || i."idx")
      UNION ALL
      SELECT m."idempotency_key", NULL, m."fanclub_id", 'subscribe_plan_type', 'plan', m."plan_id", m."user_id", m."amount", m."created_at"
      FROM "membership_payments" m
      WHERE m."purchase_id" IS NULL AND m."amount" > 0
        AND NOT EXISTS (SELECT 1 FROM "earning_entries" e WHERE e."idempotency_key" = m."idempotency_key" || ':earning')
    ) LIMIT ${PAGE}`);
}

/** Runs the backfill to the end; answers how many entries it wrote. */
export async function backfillEarnings(db: Db): Promise<{ posted: number }> {
  const rates = await loadEarningRates(db);
  let posted = 0;
  for (;;) {
    const rows = await missingPage(db);
    if (rows.length === 0) return { posted };
    const statements: Stmt[] = rows.flatMap((r) =>
      saleStatements(db, rates, {
        key: r.itemIndex === null ? renewalEarningKey(r.sourceKey) : purchaseEarningKey(r.sourceKey, Number(r.itemIndex)),
        sourceKey: r.sourceKey,
        fanclubId: Number(r.fanclubId),
        kind: earningKindOfTarget(r.targetType) satisfies EarningKind,
        subjectType: r.subjectType,
        subjectId: Number(r.subjectId),
        payerUserId: Number(r.payerUserId),
        gross: Number(r.gross),
        at: Number(r.at),
      }),
    );
    // D1 takes a batch of many statements as one transaction; pages keep each one small
    for (let i = 0; i < statements.length; i += 100) await db.batch(statements.slice(i, i + 100) as [Stmt, ...Stmt[]]);
    posted += rows.length;
  }
}
