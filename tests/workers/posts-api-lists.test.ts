import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGroup, createGroupMember } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertFanclub, insertMembership, insertPlan, insertPostFileRow, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * The readers' post calls of spec §7 beside the fan club's own: GET /posts (the brand's newest
 * posts), /posts/covers and fanclub_groups/{id}/posts/{postId}. Their paywall is crawled with the
 * other surfaces in posts.test.ts; here, what each returns, their 400s and their 404s.
 */

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Card = { id: number; title: string; locked: boolean; type: string; fanclubId: number };
type Json = { success: boolean; payload: Record<string, unknown> & { message?: string; errors?: { message: string; target?: string }[] } };

async function getJson(b: TestBrowser, host: string, path: string, lang?: string) {
  const res = await b.get(at(host, `/api/v1${path}`), { ...xhr, ...(lang ? { "accept-language": lang } : {}) });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("GET /api/v1/posts", () => {
  it("lists this brand's live posts newest first, by kind, page by page, with locks by plan; no group posts or drafts", async () => {
    const owner = await confirmedAccount({ prefix: "pl" });
    const fanclubId = await insertFanclub(owner.id, { name: "一覧のクラブ" });
    const gold = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
    const other = await insertFanclub((await confirmedAccount({ prefix: "pl2" })).id, { serviceId: 2, name: "別ブランド" });
    const hour = 3_600_000;
    const now = Date.now();
    const open = await insertPostRow(fanclubId, owner.id, { title: "公開ブログ", type: "blog", publishedAt: now - 3 * hour });
    const paid = await insertPostRow(fanclubId, owner.id, { title: "ゴールド写真", planId: gold, publishedAt: now - 2 * hour });
    await insertPostRow(fanclubId, owner.id, { title: "下書き", isPublish: false, publishedAt: now - hour });
    await insertPostRow(fanclubId, owner.id, { title: "予約投稿", publishedAt: now + hour });
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId });
    await insertPostRow(fanclubId, owner.id, { title: "グループのお知らせ", groupId: group.id, publishedAt: now - hour });
    await insertPostRow(other, owner.id, { title: "別ブランドの投稿", publishedAt: now - hour });

    const visitor = new TestBrowser();
    const all = await getJson(visitor, hosts.www, "/posts");
    expect(all.status).toBe(200);
    const cards = all.body.payload.posts as Card[];
    const titles = cards.map((c) => c.title);
    expect(titles.indexOf("ゴールド写真")).toBeLessThan(titles.indexOf("公開ブログ"));
    expect(titles).toContain("公開ブログ");
    for (const hidden of ["下書き", "予約投稿", "グループのお知らせ", "別ブランドの投稿"]) expect(titles).not.toContain(hidden);
    expect(cards.find((c) => c.id === paid)?.locked).toBe(true);
    expect(cards.find((c) => c.id === open)?.locked).toBe(false);
    expect(all.body.payload).toMatchObject({ page: 1, pageSize: 12 });
    expect(all.body.payload.total).toBeGreaterThanOrEqual(2);

    // the other brand's host lists its own
    const indies = (await getJson(visitor, hosts.indies, "/posts")).body.payload.posts as Card[];
    expect(indies.map((c) => c.title)).toContain("別ブランドの投稿");
    expect(indies.map((c) => c.title)).not.toContain("公開ブログ");

    const blogs = (await getJson(visitor, hosts.www, "/posts?type=blog")).body.payload.posts as Card[];
    expect(blogs.length).toBeGreaterThan(0);
    expect(blogs.every((c) => c.type === "blog")).toBe(true);
    expect(blogs.map((c) => c.id)).toContain(open);

    // the gold member sees the same card unlocked
    const member = await confirmedAccount({ prefix: "plm" });
    await insertMembership(member.id, fanclubId, gold);
    const mine = (await getJson(member.b, hosts.www, "/posts")).body.payload.posts as Card[];
    expect(mine.find((c) => c.id === paid)?.locked).toBe(false);

    // past the last page: empty, not an error
    const far = await getJson(visitor, hosts.www, "/posts?page=9999");
    expect(far.status).toBe(200);
    expect(far.body.payload.posts).toEqual([]);
  });

  it("answers a wrong page or kind with a localized 400 naming the parameter", async () => {
    const visitor = new TestBrowser();
    for (const query of ["page=0", "page=abc", "page=10001", "page=1.5", "type=video", "type=constructor"]) {
      const res = await getJson(visitor, hosts.www, `/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.payload.errors?.[0]?.target).toBe(query.split("=")[0]);
    }
    const ja = await getJson(visitor, hosts.www, "/posts?page=-1", "ja");
    const en = await getJson(visitor, hosts.www, "/posts?page=-1", "en");
    expect(ja.body.payload.message).toBe("入力内容に誤りがあります。");
    expect(en.body.payload.message).toBe("Some fields are not valid.");
  });
});

describe("GET /api/v1/posts/covers", () => {
  it("gives the title and cover of live posts in the order asked, leaving out drafts and unknown ids", async () => {
    const owner = await confirmedAccount({ prefix: "pc" });
    const fanclubId = await insertFanclub(owner.id, { name: "カバーのクラブ" });
    const gold = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
    const a = await insertPostRow(fanclubId, owner.id, { title: "カバーA", coverKey: "public/covers/1/a.png" });
    const b = await insertPostRow(fanclubId, owner.id, { title: "カバーB", planId: gold, comment: "カバーの秘密" });
    const draft = await insertPostRow(fanclubId, owner.id, { title: "下書きカバー", isPublish: false });
    const res = await getJson(new TestBrowser(), hosts.www, `/posts/covers?ids=${b},${draft},${a},99999999,${b}`);
    expect(res.status).toBe(200);
    expect(res.body.payload.covers).toEqual([
      { postId: b, fanclubId, fanclubName: "カバーのクラブ", title: "カバーB", coverUrl: null },
      { postId: a, fanclubId, fanclubName: "カバーのクラブ", title: "カバーA", coverUrl: "/media/public/covers/1/a.png" },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("カバーの秘密");
  });

  it("refuses missing, malformed or more than 20 ids with a 400", async () => {
    const visitor = new TestBrowser();
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(",");
    for (const query of ["", "?ids=", "?ids=a,b", "?ids=0", "?ids=1,-2", `?ids=${many}`]) {
      const res = await getJson(visitor, hosts.www, `/posts/covers${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.payload.errors?.[0]?.target).toBe("ids");
    }
  });
});

