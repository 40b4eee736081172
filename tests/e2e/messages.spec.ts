import { crc32, deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// Messages (docs/decisions/035) on 翔のゲーム研究所 (creator05, fan club 105), which no other spec
// writes to: だいち (fan13, a member of 「研究員」) writes to it; りく (fan07) and fan17 are the
// members of 「主任研究員」; けんた (fan04) is the fan the fan club blocks.
const CREATOR = "creator05@demo.fanclub.localhost";
const WRITER = "fan13@demo.fanclub.localhost";
const MEMBER = "fan07@demo.fanclub.localhost";
const BLOCKED = "fan04@demo.fanclub.localhost";
const FANCLUB_ID = 105;

/** A real PNG (solid colour, 48×32) built here, so the upload goes through the server's image checks. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [0x3c, 0x9a, 0x6e]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Headless Chromium refuses every push subscription ("Registration failed - permission denied")
 * and has no push service to reach. Only `PushManager.subscribe`/`getSubscription` are replaced;
 * the rest is the browser's and the app's own: the permission, the service worker registered
 * from /push-sw.js, the key fetched from the server, the subscription saved through the API. The
 * replacement refuses, as Chrome does, a subscription without a P-256 application server key, and
 * gives a subscription with a real ECDH key whose endpoint the Worker's fake push service records.
 */
async function fakePushManager(context: BrowserContext) {
  await context.addInitScript(() => {
    const STORE = "e2e-push-subscription";
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    type Stored = { endpoint: string; keys: { p256dh: string; auth: string } };
    const asSubscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer) : null;
      if (!bytes || bytes.length !== 65 || bytes[0] !== 4)
        throw new DOMException("Registration failed - missing applicationServerKey, and manifest empty or missing", "AbortError");
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const stored: Stored = {
        endpoint: `https://push.example.test/e2e/${crypto.randomUUID()}`,
        keys: {
          p256dh: b64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))),
          auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
        },
      };
      localStorage.setItem(STORE, JSON.stringify(stored));
      return asSubscription(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(STORE);
      return (stored ? asSubscription(JSON.parse(stored) as Stored) : null) as unknown as PushSubscription | null;
    };
  });
}

/**
 * What the Worker's fake push service received for one endpoint, asked from the page (on the user
 * domain): `*.localhost` resolves to loopback in the browser, not in the test's own process.
 */
async function pushInbox(page: Page, endpoint: string) {
  const answer = await page.evaluate(
    async (url) => {
      const res = await fetch(url, { headers: { accept: "application/json" } });
      return {
        status: res.status,
        body: (await res.json()) as { payload: { notices: Array<{ title: string; body: string; url: string }> } },
      };
    },
    `/api/v1/push_subscriptions/fake_inbox?endpoint=${encodeURIComponent(endpoint)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.payload.notices;
}

/** The header's messages icon: a link named by its state (the account menu's own "メッセージ" entry is another link). */
const headerMessages = (page: Page) => page.locator("header a.header-messages");

test("a fan turns on push and writes to a fan club; the creator sees the unread mark and answers with an image; the fan sees it and gets a push", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const text = `はじめまして、大会の振り返りいつも見ています ${Date.now()}`;
  const answer = `ありがとう！次の大会も応援してね ${Date.now()}`;
  await fakePushManager(context);
  await context.grantPermissions(["notifications"], { origin: origin(hosts.user) });

  let endpoint = "";
  await test.step("the fan turns on push in the notification settings", async () => {
    await signIn(page, WRITER);
    await openHydrated(page, `${origin(hosts.user)}/me/settings/notifications`);
    const toggle = page.getByTestId("push-toggle");
    await expect(toggle.getByRole("status")).toHaveText("この端末ではプッシュ通知がオフです。");
    await toggle.getByRole("button", { name: "プッシュ通知をオンにする" }).click();
    await expect(toggle.getByRole("status")).toHaveText("この端末ではプッシュ通知がオンです。");
    endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())!.endpoint);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/push-sw.js"))?.active?.scriptURL)).toMatch(
      /\/push-sw\.js$/,
    );
    // the page remembers it on the next visit
    await openHydrated(page, `${origin(hosts.user)}/me/settings/notifications`);
    await expect(page.getByTestId("push-toggle").getByRole("status")).toHaveText("この端末ではプッシュ通知がオンです。");
  });

  await test.step("the fan writes from the fan club's page", async () => {
    await openHydrated(page, `${origin(hosts.www)}/fanclubs/${FANCLUB_ID}`);
    await page.getByTestId("message-fanclub").click();
    await page.waitForURL(`${origin(hosts.user)}/me/messages/new?fanclub=${FANCLUB_ID}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("翔のゲーム研究所への新しいメッセージ");
    await page.getByRole("textbox", { name: "メッセージ" }).fill(text);
    await page.getByRole("button", { name: "送信" }).click();
    await page.waitForURL(/\/me\/messages\/\d+$/);
    await expect(page.getByTestId("message-list")).toContainText(text);
  });

  await test.step("the creator sees the unread mark, opens the thread and answers with an image", async () => {
    await page.context().clearCookies();
    await signIn(page, CREATOR);
    await openHydrated(page, `${origin(hosts.www)}/`);
    await expect(headerMessages(page)).toHaveAccessibleName("未読のメッセージがあります");
    await expect(headerMessages(page).getByTestId("messages-unread-dot")).toBeVisible();
    await headerMessages(page).click();
    await page.waitForURL(`${origin(hosts.user)}/me/messages`);
    await page.getByRole("link", { name: "翔のゲーム研究所へのメッセージ" }).click();
    await page.waitForURL(`${origin(hosts.www)}/me/fanclub/messages`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const row = page.getByTestId("thread-list").getByRole("listitem").filter({ hasText: text });
    await expect(row).toHaveAttribute("data-unread", "true");
    await row.getByRole("link").click();
    await page.waitForURL(/\/me\/fanclub\/messages\/\d+$/);
    await expect(page.getByTestId("message-list")).toContainText(text);
    await page.getByRole("textbox", { name: "メッセージ" }).fill(answer);
    await page.getByLabel("画像（任意）").setInputFiles({ name: "coaching.png", mimeType: "image/png", buffer: png(48, 32) });
    await page.getByRole("button", { name: "送信" }).click();
    const mine = page.getByTestId("message-list").getByRole("listitem").filter({ hasText: answer });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole("img", { name: "メッセージの画像" })).toBeVisible();
    // reading the thread cleared the mark
    await openHydrated(page, `${origin(hosts.www)}/me/fanclub/messages`);
    await expect(headerMessages(page)).toHaveAccessibleName("メッセージ");
    await expect(page.getByTestId("messages-unread-dot")).toHaveCount(0);
  });

  await test.step("the fan sees the answer and its image, and the push notice arrived", async () => {
    await page.context().clearCookies();
    await signIn(page, WRITER);
    await expect(headerMessages(page).getByTestId("messages-unread-dot")).toBeVisible();
    await headerMessages(page).click();
    await page.waitForURL(`${origin(hosts.user)}/me/messages`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page
      .getByTestId("thread-list")
      .getByRole("link", { name: /翔のゲーム研究所/ })
      .click();
    await page.waitForURL(/\/me\/messages\/\d+$/);
    const threadUrl = new URL(page.url()).pathname;
    const theirs = page.getByTestId("message-list").getByRole("listitem").filter({ hasText: answer });
    await expect(theirs).toBeVisible();
    const image = theirs.getByRole("img", { name: "メッセージの画像" });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await expect.poll(async () => (await pushInbox(page, endpoint)).map((n) => n.title)).toContain("新しいメッセージ");
    const notice = (await pushInbox(page, endpoint)).find((n) => n.title === "新しいメッセージ")!;
    expect(notice.body).toBe("翔のゲーム研究所からメッセージが届きました。");
    expect(new URL(notice.url).pathname).toBe(threadUrl);
    // read now: the mark is gone
    await openHydrated(page, `${origin(hosts.user)}/me/messages`);
    await expect(page.getByTestId("messages-unread-dot")).toHaveCount(0);
  });
});

