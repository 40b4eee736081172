import { and, asc, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rawBatchItem } from "../../db/batch";
import { bulkMessages } from "../../db/schema";
import { BULK_CHUNK, BULK_RATE, BULK_STALE_MS, bulkChunkStep, bulkNeedsResume, messageTextError, type Audience } from "../domain/messages";
import { ceilingWait } from "../domain/throttle";
import type { JobQueue } from "../jobs/deps";
import type { JobMessage } from "../jobs/messages";

/**
 * A fan club's message to many (issue 20): to the members of chosen plans or to all followers.
 * Sending stores the message and hands it to the queue, which delivers it in chunks of BULK_CHUNK
 * recipients, each chunk a job of its own (a fan club of 100,000 members never holds a request).
 * Each recipient gets it once: the message row of a (bulk message, recipient) pair is unique in
 * the database, so a redelivered chunk or one run again after a crash adds nothing.
 */

type BulkJob = Extract<JobMessage, { type: "bulk-message" }>;

const bulkJob = (bulkMessageId: number, afterUserId: number): BulkJob => ({
  type: "bulk-message",
  key: `bulk:${bulkMessageId}:${afterUserId}`,
  bulkMessageId,
  afterUserId,
});

/** Who receives: the audience, minus people the fan club blocked, who blocked its messages, who left, and its owner. */
function recipientsSql(fanclubId: number, audience: Audience): SQL {
  const base =
    audience.kind === "followers"
      ? sql`SELECT f."user_id" AS "user_id" FROM "follows" f WHERE f."fanclub_id" = ${fanclubId}`
      : sql`SELECT DISTINCT m."user_id" AS "user_id" FROM "memberships" m WHERE m."fanclub_id" = ${fanclubId} AND m."status" != 'left'
          AND m."plan_id" IN (SELECT "value" FROM json_each(${JSON.stringify(audience.planIds)}))`;
  return sql`SELECT r."user_id" FROM (${base}) r
    JOIN "users" u ON u."id" = r."user_id" AND u."left_at" IS NULL
    WHERE NOT EXISTS (SELECT 1 FROM "fanclub_blocks" b WHERE b."fanclub_id" = ${fanclubId} AND b."user_id" = r."user_id")
      AND NOT EXISTS (SELECT 1 FROM "message_blocks" mb WHERE mb."fanclub_id" = ${fanclubId} AND mb."user_id" = r."user_id")
      AND r."user_id" != (SELECT "owner_id" FROM "fanclubs" WHERE "id" = ${fanclubId})`;
}

/** The preview: how many people the message would reach now. */
export async function countRecipients(db: Db, fanclubId: number, audience: Audience): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`SELECT count(*) AS "n" FROM (${recipientsSql(fanclubId, audience)})`);
  return Number(rows[0]?.n ?? 0);
}

export type BulkRefusal = { reason: "text"; error: "empty" | "tooLong" } | { reason: "rate"; waitMs: number };

/** Stores a message to many and starts its delivery. */
export async function createBulkMessage(
  db: Db,
  jobs: JobQueue,
  input: { fanclubId: number; senderUserId: number; audience: Audience; body: string; now: number },
): Promise<{ ok: true; id: number; planned: number } | ({ ok: false } & BulkRefusal)> {
  const textError = messageTextError(input.body, false);
  if (textError) return { ok: false, reason: "text", error: textError };
  const recent = await db
    .select({ createdAt: bulkMessages.createdAt })
    .from(bulkMessages)
    .where(and(eq(bulkMessages.fanclubId, input.fanclubId), gt(bulkMessages.createdAt, new Date(input.now - BULK_RATE.window))))
    .all();
  const wait = ceilingWait(
    BULK_RATE,
    recent.map((r) => r.createdAt.getTime()),
    input.now,
  );
  if (wait !== null) return { ok: false, reason: "rate", waitMs: wait };
  const planned = await countRecipients(db, input.fanclubId, input.audience);
  const now = new Date(input.now);
  const [row] = await db
    .insert(bulkMessages)
    .values({
      fanclubId: input.fanclubId,
      senderUserId: input.senderUserId,
      audience: input.audience.kind,
      planIds: JSON.stringify(input.audience.kind === "plans" ? input.audience.planIds : []),
      body: input.body,
      plannedCount: planned,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: bulkMessages.id });
  await jobs.send(bulkJob(row!.id, 0));
  return { ok: true, id: row!.id, planned };
}

