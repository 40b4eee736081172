import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createFollow } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * Talks through what browsers call (issue 21 item 1): the board, new-topic and topic pages, the
 * creator's /me/fanclub/talks, the topics API. Who may do what (owner, editor with and without
 * can_talk_manage, member of the right plan and of a lower one, follower, visitor), the lock of a
 * topic above the viewer's plan, refused input, the spam ceiling, and counts under parallel writes.
 */

const XHR = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
type Json = { success: boolean; payload: Record<string, unknown> & { message?: string } };

const SECRET_BODY = "プレミアムだけの秘密の本文";
const SECRET_COMMENT = "プレミアムだけの秘密のコメント";

let fanclubId: number;
let owner: Account;
let talkEditor: Account;
let plainEditor: Account;
let premium: Account;
let basic: Account;
let follower: Account;
let premiumPlan: number;
let lockedTopic: number;

const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const count = async (sql: string, ...binds: unknown[]) => (await one<{ n: number }>(sql, ...binds))!.n;

function apiCall(who: Account | null, method: string, path: string, body?: unknown) {
  const href = at(hosts.www, `/api/v1/fanclubs/${fanclubId}${path}`);
  const init = { method, headers: { ...XHR, origin: `http://${hosts.www}` }, body: body === undefined ? undefined : JSON.stringify(body) };
  return who ? who.b.request(href, init) : SELF.fetch(href, init);
}
const page = (who: Account | null, path: string) =>
  who ? who.b.get(at(hosts.www, path)) : SELF.fetch(at(hosts.www, path), { redirect: "manual", headers: { cookie: "sso_checked=1" } });

async function newTopic(who: Account, fields: Record<string, unknown>) {
  const res = await apiCall(who, "POST", "/topics", fields);
  const json = (await res.json()) as Json;
  return { res, json, id: json.payload.id as number };
}

beforeAll(async () => {
  owner = await confirmedAccount({ name: "トーク主", prefix: "tko" });
  fanclubId = await insertFanclub(owner.id, { name: "トークの森" });
  const basicPlan = await insertPlan(fanclubId, { name: "ベーシック", price: 500 });
  premiumPlan = await insertPlan(fanclubId, { name: "プレミアム", price: 2000 });
  talkEditor = await confirmedAccount({ name: "トーク編集者", prefix: "tke" });
  await insertEditor(fanclubId, talkEditor.id, ["can_talk_manage"]);
  plainEditor = await confirmedAccount({ name: "ふつう編集者", prefix: "tkp" });
  await insertEditor(fanclubId, plainEditor.id, ["commentable"]);
  premium = await confirmedAccount({ name: "プレミアム会員", prefix: "tkm" });
  await insertMembership(premium.id, fanclubId, premiumPlan);
  basic = await confirmedAccount({ name: "ベーシック会員", prefix: "tkb" });
  await insertMembership(basic.id, fanclubId, basicPlan);
  follower = await confirmedAccount({ name: "フォロワー", prefix: "tkf" });
  await createFollow(env.DB, { userId: follower.id, fanclubId });
  const made = await newTopic(owner, { title: "プレミアムの相談", body: SECRET_BODY, planId: premiumPlan });
  expect(made.res.status).toBe(201);
  lockedTopic = made.id;
  expect((await apiCall(owner, "POST", `/topics/${lockedTopic}/comments`, { body: SECRET_COMMENT })).status).toBe(201);
});

describe("the creator's talk page", () => {
  it("lets in the owner and an editor with can_talk_manage, refuses an editor without it, and sends visitors to sign in", async () => {
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/talks"))).status).toBe(200);
    const editorPage = await talkEditor.b.get(at(hosts.www, "/me/fanclub/talks"));
    expect(editorPage.status).toBe(200);
    expect(await editorPage.text()).toContain("プレミアムの相談");
    expect((await plainEditor.b.get(at(hosts.www, "/me/fanclub/talks"))).status).toBe(403);
    expect((await premium.b.get(at(hosts.www, "/me/fanclub/talks"))).status).toBe(302);
    expect((await page(null, "/me/fanclub/talks")).status).toBe(302);
  });

  it("opens the board to members (saved), refuses an unknown choice with a 400 and writes nothing", async () => {
    const bad = await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "starters", starters: "everyone" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("選択肢から選んでください。");
    expect(await one("SELECT starters FROM talk_settings WHERE fanclub_id = ?", fanclubId)).toBeNull();
    const refused = await plainEditor.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "starters", starters: "members" });
    expect(refused.status).toBe(403);
    expect(await one("SELECT starters FROM talk_settings WHERE fanclub_id = ?", fanclubId)).toBeNull();
    const res = await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "starters", starters: "members" });
    expect(res.status).toBe(200);
    expect(await one("SELECT starters FROM talk_settings WHERE fanclub_id = ?", fanclubId)).toEqual({ starters: "members" });
  });
});

