import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { api, hosts } from "./helpers";
import { insertEditor, insertFanclub, insertPlan } from "./fanclub-fixture";
import { PNG, savePost, storedPicture, xhr } from "./posts-fixture";

// spec §2 copyPostId: a post copied into a new draft with its own copies of the stored objects.

type Json = { success: boolean; payload: Record<string, unknown> & { message?: string } };

function copy(b: TestBrowser, postId: number | string) {
  return b.request(at(hosts.www, `/api/v1/me/fanclub/posts/${postId}/copy`), { method: "POST", headers: xhr });
}

/** A stored picture with its own random bytes, so each copy can be told from its source. */
function uniquePicture(fanclubId: number, uploaderId: number, filename: string) {
  const bytes = new Uint8Array(64);
  bytes.set(PNG.subarray(0, 8));
  crypto.getRandomValues(bytes.subarray(8));
  return storedPicture(fanclubId, uploaderId, filename, bytes);
}

async function filesOf(postId: number) {
  const rows = await env.DB.prepare("SELECT filename, r2_key, content_type, status FROM post_files WHERE post_id = ? ORDER BY sort_order")
    .bind(postId)
    .all<{ filename: string; r2_key: string; content_type: string; status: string }>();
  return rows.results;
}

async function postCount(fanclubId: number) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM posts WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>())!.n;
}

