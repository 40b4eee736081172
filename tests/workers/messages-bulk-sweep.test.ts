import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import type { JobQueue } from "../../server/jobs/deps";
import type { JobMessage } from "../../server/jobs/messages";
import { handleScheduled } from "../../server/jobs/scheduled";
import { BULK_STALE_MS } from "../../server/domain/messages";
import { runBulkChunk } from "../../server/services/bulk-messages";
import { confirmedAccount } from "./accounts-fixture";
import { insertMembership } from "./fanclub-fixture";
import { messagesWorld } from "./messages-fixture";

type BulkJob = Extract<JobMessage, { type: "bulk-message" }>;

/** A queue the test delivers by hand: it keeps what was sent. */
function handQueue() {
  const sent: JobMessage[] = [];
  const queue = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: JobMessage }>) => {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as JobQueue;
  /** the bulk jobs sent since the last take, removed from the queue */
  const take = (): BulkJob[] => sent.splice(0).filter((m): m is BulkJob => m.type === "bulk-message");
  return { queue, take };
}

const CHUNK = 2;
const db = () => createDb(env.DB);

/** The hourly cron that carries the sweep, fired at `now`. */
async function sweep(queue: JobQueue, now: number) {
  await handleScheduled({ cron: "0 * * * *", scheduledTime: now, noRetry() {} } as ScheduledController, env, queue);
}

/** A fan club whose plan has seven members, and a message to them stored (nothing enqueued yet). */
async function world(prefix: string, now: number) {
  const w = await messagesWorld(prefix);
  const members = [w.fan];
  for (let i = 0; i < 6; i++) members.push(await confirmedAccount({ name: `会員${i}`, prefix: `${prefix}m${i}` }));
  for (const m of members) await insertMembership(m.id, w.fanclubId, w.planId);
  await env.DB.prepare(
    "INSERT INTO bulk_messages (fanclub_id, sender_user_id, audience, plan_ids, body, planned_count, created_at, updated_at) VALUES (?, ?, 'plans', ?, ?, ?, ?, ?)",
  )
    .bind(w.fanclubId, w.owner.id, JSON.stringify([w.planId]), "ライブのお知らせ", members.length, now, now)
    .run();
  const bulkId = (await env.DB.prepare("SELECT max(id) AS id FROM bulk_messages WHERE fanclub_id = ?")
    .bind(w.fanclubId)
    .first<number>("id"))!;
  return { ...w, members, bulkId };
}

async function progress(bulkId: number) {
  return env.DB.prepare("SELECT status, planned_count, delivered_count, cursor_user_id FROM bulk_messages WHERE id = ?")
    .bind(bulkId)
    .first<{ status: string; planned_count: number; delivered_count: number; cursor_user_id: number }>();
}

/** How many copies of the message each member holds, in the members' order. */
async function copies(bulkId: number, members: Array<{ id: number }>) {
  const out: number[] = [];
  for (const m of members)
    out.push(
      (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE bulk_message_id = ? AND bulk_recipient_id = ?")
        .bind(bulkId, m.id)
        .first<number>("n")) ?? 0,
    );
  return out;
}

/** Runs every job of the queue (and those they send) to the end; returns how many chunk jobs ran. */
async function drain(q: ReturnType<typeof handQueue>, first: BulkJob[], now: number) {
  let pending = first;
  let ran = 0;
  while (pending.length > 0) {
    for (const job of pending) await runBulkChunk(db(), q.queue, job, now, CHUNK);
    ran += pending.length;
    pending = q.take();
    if (ran > 50) throw new Error("the chain does not end");
  }
  return ran;
}