describe("starting topics and answering", () => {
  it("a member starts a topic from the page and the creator answers; a follower and a visitor may not start one", async () => {
    await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "starters", starters: "members" });
    const res = await basic.b.post(at(hosts.www, `/fanclubs/${fanclubId}/talks/new`), {
      title: "はじめまして",
      body: "よろしくお願いします",
    });
    expect(res.status).toBe(302);
    const topicId = Number(/talks\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
    expect(topicId).toBeGreaterThan(0);
    const answer = await owner.b.post(at(hosts.www, `/fanclubs/${fanclubId}/talks/${topicId}`), { intent: "comment", body: "ようこそ！" });
    expect(answer.status).toBe(200);
    const html = await (await basic.b.get(at(hosts.www, `/fanclubs/${fanclubId}/talks/${topicId}`))).text();
    expect(html).toContain("よろしくお願いします");
    expect(html).toContain("ようこそ！");
    // the author hears about the answer
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", basic.id)).toBeGreaterThan(0);

    const byFollower = await apiCall(follower, "POST", "/topics", { title: "フォロワーです", body: "本文" });
    expect(byFollower.status).toBe(403);
    expect(((await byFollower.json()) as Json).payload.message).toBe("トークを始められるのはメンバーだけです。");
    expect((await apiCall(null, "POST", "/topics", { title: "訪問者", body: "本文" })).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM topics WHERE fanclub_id = ? AND title IN ('フォロワーです', '訪問者')", fanclubId)).toBe(
      0,
    );
  });

  it("refuses an empty or too long title with a localized 400 and writes nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM topics WHERE fanclub_id = ?", fanclubId);
    const empty = await apiCall(premium, "POST", "/topics", { title: "", body: "本文" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Json).payload.message).toBe("タイトルは必須項目です。");
    const long = await apiCall(premium, "POST", "/topics", { title: "あ".repeat(101), body: "本文" });
    expect(long.status).toBe(400);
    const page400 = await premium.b.post(at(hosts.www, `/fanclubs/${fanclubId}/talks/new`), { title: "", body: "" });
    expect(page400.status).toBe(400);
    const notJson = await premium.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/topics`), {
      method: "POST",
      headers: { ...XHR, origin: `http://${hosts.www}` },
      body: "{not json",
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(await count("SELECT count(*) AS n FROM topics WHERE fanclub_id = ?", fanclubId)).toBe(before);
  });

  it("stops a fan who starts a fourth topic within ten minutes with a 429, and writes nothing", async () => {
    const fan = await confirmedAccount({ prefix: "tks" });
    const planId = await insertPlan(fanclubId, { name: "スパム確認", price: 300 });
    await insertMembership(fan.id, fanclubId, planId);
    for (let i = 0; i < 3; i++) expect((await apiCall(fan, "POST", "/topics", { title: `連投${i}`, body: "本文" })).status).toBe(201);
    const fourth = await apiCall(fan, "POST", "/topics", { title: "連投3", body: "本文" });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as Json).payload.message).toMatch(/分/);
    expect(await count("SELECT count(*) AS n FROM topics WHERE user_id = ?", fan.id)).toBe(3);
  });
});

describe("a topic locked to a higher plan", () => {
  it("never sends its text or comments to a member of a lower plan, a follower or a visitor (pages and API)", async () => {
    for (const who of [basic, follower, null]) {
      const topicPage = await page(who, `/fanclubs/${fanclubId}/talks/${lockedTopic}`);
      expect(topicPage.status).toBe(200);
      const html = await topicPage.text();
      expect(html).toContain("プレミアムの相談");
      expect(html).not.toContain(SECRET_BODY);
      expect(html).not.toContain(SECRET_COMMENT);
      const board = await page(who, `/fanclubs/${fanclubId}/talks`);
      const boardHtml = await board.text();
      expect(boardHtml).toContain("プレミアムの相談");
      expect(boardHtml).not.toContain(SECRET_BODY);
      const show = await apiCall(who, "GET", `/topics/${lockedTopic}`);
      expect(show.status).toBe(403);
      expect(await show.text()).not.toContain(SECRET_BODY);
      const comments = await apiCall(who, "GET", `/topics/${lockedTopic}/comments`);
      expect(comments.status).toBe(403);
      expect(await comments.text()).not.toContain(SECRET_COMMENT);
      const index = await apiCall(who, "GET", "/topics");
      const text = await index.text();
      expect(text).toContain("プレミアムの相談");
      expect(text).not.toContain(SECRET_BODY);
    }
    // nor can they comment or like it
    expect((await apiCall(basic, "POST", `/topics/${lockedTopic}/comments`, { body: "見えないけど" })).status).toBe(403);
    expect((await apiCall(basic, "POST", `/topics/${lockedTopic}/like`)).status).toBe(403);
  });

  it("shows both to a member of the plan and to the staff", async () => {
    for (const who of [premium, owner, talkEditor, plainEditor]) {
      const html = await (await page(who, `/fanclubs/${fanclubId}/talks/${lockedTopic}`)).text();
      expect(html).toContain(SECRET_BODY);
      expect(html).toContain(SECRET_COMMENT);
    }
    const show = (await (await apiCall(premium, "GET", `/topics/${lockedTopic}`)).json()) as Json;
    expect((show.payload.topic as { body: string }).body).toBe(SECRET_BODY);
  });
});

