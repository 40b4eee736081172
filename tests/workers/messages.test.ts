import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBlock } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertEditor } from "./fanclub-fixture";
import {
  containsText,
  fanWritesNew,
  headerUnread,
  jpegWithExif,
  messageCount,
  messagesWorld,
  pngWithLocation,
  postMultipart,
  threadIdFrom,
  writeInThread,
} from "./messages-fixture";

const threadRow = (id: number) =>
  env.DB.prepare("SELECT fanclub_id, fan_user_id FROM message_threads WHERE id = ?")
    .bind(id)
    .first<{ fanclub_id: number; fan_user_id: number }>();

describe("a conversation between a fan and a fan club", () => {
  it("the fan writes, the fan club sees it unread and answers, the fan sees the answer; each side's mark clears when read", async () => {
    const { owner, fanclubId, fanclubName, fan } = await messagesWorld("cv");
    expect(await headerUnread(owner.b)).toBe(false);

    // the fan club page offers the button, the new-message view the form
    const page = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}`))).text();
    expect(page).toContain(`/me/messages/new?fanclub=${fanclubId}`);
    const form = await fan.b.get(at(hosts.user, `/me/messages/new?fanclub=${fanclubId}`));
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="body"');

    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "はじめまして、いつも聴いています"));
    expect(await threadRow(threadId)).toEqual({ fanclub_id: fanclubId, fan_user_id: fan.id });
    // a second visit to the new-message view goes to the thread the pair already has
    const again = await fan.b.get(at(hosts.user, `/me/messages/new?fanclub=${fanclubId}`));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/me/messages/${threadId}`);
    // the writer has read their own message
    expect(await headerUnread(fan.b)).toBe(false);

    expect(await headerUnread(owner.b)).toBe(true);
    const inbox = await owner.b.get(at(hosts.www, "/me/fanclub/messages"));
    expect(inbox.status).toBe(200);
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toContain("みなみcv");
    expect(inboxHtml).toContain('data-unread="true"');
    expect(inboxHtml).toContain("はじめまして、いつも聴いています");

    const thread = await owner.b.get(at(hosts.www, `/me/fanclub/messages/${threadId}`));
    expect(thread.status).toBe(200);
    // the session, then the thread, its page, the pair's flags and the read mark in one batch
    expect(Number(thread.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    expect(await thread.text()).toContain("はじめまして、いつも聴いています");
    expect(await headerUnread(owner.b)).toBe(false);
    expect(await (await owner.b.get(at(hosts.www, "/me/fanclub/messages"))).text()).toContain('data-unread="false"');

    expect(threadIdFrom(await writeInThread(owner.b, "club", threadId, "ありがとう！次のライブでも待っています"))).toBe(threadId);

    expect(await headerUnread(fan.b)).toBe(true);
    const list = await (await fan.b.get(at(hosts.user, "/me/messages"))).text();
    expect(list).toContain(fanclubName);
    expect(list).toContain('data-unread="true"');
    const fanThreadRes = await fan.b.get(at(hosts.user, `/me/messages/${threadId}`));
    expect(Number(fanThreadRes.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const fanThread = await fanThreadRes.text();
    expect(fanThread).toContain("ありがとう！次のライブでも待っています");
    expect(fanThread.indexOf("はじめまして")).toBeLessThan(fanThread.indexOf("ありがとう！"));
    expect(await headerUnread(fan.b)).toBe(false);
    expect(await messageCount("thread_id = ?", threadId)).toBe(2);
  });

  it("the fan club starts a thread from its fans list", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("fl");
    const view = await owner.b.get(at(hosts.www, `/me/fanclub/messages/new?user=${fan.id}`));
    expect(view.status).toBe(200);
    const threadId = threadIdFrom(
      await postMultipart(owner.b, at(hosts.www, `/me/fanclub/messages/new?user=${fan.id}`), { body: "ご入会ありがとうございます" }),
    );
    expect(await threadRow(threadId)).toEqual({ fanclub_id: fanclubId, fan_user_id: fan.id });
    expect(await headerUnread(fan.b)).toBe(true);
  });

  it("a long thread shows its newest page and links to older messages", async () => {
    const { fanclubId, fan } = await messagesWorld("pg");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "メッセージ0"));
    const now = Date.now();
    const inserts = Array.from({ length: 34 }, (_, i) =>
      env.DB.prepare("INSERT INTO messages (thread_id, side, sender_user_id, body, created_at) VALUES (?, 'club', ?, ?, ?)").bind(
        threadId,
        fan.id,
        `古い順${i + 1}番`,
        now + i,
      ),
    );
    await env.DB.batch(inserts);
    const html = await (await fan.b.get(at(hosts.user, `/me/messages/${threadId}`))).text();
    expect(html).toContain("古い順34番");
    expect(html).not.toContain("メッセージ0<");
    const older = /href="\/me\/messages\/\d+\?before=(\d+)"/.exec(html);
    expect(older).not.toBeNull();
    const olderHtml = await (await fan.b.get(at(hosts.user, `/me/messages/${threadId}?before=${older![1]}`))).text();
    expect(olderHtml).toContain("メッセージ0");
    expect(olderHtml).not.toContain("古い順34番");
  });
});