describe("the hourly sweep of messages to many", () => {
  it("finishes a message left at 'sending' by a lost job, from its cursor, every recipient exactly once", async () => {
    const start = Date.now() - 2 * BULK_STALE_MS;
    const w = await world("sw", start);
    const q = handQueue();
    // two chunks are delivered, then the job of the third is lost (its retries ran out)
    await runBulkChunk(db(), q.queue, { bulkMessageId: w.bulkId, afterUserId: 0 }, start, CHUNK);
    await runBulkChunk(db(), q.queue, q.take()[0]!, start, CHUNK);
    expect(q.take()).toHaveLength(1);
    const stuck = await progress(w.bulkId);
    expect(stuck).toMatchObject({ status: "sending", delivered_count: 4 });

    await sweep(q.queue, Date.now());
    const resumed = q.take();
    expect(resumed).toEqual([expect.objectContaining({ bulkMessageId: w.bulkId, afterUserId: stuck!.cursor_user_id })]);
    await drain(q, resumed, Date.now());

    expect(await copies(w.bulkId, w.members)).toEqual(w.members.map(() => 1));
    expect(await progress(w.bulkId)).toMatchObject({ status: "sent", planned_count: 7, delivered_count: 7 });
    // delivered: the next sweep leaves it alone
    await sweep(q.queue, Date.now() + BULK_STALE_MS);
    expect(q.take()).toEqual([]);
  });

  it("leaves a delivery that is moving alone", async () => {
    const now = Date.now();
    const w = await world("sf", now);
    const q = handQueue();
    await runBulkChunk(db(), q.queue, { bulkMessageId: w.bulkId, afterUserId: 0 }, now, CHUNK);
    q.take();
    await sweep(q.queue, now + BULK_STALE_MS - 60_000);
    expect(q.take()).toEqual([]);
    expect(await progress(w.bulkId)).toMatchObject({ status: "sending", delivered_count: 2 });
  });

  it("sends nothing twice when the sweep runs twice and the original job turns out to be alive", async () => {
    const start = Date.now() - 2 * BULK_STALE_MS;
    const w = await world("st", start);
    const q = handQueue();
    await runBulkChunk(db(), q.queue, { bulkMessageId: w.bulkId, afterUserId: 0 }, start, CHUNK);
    // the original job of the second chunk was only slow (in the queue's backoff), not lost
    const original = q.take();
    expect(original).toHaveLength(1);

    const now = Date.now();
    await sweep(q.queue, now);
    await sweep(q.queue, now + 1);
    const swept = q.take();
    expect(swept).toHaveLength(2);
    // three jobs hold the same chunk: the first writes it and hands on once, the others stop
    await runBulkChunk(db(), q.queue, swept[0]!, now, CHUNK);
    await runBulkChunk(db(), q.queue, swept[1]!, now, CHUNK);
    await runBulkChunk(db(), q.queue, original[0]!, now, CHUNK);
    const next = q.take();
    expect(next).toHaveLength(1);
    expect(await progress(w.bulkId)).toMatchObject({ status: "sending", delivered_count: 4 });

    // one chain to the end: the third, fourth and closing chunks
    expect(await drain(q, next, now)).toBe(3);
    expect(await copies(w.bulkId, w.members)).toEqual(w.members.map(() => 1));
    expect(await progress(w.bulkId)).toMatchObject({ status: "sent", delivered_count: 7 });
    const threads = await env.DB.prepare("SELECT count(*) AS n FROM message_threads WHERE fanclub_id = ?")
      .bind(w.fanclubId)
      .first<number>("n");
    expect(threads).toBe(7);
    // a late copy of any old job changes nothing
    for (const job of [...original, ...swept]) await runBulkChunk(db(), q.queue, job, Date.now(), CHUNK);
    expect(q.take()).toEqual([]);
    expect(await copies(w.bulkId, w.members)).toEqual(w.members.map(() => 1));
  });

  it("resumes a message whose first job was never enqueued", async () => {
    const start = Date.now() - 2 * BULK_STALE_MS;
    const w = await world("s0", start);
    const q = handQueue();
    await sweep(q.queue, Date.now());
    const resumed = q.take().filter((j) => j.bulkMessageId === w.bulkId);
    expect(resumed).toEqual([expect.objectContaining({ afterUserId: 0 })]);
    await drain(q, resumed, Date.now());
    expect(await copies(w.bulkId, w.members)).toEqual(w.members.map(() => 1));
    expect(await progress(w.bulkId)).toMatchObject({ status: "sent", delivered_count: 7 });
  });
});