describe("moderation", () => {
  it("pins, closes and deletes from the creator's page; an editor without the permission changes nothing", async () => {
    const { id } = await newTopic(premium, { title: "モデレーション対象", body: "本文" });
    const refused = await plainEditor.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "pin", topicId: String(id) });
    expect(refused.status).toBe(403);
    expect(await one("SELECT pinned_at FROM topics WHERE id = ?", id)).toEqual({ pinned_at: null });
    expect((await talkEditor.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "pin", topicId: String(id) })).status).toBe(200);
    expect((await one<{ pinned_at: number | null }>("SELECT pinned_at FROM topics WHERE id = ?", id))!.pinned_at).not.toBeNull();
    const board = await (await page(null, `/fanclubs/${fanclubId}/talks`)).text();
    expect(board.indexOf("モデレーション対象")).toBeLessThan(board.indexOf("はじめまして"));

    expect((await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "close", topicId: String(id) })).status).toBe(200);
    const late = await apiCall(premium, "POST", `/topics/${id}/comments`, { body: "締め切り後" });
    expect(late.status).toBe(403);
    expect(((await late.json()) as Json).payload.message).toBe("このトークはコメントの受付を終了しました。");
    expect(await count("SELECT count(*) AS n FROM topic_comments WHERE topic_id = ?", id)).toBe(0);

    // a member cannot moderate through the API either
    expect((await apiCall(premium, "POST", `/topics/${id}/moderation`, { action: "reopen" })).status).toBe(403);
    expect((await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "delete", topicId: String(id) })).status).toBe(200);
    expect((await page(premium, `/fanclubs/${fanclubId}/talks/${id}`)).status).toBe(404);
  });

  it("blocks a fan from talks and lets them back; the creator and editors cannot be blocked; an unknown account is a 404", async () => {
    const { id } = await newTopic(owner, { title: "ブロック確認", body: "本文" });
    expect((await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "block", userId: String(basic.id) })).status).toBe(200);
    const blocked = await apiCall(basic, "POST", `/topics/${id}/comments`, { body: "ブロック中" });
    expect(blocked.status).toBe(403);
    expect(await (await owner.b.get(at(hosts.www, "/me/fanclub/talks"))).text()).toContain("ベーシック会員");
    expect((await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "unblock", userId: String(basic.id) })).status).toBe(200);
    expect((await apiCall(basic, "POST", `/topics/${id}/comments`, { body: "戻りました" })).status).toBe(201);

    const staff = await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "block", userId: String(talkEditor.id) });
    expect(staff.status).toBe(400);
    const nobody = await owner.b.post(at(hosts.www, "/me/fanclub/talks"), { intent: "block", userId: "99999999" });
    expect(nobody.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM talk_blocks WHERE fanclub_id = ?", fanclubId)).toBe(0);
  });
});

describe("counts under parallel requests", () => {
  it("keeps like and comment counts exact when many fans write at once, and one fan's double click counts once", async () => {
    const { id } = await newTopic(owner, { title: "同時実行", body: "本文" });
    const fans: Account[] = [];
    const planId = await insertPlan(fanclubId, { name: "同時実行プラン", price: 100 });
    for (let i = 0; i < 6; i++) {
      const fan = await confirmedAccount({ prefix: `tkc${i}` });
      await insertMembership(fan.id, fanclubId, planId);
      fans.push(fan);
    }
    const likes = await Promise.all([...fans, fans[0]!, fans[1]!].map((f) => apiCall(f, "POST", `/topics/${id}/like`)));
    expect(likes.every((r) => r.status === 200)).toBe(true);
    const comments = await Promise.all(
      fans.flatMap((f) => [1, 2].map((n) => apiCall(f, "POST", `/topics/${id}/comments`, { body: `コメント${n}` }))),
    );
    expect(comments.every((r) => r.status === 201)).toBe(true);
    const row = await one<{ like_count: number; comment_count: number }>("SELECT like_count, comment_count FROM topics WHERE id = ?", id);
    expect(row).toEqual({
      like_count: await count("SELECT count(*) AS n FROM topic_likes WHERE topic_id = ?", id),
      comment_count: await count("SELECT count(*) AS n FROM topic_comments WHERE topic_id = ? AND deleted_at IS NULL", id),
    });
    expect(row).toEqual({ like_count: 6, comment_count: 12 });
  });
});

describe("round trips", () => {
  it("renders the board and a topic in 2 D1 round trips, for a visitor and for a signed-in member alike (the session, then the layout's and the tab's reads in one batch)", async () => {
    for (const path of [`/fanclubs/${fanclubId}/talks`, `/fanclubs/${fanclubId}/talks/${lockedTopic}`]) {
      for (const [b, budget] of [
        [new TestBrowser(), 1],
        [premium.b, 2],
      ] as const) {
        const res = await b.get(at(hosts.www, path));
        expect(res.status).toBe(200);
        expect(Number(res.headers.get("x-d1-round-trips")), path).toBeLessThanOrEqual(budget);
      }
    }
  });
});
