import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBlock, createFollow, createUser } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const FANS = "/me/fanclub/fans";
const EDITORS = "/me/fanclub/editors";
const INVITATIONS = "/me/editor_invitations";

const follow = (b: TestBrowser, fanclubId: number) =>
  b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/follow`), { method: "POST", headers: xhr });

/** A form post with repeated names (checkboxes), as a browser sends it. */
function postForm(b: TestBrowser, href: string, entries: Array<[string, string]>) {
  return b.request(href, {
    method: "POST",
    body: new URLSearchParams(entries).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(href).origin },
  });
}

/** The count shown on a tab of the fans page. */
function tabCount(html: string, label: string): string | undefined {
  return new RegExp(`>${label}(?:<!-- -->)?\\s*<span class="fans-tab-count">([^<]+)</span>`).exec(html)?.[1];
}

/** The tab the page marks as current. */
function currentTab(html: string): string | undefined {
  return /<a[^>]*aria-current="page"[^>]*>([^<]+)/.exec(html.slice(html.indexOf("fans-tabs")))?.[1];
}

const followerCount = async (fanclubId: number) =>
  (await env.DB.prepare("SELECT follower_count AS n FROM fanclubs WHERE id = ?").bind(fanclubId).first<{ n: number }>())?.n;

/** An owner with a fan club and a plan on the www brand. */
async function creator(prefix: string) {
  const owner = await confirmedAccount({ name: "オーナー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `星空ミュージック${prefix}` });
  const planId = await insertPlan(fanclubId, { name: "ゴールドプラン" });
  return { owner, fanclubId, planId };
}

describe("fans page lists", () => {
  it("shows fans with plan and member number, followers, blocked people, each tab with its count", async () => {
    const { owner, fanclubId, planId } = await creator("fl");
    const member = await confirmedAccount({ name: "みなみ", prefix: "flm" });
    const follower = await confirmedAccount({ name: "ひかる", prefix: "flf" });
    const blocked = await confirmedAccount({ name: "くろだ", prefix: "flb" });
    await insertMembership(member.id, fanclubId, planId);
    expect((await follow(follower.b, fanclubId)).status).toBe(200);
    await createBlock(env.DB, { fanclubId, userId: blocked.id });

    const fans = await owner.b.get(at(hosts.www, FANS));
    expect(fans.status).toBe(200);
    const fansHtml = await fans.text();
    expect(currentTab(fansHtml)).toBe("ファン");
    expect(fansHtml).toContain("みなみ");
    expect(fansHtml).toContain("ゴールドプラン");
    expect(fansHtml).toContain("No.1");
    expect(fansHtml).not.toContain("ひかる");
    expect(fansHtml).toContain(`/profile/${member.token}`);
    expect([tabCount(fansHtml, "ファン"), tabCount(fansHtml, "フォロワー"), tabCount(fansHtml, "ブロック")]).toEqual(["1", "1", "1"]);

    const followers = await (await owner.b.get(at(hosts.www, `${FANS}?searchType=followers`))).text();
    expect(currentTab(followers)).toBe("フォロワー");
    expect(followers).toContain("ひかる");
    expect(followers).not.toContain("みなみ");
    expect(followers).not.toContain("ゴールドプラン");

    const blocks = await (await owner.b.get(at(hosts.www, `${FANS}?searchType=blocks`))).text();
    expect(currentTab(blocks)).toBe("ブロック");
    expect(blocks).toContain("くろだ");
    expect(blocks).toContain("ブロック解除");
    // the button posts back to the tab it is on, so the answer (without script too) shows that list
    expect(blocks).toContain('action="/me/fanclub/fans?searchType=blocks"');
    expect(blocks).not.toContain("ひかる");
  });

  it("falls back to the fans list on an invalid searchType", async () => {
    const { owner, fanclubId, planId } = await creator("fi");
    const member = await confirmedAccount({ name: "あさひ", prefix: "fim" });
    await insertMembership(member.id, fanclubId, planId);
    for (const query of ["?searchType=everyone", "?searchType=", "?searchType=FOLLOWERS"]) {
      const res = await owner.b.get(at(hosts.www, `${FANS}${query}`));
      expect(res.status, query).toBe(200);
      const html = await res.text();
      expect(currentTab(html), query).toBe("ファン");
      expect(html, query).toContain("あさひ");
    }
  });

  it("says so when a list is empty", async () => {
    const { owner } = await creator("fe");
    const html = await (await owner.b.get(at(hosts.www, `${FANS}?searchType=followers`))).text();
    expect(html).toContain("まだフォロワーはいません。");
    expect(tabCount(html, "フォロワー")).toBe("0");
  });

  it("pages with ?page=, newest first, 30 to a page", async () => {
    const { owner, fanclubId } = await creator("fp");
    const now = Date.now();
    // 31 followers made directly: the subject here is paging, not signing up
    for (let i = 0; i < 31; i++) {
      const name = `フォロワー${String(i).padStart(2, "0")}番`;
      const user = await createUser(env.DB, { name, identifyToken: `fp${now}${i}` });
      await createFollow(env.DB, { userId: user.id, fanclubId, createdAt: new Date(now + i * 1000) });
    }
    const first = await (await owner.b.get(at(hosts.www, `${FANS}?searchType=followers`))).text();
    expect(tabCount(first, "フォロワー")).toBe("31");
    expect(first).toContain("フォロワー30番");
    expect(first).toContain("フォロワー01番");
    expect(first).not.toContain("フォロワー00番");
    expect(first).toContain('href="/me/fanclub/fans?searchType=followers&amp;page=2"');
    const second = await (await owner.b.get(at(hosts.www, `${FANS}?searchType=followers&page=2`))).text();
    expect(second).toContain("フォロワー00番");
    expect(second).not.toContain("フォロワー01番");
    expect(second).not.toContain("page=3");
    const beyond = await owner.b.get(at(hosts.www, `${FANS}?searchType=followers&page=abc`));
    expect(await beyond.text()).toContain("フォロワー30番");
  });
});

describe("blocking", () => {
  it("ends the follow and the count, stops following again, and unblocking lets them back", async () => {
    const { owner, fanclubId } = await creator("bk");
    const fan = await confirmedAccount({ name: "ひかる", prefix: "bkf" });
    await follow(fan.b, fanclubId);
    expect(await followerCount(fanclubId)).toBe(1);

    const blocked = await owner.b.post(at(hosts.www, `${FANS}?searchType=followers`), { intent: "block", userId: String(fan.id) });
    expect(blocked.status).toBe(200);
    const html = await blocked.text();
    expect(html).toContain("ひかるさんをブロックしました。");
    expect(tabCount(html, "フォロワー")).toBe("0");
    expect(tabCount(html, "ブロック")).toBe("1");
    expect(await followerCount(fanclubId)).toBe(0);

    const again = await follow(fan.b, fanclubId);
    expect(again.status).toBe(403);
    expect(await followerCount(fanclubId)).toBe(0);
    expect(await (await owner.b.get(at(hosts.www, `${FANS}?searchType=blocks`))).text()).toContain("ひかる");

    const unblocked = await owner.b.post(at(hosts.www, `${FANS}?searchType=blocks`), { intent: "unblock", userId: String(fan.id) });
    expect(unblocked.status).toBe(200);
    const after = await unblocked.text();
    expect(after).toContain("ひかるさんのブロックを解除しました。");
    expect(after).toContain("ブロックしているユーザーはいません。");
    expect((await follow(fan.b, fanclubId)).status).toBe(200);
    expect(await followerCount(fanclubId)).toBe(1);
  });

  it("keeps a blocked member on the fans list, marked, with the membership untouched", async () => {
    const { owner, fanclubId, planId } = await creator("bm");
    const member = await confirmedAccount({ name: "みなみ", prefix: "bmm" });
    await insertMembership(member.id, fanclubId, planId);
    await owner.b.post(at(hosts.www, FANS), { intent: "block", userId: String(member.id) });
    const html = await (await owner.b.get(at(hosts.www, FANS))).text();
    expect(html).toContain("みなみ");
    expect(html).toContain("ブロック中");
    const row = await env.DB.prepare("SELECT status FROM memberships WHERE user_id = ? AND fanclub_id = ?")
      .bind(member.id, fanclubId)
      .first<{ status: string }>();
    expect(row?.status).toBe("active");
  });

  it("refuses to block the owner, unknown people and malformed posts", async () => {
    const { owner, fanclubId } = await creator("bx");
    const self = await owner.b.post(at(hosts.www, FANS), { intent: "block", userId: String(owner.id) });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("ご自身をブロックすることはできません。");
    expect((await owner.b.post(at(hosts.www, FANS), { intent: "block", userId: "99999999" })).status).toBe(404);
    expect((await owner.b.post(at(hosts.www, FANS), { intent: "block", userId: "abc" })).status).toBe(400);
    expect((await owner.b.post(at(hosts.www, FANS), { intent: "unblock", userId: String(owner.id) })).status).toBe(404);
    const blocks = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_blocks WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(blocks?.n).toBe(0);
  });
});

describe("editors", () => {
  it("invites by profile URL, the invitee accepts, the permissions are stored, and the owner narrows them", async () => {
    const { owner, fanclubId } = await creator("ed");
    const invitee = await confirmedAccount({ name: "さくら", prefix: "edi" });

    const invited = await postForm(owner.b, at(hosts.www, EDITORS), [
      ["intent", "invite"],
      ["user", `http://${hosts.user}/profile/${invitee.token}`],
      ["permissions", "can_raffle_manage"],
      ["permissions", "can_product_manage"],
    ]);
    expect(invited.status).toBe(200);
    expect(await invited.text()).toContain("さくらさんを招待しました。");
    const pending = await env.DB.prepare("SELECT permissions, accepted_at FROM fanclub_editors WHERE fanclub_id = ? AND user_id = ?")
      .bind(fanclubId, invitee.id)
      .first<{ permissions: string; accepted_at: number | null }>();
    expect(pending).toEqual({ permissions: '["can_product_manage","can_raffle_manage"]', accepted_at: null });
    expect(await (await owner.b.get(at(hosts.www, EDITORS))).text()).toContain("招待中（返答待ち）");

    const offer = await (await invitee.b.get(at(hosts.www, INVITATIONS))).text();
    expect(offer).toContain(`星空ミュージックed`);
    expect(offer).toContain("商品管理");
    expect(offer).toContain("抽選管理");
    expect(offer).not.toContain("投稿の公開");

    const accepted = await invitee.b.post(at(hosts.www, INVITATIONS), { intent: "accept", fanclubId: String(fanclubId) });
    expect(accepted.status).toBe(200);
    const acceptedHtml = await accepted.text();
    expect(acceptedHtml).toContain("星空ミュージックedの編集者になりました。");
    expect(acceptedHtml).toContain("届いている招待はありません。");
    const stored = await env.DB.prepare("SELECT permissions, accepted_at FROM fanclub_editors WHERE fanclub_id = ? AND user_id = ?")
      .bind(fanclubId, invitee.id)
      .first<{ permissions: string; accepted_at: number | null }>();
    expect(stored?.accepted_at).not.toBeNull();
    expect(JSON.parse(stored!.permissions)).toEqual(["can_product_manage", "can_raffle_manage"]);
    // a second click finds nothing left to answer
    expect((await invitee.b.post(at(hosts.www, INVITATIONS), { intent: "accept", fanclubId: String(fanclubId) })).status).toBe(404);

    const list = await (await owner.b.get(at(hosts.www, EDITORS))).text();
    expect(list).toContain("さくら");
    expect(checked(list, invitee.id)).toEqual(["can_product_manage", "can_raffle_manage"]);

    const narrowed = await postForm(owner.b, at(hosts.www, EDITORS), [
      ["intent", "update"],
      ["userId", String(invitee.id)],
      ["permissions", "can_product_manage"],
    ]);
    expect(narrowed.status).toBe(200);
    expect(await narrowed.text()).toContain("さくらさんの権限を更新しました。");
    const after = await env.DB.prepare("SELECT permissions FROM fanclub_editors WHERE fanclub_id = ? AND user_id = ?")
      .bind(fanclubId, invitee.id)
      .first<{ permissions: string }>();
    expect(JSON.parse(after!.permissions)).toEqual(["can_product_manage"]);
    expect(checked(await (await owner.b.get(at(hosts.www, EDITORS))).text(), invitee.id)).toEqual(["can_product_manage"]);

    // all boxes unticked: the editor keeps post management only
    await postForm(owner.b, at(hosts.www, EDITORS), [
      ["intent", "update"],
      ["userId", String(invitee.id)],
    ]);
    const none = await env.DB.prepare("SELECT permissions FROM fanclub_editors WHERE fanclub_id = ? AND user_id = ?")
      .bind(fanclubId, invitee.id)
      .first<{ permissions: string }>();
    expect(none?.permissions).toBe("[]");

    const removed = await owner.b.post(at(hosts.www, EDITORS), { intent: "remove", userId: String(invitee.id) });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("さくらさんを編集者から外しました。");
    const gone = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_editors WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(gone?.n).toBe(0);
  });

  it("declining deletes the invitation, so the owner may invite again", async () => {
    const { owner, fanclubId } = await creator("dc");
    const invitee = await confirmedAccount({ name: "つばさ", prefix: "dci" });
    await owner.b.post(at(hosts.www, EDITORS), { intent: "invite", user: invitee.token });
    const declined = await invitee.b.post(at(hosts.www, INVITATIONS), { intent: "decline", fanclubId: String(fanclubId) });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("星空ミュージックdcからの招待を辞退しました。");
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_editors WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect((await owner.b.post(at(hosts.www, EDITORS), { intent: "invite", user: invitee.token })).status).toBe(200);
  });

  it("explains why an invitation cannot be sent", async () => {
    const { owner, fanclubId } = await creator("ex");
    const editor = await confirmedAccount({ name: "すでに", prefix: "exe" });
    const invited = await confirmedAccount({ name: "まだ", prefix: "exi" });
    await insertEditor(fanclubId, editor.id, []);
    await owner.b.post(at(hosts.www, EDITORS), { intent: "invite", user: invited.token });
    const cases: Array<[string, number, string]> = [
      [owner.token, 400, "ご自身を編集者に招待することはできません。"],
      ["nobodyHasThisToken", 404, "該当するユーザーが見つかりませんでした。"],
      [`/profile/${editor.token}`, 409, "この方はすでに編集者です。"],
      [invited.token, 409, "この方はすでに招待済みです。返答をお待ちください。"],
      ["https://example.com/fanclubs/1", 400, "プロフィールのURLまたはIDの形式が正しくありません。"],
      ["", 400, "プロフィールURLまたはIDは必須項目です。"],
    ];
    for (const [user, status, message] of cases) {
      const res = await owner.b.post(at(hosts.www, EDITORS), { intent: "invite", user });
      expect(res.status, user).toBe(status);
      expect(await res.text(), user).toContain(message);
    }
    const unknownPermission = await postForm(owner.b, at(hosts.www, EDITORS), [
      ["intent", "invite"],
      ["user", (await confirmedAccount({ prefix: "exu" })).token],
      ["permissions", "manageEditors"],
    ]);
    expect(unknownPermission.status).toBe(400);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_editors WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
  });

  it("lets no one answer someone else's invitation", async () => {
    const { owner, fanclubId } = await creator("ot");
    const invitee = await confirmedAccount({ prefix: "oti" });
    const other = await confirmedAccount({ prefix: "oto" });
    await owner.b.post(at(hosts.www, EDITORS), { intent: "invite", user: invitee.token });
    expect((await other.b.post(at(hosts.www, INVITATIONS), { intent: "accept", fanclubId: String(fanclubId) })).status).toBe(404);
    const row = await env.DB.prepare("SELECT accepted_at FROM fanclub_editors WHERE fanclub_id = ? AND user_id = ?")
      .bind(fanclubId, invitee.id)
      .first<{ accepted_at: number | null }>();
    expect(row?.accepted_at).toBeNull();
  });
});

