import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhoto } from "../../db/seed/leak-images.mjs";
import { MEDIA_RATE_LIMITS, rateWindowStart } from "../../server/domain/media-session";
import { encodeJpeg } from "../../server/media/fan-marks";
import { PASSWORD, at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertMembership, insertPlan, insertPostFileRow, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";
import type { TestBrowser } from "./browser";

/*
 * Leak tracing (docs/decisions/042): media links bound to the session that asked for them, bulk
 * downloads refused and flagged to the operator, per-fan marked copies of paid JPEGs, and the
 * owner's trace page that names the fan a leaked copy was delivered to.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;

let owner: Account;
let fanA: Account;
let fanB: Account;
let editor: Account;
let fanclubId: number;
let postId: number;
let original: Uint8Array;

function mediaLinks(html: string): string[] {
  return [...html.matchAll(/\/media\/posts\/[^"'\s\\)]+/g)].map((m) => m[0].replaceAll("&amp;", "&"));
}

async function pictureLink(b: TestBrowser): Promise<string> {
  const html = await (await b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
  const link = mediaLinks(html).find((l) => !l.includes("download=1"));
  expect(link).toBeDefined();
  return link!;
}

async function traceUpload(b: TestBrowser, file: Blob | null) {
  const form = new FormData();
  form.set("intent", "trace");
  if (file) form.set("image", file, "suspect.jpg");
  return b.request(at(hosts.www, "/me/fanclub/leak_trace"), {
    method: "POST",
    body: form,
    headers: { origin: `http://${hosts.www}` },
  });
}

beforeAll(async () => {
  [owner, fanA, fanB, editor] = await Promise.all([
    confirmedAccount({ name: "流出調査オーナー", prefix: "lto" }),
    confirmedAccount({ name: "ファンA", prefix: "lta" }),
    confirmedAccount({ name: "ファンB", prefix: "ltb" }),
    confirmedAccount({ name: "編集者", prefix: "lte" }),
  ]);
  fanclubId = await insertFanclub(owner.id, { name: "流出調査ラウンジ" });
  const plan = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
  await insertMembership(fanA.id, fanclubId, plan);
  await insertMembership(fanB.id, fanclubId, plan);
  await insertEditor(fanclubId, editor.id, ["postable", "postable_drafts", "commentable"]);
  postId = await insertPostRow(fanclubId, owner.id, { title: "限定写真", planId: plan, publishedAt: Date.now() - 60_000 });
  original = encodeJpeg(demoPhoto(7, 384, 288), 92);
  await insertPostFileRow(postId, fanclubId, owner.id, {
    kind: "picture",
    filename: "photo.jpg",
    contentType: "image/jpeg",
    bytes: original,
  });
});

describe("media links bound to the session", () => {
  it("serve the fan a marked copy, the same again from the cache", async () => {
    const link = await pictureLink(fanA.b);
    const first = await fanA.b.get(at(hosts.www, link));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("x-fan-mark")).toBe("invisible");
    expect(first.headers.get("cache-control")).toContain("private");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(bytes[0]).toBe(0xff);
    expect(bytes).not.toEqual(original);
    const againRes = await fanA.b.get(at(hosts.www, link));
    const again = new Uint8Array(await againRes.arrayBuffer());
    expect(again).toEqual(bytes);
    // D1 round trips of a paid file, the copy cached: the session, the download count, and the
    // entitlement (the file row and its post's gate read in one batch)
    expect(againRes.headers.get("x-d1-round-trips")).toBe("3");
    // the owner sees the original
    const ownLink = await pictureLink(owner.b);
    const own = await owner.b.get(at(hosts.www, ownLink));
    expect(own.headers.get("x-fan-mark")).toBeNull();
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(original);
  });

  it("refuse a link replayed without the session, by another fan, or in another session of the same fan", async () => {
    const link = await pictureLink(fanA.b);
    expect((await SELF.fetch(at(hosts.www, link), { headers: { host: hosts.www } })).status).toBe(403);
    expect((await fanB.b.get(at(hosts.www, link))).status).toBe(403);
    // the same account signed in again in another browser: a new session, the old link is dead there
    const { TestBrowser } = await import("./browser");
    const second = new TestBrowser();
    await second.post(at(hosts.login, "/auth/login"), { email: fanA.email, password: PASSWORD });
    expect(second.cookie("sid", "www.fanclub.localhost")).toBeDefined();
    expect((await second.get(at(hosts.www, link))).status).toBe(403);
    // and the fan's own browser still opens it
    expect((await fanA.b.get(at(hosts.www, link))).status).toBe(200);
  });
});

describe("bulk downloading", () => {
  it("is refused with 429 past the limit and flagged once on the operator's page", async () => {
    const scraper = await confirmedAccount({ name: "大量取得アカウント", prefix: "lts" });
    const plan = await env.DB.prepare("SELECT id FROM plans WHERE fanclub_id = ?").bind(fanclubId).first<{ id: number }>();
    await insertMembership(scraper.id, fanclubId, plan!.id);
    const link = await pictureLink(scraper.b);
    expect((await scraper.b.get(at(hosts.www, link))).status).toBe(200);
    // the minute's count as a loop leaves it: at the limit
    await env.DB.prepare("UPDATE media_fetch_counters SET count = ? WHERE user_id = ? AND window_kind = 'minute' AND window_start = ?")
      .bind(MEDIA_RATE_LIMITS.minute, scraper.id, rateWindowStart("minute", Date.now()))
      .run();
    const refused = await scraper.b.get(at(hosts.www, link));
    // a minute boundary between the two requests would start a fresh window; then it passes once more
    if (refused.status === 200) return;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await scraper.b.get(at(hosts.www, link))).status).toBe(429);
    const flags = await env.DB.prepare("SELECT count(*) AS n FROM media_abuse_flags WHERE user_id = ?")
      .bind(scraper.id)
      .first<{ n: number }>();
    expect(flags?.n).toBe(1);
    // another fan is not held back by the scraper's count
    expect((await fanB.b.get(at(hosts.www, await pictureLink(fanB.b)))).status).toBe(200);

    const staff = await confirmedAccount({ name: "運営スタッフ", prefix: "ltop" });
    await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(staff.id).run();
    const page = await staff.b.get(at(hosts.www, "/ops/media_flags"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("大量取得アカウント");
    expect(html).toContain(`data-flag-user="${scraper.id}"`);
    expect((await fanB.b.get(at(hosts.www, "/ops/media_flags"))).status).toBe(404);
  });
});

describe("the trace page", () => {
  it("names the fan a leaked copy was delivered to, with the confidence", async () => {
    const link = await pictureLink(fanB.b);
    const leaked = await (await fanB.b.get(at(hosts.www, link))).arrayBuffer();
    const res = await traceUpload(owner.b, new Blob([leaked], { type: "image/jpeg" }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("この画像は ファンB さんに配信されたものです。");
    expect(html).toMatch(/確度 99\.\d\d %/);
    expect(html).not.toContain("ファンA さん");
  });

  it("finds no fan in the unmarked original", async () => {
    const res = await traceUpload(owner.b, new Blob([new Uint8Array(original)], { type: "image/jpeg" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("この画像からファンクラブの透かしは見つかりませんでした。");
  });

  it("answers bad input with a clear error and a 4xx", async () => {
    const none = await traceUpload(owner.b, null);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("画像を選んでください。");
    const png = await traceUpload(owner.b, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: "image/png" }));
    expect(png.status).toBe(400);
    expect(await png.text()).toContain("JPEG 画像を選んでください。");
    const broken = await traceUpload(owner.b, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1])], { type: "image/jpeg" }));
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("画像を読み込めませんでした。");
  });

  it("is the owner's only: editors get 403, fans and visitors never reach it", async () => {
    expect((await editor.b.get(at(hosts.www, "/me/fanclub/leak_trace"))).status).toBe(403);
    expect((await traceUpload(editor.b, new Blob([new Uint8Array(original)], { type: "image/jpeg" }))).status).toBe(403);
    expect((await fanA.b.get(at(hosts.www, "/me/fanclub/leak_trace"))).status).toBe(302);
    expect((await SELF.fetch(at(hosts.www, "/me/fanclub/leak_trace"), { headers: { host: hosts.www }, redirect: "manual" })).status).toBe(
      302,
    );
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/leak_trace"))).status).toBe(200);
  });

  it("switches the visible fan code on for the fan club's paid images", async () => {
    const saved = await owner.b.post(at(hosts.www, "/me/fanclub/leak_trace"), { intent: "marks", visibleMark: "on" });
    expect(saved.status).toBe(200);
    const res = await fanA.b.get(at(hosts.www, await pictureLink(fanA.b)));
    expect(res.headers.get("x-fan-mark")).toBe("invisible, visible");
    await owner.b.post(at(hosts.www, "/me/fanclub/leak_trace"), { intent: "marks" });
    const off = await fanA.b.get(at(hosts.www, await pictureLink(fanA.b)));
    expect(off.headers.get("x-fan-mark")).toBe("invisible");
  });
});
