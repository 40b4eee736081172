import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBlock, createFollow } from "../factories";
import { createDb } from "../../db/client";
import worker from "../../server/worker";
import type { JobQueue } from "../../server/jobs/deps";
import type { JobMessage } from "../../server/jobs/messages";
import { runBulkChunk } from "../../server/services/bulk-messages";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertEditor, insertMembership, insertPlan } from "./fanclub-fixture";
import { headerUnread, messagesWorld, threadIdFrom, writeInThread } from "./messages-fixture";

/** A queue the test delivers by hand: it keeps what was sent, and can fail the next send once (a crash between chunks). */
function handQueue() {
  const state = { sent: [] as JobMessage[], failNext: false };
  const send = async (body: JobMessage) => {
    if (state.failNext) {
      state.failNext = false;
      throw new Error("the worker died before sending the next chunk");
    }
    state.sent.push(body);
  };
  const queue = {
    send,
    sendBatch: async (messages: Iterable<{ body: JobMessage }>) => {
      for (const m of messages) await send(m.body);
    },
  } as unknown as JobQueue;
  return Object.assign(state, { queue });
}

function postForm(b: TestBrowser, href: string, entries: Array<[string, string]>) {
  return b.request(href, {
    method: "POST",
    body: new URLSearchParams(entries).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(href).origin },
  });
}

const BULK = at(hosts.www, "/me/fanclub/messages/bulk");

/** A fan club with two plans: five gold members (one blocked, one who blocked its messages), a silver member, a follower. */
async function audienceWorld(prefix: string) {
  const w = await messagesWorld(prefix);
  const silverPlanId = await insertPlan(w.fanclubId, { name: "シルバープラン" });
  const gold = [w.fan];
  for (let i = 0; i < 4; i++) gold.push(await confirmedAccount({ name: `会員${i}`, prefix: `${prefix}g${i}` }));
  for (const m of gold) await insertMembership(m.id, w.fanclubId, w.planId);
  const silver = await confirmedAccount({ name: "シルバー会員", prefix: `${prefix}s` });
  await insertMembership(silver.id, w.fanclubId, silverPlanId);
  const follower = await confirmedAccount({ name: "フォロワー", prefix: `${prefix}fw` });
  await createFollow(env.DB, { userId: follower.id, fanclubId: w.fanclubId });
  await createBlock(env.DB, { fanclubId: w.fanclubId, userId: gold[3]!.id });
  await env.DB.prepare("INSERT INTO message_blocks (user_id, fanclub_id, created_at) VALUES (?, ?, ?)")
    .bind(gold[4]!.id, w.fanclubId, Date.now())
    .run();
  return { ...w, silverPlanId, gold, silver, follower, reached: gold.slice(0, 3), excluded: [gold[3]!, gold[4]!, silver, follower] };
}

async function bulkMessagesOf(userId: number, bulkId: number) {
  return (
    (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE bulk_message_id = ? AND bulk_recipient_id = ?")
      .bind(bulkId, userId)
      .first<number>("n")) ?? 0
  );
}