describe("who may see the fans and editors pages", () => {
  it("refuses an editor, even one with every permission, and the fan club's fans", async () => {
    const { fanclubId, planId } = await creator("ac");
    const editor = await confirmedAccount({ prefix: "ace" });
    await insertEditor(fanclubId, editor.id, [
      "commentable",
      "deletable_comments",
      "postable_drafts",
      "postable",
      "can_talk_manage",
      "can_schedule_manage",
      "can_product_manage",
      "can_lesson_manage",
      "can_raffle_manage",
    ]);
    for (const path of [FANS, `${FANS}?searchType=blocks`, EDITORS]) {
      expect((await editor.b.get(at(hosts.www, path))).status, path).toBe(403);
    }
    const fan = await confirmedAccount({ prefix: "acf" });
    await insertMembership(fan.id, fanclubId, planId);
    expect((await editor.b.post(at(hosts.www, FANS), { intent: "block", userId: String(fan.id) })).status).toBe(403);
    expect((await editor.b.post(at(hosts.www, EDITORS), { intent: "invite", user: fan.token })).status).toBe(403);
    const blocks = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_blocks WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(blocks?.n).toBe(0);

    // a fan with no fan club of their own has no creator pages: they are sent to open one
    for (const path of [FANS, EDITORS]) {
      const res = await fan.b.get(at(hosts.www, path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/me/fanclub/new");
    }
    expect((await fan.b.post(at(hosts.www, FANS), { intent: "block", userId: String(editor.id) })).status).toBe(302);
  });

  it("sends a visitor to sign in", async () => {
    for (const path of [FANS, EDITORS, INVITATIONS]) {
      const res = await new TestBrowser().get(at(hosts.www, path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toContain("/auth/login");
    }
  });
});

/** The permissions whose boxes are ticked in one editor's form on the editors page. */
function checked(html: string, userId: number): string[] {
  const start = html.indexOf(`id="editor-${userId}"`);
  const end = html.indexOf("</form>", start);
  const form = html.slice(start, end);
  return [...form.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\schecked(=""|\s|>|\/)/.test(tag))
    .map((tag) => /value="([^"]+)"/.exec(tag)?.[1] ?? "");
}
