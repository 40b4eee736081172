import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGroup, createGroupMember, createPostFile } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { PNG, savePost, storedPicture, xhr } from "./posts-fixture";

type Json = { success: boolean; payload: Record<string, unknown> & { message?: string; errors?: { message: string; target?: string }[] } };

async function creator(prefix: string) {
  const owner = await confirmedAccount({ name: "オーナー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `投稿テスト${prefix}` });
  return { owner, fanclubId };
}

describe("saving posts", () => {
  it("creates a draft on the first save, updates it after, lists it in the drafts and refuses to schedule a draft", async () => {
    const { owner, fanclubId } = await creator("pd");
    const first = await savePost(owner.b, "picture", { "post[title]": "", "post[comment]": "下書きの本文", "post[is_publish]": "0" });
    expect(first.status).toBe(200);
    const postId = ((await first.json()) as Json).payload.postId as number;
    expect(postId).toBeGreaterThan(0);

    const again = await savePost(owner.b, "picture", { "post[title]": "夏のライブ", "post[is_publish]": "0" }, postId);
    expect(((await again.json()) as Json).payload.postId).toBe(postId);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM posts WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>();
    expect(count?.n).toBe(1);

    const drafts = (await (await owner.b.get(at(hosts.www, "/api/v1/me/fanclub/posts/drafts"), xhr)).json()) as Json;
    expect(drafts.payload.posts).toEqual([expect.objectContaining({ id: postId, title: "夏のライブ", postTypeStr: "picture" })]);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await savePost(
      owner.b,
      "picture",
      { "post[title]": "夏のライブ", "post[is_publish]": "0", "post[published_at]": future },
      postId,
    );
    expect(scheduled.status).toBe(400);
    expect(((await scheduled.json()) as Json).payload.message).toBe("下書きで予約投稿はできません。");
  });

  it("publishes with a title only, for a plan of the same fan club, and counts published posts", async () => {
    const { owner, fanclubId } = await creator("pp");
    const planId = await insertPlan(fanclubId, { price: 500 });
    const other = await insertFanclub((await confirmedAccount({ prefix: "ppo" })).id);
    const otherPlan = await insertPlan(other, { price: 500 });

    const noTitle = await savePost(owner.b, "picture", { "post[title]": "", "post[is_publish]": "1" });
    expect(noTitle.status).toBe(400);
    const foreignPlan = await savePost(owner.b, "picture", {
      "post[title]": "限定",
      "post[is_publish]": "1",
      "post[public_level]": "over_paid_member",
      plan_id: String(otherPlan),
    });
    expect(foreignPlan.status).toBe(400);
    const ok = await savePost(owner.b, "picture", {
      "post[title]": "限定",
      "post[is_publish]": "1",
      "post[public_level]": "over_paid_member",
      plan_id: String(planId),
    });
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare("SELECT plan_id, is_publish FROM posts WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ plan_id: number; is_publish: number }>();
    expect(row).toEqual({ plan_id: planId, is_publish: 1 });
    const fc = await env.DB.prepare("SELECT post_count FROM fanclubs WHERE id = ?").bind(fanclubId).first<{ post_count: number }>();
    expect(fc?.post_count).toBe(1);
  });

  it("attaches only stored files of the fan club, at most ten pictures, and keeps their order", async () => {
    const { owner, fanclubId } = await creator("pf");
    const a = await storedPicture(fanclubId, owner.id, "a.png");
    const b = await storedPicture(fanclubId, owner.id, "b.png");
    const other = await insertFanclub((await confirmedAccount({ prefix: "pfo" })).id);
    const foreign = await storedPicture(other, owner.id, "x.png");

    const refused = await savePost(owner.b, "picture", {
      "post[title]": "写真",
      "post[is_publish]": "1",
      "album_ids[]": [String(a.id), String(foreign.id)],
    });
    expect(refused.status).toBe(400);
    const res = await savePost(owner.b, "picture", {
      "post[title]": "写真",
      "post[is_publish]": "1",
      "album_ids[]": [String(b.id), String(a.id)],
    });
    expect(res.status).toBe(200);
    const postId = ((await res.json()) as Json).payload.postId as number;
    const files = await env.DB.prepare("SELECT id FROM post_files WHERE post_id = ? ORDER BY sort_order")
      .bind(postId)
      .all<{ id: number }>();
    expect(files.results.map((f) => f.id)).toEqual([b.id, a.id]);

    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => storedPicture(fanclubId, owner.id, `${i}.png`)));
    const tooMany = await savePost(owner.b, "picture", {
      "post[title]": "多すぎ",
      "post[is_publish]": "1",
      "album_ids[]": eleven.map((f) => String(f.id)),
    });
    expect(tooMany.status).toBe(400);
  });

  it("enforces editor permissions and the edit scope on the server", async () => {
    const { owner, fanclubId } = await creator("pe");
    const drafter = await confirmedAccount({ name: "下書き係", prefix: "ped" });
    const poster = await confirmedAccount({ name: "投稿係", prefix: "pep" });
    const viewerOnly = await confirmedAccount({ name: "閲覧係", prefix: "pev" });
    await insertEditor(fanclubId, drafter.id, ["postable_drafts"]);
    await insertEditor(fanclubId, poster.id, ["postable"]);
    await insertEditor(fanclubId, viewerOnly.id, ["commentable"]);

    expect((await savePost(viewerOnly.b, "picture", { "post[title]": "x", "post[is_publish]": "0" })).status).toBe(403);
    expect((await savePost(drafter.b, "picture", { "post[title]": "x", "post[is_publish]": "1" })).status).toBe(403);
    expect((await savePost(drafter.b, "picture", { "post[title]": "下書き", "post[is_publish]": "0" })).status).toBe(200);
    // an editor cannot lock others out with owner-only
    expect(
      (await savePost(poster.b, "picture", { "post[title]": "y", "post[is_publish]": "1", "post[edit_scope]": "editable_owner_only" }))
        .status,
    ).toBe(403);

    const ownerOnly = await savePost(owner.b, "picture", {
      "post[title]": "オーナーだけ",
      "post[is_publish]": "1",
      "post[edit_scope]": "editable_owner_only",
    });
    const ownerOnlyId = ((await ownerOnly.json()) as Json).payload.postId as number;
    expect((await savePost(poster.b, "picture", { "post[title]": "書き換え", "post[is_publish]": "1" }, ownerOnlyId)).status).toBe(403);
    const edit = await poster.b.get(at(hosts.www, `/api/v1/me/fanclub/posts/${ownerOnlyId}/edit`), xhr);
    expect(edit.status).toBe(403);
    const page = await poster.b.get(at(hosts.www, `/me/fanclub/posts/edit/${ownerOnlyId}/picture`));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/me/fanclub/posts");

    const shared = await savePost(owner.b, "picture", {
      "post[title]": "みんなで",
      "post[is_publish]": "1",
      "post[edit_scope]": "editable_all_editors",
    });
    const sharedId = ((await shared.json()) as Json).payload.postId as number;
    expect((await savePost(poster.b, "picture", { "post[title]": "みんなで（修正）", "post[is_publish]": "1" }, sharedId)).status).toBe(
      200,
    );
    const title = await env.DB.prepare("SELECT title, edit_scope FROM posts WHERE id = ?")
      .bind(sharedId)
      .first<{ title: string; edit_scope: string }>();
    expect(title).toEqual({ title: "みんなで（修正）", edit_scope: "editable_all_editors" });
  });

  it("saves a blog body only as the allowed document, within the character limit, with images of its own fan club", async () => {
    const { owner, fanclubId } = await creator("pb");
    const doc = (children: unknown[]) => JSON.stringify({ root: { type: "root", children } });
    const para = (text: string) => ({ type: "paragraph", children: [{ type: "text", text, format: 0 }] });

    // a title-only draft has no body yet
    const titleOnly = await savePost(owner.b, "blog", { "post[title]": "書きかけ", "post[is_publish]": "0", "post[blog_content]": "" });
    expect(titleOnly.status).toBe(200);

    const script = await savePost(owner.b, "blog", {
      "post[title]": "危ない",
      "post[is_publish]": "1",
      "post[blog_content]": doc([{ type: "html", html: "<script>alert(1)</script>" }]),
    });
    expect(script.status).toBe(400);
    expect(((await script.json()) as Json).payload.message).toBe("不正な形式です。");

    const tooLong = await savePost(owner.b, "blog", {
      "post[title]": "長すぎ",
      "post[is_publish]": "1",
      "post[blog_content]": doc([para("あ".repeat(20_001))]),
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as Json).payload.message).toBe("20000文字以内にしてください。");

    const other = await insertFanclub((await confirmedAccount({ prefix: "pbo" })).id);
    const foreignKey = `posts/${other}/${crypto.randomUUID()}.png`;
    await createPostFile(env.DB, {
      fanclubId: other,
      uploaderId: owner.id,
      kind: "blog_image",
      filename: "x.png",
      extension: "png",
      contentType: "image/png",
      size: 16,
      r2Key: foreignKey,
    });
    const foreignImage = await savePost(owner.b, "blog", {
      "post[title]": "よその画像",
      "post[is_publish]": "1",
      "post[blog_content]": doc([{ type: "paragraph", children: [{ type: "image", src: foreignKey, altText: "" }] }]),
    });
    expect(foreignImage.status).toBe(400);

    const exact = await savePost(owner.b, "blog", {
      "post[title]": "ちょうど",
      "post[is_publish]": "1",
      "post[blog_content]": doc([para("い".repeat(20_000))]),
    });
    expect(exact.status).toBe(200);
    const postId = ((await exact.json()) as Json).payload.postId as number;
    const row = await env.DB.prepare("SELECT blog_char_count FROM posts WHERE id = ?").bind(postId).first<{ blog_char_count: number }>();
    expect(row?.blog_char_count).toBe(20_000);
    const page = await (await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
    expect(page).toContain(`<div class="blog-article"><p>${"い".repeat(20_000)}</p></div>`);
  });

  it("refuses group announcements to fan clubs that own no group allowed to post", async () => {
    const { owner } = await creator("pg");
    const res = await savePost(owner.b, "picture", { "post[title]": "お知らせ", "post[is_publish]": "1", isGroupPost: "1" });
    expect(res.status).toBe(403);
  });

  it("lists posts in management with their status badge and deletes one", async () => {
    const { owner, fanclubId } = await creator("pm");
    const planId = await insertPlan(fanclubId, { price: 300 });
    await savePost(owner.b, "picture", { "post[title]": "公開中の投稿", "post[is_publish]": "1" });
    await savePost(owner.b, "picture", {
      "post[title]": "限定の投稿",
      "post[is_publish]": "1",
      "post[public_level]": "over_paid_member",
      plan_id: String(planId),
    });
    await savePost(owner.b, "picture", {
      "post[title]": "予約の投稿",
      "post[is_publish]": "1",
      "post[published_at]": new Date(Date.now() + 3_600_000).toISOString(),
    });
    await savePost(owner.b, "picture", { "post[title]": "下書きの投稿", "post[is_publish]": "0" });
    const html = await (await owner.b.get(at(hosts.www, "/me/fanclub/posts"))).text();
    for (const [status, title] of [
      ["published", "公開中の投稿"],
      ["private", "限定の投稿"],
      ["future", "予約の投稿"],
      ["draft", "下書きの投稿"],
    ]) {
      expect(html).toMatch(new RegExp(`data-status="${status}"[\\s\\S]*?${title}`));
    }
    const drafts = await (await owner.b.get(at(hosts.www, "/me/fanclub/posts?status=draft"))).text();
    expect(drafts).toContain("下書きの投稿");
    expect(drafts).not.toContain("公開中の投稿");

    const id = (await env.DB.prepare("SELECT id FROM posts WHERE title = '公開中の投稿'").first<{ id: number }>())!.id;
    const del = await owner.b.request(at(hosts.www, "/me/fanclub/posts"), {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", postId: String(id) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${hosts.www}` },
    });
    expect(del.status).toBe(302);
    const after = await (await owner.b.get(at(hosts.www, "/me/fanclub/posts"))).text();
    expect(after).not.toContain("公開中の投稿");
    const fc = await env.DB.prepare("SELECT post_count FROM fanclubs WHERE id = ?").bind(fanclubId).first<{ post_count: number }>();
    // the public, the limited and the scheduled post remain (a scheduled post counts once it is published)
    expect(fc?.post_count).toBe(2);
  });
});

describe("the paywall", () => {
  it("gives visitors, followers and lower-plan members not one byte of a locked post or talk topic; the right plan sees all", async () => {
    const { owner, fanclubId } = await creator("pw");
    const lower = await insertPlan(fanclubId, { name: "ブロンズ", price: 300 });
    const gold = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
    const secretText = `秘密の本文-${crypto.randomUUID()}`;
    const secretName = `secret-${crypto.randomUUID()}.png`;
    const pic = await storedPicture(fanclubId, owner.id, secretName);
    const res = await savePost(owner.b, "picture", {
      "post[title]": "ゴールド限定の写真",
      "post[comment]": secretText,
      "post[is_publish]": "1",
      "post[show_filename]": "1",
      "post[public_level]": "over_paid_member",
      plan_id: String(gold),
      "album_ids[]": String(pic.id),
    });
    const postId = ((await res.json()) as Json).payload.postId as number;
    // a talk topic locked to the same plan, with a comment: the crawl covers the board too (issue 21)
    const topicSecret = `秘密のトピック-${crypto.randomUUID()}`;
    const topicComment = `秘密のコメント-${crypto.randomUUID()}`;
    const topicRes = await owner.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/topics`), {
      method: "POST",
      headers: { ...xhr, "content-type": "application/json", origin: `http://${hosts.www}` },
      body: JSON.stringify({ title: "ゴールド限定のトピック", body: topicSecret, planId: gold }),
    });
    expect(topicRes.status).toBe(201);
    const topicId = ((await topicRes.json()) as Json).payload.id as number;
    const commented = await owner.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/topics/${topicId}/comments`), {
      method: "POST",
      headers: { ...xhr, "content-type": "application/json", origin: `http://${hosts.www}` },
      body: JSON.stringify({ body: topicComment }),
    });
    expect(commented.status).toBe(201);

    const follower = await confirmedAccount({ prefix: "pwf" });
    await follower.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/follow`), { method: "POST", headers: xhr });
    const lowerMember = await confirmedAccount({ prefix: "pwl" });
    await insertMembership(lowerMember.id, fanclubId, lower);
    const goldMember = await confirmedAccount({ prefix: "pwg" });
    await insertMembership(goldMember.id, fanclubId, gold);
    const { TestBrowser } = await import("./browser");
    const visitor = new TestBrowser();
    // the fan club in a group, so the group's post call is crawled with the rest
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId, name: "鍵のグループ" });
    await createGroupMember(env.DB, { groupId: group.id, fanclubId });

    const surfaces = [
      `/fanclubs/${fanclubId}/posts/${postId}`,
      `/fanclubs/${fanclubId}/posts/${postId}.data`,
      `/fanclubs/${fanclubId}/posts`,
      `/api/v1/fanclubs/${fanclubId}/posts/${postId}`,
      `/api/v1/fanclubs/${fanclubId}/posts`,
      `/api/v1/posts/recently_view?ids=${postId}`,
      `/api/v1/posts/${postId}/around_newer`,
      `/api/v1/posts/timeline`,
      `/api/v1/posts`,
      `/api/v1/posts?type=picture`,
      `/api/v1/posts/covers?ids=${postId}`,
      `/api/v1/fanclub_groups/${group.id}/posts/${postId}`,
      `/fanclubs/${fanclubId}`,
      `/fanclubs/${fanclubId}.data`,
      `/fanclubs/${fanclubId}/talks`,
      `/fanclubs/${fanclubId}/talks.data`,
      `/fanclubs/${fanclubId}/talks/${topicId}`,
      `/fanclubs/${fanclubId}/talks/${topicId}.data`,
      `/api/v1/fanclubs/${fanclubId}/topics`,
      `/api/v1/fanclubs/${fanclubId}/topics/load`,
      `/api/v1/fanclubs/${fanclubId}/topics/${topicId}`,
      `/api/v1/fanclubs/${fanclubId}/topics/${topicId}/comments`,
    ];
    const crawl = async (b: TestBrowser) => {
      let all = "";
      for (const path of surfaces) {
        const r = await b.get(at(hosts.www, path), path.startsWith("/api/") ? xhr : {});
        expect(r.status, path).toBeLessThan(500);
        all += await r.text();
      }
      return all;
    };

    const goldSeen = await crawl(goldMember.b);
    expect(goldSeen).toContain(secretText);
    expect(goldSeen).toContain(secretName);
    expect(goldSeen).toContain(topicSecret);
    expect(goldSeen).toContain(topicComment);
    const mediaUrl = /\/media\/posts\/[^"\\\s]+/.exec(goldSeen)?.[0]?.replaceAll("&amp;", "&").replaceAll("\\u0026", "&");
    expect(mediaUrl).toBeTruthy();
    const media = await goldMember.b.get(at(hosts.www, mediaUrl!));
    expect(media.status).toBe(200);
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG);

    for (const [who, b] of [
      ["visitor", visitor],
      ["follower", follower.b],
      ["lower plan", lowerMember.b],
    ] as const) {
      const seen = await crawl(b);
      expect(seen, who).toContain("ゴールド限定の写真");
      expect(seen, who).not.toContain(secretText);
      expect(seen, who).not.toContain(secretName);
      expect(seen, who).toContain("ゴールド限定のトピック");
      expect(seen, who).not.toContain(topicSecret);
      expect(seen, who).not.toContain(topicComment);
      expect(seen, who).not.toContain(pic.key);
      expect(seen, who).not.toContain("/media/posts/");
      // the gold member's link does not open for anyone else
      expect((await b.get(at(hosts.www, mediaUrl!))).status, who).toBe(403);
    }
  });
});