describe("who may read and write", () => {
  async function matrixWorld(prefix: string) {
    const w = await messagesWorld(prefix);
    const threadId = threadIdFrom(
      await fanWritesNew(w.fan.b, w.fanclubId, "マトリクスの最初の一通", { bytes: pngWithLocation(), type: "image/png", name: "a.png" }),
    );
    const editorWith = await confirmedAccount({ name: "編集A", prefix: `${prefix}ew` });
    const editorWithout = await confirmedAccount({ name: "編集B", prefix: `${prefix}en` });
    await insertEditor(w.fanclubId, editorWith.id, ["can_message_manage"]);
    await insertEditor(w.fanclubId, editorWithout.id, ["postable"]);
    const otherFan = await confirmedAccount({ name: "ほかのファン", prefix: `${prefix}x` });
    const visitor = new TestBrowser();
    const image = await env.DB.prepare("SELECT i.id FROM message_images i JOIN messages m ON m.id = i.message_id WHERE m.thread_id = ?")
      .bind(threadId)
      .first<{ id: number }>();
    return { ...w, threadId, editorWith, editorWithout, otherFan, visitor, imageId: image!.id };
  }

  it("pages: the two sides and a permitted editor see the thread; others get 404, 403 or the login", async () => {
    const w = await matrixWorld("az");
    const fanPath = at(hosts.user, `/me/messages/${w.threadId}`);
    const clubPath = at(hosts.www, `/me/fanclub/messages/${w.threadId}`);
    const status = async (b: TestBrowser, href: string) => (await b.get(href)).status;

    expect(await status(w.fan.b, fanPath)).toBe(200);
    expect(await status(w.otherFan.b, fanPath)).toBe(404);
    // the owner is not the fan of this thread: the fan's page of it is not theirs
    expect(await status(w.owner.b, fanPath)).toBe(404);
    // and a refused page marks nothing read: the fan's message is still unread for the fan club
    expect(await headerUnread(w.owner.b)).toBe(true);
    expect(await status(w.visitor, fanPath)).toBe(302);

    expect(await status(w.owner.b, clubPath)).toBe(200);
    expect(await status(w.editorWith.b, clubPath)).toBe(200);
    expect(await status(w.editorWithout.b, clubPath)).toBe(403);
    // a fan without a fan club of their own is sent to open one, never shown the inbox
    expect((await w.otherFan.b.get(clubPath)).headers.get("location")).toBe("/me/fanclub/new");
    expect(await status(w.fan.b, clubPath)).toBe(302);
    expect(await status(w.visitor, clubPath)).toBe(302);

    for (const path of ["/me/fanclub/messages", "/me/fanclub/messages/bulk", `/me/fanclub/messages/new?user=${w.otherFan.id}`]) {
      expect(await status(w.owner.b, at(hosts.www, path)), path).toBe(200);
      expect(await status(w.editorWith.b, at(hosts.www, path)), path).toBe(200);
      expect(await status(w.editorWithout.b, at(hosts.www, path)), path).toBe(403);
      expect(await status(w.visitor, at(hosts.www, path)), path).toBe(302);
    }
    for (const path of ["/me/messages", `/me/messages/new?fanclub=${w.fanclubId}`]) {
      expect(await status(w.otherFan.b, at(hosts.user, path)), path).toBe(200);
      expect(await status(w.visitor, at(hosts.user, path)), path).toBe(302);
    }
    // the fan club's new-message view for a fan it already writes with opens their thread
    expect((await w.editorWith.b.get(at(hosts.www, `/me/fanclub/messages/new?user=${w.fan.id}`))).headers.get("location")).toBe(
      `/me/fanclub/messages/${w.threadId}`,
    );
    // the editor's inbox shows the thread; the list of the one without the permission is refused above
    expect(await (await w.editorWith.b.get(at(hosts.www, "/me/fanclub/messages"))).text()).toContain("マトリクスの最初の一通");
  });

  it("writing: a permitted editor answers as the fan club; an editor without it and another fan write nothing", async () => {
    const w = await matrixWorld("aw");
    const before = await messageCount("thread_id = ?", w.threadId);
    expect((await writeInThread(w.editorWithout.b, "club", w.threadId, "権限なし")).status).toBe(403);
    expect((await writeInThread(w.otherFan.b, "fan", w.threadId, "のぞき見")).status).toBe(404);
    expect((await writeInThread(w.visitor, "fan", w.threadId, "だれか")).status).toBe(302);
    expect(await messageCount("thread_id = ?", w.threadId)).toBe(before);

    expect(threadIdFrom(await writeInThread(w.editorWith.b, "club", w.threadId, "スタッフです、ありがとうございます"))).toBe(w.threadId);
    const row = await env.DB.prepare("SELECT side, sender_user_id FROM messages WHERE thread_id = ? ORDER BY id DESC LIMIT 1")
      .bind(w.threadId)
      .first<{ side: string; sender_user_id: number }>();
    expect(row).toEqual({ side: "club", sender_user_id: w.editorWith.id });
    // the fan sees it as the fan club's answer
    expect(await (await w.fan.b.get(at(hosts.user, `/me/messages/${w.threadId}`))).text()).toContain("スタッフです、ありがとうございます");
  });

  it("images: served to the two sides and a permitted editor only, with the location data stripped", async () => {
    const w = await matrixWorld("ai");
    const href = at(hosts.user, `/message-images/${w.imageId}`);
    for (const b of [w.fan.b, w.owner.b, w.editorWith.b]) {
      const res = await b.get(href);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toContain("private");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes[1]).toBe(0x50);
      expect(containsText(bytes, "IDAT")).toBe(true);
      expect(containsText(bytes, "GPS")).toBe(false);
    }
    for (const b of [w.editorWithout.b, w.otherFan.b, w.visitor]) expect((await b.get(href)).status).toBe(404);
    expect((await w.fan.b.get(at(hosts.user, "/message-images/99999999"))).status).toBe(404);
    // the thread shows the image to its reader
    expect(await (await w.fan.b.get(at(hosts.user, `/me/messages/${w.threadId}`))).text()).toContain(`/message-images/${w.imageId}`);
  });

  it("a JPEG's EXIF with GPS is removed before it is stored", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("jx");
    const jpeg = jpegWithExif();
    expect(containsText(jpeg, "GPSLatitude")).toBe(true);
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "", { bytes: jpeg, type: "image/jpeg", name: "photo.jpg" }));
    const image = await env.DB.prepare(
      "SELECT i.id, i.r2_key, i.content_type FROM message_images i JOIN messages m ON m.id = i.message_id WHERE m.thread_id = ?",
    )
      .bind(threadId)
      .first<{ id: number; r2_key: string; content_type: string }>();
    expect(image?.content_type).toBe("image/jpeg");
    const stored = new Uint8Array(await (await env.MEDIA.get(image!.r2_key))!.arrayBuffer());
    expect(containsText(stored, "GPSLatitude")).toBe(false);
    expect(containsText(stored, "JFIF")).toBe(true);
    const served = new Uint8Array(await (await owner.b.get(at(hosts.www, `/message-images/${image!.id}`))).arrayBuffer());
    expect(served).toEqual(stored);
  });
});