async function latestBulk(fanclubId: number) {
  return env.DB.prepare(
    "SELECT id, status, planned_count, delivered_count FROM bulk_messages WHERE fanclub_id = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(fanclubId)
    .first<{ id: number; status: string; planned_count: number; delivered_count: number }>();
}

describe("messages to many", () => {
  it("previews how many people a plan's message reaches, then sends it, delivered in chunks through the queue", async () => {
    const w = await audienceWorld("bp");
    const page = await w.owner.b.get(BULK);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ゴールドプラン");

    const preview = await postForm(w.owner.b, BULK, [
      ["intent", "preview"],
      ["audience", "plans"],
      ["planIds", String(w.planId)],
      ["body", "新曲のお知らせです"],
    ]);
    expect(preview.status).toBe(200);
    // five gold members, minus the one the fan club blocked and the one who blocked its messages
    expect(await preview.text()).toContain("このメッセージは3人に届きます。");
    expect(await latestBulk(w.fanclubId)).toBeNull();

    const followers = await postForm(w.owner.b, BULK, [
      ["intent", "preview"],
      ["audience", "followers"],
      ["body", "フォロワーの皆さんへ"],
    ]);
    expect(await followers.text()).toContain("このメッセージは1人に届きます。");

    const sent = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "plans"],
      ["planIds", String(w.planId)],
      ["body", "新曲のお知らせです"],
    ]);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/me/fanclub/messages");
    const bulk = await latestBulk(w.fanclubId);
    expect(bulk?.planned_count).toBe(3);

    // the queue consumer runs the first chunk (the Worker's own handler)
    const batch = createMessageBatch<JobMessage>("fanclub-jobs", [
      {
        id: "b1",
        timestamp: new Date(),
        attempts: 1,
        body: { type: "bulk-message", key: `bulk:${bulk!.id}:0`, bulkMessageId: bulk!.id, afterUserId: 0 },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["b1"]);
    for (const m of w.reached) expect(await bulkMessagesOf(m.id, bulk!.id)).toBe(1);

    // finish by hand (the last chunk finds nobody after the last recipient and marks it sent)
    const queue = handQueue();
    const last = Math.max(...w.reached.map((m) => m.id));
    await runBulkChunk(createDb(env.DB), queue.queue, { bulkMessageId: bulk!.id, afterUserId: last }, Date.now());
    expect(await latestBulk(w.fanclubId)).toMatchObject({ status: "sent", planned_count: 3, delivered_count: 3 });
    for (const m of w.excluded) expect(await bulkMessagesOf(m.id, bulk!.id)).toBe(0);
    // the inbox lists it with its count
    expect(await (await w.owner.b.get(at(hosts.www, "/me/fanclub/messages"))).text()).toContain("3人に配信済み");
  });

  it("each recipient gets it exactly once when a chunk is delivered twice and when the job dies between chunks", async () => {
    const w = await audienceWorld("bx");
    // stored directly, not through the form: the form also hands it to the Worker's live queue, whose
    // consumer would race the hand-delivered chunks this test is about
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO bulk_messages (fanclub_id, sender_user_id, audience, plan_ids, body, planned_count, created_at, updated_at) VALUES (?, ?, 'plans', ?, ?, 4, ?, ?)",
    )
      .bind(w.fanclubId, w.owner.id, JSON.stringify([w.planId, w.silverPlanId]), "二重配信のテスト", now, now)
      .run();
    const bulk = (await latestBulk(w.fanclubId))!;
    const recipients = [...w.reached, w.silver];
    expect(bulk.planned_count).toBe(4);
    const db = createDb(env.DB);
    const queue = handQueue();
    const chunk = 2;
    const first = { bulkMessageId: bulk.id, afterUserId: 0 };

    // chunk 1, then the same chunk again (the queue delivers at least once)
    await runBulkChunk(db, queue.queue, first, Date.now(), chunk);
    await runBulkChunk(db, queue.queue, first, Date.now(), chunk);
    // the second run finds the chain carried on already: it neither writes nor hands on again
    expect(queue.sent).toHaveLength(1);
    const second = queue.sent[0] as Extract<JobMessage, { type: "bulk-message" }>;

    // chunk 2 is written, then the worker dies before it hands on chunk 3: the queue runs chunk 2 again
    queue.failNext = true;
    await expect(runBulkChunk(db, queue.queue, second, Date.now(), chunk)).rejects.toThrow("died");
    await runBulkChunk(db, queue.queue, second, Date.now(), chunk);
    const third = queue.sent[queue.sent.length - 1] as Extract<JobMessage, { type: "bulk-message" }>;
    expect(third.afterUserId).toBe(Math.max(...recipients.map((r) => r.id)));
    await runBulkChunk(db, queue.queue, third, Date.now(), chunk);
    // a late redelivery of the first chunk after the end changes nothing
    await runBulkChunk(db, queue.queue, first, Date.now(), chunk);

    for (const r of recipients) expect(await bulkMessagesOf(r.id, bulk.id)).toBe(1);
    for (const m of w.excluded.filter((e) => e.id !== w.silver.id)) expect(await bulkMessagesOf(m.id, bulk.id)).toBe(0);
    expect(await latestBulk(w.fanclubId)).toMatchObject({ status: "sent", delivered_count: 4 });
    const threads = await env.DB.prepare("SELECT count(*) AS n FROM message_threads WHERE fanclub_id = ?")
      .bind(w.fanclubId)
      .first<number>("n");
    expect(threads).toBe(4);
  });

  it("a recipient sees it as unread and replies in a one-to-one thread the fan club answers", async () => {
    const w = await audienceWorld("br");
    await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "plans"],
      ["planIds", String(w.planId)],
      ["body", "ツアーの先行受付が始まりました"],
    ]);
    const bulk = (await latestBulk(w.fanclubId))!;
    const queue = handQueue();
    const db = createDb(env.DB);
    await runBulkChunk(db, queue.queue, { bulkMessageId: bulk.id, afterUserId: 0 }, Date.now());

    const member = w.reached[1]!;
    expect(await headerUnread(member.b)).toBe(true);
    const list = await (await member.b.get(at(hosts.user, "/me/messages"))).text();
    expect(list).toContain("ツアーの先行受付が始まりました");
    const threadId = Number(/href="\/me\/messages\/(\d+)"/.exec(list)![1]);
    const thread = await (await member.b.get(at(hosts.user, `/me/messages/${threadId}`))).text();
    expect(thread).toContain("ツアーの先行受付が始まりました");
    expect(await headerUnread(member.b)).toBe(false);

    expect(threadIdFrom(await writeInThread(member.b, "fan", threadId, "申し込みました！"))).toBe(threadId);
    // only this member's thread: the others see neither the reply nor each other
    const row = await env.DB.prepare("SELECT fan_user_id FROM message_threads WHERE id = ?").bind(threadId).first<number>("fan_user_id");
    expect(row).toBe(member.id);
    for (const other of [w.reached[0]!, w.reached[2]!]) {
      expect(await (await other.b.get(at(hosts.user, "/me/messages"))).text()).not.toContain("申し込みました！");
      expect((await other.b.get(at(hosts.user, `/me/messages/${threadId}`))).status).toBe(404);
    }
    expect(await headerUnread(w.owner.b)).toBe(true);
    const inbox = await (await w.owner.b.get(at(hosts.www, `/me/fanclub/messages/${threadId}`))).text();
    expect(inbox).toContain("申し込みました！");
    expect(threadIdFrom(await writeInThread(w.owner.b, "club", threadId, "ありがとうございます"))).toBe(threadId);
  });

  it("refuses a bad audience, an empty text, an editor without the permission, and a fourth message in a day", async () => {
    const w = await audienceWorld("bz");
    const other = await messagesWorld("bz2");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM bulk_messages").first<number>("n");
    const noPlan = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "plans"],
      ["body", "だれにも"],
    ]);
    expect(noPlan.status).toBe(400);
    expect(await noPlan.text()).toContain("プランを1つ以上選ぶか、すべてのフォロワーを選んでください。");
    // another fan club's plan is not this one's audience
    const foreign = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "plans"],
      ["planIds", String(other.planId)],
      ["body", "よその会員へ"],
    ]);
    expect(foreign.status).toBe(400);
    const empty = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "followers"],
      ["body", "  "],
    ]);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("メッセージを入力するか、画像を添付してください。");
    const tooLong = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "followers"],
      ["body", "あ".repeat(2001)],
    ]);
    expect(tooLong.status).toBe(400);

    const editor = await confirmedAccount({ name: "編集者", prefix: "bze" });
    await insertEditor(w.fanclubId, editor.id, ["postable"]);
    const refused = await postForm(editor.b, BULK, [
      ["intent", "send"],
      ["audience", "followers"],
      ["body", "編集者から"],
    ]);
    expect(refused.status).toBe(403);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bulk_messages").first<number>("n")).toBe(before);

    for (let i = 0; i < 3; i++) {
      const ok = await postForm(w.owner.b, BULK, [
        ["intent", "send"],
        ["audience", "followers"],
        ["body", `お知らせ${i}`],
      ]);
      expect(ok.status).toBe(302);
    }
    await w.owner.b.get(at(hosts.www, "/me/fanclub/messages?locale=en"));
    const fourth = await postForm(w.owner.b, BULK, [
      ["intent", "send"],
      ["audience", "followers"],
      ["body", "4通目"],
    ]);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await fourth.text()).toContain("minutes");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bulk_messages WHERE fanclub_id = ?").bind(w.fanclubId).first<number>("n")).toBe(
      3,
    );
  });
});