test("the creator sends to a plan's members after seeing how many it reaches; the members get it once; a blocked fan cannot write", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const text = `主任研究員の皆さんへ：コーチング枠を追加しました ${Date.now()}`;
  await signIn(page, CREATOR);
  await openHydrated(page, `${origin(hosts.www)}/me/fanclub/messages/bulk`);
  await page.getByLabel("主任研究員").check();
  await page.getByRole("textbox", { name: "メッセージ" }).fill(text);
  await page.getByRole("button", { name: "届く人数を確認" }).click();
  await expect(page.getByTestId("bulk-preview")).toHaveText("このメッセージは2人に届きます。");
  await page.getByRole("button", { name: "2人に送信" }).click();
  await page.waitForURL(`${origin(hosts.www)}/me/fanclub/messages`);

  // delivery runs in the queue, which the local Worker consumes on its own within moments
  const sent = page
    .getByTestId("bulk-list")
    .getByRole("listitem")
    .filter({ hasText: text.slice(0, 20) })
    .first();
  await expect(async () => {
    await openHydrated(page, `${origin(hosts.www)}/me/fanclub/messages`);
    await expect(sent).toContainText("2人に配信済み", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await page.context().clearCookies();
  await signIn(page, MEMBER);
  await expect(page.locator("header a.header-messages").getByTestId("messages-unread-dot")).toBeVisible();
  await openHydrated(page, `${origin(hosts.user)}/me/messages`);
  const row = page.getByTestId("thread-list").getByRole("listitem").filter({ hasText: "翔のゲーム研究所" });
  await expect(row).toHaveAttribute("data-unread", "true");
  await row.getByRole("link").click();
  await page.waitForURL(/\/me\/messages\/\d+$/);
  const delivered = page.getByTestId("message-list").getByRole("listitem").filter({ hasText: text });
  await expect(delivered).toHaveCount(1);
  await expect(delivered).toContainText("一斉送信");
  // a recipient answers in their own thread
  await page.getByRole("textbox", { name: "メッセージ" }).fill("参加します！");
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByTestId("message-list").getByRole("listitem").filter({ hasText: "参加します！" })).toBeVisible();

  // the fan club blocks けんた from its fans list; he can no longer write
  await page.context().clearCookies();
  await signIn(page, CREATOR);
  await openHydrated(page, `${origin(hosts.www)}/me/fanclub/fans`);
  await page.getByRole("row").filter({ hasText: "けんた" }).getByRole("button", { name: "ブロック" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "ブロック" }).click();
  await expect(page.getByText("けんたさんをブロックしました。")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, BLOCKED);
  await openHydrated(page, `${origin(hosts.user)}/me/messages/new?fanclub=${FANCLUB_ID}`);
  await expect(page.getByTestId("write-refused")).toHaveText("このファンクラブとこの方の間ではメッセージを送れません。");
  await expect(page.getByRole("button", { name: "送信" })).toHaveCount(0);
});