describe("blocks and reports", () => {
  it("a fan the fan club blocked can neither write nor receive, in an old thread or a new one", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("bk");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "ブロック前の一通"));
    await createBlock(env.DB, { fanclubId, userId: fan.id });
    const before = await messageCount();

    const fanReply = await writeInThread(fan.b, "fan", threadId, "ブロック後");
    expect(fanReply.status).toBe(403);
    expect(await fanReply.text()).toContain("このファンクラブとこの方の間ではメッセージを送れません。");
    const clubReply = await writeInThread(owner.b, "club", threadId, "ブロック後の返事");
    expect(clubReply.status).toBe(403);
    expect(await messageCount()).toBe(before);

    // the thread says so instead of offering the form
    const html = await (await fan.b.get(at(hosts.user, `/me/messages/${threadId}`))).text();
    expect(html).toContain('data-testid="write-refused"');
    expect(html).not.toContain('name="body"');

    // a second fan club's block: the new-message view refuses before anything is typed, and posting anyway writes nothing
    const other = await messagesWorld("bk2");
    await createBlock(env.DB, { fanclubId: other.fanclubId, userId: fan.id });
    const view = await (await fan.b.get(at(hosts.user, `/me/messages/new?fanclub=${other.fanclubId}`))).text();
    expect(view).toContain('data-testid="write-refused"');
    expect((await fanWritesNew(fan.b, other.fanclubId, "新しいスレッド")).status).toBe(403);
    expect(
      (await postMultipart(other.owner.b, at(hosts.www, `/me/fanclub/messages/new?user=${fan.id}`), { body: "こんにちは" })).status,
    ).toBe(403);
    expect(await messageCount()).toBe(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM message_threads WHERE fanclub_id = ?").bind(other.fanclubId).first("n")).toBe(0);
  });

  it("a fan who blocks a fan club's messages receives nothing from it until they lift the block", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("mu");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "よろしくお願いします"));
    const block = await fan.b.post(at(hosts.user, `/me/messages/${threadId}`), { intent: "block" });
    expect(block.status).toBe(200);
    const refused = await writeInThread(owner.b, "club", threadId, "届かないはず");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("この方はファンクラブからのメッセージを受け取らない設定にしています。");
    expect(await messageCount("thread_id = ?", threadId)).toBe(1);
    expect((await fan.b.post(at(hosts.user, `/me/messages/${threadId}`), { intent: "unblock" })).status).toBe(200);
    expect(threadIdFrom(await writeInThread(owner.b, "club", threadId, "届きました"))).toBe(threadId);
  });

  it("a fan reports a message they received, once; their own message cannot be reported", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("rp");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "質問があります"));
    await writeInThread(owner.b, "club", threadId, "怪しいリンクです");
    const ids = await env.DB.prepare("SELECT id, side FROM messages WHERE thread_id = ? ORDER BY id")
      .bind(threadId)
      .all<{ id: number; side: string }>();
    const [mine, theirs] = ids.results;
    const report = (id: number) =>
      fan.b.post(at(hosts.user, `/me/messages/${threadId}`), { intent: "report", messageId: String(id), reason: "spam" });
    expect((await report(theirs!.id)).status).toBe(200);
    expect((await report(theirs!.id)).status).toBe(200);
    expect((await report(mine!.id)).status).toBe(404);
    const reports = await env.DB.prepare("SELECT message_id FROM message_reports WHERE reporter_user_id = ?")
      .bind(fan.id)
      .all<{ message_id: number }>();
    expect(reports.results.map((r) => r.message_id)).toEqual([theirs!.id]);
  });
});