describe("GET /api/v1/fanclub_groups/{id}/posts/{postId}", () => {
  it("opens the group's announcements and its member fan clubs' posts through the paywall, and 404s the rest", async () => {
    const owner = await confirmedAccount({ prefix: "pg" });
    const fanclubId = await insertFanclub(owner.id, { name: "グループ主" });
    const memberClub = await insertFanclub((await confirmedAccount({ prefix: "pg2" })).id, { name: "参加クラブ" });
    const invitedClub = await insertFanclub((await confirmedAccount({ prefix: "pg3" })).id, { name: "招待中クラブ" });
    const gold = await insertPlan(memberClub, { name: "ゴールド", price: 1000 });
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId, name: "テストの輪" });
    const otherGroup = await createGroup(env.DB, { ownerFanclubId: fanclubId, name: "別の輪" });
    await createGroupMember(env.DB, { groupId: group.id, fanclubId: memberClub });
    await createGroupMember(env.DB, { groupId: group.id, fanclubId: invitedClub, status: "invited" });

    const notice = await insertPostRow(fanclubId, owner.id, { title: "お知らせ", comment: "みなさんへ", groupId: group.id });
    const secret = "参加クラブの秘密";
    const paid = await insertPostRow(memberClub, owner.id, { title: "限定写真", comment: secret, planId: gold, showFilename: true });
    await insertPostFileRow(paid, memberClub, owner.id, { filename: "hidden-name.png" });
    const invitedPost = await insertPostRow(invitedClub, owner.id, { title: "招待中の投稿" });
    const draft = await insertPostRow(fanclubId, owner.id, { title: "下書きのお知らせ", groupId: group.id, isPublish: false });

    const visitor = new TestBrowser();
    const shown = await getJson(visitor, hosts.www, `/fanclub_groups/${group.id}/posts/${notice}`);
    expect(shown.status).toBe(200);
    expect(shown.body.payload.post).toMatchObject({
      id: notice,
      title: "お知らせ",
      isGroupPost: true,
      locked: false,
      body: { comment: "みなさんへ" },
    });

    const locked = await getJson(visitor, hosts.www, `/fanclub_groups/${group.id}/posts/${paid}`);
    expect(locked.status).toBe(200);
    expect(locked.body.payload.post).toMatchObject({
      id: paid,
      locked: true,
      body: null,
      unlockPlans: [{ id: gold, name: "ゴールド", price: 1000 }],
    });
    expect(JSON.stringify(locked.body)).not.toContain(secret);
    expect(JSON.stringify(locked.body)).not.toContain("hidden-name.png");
    expect(JSON.stringify(locked.body)).not.toContain("/media/posts/");

    const member = await confirmedAccount({ prefix: "pgm" });
    await insertMembership(member.id, memberClub, gold);
    const opened = await getJson(member.b, hosts.www, `/fanclub_groups/${group.id}/posts/${paid}`);
    expect(opened.body.payload.post).toMatchObject({ locked: false, body: { comment: secret } });
    expect(JSON.stringify(opened.body)).toContain("hidden-name.png");

    for (const [path, why] of [
      [`/fanclub_groups/${otherGroup.id}/posts/${notice}`, "another group's announcement"],
      [`/fanclub_groups/${otherGroup.id}/posts/${paid}`, "not a member of that group"],
      [`/fanclub_groups/${group.id}/posts/${invitedPost}`, "invited, not yet a member"],
      [`/fanclub_groups/${group.id}/posts/${draft}`, "a draft"],
      [`/fanclub_groups/99999999/posts/${notice}`, "unknown group"],
      [`/fanclub_groups/${group.id}/posts/99999999`, "unknown post"],
      [`/fanclub_groups/abc/posts/${notice}`, "malformed group id"],
      [`/fanclub_groups/${group.id}/posts/1e3`, "malformed post id"],
    ] as const) {
      const res = await getJson(visitor, hosts.www, path);
      expect(res.status, why).toBe(404);
      expect(res.body.success, why).toBe(false);
    }

    await env.DB.prepare("UPDATE fanclub_groups SET closed_at = ? WHERE id = ?").bind(Date.now(), group.id).run();
    expect((await getJson(visitor, hosts.www, `/fanclub_groups/${group.id}/posts/${notice}`)).status).toBe(404);
  });
});