export async function listBulkMessages(db: Db, fanclubId: number) {
  return db
    .select({
      id: bulkMessages.id,
      body: bulkMessages.body,
      status: bulkMessages.status,
      plannedCount: bulkMessages.plannedCount,
      deliveredCount: bulkMessages.deliveredCount,
      createdAt: bulkMessages.createdAt,
    })
    .from(bulkMessages)
    .where(eq(bulkMessages.fanclubId, fanclubId))
    .orderBy(desc(bulkMessages.id))
    .limit(20)
    .all();
}

function audienceOf(row: { audience: "plans" | "followers"; planIds: string }): Audience {
  if (row.audience === "followers") return { kind: "followers" };
  const ids = JSON.parse(row.planIds) as unknown;
  return { kind: "plans", planIds: Array.isArray(ids) ? ids.filter((v): v is number => typeof v === "number") : [] };
}

function changes(result: unknown): number {
  return Number((result as { meta?: { changes?: number } } | undefined)?.meta?.changes ?? 0);
}

/**
 * Sends the job of the chunk after `from`, claimed beforehand (handed_on_user_id = from). If the
 * send fails the claim is given back, so the queue's retry of this job hands on again at once; if
 * the worker dies outright, the hourly sweep resumes the message from its cursor.
 */
async function handOn(db: Db, jobs: JobQueue, bulkId: number, from: number, previous: number): Promise<void> {
  try {
    await jobs.send(bulkJob(bulkId, from));
  } catch (error) {
    await db
      .update(bulkMessages)
      .set({ handedOnUserId: previous })
      .where(and(eq(bulkMessages.id, bulkId), eq(bulkMessages.handedOnUserId, from)))
      .run();
    throw error;
  }
}

/**
 * Queue job: delivers the chunk of recipients after `afterUserId` (by user id), then sends the
 * next chunk on. Everything of a chunk is one D1 batch (a transaction) of set-based statements,
 * whatever the chunk size: threads made where missing, the message per recipient (unique per
 * (bulk message, recipient)), the threads' last-message ids recomputed from the messages
 * (idempotent), and the progress. Each statement applies only while the cursor still stands at
 * `afterUserId`, and the batch moves the cursor on and claims the next job, so when two jobs hold
 * the same chunk (a redelivery, or the sweep resuming a chain that was only slow) one writes and
 * the other finds the cursor moved and stops (`bulkChunkStep`). A crash after the write and
 * before the next job is sent makes the queue run this job again, which hands on from the cursor.
 */