describe("bad input", () => {
  it("empty, too long, a wrong image, an unknown thread: a localized 4xx and nothing written", async () => {
    const { fanclubId, fan } = await messagesWorld("bad");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "最初の一通"));
    const before = await messageCount();
    const objectsBefore = (await env.MEDIA.list({ prefix: `messages/${fanclubId}/` })).objects.length;

    const empty = await writeInThread(fan.b, "fan", threadId, "   \n ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("メッセージを入力するか、画像を添付してください。");

    const long = await writeInThread(fan.b, "fan", threadId, "あ".repeat(2001));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("メッセージは2000文字以内で入力してください。");
    // exactly the limit is fine (counted in characters, not bytes)
    expect(threadIdFrom(await writeInThread(fan.b, "fan", threadId, "あ".repeat(2000)))).toBe(threadId);

    const notImage = await writeInThread(fan.b, "fan", threadId, "画像です", {
      bytes: new TextEncoder().encode("MZ this is not a picture at all"),
      type: "image/png",
      name: "virus.png",
    });
    expect(notImage.status).toBe(415);
    expect(await notImage.text()).toContain("このファイル形式は利用できません。");
    const webp = await writeInThread(fan.b, "fan", threadId, "", {
      bytes: new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]),
      type: "image/webp",
      name: "a.webp",
    });
    expect(webp.status).toBe(415);

    expect((await fan.b.get(at(hosts.user, "/me/messages/999999999"))).status).toBe(404);
    expect((await fan.b.get(at(hosts.user, "/me/messages/abc"))).status).toBe(404);
    const unknown = await writeInThread(fan.b, "fan", 999999999, "どこへ");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("このメッセージは見つかりません。");
    expect((await fan.b.get(at(hosts.user, "/me/messages/new?fanclub=999999999"))).status).toBe(404);
    expect((await fanWritesNew(fan.b, 999999999, "存在しない")).status).toBe(404);
    expect((await fan.b.post(at(hosts.user, `/me/messages/${threadId}`), { intent: "dance" })).status).toBe(400);

    expect(await messageCount()).toBe(before + 1);
    expect((await env.MEDIA.list({ prefix: `messages/${fanclubId}/` })).objects.length).toBe(objectsBefore);
  });

  it("too many messages: 429 in the sender's language with Retry-After, and nothing written", async () => {
    const { fanclubId, fan } = await messagesWorld("rl");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "1通目"));
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 9 }, (_, i) =>
        env.DB.prepare("INSERT INTO message_sends (user_id, sent_at) VALUES (?, ?)").bind(fan.id, now - 1000 * (i + 1)),
      ),
    );
    // the locale switch stores English for this browser
    await fan.b.get(at(hosts.user, "/me/messages?locale=en"));
    const before = await messageCount("thread_id = ?", threadId);
    const res = await writeInThread(fan.b, "fan", threadId, "11通目");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("You are sending messages too quickly.");
    expect(await messageCount("thread_id = ?", threadId)).toBe(before);

    // another sender is not held back by this one
    const other = await confirmedAccount({ name: "べつのファン", prefix: "rl2" });
    expect((await fanWritesNew(other.b, fanclubId, "こんにちは")).status).toBe(302);
  });
});