async function publishedWithFiles(prefix: string) {
  const owner = await confirmedAccount({ name: "オーナー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `コピー${prefix}` });
  const planId = await insertPlan(fanclubId, { price: 500 });
  const a = await uniquePicture(fanclubId, owner.id, "a.png");
  const b = await uniquePicture(fanclubId, owner.id, "b.png");
  const res = await savePost(owner.b, "picture", {
    "post[title]": "夏のライブ写真",
    "post[comment]": "楽しかった！",
    "post[is_publish]": "1",
    "post[public_level]": "over_paid_member",
    plan_id: String(planId),
    "post[allow_tipping]": "1",
    "post[show_filename]": "1",
    "album_ids[]": [String(b.id), String(a.id)],
  });
  expect(res.status).toBe(200);
  const postId = ((await res.json()) as Json).payload.postId as number;
  return { owner, fanclubId, planId, postId, files: [b, a] };
}

describe("copying a post (copyPostId)", () => {
  it("makes a draft with the same text, plan and settings and its own copies of the files", async () => {
    const { owner, fanclubId, planId, postId, files } = await publishedWithFiles("cp1");
    const res = await copy(owner.b, postId);
    expect(res.status).toBe(200);
    const copyId = ((await res.json()) as Json).payload.postId as number;
    expect(copyId).not.toBe(postId);

    const row = await env.DB.prepare(
      "SELECT title, comment, plan_id, is_publish, allow_tipping, show_filename, fanclub_id, type FROM posts WHERE id = ?",
    )
      .bind(copyId)
      .first();
    expect(row).toEqual({
      title: "夏のライブ写真",
      comment: "楽しかった！",
      plan_id: planId,
      is_publish: 0,
      allow_tipping: 1,
      show_filename: 1,
      fanclub_id: fanclubId,
      type: 1,
    });

    const originals = await filesOf(postId);
    const copies = await filesOf(copyId);
    expect(copies.map((f) => f.filename)).toEqual(["b.png", "a.png"]);
    expect(copies.every((f) => f.status === "stored" && f.content_type === "image/png")).toBe(true);
    const originalKeys = new Set(originals.map((f) => f.r2_key));
    for (const f of copies) expect(originalKeys.has(f.r2_key)).toBe(false);

    // the same bytes and type under the new keys
    for (const [i, f] of copies.entries()) {
      const object = await env.MEDIA.get(f.r2_key);
      expect(object?.httpMetadata?.contentType).toBe("image/png");
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(files[i]!.bytes);
    }

    // deleting the original post and its objects leaves the copy whole
    const del = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/posts/${postId}`), { method: "DELETE", headers: xhr });
    expect(del.status).toBe(200);
    await env.MEDIA.delete(originals.map((f) => f.r2_key));
    for (const [i, f] of copies.entries()) {
      const object = await env.MEDIA.get(f.r2_key);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(files[i]!.bytes);
    }

    // the copy is in the drafts list and opens in the editor with its files
    const drafts = (await (await owner.b.get(at(hosts.www, "/api/v1/me/fanclub/posts/drafts"), xhr)).json()) as Json;
    expect(drafts.payload.posts).toEqual([expect.objectContaining({ id: copyId, title: "夏のライブ写真" })]);
    const edit = await owner.b.get(at(hosts.www, `/api/v1/me/fanclub/posts/${copyId}/edit`), xhr);
    expect(edit.status).toBe(200);
  });

  it("never shows the draft copy to visitors or fans, and does not count it as published", async () => {
    const { owner, fanclubId, postId } = await publishedWithFiles("cp2");
    const copyId = ((await (await copy(owner.b, postId)).json()) as Json).payload.postId as number;
    const visitor = await api(hosts.www, `/fanclubs/${fanclubId}/posts/${copyId}`, { headers: xhr });
    expect(visitor.status).toBe(404);
    const fan = await confirmedAccount({ prefix: "cp2f" });
    const asFan = await fan.b.get(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/posts/${copyId}`), xhr);
    expect(asFan.status).toBe(404);
    const list = await (await api(hosts.www, `/fanclubs/${fanclubId}/posts`, { headers: xhr })).text();
    expect(list).toContain(`"id":${postId}`);
    expect(list).not.toContain(`"id":${copyId}`);
    const fc = await env.DB.prepare("SELECT post_count FROM fanclubs WHERE id = ?").bind(fanclubId).first<{ post_count: number }>();
    expect(fc?.post_count).toBe(1);
  });

  it("refuses editors without post permission, another fan club's post and garbage ids, with a localized message", async () => {
    const { owner, fanclubId, postId } = await publishedWithFiles("cp3");
    const commenter = await confirmedAccount({ prefix: "cp3c" });
    await insertEditor(fanclubId, commenter.id, ["commentable"]);
    const refused = await copy(commenter.b, postId);
    expect(refused.status).toBe(403);

    const poster = await confirmedAccount({ prefix: "cp3p" });
    await insertEditor(fanclubId, poster.id, ["postable"]);
    // the owner's post for the owner (or a chosen editor) stays theirs to copy too
    expect((await copy(poster.b, postId)).status).toBe(403);
    const shared = await savePost(owner.b, "picture", {
      "post[title]": "みんなで",
      "post[is_publish]": "1",
      "post[edit_scope]": "editable_all_editors",
    });
    const sharedId = ((await shared.json()) as Json).payload.postId as number;
    expect((await copy(poster.b, sharedId)).status).toBe(200);

    const other = await publishedWithFiles("cp3o");
    const foreign = await copy(owner.b, other.postId);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).payload.message).toBe("コピーする投稿が見つかりません。");
    expect((await copy(owner.b, "abc")).status).toBe(404);
    expect((await copy(owner.b, "0")).status).toBe(404);

    const visitor = await api(hosts.www, `/me/fanclub/posts/${postId}/copy`, { method: "POST", headers: xhr });
    expect(visitor.status).toBeGreaterThanOrEqual(400);
    expect(visitor.status).toBeLessThan(500);
    // the two posts of the owner and the editor's one copy; nothing else was written
    expect(await postCount(fanclubId)).toBe(3);
    expect(await postCount(other.fanclubId)).toBe(1);
  });

  it("writes nothing when an object cannot be copied, and removes the copies already made", async () => {
    const { owner, fanclubId, postId } = await publishedWithFiles("cp4");
    const originals = await filesOf(postId);
    await env.MEDIA.delete(originals[1]!.r2_key);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM post_files WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>();
    const res = await copy(owner.b, postId);
    expect(res.status).toBe(503);
    expect(((await res.json()) as Json).payload.message).toBe("投稿のコピーに失敗しました。時間をおいてもう一度お試しください。");
    expect(await postCount(fanclubId)).toBe(1);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM post_files WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    const listed = await env.MEDIA.list({ prefix: `posts/${fanclubId}/` });
    // only the one original left: the copy of the first file was removed again
    expect(listed.objects.map((o) => o.key)).toEqual([originals[0]!.r2_key]);
  });

  it("copies from the post management page and opens the editor of the new draft", async () => {
    const { owner, postId } = await publishedWithFiles("cp5");
    const page = await (await owner.b.get(at(hosts.www, "/me/fanclub/posts"))).text();
    expect(page).toContain('data-testid="copy-post"');
    const res = await owner.b.request(at(hosts.www, "/me/fanclub/posts"), {
      method: "POST",
      body: new URLSearchParams({ intent: "copy", postId: String(postId), type: "picture" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${hosts.www}` },
    });
    expect(res.status).toBe(302);
    const copyId = (await env.DB.prepare("SELECT max(id) AS id FROM posts").first<{ id: number }>())!.id;
    expect(copyId).not.toBe(postId);
    expect(res.headers.get("location")).toBe(`/me/fanclub/posts/edit/${copyId}/picture`);
  });
});
