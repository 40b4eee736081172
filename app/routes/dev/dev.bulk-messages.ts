import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { BULK_STALE_MS } from "../../../server/domain/messages";
import { createBulkMessage, runBulkChunk, staleBulkJobs } from "../../../server/services/bulk-messages";
import type { JobQueue } from "../../../server/jobs/deps";

/**
 * Development only (404 in production), for the bulk delivery benchmark (bench/bulk-messages.mjs).
 *
 * GET `?id=`: where a message to many stands (status, planned and delivered counts); with
 * `&check=1` also what the records say: the messages it made, the distinct recipients, the
 * recipients who got it more than once, the threads pointing at it, the first and last delivery.
 *
 * POST `?fanclub=&plan=`: the fan club's owner sends a message to the members of the plan, through
 * the same `createBulkMessage` the creator's page calls, so the real queue consumer delivers it;
 * with `&hold=1` it is stored but nothing is enqueued. POST `?id=&after=`: one chunk of it
 * (`runBulkChunk`, what the consumer runs) inside this request, its follow-up job held back, so
 * the response's `x-d1-round-trips` is one chunk's. POST `?sweep=1`: the hourly sweep's own
 * `staleBulkJobs`, as if BULK_STALE_MS had passed, its jobs sent to the real queue: the benchmark
 * uses it when the local queue stops delivering, instead of waiting for the cron.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("id"));
  if (!Number.isSafeInteger(id)) throw new Response("id=<bulk message id> please", { status: 400 });
  const progress = await app.db.get<Record<string, number | string | null>>(sql`
    SELECT "status", "planned_count" AS "planned", "delivered_count" AS "delivered", "finished_at" AS "finishedAt"
    FROM "bulk_messages" WHERE "id" = ${id}
  `);
  if (!progress) throw new Response("no such bulk message", { status: 404 });
  // the counts read every message of it: asked for once at the end, never while it is delivered
  const counts =
    params.get("check") === "1"
      ? await app.db.get<Record<string, number | null>>(sql`
    SELECT
      (SELECT COUNT(*) FROM "messages" WHERE "bulk_message_id" = ${id}) AS "messages",
      (SELECT COUNT(DISTINCT "bulk_recipient_id") FROM "messages" WHERE "bulk_message_id" = ${id}) AS "recipients",
      (SELECT COUNT(*) FROM (SELECT t."fan_user_id" FROM "messages" m JOIN "message_threads" t ON t."id" = m."thread_id"
         WHERE m."bulk_message_id" = ${id} GROUP BY t."fan_user_id" HAVING COUNT(*) > 1)) AS "receivedTwice",
      (SELECT COUNT(*) FROM "messages" m JOIN "message_threads" t ON t."id" = m."thread_id"
         WHERE m."bulk_message_id" = ${id} AND t."last_club_message_id" = m."id") AS "threadsPointingAtIt",
      (SELECT MIN("created_at") FROM "messages" WHERE "bulk_message_id" = ${id}) AS "firstAt",
      (SELECT MAX("created_at") FROM "messages" WHERE "bulk_message_id" = ${id}) AS "lastAt"
  `)
      : null;
  return Response.json({ id, ...progress, ...counts }, { headers: { "cache-control": "no-store" } });
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const held: unknown[] = [];
  // follow-up jobs kept here, never delivered: what one chunk costs is measured alone
  const holding = {
    async send(body: unknown) {
      held.push(body);
    },
    async sendBatch(bodies: Iterable<{ body: unknown }>) {
      for (const b of bodies) held.push(b.body);
    },
  } as unknown as JobQueue;
  if (params.get("sweep") === "1") {
    const resumed = await staleBulkJobs(app.db, Date.now() + BULK_STALE_MS);
    if (resumed.length > 0) await app.env.JOBS.sendBatch(resumed.map((body) => ({ body })));
    return Response.json({ resumed: resumed.map((j) => ({ id: j.bulkMessageId, after: j.afterUserId })) });
  }
  if (params.has("id")) {
    // nothing but the chunk touches D1 in this request, so its round trip header is the chunk's
    const id = Number(params.get("id"));
    const after = Number(params.get("after") ?? 0);
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(after)) throw new Response("id=<id>&after=<user id> please", { status: 400 });
    await runBulkChunk(app.db, holding, { bulkMessageId: id, afterUserId: after }, Date.now());
    return Response.json({ id, next: held });
  }
  const fanclubId = Number(params.get("fanclub"));
  const planId = Number(params.get("plan"));
  if (!Number.isSafeInteger(fanclubId) || !Number.isSafeInteger(planId))
    throw new Response("fanclub=<id>&plan=<id> please", { status: 400 });
  const owner = await app.db.get<{ ownerId: number }>(sql`SELECT "owner_id" AS "ownerId" FROM "fanclubs" WHERE "id" = ${fanclubId}`);
  if (!owner) throw new Response("no such fan club", { status: 404 });
  const now = Date.now();
  const created = await createBulkMessage(app.db, params.get("hold") === "1" ? holding : app.env.JOBS, {
    fanclubId,
    senderUserId: owner.ownerId,
    audience: { kind: "plans", planIds: [planId] },
    body: `ベンチマークの一斉メッセージ ${new Date(now).toISOString()}`,
    now,
  });
  if (!created.ok) return Response.json(created, { status: created.reason === "rate" ? 429 : 400 });
  return Response.json({ id: created.id, planned: created.planned });
}
