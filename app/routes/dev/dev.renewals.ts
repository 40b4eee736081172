import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { isBillingMonth, monthStartMs } from "../../../server/domain/billing-month";
import { moneyCronJobs } from "../../../server/jobs/renewals";
import { ledgerAudit } from "../../../server/services/coin-audit";

/**
 * Development only (404 in production): where a renewal run stands, as JSON, for the renewal
 * benchmark (bench/renewals.mjs) to watch the queue drain and check the outcome: memberships from
 * id `from` and their outcomes for `month` (a payment, or the failure recorded under the same
 * key), duplicates, charges, coin entries, unsent e-mail and the coin ledger's audit. Outcomes are
 * read from the records, not from the membership's status: an unpaid membership may already have
 * left (the auto-leave sweep) and still failed this month once.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const month = params.get("month") ?? "";
  const from = Number(params.get("from") ?? "0");
  if (!isBillingMonth(month) || !Number.isSafeInteger(from))
    throw new Response("month=yyyy-mm and from=<membership id> please", { status: 400 });
  const audit = params.get("audit") === "1";
  const row = await app.db.get<Record<string, number | null>>(sql`
    SELECT
      (SELECT COUNT(*) FROM "memberships" WHERE "id" >= ${from}) AS "memberships",
      (SELECT COUNT(*) FROM "memberships" WHERE "id" >= ${from} AND "status" = 'active' AND ("paid_through" IS NULL OR "paid_through" < ${month})) AS "due",
      (SELECT COUNT(*) FROM "memberships" WHERE "id" >= ${from} AND "status" = 'unpaid') AS "unpaidNow",
      (SELECT COUNT(*) FROM "memberships" WHERE "id" >= ${from} AND "status" = 'left') AS "leftNow",
      (SELECT COUNT(*) FROM "memberships" AS "m" JOIN "processed_events" AS "e" ON "e"."key" = 'renewal:' || "m"."id" || ':' || ${month}
         WHERE "m"."id" >= ${from}) AS "unpaid",
      (SELECT COUNT(*) FROM "memberships" AS "m" JOIN "processed_events" AS "e" ON "e"."key" = 'renewal:' || "m"."id" || ':' || ${month}
         WHERE "m"."id" >= ${from} AND EXISTS (SELECT 1 FROM "membership_payments" AS "p" WHERE "p"."membership_id" = "m"."id" AND "p"."month" = ${month})) AS "paidAndUnpaid",
      (SELECT COUNT(*) FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}) AS "paid",
      (SELECT COALESCE(SUM("amount"), 0) FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}) AS "paidAmount",
      (SELECT COUNT(*) FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month} AND "card_charge_id" IS NOT NULL) AS "paidByCard",
      (SELECT COUNT(DISTINCT "card_charge_id") FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}) AS "distinctCardCharges",
      (SELECT COUNT(*) FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month} AND "coin_entry_id" IS NOT NULL) AS "paidByCoin",
      (SELECT COUNT(*) FROM (SELECT "membership_id" FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}
         GROUP BY "membership_id" HAVING COUNT(*) > 1)) AS "membershipsPaidTwice",
      (SELECT COUNT(*) FROM "coin_entries" WHERE "kind" = 'spend' AND "ref_type" = 'membership' AND CAST("ref_id" AS INTEGER) >= ${from}
         AND "idempotency_key" LIKE ${`renewal:%:${month}`}) AS "renewalCoinEntries",
      (SELECT MIN("created_at") FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}) AS "firstPaymentAt",
      (SELECT MAX("created_at") FROM "membership_payments" WHERE "membership_id" >= ${from} AND "month" = ${month}) AS "lastPaymentAt",
      (SELECT COUNT(*) FROM "emails" WHERE "status" = 'pending') AS "emailsPending",
      (SELECT COUNT(*) FROM "emails" WHERE "template" IN ('renewals.renewed', 'renewals.failed') AND "to_address" IN
         (SELECT "email" FROM "users" WHERE "id" IN (SELECT "user_id" FROM "memberships" WHERE "id" >= ${from}))) AS "renewalEmails"
  `);
  return Response.json(
    { month, from, ...row, ledger: audit ? await ledgerAudit(app.db) : null },
    { headers: { "cache-control": "no-store" } },
  );
}

/**
 * Development only: enqueues the renewal scan the money cron enqueues when it fires at 00:00 JST
 * on the 1st of `month` (taken from the same `moneyCronJobs`). wrangler dev's `/__scheduled`
 * always fires at the current time, so on any other day it starts no renewal run; the benchmark
 * starts this month's here. The cron's other jobs are left out: they run at the real clock, and
 * after the 7th its auto-leave sweep would let the memberships this run fails leave at once.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  const month = new URL(request.url).searchParams.get("month") ?? "";
  if (!isBillingMonth(month)) throw new Response("month=yyyy-mm please", { status: 400 });
  const jobs = moneyCronJobs(monthStartMs(month)).filter((job) => job.type === "renewal-scan");
  await app.env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  return Response.json({ enqueued: jobs.map((j) => j.type) });
}