export async function runBulkChunk(
  db: Db,
  jobs: JobQueue,
  job: { bulkMessageId: number; afterUserId: number },
  now: number,
  chunk = BULK_CHUNK,
): Promise<void> {
  const bulk = await db.select().from(bulkMessages).where(eq(bulkMessages.id, job.bulkMessageId)).get();
  if (!bulk) return;
  const step = bulkChunkStep({ ...bulk, updatedAt: bulk.updatedAt.getTime() }, job.afterUserId);
  if (step === "drop") return;
  if (step === "handOn") {
    const claimed = await db
      .update(bulkMessages)
      .set({ handedOnUserId: bulk.cursorUserId })
      .where(
        and(
          eq(bulkMessages.id, bulk.id),
          eq(bulkMessages.cursorUserId, bulk.cursorUserId),
          eq(bulkMessages.handedOnUserId, bulk.handedOnUserId),
        ),
      )
      .run();
    if (changes(claimed) === 1) await handOn(db, jobs, bulk.id, bulk.cursorUserId, bulk.handedOnUserId);
    return;
  }
  const recipients = recipientsSql(bulk.fanclubId, audienceOf(bulk));
  const next = await db.all<{ user_id: number }>(
    sql`SELECT "user_id" FROM (${recipients}) WHERE "user_id" > ${job.afterUserId} ORDER BY "user_id" LIMIT ${chunk}`,
  );
  const deliveredCount = sql`(SELECT count(*) FROM "messages" WHERE "bulk_message_id" = ${bulk.id})`;
  const atCursor = and(eq(bulkMessages.id, bulk.id), eq(bulkMessages.status, "sending"), eq(bulkMessages.cursorUserId, job.afterUserId));
  if (next.length === 0) {
    await db
      .update(bulkMessages)
      .set({ status: "sent", deliveredCount, finishedAt: new Date(now), updatedAt: new Date(now) })
      .where(atCursor)
      .run();
    return;
  }
  const last = Number(next[next.length - 1]!.user_id);
  const inChunk = sql`SELECT "user_id" FROM (${recipients}) WHERE "user_id" > ${job.afterUserId} AND "user_id" <= ${last}`;
  // every write of the chunk applies only while the cursor is still this job's
  const stillHere = sql`EXISTS (SELECT 1 FROM "bulk_messages" WHERE "id" = ${bulk.id} AND "status" = 'sending' AND "cursor_user_id" = ${job.afterUserId})`;
  const results = await db.batch([
    rawBatchItem(
      db,
      sql`INSERT INTO "message_threads" ("fanclub_id", "fan_user_id", "last_message_at", "created_at", "updated_at")
      SELECT ${bulk.fanclubId}, c."user_id", ${now}, ${now}, ${now} FROM (${inChunk}) c WHERE ${stillHere}
      ON CONFLICT DO NOTHING`,
    ),
    rawBatchItem(
      db,
      sql`INSERT INTO "messages" ("thread_id", "side", "sender_user_id", "body", "bulk_message_id", "bulk_recipient_id", "created_at")
      SELECT t."id", 'club', ${bulk.senderUserId}, ${bulk.body}, ${bulk.id}, t."fan_user_id", ${now}
      FROM "message_threads" t WHERE t."fanclub_id" = ${bulk.fanclubId} AND t."fan_user_id" IN (${inChunk}) AND ${stillHere}
      ON CONFLICT DO NOTHING`,
    ),
    rawBatchItem(
      db,
      sql`UPDATE "message_threads" SET
        "last_club_message_id" = (SELECT max("id") FROM "messages" m WHERE m."thread_id" = "message_threads"."id" AND m."side" = 'club'),
        "last_message_at" = max("last_message_at", ${now}), "updated_at" = ${now}
      WHERE "fanclub_id" = ${bulk.fanclubId} AND "fan_user_id" IN (${inChunk}) AND ${stillHere}`,
    ),
    db
      .update(bulkMessages)
      .set({ cursorUserId: last, handedOnUserId: last, deliveredCount, updatedAt: new Date(now) })
      .where(atCursor),
  ]);
  // another job wrote this chunk first: it carries the chain on
  if (changes(results[results.length - 1]) !== 1) return;
  await handOn(db, jobs, bulk.id, last, job.afterUserId);
}

/**
 * The hourly sweep (issue 20): messages to many still sending with no progress for BULK_STALE_MS
 * get a fresh job from their stored cursor. Harmless when the original chain is alive after all:
 * only one job at a cursor writes, the other stops.
 */
export async function staleBulkJobs(db: Db, now: number): Promise<BulkJob[]> {
  const sending = await db
    .select({
      id: bulkMessages.id,
      status: bulkMessages.status,
      cursorUserId: bulkMessages.cursorUserId,
      updatedAt: bulkMessages.updatedAt,
    })
    .from(bulkMessages)
    .where(and(eq(bulkMessages.status, "sending"), lte(bulkMessages.updatedAt, new Date(now - BULK_STALE_MS))))
    .orderBy(asc(bulkMessages.id))
    .limit(100)
    .all();
  return sending
    .filter((row) => bulkNeedsResume({ status: row.status, updatedAt: row.updatedAt.getTime() }, now))
    .map((row) => bulkJob(row.id, row.cursorUserId));
}
