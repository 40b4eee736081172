import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { sendDigests } from "../../server/services/notify";
import { at } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { fanWritesNew, messagesWorld, threadIdFrom, writeInThread } from "./messages-fixture";

const SETTINGS = at(hosts.user, "/me/settings/notifications");
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };

/** The channels form as a browser sends it: only ticked boxes are in it. */
function saveChannels(b: TestBrowser, ticked: string[], digest: "none" | "hourly" | "daily") {
  return b.request(SETTINGS, {
    method: "POST",
    body: new URLSearchParams([["intent", "channels"], ...ticked.map((n) => [n, "on"]), ["digest", digest]]).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(SETTINGS).origin },
  });
}

async function subscribe(b: TestBrowser, endpoint: string) {
  return b.request(at(hosts.user, "/api/v1/push_subscriptions"), {
    method: "POST",
    body: JSON.stringify({ endpoint, keys: { p256dh: "BPublicKeyOfTheBrowser0123456789", auth: "authsecret01" } }),
    headers: { ...xhr, origin: `http://${hosts.user}` },
  });
}

async function fakeInbox(b: TestBrowser, endpoint: string): Promise<Array<{ title: string; body: string; url: string }>> {
  const res = await b.get(at(hosts.user, `/api/v1/push_subscriptions/fake_inbox?endpoint=${encodeURIComponent(endpoint)}`), {
    accept: "application/json",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: { notices: Array<{ title: string; body: string; url: string }> } }).payload.notices;
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n")) ?? 0;

/** Notices go out after the answer (waitUntil): wait for the condition the user would see, a few seconds at most. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("notification preferences", () => {
  it("the settings page shows each kind per channel and the digest, and saves them", async () => {
    const { fan } = await messagesWorld("np");
    const page = await fan.b.get(SETTINGS);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const name of ["message.inApp", "message.email", "message.push", "newPost.email", "live.push"])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('name="digest"');

    const saved = await saveChannels(fan.b, ["message.inApp", "message.push", "newPost.email"], "daily");
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare("SELECT channels, digest FROM notification_channels WHERE user_id = ?")
      .bind(fan.id)
      .first<{ channels: string; digest: string }>();
    expect(row?.digest).toBe("daily");
    expect(JSON.parse(row!.channels).message).toEqual({ inApp: true, email: false, push: true });
    expect(JSON.parse(row!.channels).newPost.email).toBe(true);
    const after = await (await fan.b.get(SETTINGS)).text();
    expect(after).toMatch(/name="message\.push"[^>]*checked|checked[^>]*name="message\.push"/);
    expect(after).not.toMatch(/name="message\.email"[^>]*checked|checked[^>]*name="message\.email"/);
    expect(after).toMatch(/<option value="daily" selected/);
  });

  it("by default a new message reaches the bell and an e-mail at once, linking to the thread on the right side", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("nd");
    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "デフォルト通知のテスト"));
    const mail = await eventually(
      () =>
        env.DB.prepare("SELECT subject, text_body FROM emails WHERE to_address = ? AND template = 'notify.message'")
          .bind(owner.email)
          .first<{ subject: string; text_body: string }>(),
      (row) => row !== null,
    );
    expect(mail?.subject).toBe("新しいメッセージ");
    expect(mail?.text_body).toContain("みなみndからメッセージが届きました。");
    // the fan club's side opens the thread in its inbox
    expect(mail?.text_body).toContain(`/me/fanclub/messages/${threadId}`);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'newMessage'", owner.id)).toBe(1);

    await writeInThread(owner.b, "club", threadId, "お返事です");
    const fanMail = await eventually(
      () =>
        env.DB.prepare("SELECT text_body FROM emails WHERE to_address = ? AND template = 'notify.message'")
          .bind(fan.email)
          .first<{ text_body: string }>(),
      (row) => row !== null,
    );
    expect(fanMail?.text_body).toContain(`/me/messages/${threadId}`);
  });

  it("choices are honoured: push to the subscribed browser, e-mail kept for the digest, a kind turned off sends nothing", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("nh");
    const endpoint = `https://push.example.test/send/${owner.id}-${Date.now()}`;
    expect((await subscribe(owner.b, endpoint)).status).toBe(200);
    // bell and push, no e-mail
    expect((await saveChannels(owner.b, ["message.inApp", "message.push"], "none")).status).toBe(200);

    const threadId = threadIdFrom(await fanWritesNew(fan.b, fanclubId, "プッシュ通知のテスト"));
    const pushed = await eventually(
      () => fakeInbox(owner.b, endpoint),
      (n) => n.length >= 1,
    );
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ title: "新しいメッセージ", body: "みなみnhからメッセージが届きました。" });
    expect(pushed[0]!.url).toContain(`/me/fanclub/messages/${threadId}`);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'newMessage'", owner.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM emails WHERE to_address = ?  AND template LIKE 'notify.%'", owner.email)).toBe(0);

    // now: e-mail as an hourly digest, no bell, no push
    expect((await saveChannels(owner.b, ["message.email"], "hourly")).status).toBe(200);
    await writeInThread(fan.b, "fan", threadId, "2通目");
    await writeInThread(fan.b, "fan", threadId, "3通目");
    const items = await eventually(
      () => count("SELECT count(*) AS n FROM digest_items WHERE user_id = ? AND email_id IS NULL", owner.id),
      (n) => n >= 2,
    );
    expect(items).toBe(2);
    expect(await fakeInbox(owner.b, endpoint)).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'newMessage'", owner.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM emails WHERE to_address = ? AND template LIKE 'notify.%'", owner.email)).toBe(0);

    // the hourly run sends one e-mail with both, grouped under the kind; running the same hour again sends nothing more
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
    const db = createDb(env.DB);
    expect(await sendDigests(db, env, hour)).toBeGreaterThanOrEqual(1);
    const digest = await env.DB.prepare("SELECT subject, text_body FROM emails WHERE to_address = ? AND template = 'notify.digest'")
      .bind(owner.email)
      .all<{ subject: string; text_body: string }>();
    expect(digest.results).toHaveLength(1);
    expect(digest.results[0]!.text_body).toMatch(/\(2\)\n- /);
    expect(digest.results[0]!.text_body.match(/みなみnhからメッセージが届きました。/g)).toHaveLength(2);
    expect(await count("SELECT count(*) AS n FROM digest_items WHERE user_id = ? AND email_id IS NULL", owner.id)).toBe(0);
    await sendDigests(db, env, hour);
    expect(await count("SELECT count(*) AS n FROM emails WHERE to_address = ? AND template = 'notify.digest'", owner.email)).toBe(1);

    // every channel of messages off: nothing anywhere
    expect((await saveChannels(owner.b, [], "none")).status).toBe(200);
    await writeInThread(fan.b, "fan", threadId, "4通目");
    // the answer is back; give the notice its chance to run, then nothing must have arrived
    await eventually(
      () => count("SELECT count(*) AS n FROM messages WHERE thread_id = ?", threadId),
      (n) => n >= 4,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await fakeInbox(owner.b, endpoint)).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM digest_items WHERE user_id = ?", owner.id)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'newMessage'", owner.id)).toBe(1);
  });

  it("push subscriptions: bad bodies are refused, a visitor cannot subscribe, unsubscribing stops pushes", async () => {
    const { owner, fanclubId, fan } = await messagesWorld("ns");
    const bad = await owner.b.request(at(hosts.user, "/api/v1/push_subscriptions"), {
      method: "POST",
      body: JSON.stringify({ endpoint: "http://insecure.example/x", keys: {} }),
      headers: { ...xhr, origin: `http://${hosts.user}` },
    });
    expect(bad.status).toBe(400);
    expect((await subscribe(new TestBrowser(), "https://push.example.test/visitor")).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM push_subscriptions WHERE endpoint LIKE 'https://push.example.test/visitor%'")).toBe(0);

    const endpoint = `https://push.example.test/send/unsub-${owner.id}`;
    await subscribe(owner.b, endpoint);
    const removed = await owner.b.request(at(hosts.user, "/api/v1/push_subscriptions"), {
      method: "DELETE",
      body: JSON.stringify({ endpoint }),
      headers: { ...xhr, origin: `http://${hosts.user}` },
    });
    expect(removed.status).toBe(200);
    await saveChannels(owner.b, ["message.inApp", "message.push"], "none");
    await fanWritesNew(fan.b, fanclubId, "購読解除後");
    await eventually(
      () => count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'newMessage'", owner.id),
      (n) => n >= 1,
    );
    expect(await fakeInbox(owner.b, endpoint)).toHaveLength(0);
  });

  it("the local fake push service hands browsers a key to subscribe with (without one the settings page can never turn push on)", async () => {
    const res = await new TestBrowser().get(at(hosts.user, "/api/v1/push_subscriptions/key"), { accept: "application/json" });
    expect(res.status).toBe(200);
    const { payload } = (await res.json()) as { payload: { publicKey: string | null; enabled: boolean } };
    expect(payload.enabled).toBe(true);
    // an uncompressed P-256 point, as PushManager.subscribe's applicationServerKey must be
    const raw = Uint8Array.from(atob(payload.publicKey!.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    await expect(crypto.subtle.importKey("raw", raw, { name: "ECDSA", namedCurve: "P-256" }, true, ["verify"])).resolves.toBeTruthy();
  });
});
