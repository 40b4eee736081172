import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBlock, createComment } from "../factories";
import { createDb } from "../../db/client";
import type { EditorPermission } from "../../server/domain/fanclub-permissions";
import { loadPostAccess, type PostViewer } from "../../server/services/post-access";
import { postSocialState } from "../../server/services/post-comments";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { api, hosts } from "./helpers";
import { insertEditor, insertFanclub, insertMembership, insertPlan, insertPost } from "./fanclub-fixture";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  payload: T & { message?: string; errors?: Array<{ message: string; target?: string }> };
}

interface Comment {
  id: number;
  parentId: number | null;
  deleted: boolean;
  body: string;
  user: { name: string; iconImageUrl: string | null } | null;
  likeCount: number;
  likedByMe: boolean;
  createdAt: string;
  mine: boolean;
  deletable: boolean;
  replies: Comment[];
}

interface ListPayload {
  comments: Comment[];
  nextCursor: number | null;
  commentCount: number;
  permissions: { allowComment: boolean; canComment: boolean; commentRefusal: string | null; canLike: boolean; canModerate: boolean };
}

/** A call to /api/v1/posts/{postId}... as `b`'s browser makes it (or a visitor's, without `b`). */
async function call<T = Record<string, unknown>>(
  b: TestBrowser | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init = {
    method,
    headers: { ...xhr, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };
  const res = b
    ? await b.request(at(hosts.www, `/api/v1${path}`), init)
    : await api(hosts.www, path, { ...init, headers: { ...init.headers, host: hosts.www } });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Envelope<T> };
}

const comment = (b: TestBrowser | null, postId: number, body: string) =>
  call<{ comment: Comment; commentCount: number }>(b, "POST", `/posts/${postId}/post_comments`, { body });
const reply = (b: TestBrowser | null, postId: number, parentId: number, body: string) =>
  call<{ comment: Comment; commentCount: number }>(b, "POST", `/posts/${postId}/post_comments/${parentId}/create_child`, { body });
const list = (b: TestBrowser | null, postId: number, query = "") => call<ListPayload>(b, "GET", `/posts/${postId}/post_comments${query}`);
const destroy = (b: TestBrowser | null, postId: number, commentId: number) =>
  call<{ commentCount: number }>(b, "DELETE", `/posts/${postId}/post_comments/${commentId}`);

const postCounts = (postId: number) =>
  env.DB.prepare("SELECT like_count AS likes, comment_count AS comments FROM posts WHERE id = ?")
    .bind(postId)
    .first<{ likes: number; comments: number }>();

/** An owner with a fan club and a plan on the www brand, and a post for anyone. */
async function club(prefix: string, post: Parameters<typeof insertPost>[2] = {}) {
  const owner = await confirmedAccount({ name: "オーナー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `コメント部${prefix}` });
  const planId = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
  const postId = await insertPost(fanclubId, owner.id, post);
  return { owner, fanclubId, planId, postId };
}

async function editor(fanclubId: number, prefix: string, permissions: EditorPermission[]) {
  const person = await confirmedAccount({ name: `編集${prefix}`, prefix });
  await insertEditor(fanclubId, person.id, permissions);
  return person;
}

const block = (fanclubId: number, userId: number) => createBlock(env.DB, { fanclubId, userId });

describe("writing comments and replies", () => {
  it("posts a trimmed comment and a reply, lists them grouped with names, and counts both on the post", async () => {
    const { postId } = await club("cw");
    const fan = await confirmedAccount({ name: "みなみ", prefix: "cwf" });

    const first = await comment(fan.b, postId, "  はじめまして！\r\nよろしくお願いします  ");
    expect(first.status).toBe(201);
    expect(first.json.payload.comment).toMatchObject({
      body: "はじめまして！\nよろしくお願いします",
      user: { name: "みなみ" },
      mine: true,
      deletable: true,
      parentId: null,
    });
    expect(first.json.payload.commentCount).toBe(1);

    const answer = await reply(fan.b, postId, first.json.payload.comment.id, "続けて返信");
    expect(answer.status).toBe(201);
    expect(answer.json.payload.commentCount).toBe(2);

    const page = await list(null, postId);
    expect(page.status).toBe(200);
    expect(page.json.payload.commentCount).toBe(2);
    expect(page.json.payload.comments).toHaveLength(1);
    const [top] = page.json.payload.comments;
    expect(top).toMatchObject({ body: "はじめまして！\nよろしくお願いします", user: { name: "みなみ" }, mine: false, deletable: false });
    expect(top!.replies.map((r) => [r.body, r.user?.name, r.parentId])).toEqual([["続けて返信", "みなみ", top!.id]]);
    expect(Date.parse(top!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await postCounts(postId))?.comments).toBe(2);
  });

  it("refuses a reply to a reply, and a reply to another post's comment", async () => {
    const { owner, fanclubId, postId } = await club("cr");
    const other = await insertPost(fanclubId, owner.id, { title: "別の投稿" });
    const fan = await confirmedAccount({ prefix: "crf" });
    const top = (await comment(fan.b, postId, "親")).json.payload.comment;
    const child = (await reply(fan.b, postId, top.id, "子")).json.payload.comment;

    const nested = await reply(fan.b, postId, child.id, "孫");
    expect(nested.status).toBe(400);
    expect(nested.json.payload.message).toBe("返信に返信することはできません。");

    const elsewhere = await reply(fan.b, other, top.id, "よその投稿へ");
    expect(elsewhere.status).toBe(404);
    expect((await postCounts(postId))?.comments).toBe(2);
    expect((await postCounts(other))?.comments).toBe(0);
  });

  it("asks visitors to sign in, and tells signed-in readers what they may do", async () => {
    const { postId } = await club("cv");
    const visitor = await comment(null, postId, "こんにちは");
    expect(visitor.status).toBe(401);
    expect(visitor.json.payload.message).toBe("ログインしてください。");
    const page = await list(null, postId);
    expect(page.json.payload.permissions).toMatchObject({
      allowComment: true,
      canComment: false,
      commentRefusal: "signIn",
      canLike: false,
      canModerate: false,
    });
    expect(page.json.payload.comments).toEqual([]);
  });

  it("refuses an empty body and 1001 characters with a localized 400, and takes exactly 1000", async () => {
    const { postId } = await club("cl");
    const fan = await confirmedAccount({ prefix: "clf" });

    const long = await comment(fan.b, postId, "あ".repeat(1001));
    expect(long.status).toBe(400);
    expect(long.json.payload.message).toBe("1000文字以内で入力してください。");
    expect(long.json.payload.errors).toEqual([{ message: "1000文字以内で入力してください。", target: "body" }]);

    const blank = await comment(fan.b, postId, "   \n ");
    expect(blank.status).toBe(400);
    expect(blank.json.payload.message).toBe("コメントは必須項目です。");

    expect((await comment(fan.b, postId, "😀".repeat(1000))).status).toBe(201);
    expect((await postCounts(postId))?.comments).toBe(1);
  });

  it("answers in the reader's language", async () => {
    const { postId } = await club("ce");
    const fan = await confirmedAccount({ prefix: "cef" });
    const long = await call(fan.b, "POST", `/posts/${postId}/post_comments?locale=en`, { body: "a".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.json.payload.message).toBe("Please enter no more than 1000 characters.");
  });
});

describe("likes", () => {
  it("counts a post like once however often it is sent, and takes it back once", async () => {
    const { postId } = await club("lp");
    const fan = await confirmedAccount({ prefix: "lpf" });
    const second = await confirmedAccount({ prefix: "lps" });

    expect((await call(fan.b, "POST", `/posts/${postId}/like`)).json.payload).toEqual({ liked: true, likeCount: 1 });
    expect((await call(fan.b, "POST", `/posts/${postId}/like`)).json.payload).toEqual({ liked: true, likeCount: 1 });
    expect((await call(second.b, "POST", `/posts/${postId}/like`)).json.payload).toEqual({ liked: true, likeCount: 2 });
    expect((await postCounts(postId))?.likes).toBe(2);

    expect((await call(fan.b, "POST", `/posts/${postId}/cancel_like`)).json.payload).toEqual({ liked: false, likeCount: 1 });
    expect((await call(fan.b, "DELETE", `/posts/${postId}/like`)).json.payload).toEqual({ liked: false, likeCount: 1 });
    expect((await call(second.b, "DELETE", `/posts/${postId}/like`)).json.payload).toEqual({ liked: false, likeCount: 0 });
    // un-liking what nobody likes leaves the count at zero, never below
    expect((await call(second.b, "POST", `/posts/${postId}/cancel_like`)).json.payload).toEqual({ liked: false, likeCount: 0 });
    expect((await postCounts(postId))?.likes).toBe(0);

    expect((await call(null, "POST", `/posts/${postId}/like`)).status).toBe(401);
  });

  it("counts two likes sent at the same moment as one", async () => {
    const { postId } = await club("lr");
    const fan = await confirmedAccount({ prefix: "lrf" });
    await Promise.all([1, 2, 3].map(() => call(fan.b, "POST", `/posts/${postId}/like`)));
    expect((await postCounts(postId))?.likes).toBe(1);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM post_likes WHERE post_id = ?").bind(postId).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("likes a comment once, shows who liked it, and takes it back", async () => {
    const { postId } = await club("lc");
    const fan = await confirmedAccount({ prefix: "lcf" });
    const other = await confirmedAccount({ prefix: "lco" });
    const c = (await comment(fan.b, postId, "いいねしてね")).json.payload.comment;
    const likePath = `/posts/${postId}/post_comments/${c.id}/like`;

    expect((await call(other.b, "POST", likePath)).json.payload).toEqual({ liked: true, likeCount: 1 });
    expect((await call(other.b, "POST", likePath)).json.payload).toEqual({ liked: true, likeCount: 1 });
    expect((await list(other.b, postId)).json.payload.comments[0]).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await list(fan.b, postId)).json.payload.comments[0]).toMatchObject({ likeCount: 1, likedByMe: false });

    expect((await call(other.b, "DELETE", likePath)).json.payload).toEqual({ liked: false, likeCount: 0 });
    expect((await call(other.b, "POST", `/posts/${postId}/post_comments/${c.id}/cancel_like`)).json.payload).toEqual({
      liked: false,
      likeCount: 0,
    });
    expect((await list(other.b, postId)).json.payload.comments[0]).toMatchObject({ likeCount: 0, likedByMe: false });
  });

  it("does not like a deleted comment or another post's comment", async () => {
    const { owner, fanclubId, postId } = await club("ld");
    const other = await insertPost(fanclubId, owner.id);
    const fan = await confirmedAccount({ prefix: "ldf" });
    const c = (await comment(fan.b, postId, "消します")).json.payload.comment;
    expect((await call(fan.b, "POST", `/posts/${other}/post_comments/${c.id}/like`)).status).toBe(404);
    await destroy(fan.b, postId, c.id);
    expect((await call(fan.b, "POST", `/posts/${postId}/post_comments/${c.id}/like`)).status).toBe(404);
    const row = await env.DB.prepare("SELECT like_count AS n FROM post_comments WHERE id = ?").bind(c.id).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe("deleting comments", () => {
  it("lets the author delete: the comment becomes a 'deleted' line above its reply, and leaves the count", async () => {
    const { postId } = await club("da");
    const fan = await confirmedAccount({ name: "作者", prefix: "daf" });
    const top = (await comment(fan.b, postId, "消す予定の本文")).json.payload.comment;
    await reply(fan.b, postId, top.id, "残る返信");
    const lonely = (await comment(fan.b, postId, "返信のないコメント")).json.payload.comment;

    const gone = await destroy(fan.b, postId, top.id);
    expect(gone.status).toBe(200);
    expect(gone.json.payload.commentCount).toBe(2);
    // deleting twice counts once
    expect((await destroy(fan.b, postId, top.id)).json.payload.commentCount).toBe(2);
    expect((await destroy(fan.b, postId, lonely.id)).json.payload.commentCount).toBe(1);

    const page = await list(null, postId);
    expect(page.text).not.toContain("消す予定の本文");
    expect(page.text).not.toContain("返信のないコメント");
    // the deleted comment with no reply is gone; the one with a reply stays as a blank line
    expect(page.json.payload.comments).toHaveLength(1);
    expect(page.json.payload.comments[0]).toMatchObject({ id: top.id, deleted: true, body: "", user: null });
    expect(page.json.payload.comments[0]!.replies.map((r) => r.body)).toEqual(["残る返信"]);
    expect(page.json.payload.commentCount).toBe(1);
    const stored = await env.DB.prepare("SELECT body, deleted_at FROM post_comments WHERE id = ?")
      .bind(top.id)
      .first<{ body: string; deleted_at: number | null }>();
    expect(stored?.body).toBe("");
    expect(stored?.deleted_at).not.toBeNull();
    expect((await reply(fan.b, postId, top.id, "削除済みへの返信")).status).toBe(404);
  });

  it("lets the owner and an editor with deletable_comments delete anyone's comment, and nobody else", async () => {
    const { owner, fanclubId, postId } = await club("dm");
    const fan = await confirmedAccount({ prefix: "dmf" });
    const stranger = await confirmedAccount({ prefix: "dms" });
    const moderator = await editor(fanclubId, "dme", ["deletable_comments"]);
    const writer = await editor(fanclubId, "dmw", ["commentable", "postable"]);
    const [a, b, c] = await Promise.all(["一", "二", "三"].map(async (body) => (await comment(fan.b, postId, body)).json.payload.comment));

    const refused = await destroy(stranger.b, postId, a!.id);
    expect(refused.status).toBe(403);
    expect(refused.json.payload.message).toBe("この操作を行う権限がありません。");
    expect((await destroy(writer.b, postId, a!.id)).status).toBe(403);
    expect((await destroy(null, postId, a!.id)).status).toBe(401);

    expect((await list(moderator.b, postId)).json.payload.comments.every((x) => x.deletable)).toBe(true);
    expect((await list(stranger.b, postId)).json.payload.comments.some((x) => x.deletable)).toBe(false);

    expect((await destroy(owner.b, postId, a!.id)).status).toBe(200);
    expect((await destroy(moderator.b, postId, b!.id)).status).toBe(200);
    expect((await postCounts(postId))?.comments).toBe(1);
    expect((await list(null, postId)).json.payload.comments.map((x) => x.id)).toEqual([c!.id]);
  });
});

describe("who may comment", () => {
  it("holds fans to the comment scope: followers or members, then members only", async () => {
    const { fanclubId, planId, postId } = await club("sf", { commentScope: "followers" });
    const fan = await confirmedAccount({ prefix: "sff" });

    const before = await comment(fan.b, postId, "フォロー前");
    expect(before.status).toBe(403);
    expect(before.json.payload.message).toBe("この投稿にはフォロワーとファンクラブ会員のみコメントできます。");
    expect((await list(fan.b, postId)).json.payload.permissions).toMatchObject({
      canComment: false,
      commentRefusal: "followersOnly",
      canLike: true,
    });

    expect((await call(fan.b, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);
    expect((await comment(fan.b, postId, "フォローしました")).status).toBe(201);

    await env.DB.prepare("UPDATE posts SET comment_scope = 'members' WHERE id = ?").bind(postId).run();
    const follower = await comment(fan.b, postId, "会員限定へ");
    expect(follower.status).toBe(403);
    expect(follower.json.payload.message).toBe("この投稿にはファンクラブ会員のみコメントできます。");

    await insertMembership(fan.id, fanclubId, planId);
    expect((await comment(fan.b, postId, "入会しました")).status).toBe(201);
  });

  it("lets the owner comment under any scope and editors only with commentable", async () => {
    const { owner, fanclubId, postId } = await club("so", { commentScope: "members" });
    const writer = await editor(fanclubId, "sow", ["commentable"]);
    const other = await editor(fanclubId, "soe", ["postable", "deletable_comments"]);

    expect((await comment(owner.b, postId, "オーナーです")).status).toBe(201);
    expect((await comment(writer.b, postId, "編集者です")).status).toBe(201);
    const refused = await comment(other.b, postId, "権限なし");
    expect(refused.status).toBe(403);
    expect(refused.json.payload.message).toBe("コメントする権限がありません。");
    expect((await list(owner.b, postId)).json.payload.permissions).toMatchObject({ canComment: true, canModerate: true });
  });

  it("refuses comments and likes from a person the fan club blocked", async () => {
    const { fanclubId, postId } = await club("sb");
    const fan = await confirmedAccount({ prefix: "sbf" });
    const c = (await comment(fan.b, postId, "ブロック前")).json.payload.comment;
    await block(fanclubId, fan.id);

    const refused = await comment(fan.b, postId, "ブロック後");
    expect(refused.status).toBe(403);
    expect(refused.json.payload.message).toBe("このファンクラブではいいね・コメントできません。");
    expect((await reply(fan.b, postId, c.id, "返信も")).status).toBe(403);
    expect((await call(fan.b, "POST", `/posts/${postId}/like`)).status).toBe(403);
    expect((await call(fan.b, "POST", `/posts/${postId}/post_comments/${c.id}/like`)).status).toBe(403);
    expect(await postCounts(postId)).toEqual({ likes: 0, comments: 1 });
    expect((await list(fan.b, postId)).json.payload.permissions).toMatchObject({
      canComment: false,
      commentRefusal: "blocked",
      canLike: false,
    });
  });

  it("refuses every comment while the post does not allow them, the owner's too, and says so", async () => {
    const { owner, postId } = await club("sc", { allowComment: false });
    const fan = await confirmedAccount({ prefix: "scf" });
    for (const b of [fan.b, owner.b]) {
      const refused = await comment(b, postId, "閉じています");
      expect(refused.status).toBe(403);
      expect(refused.json.payload.message).toBe("この投稿へのコメントは受け付けていません。");
    }
    expect((await list(fan.b, postId)).json.payload.permissions).toMatchObject({
      allowComment: false,
      canComment: false,
      commentRefusal: "closed",
    });
    // likes are not comments
    expect((await call(fan.b, "POST", `/posts/${postId}/like`)).status).toBe(200);
  });
});

describe("locked and hidden posts", () => {
  it("shows a locked post's comments to nobody outside its plan: 403 with no comment text", async () => {
    const { owner, fanclubId, planId, postId: openPost } = await club("pl");
    const cheap = await insertPlan(fanclubId, { name: "ブロンズ", price: 300 });
    const locked = await insertPost(fanclubId, owner.id, { planId, title: "会員限定" });
    const member = await confirmedAccount({ prefix: "plm" });
    const lower = await confirmedAccount({ prefix: "pll" });
    const follower = await confirmedAccount({ prefix: "plf" });
    await insertMembership(member.id, fanclubId, planId);
    await insertMembership(lower.id, fanclubId, cheap);
    await call(follower.b, "POST", `/fanclubs/${fanclubId}/follow`);

    const secret = "会員だけの秘密のコメント";
    const c = (await comment(member.b, locked, secret)).json.payload.comment;
    expect(c.body).toBe(secret);
    expect((await comment(owner.b, openPost, "公開投稿のコメント")).status).toBe(201);

    for (const b of [null, follower.b, lower.b]) {
      const page = await list(b, locked);
      expect(page.status).toBe(403);
      expect(page.text).not.toContain(secret);
      expect(page.text).not.toContain("comments");
      expect(page.json.payload.message).toBe("この投稿は対象プランの会員のみ閲覧できます。");
      expect((await call(b, "GET", `/posts/${locked}/post_comments/csv`)).text).not.toContain(secret);
    }
    for (const b of [follower.b, lower.b]) {
      expect((await comment(b, locked, "入れて")).status).toBe(403);
      expect((await call(b, "POST", `/posts/${locked}/like`)).status).toBe(403);
      expect((await call(b, "POST", `/posts/${locked}/post_comments/${c.id}/like`)).status).toBe(403);
      expect((await reply(b, locked, c.id, "返信")).status).toBe(403);
    }
    expect(await postCounts(locked)).toEqual({ likes: 0, comments: 1 });

    const seen = await list(member.b, locked);
    expect(seen.status).toBe(200);
    expect(seen.json.payload.comments.map((x) => x.body)).toEqual([secret]);
  });

  it("answers 404 for a draft, a deleted post and an id that is no post", async () => {
    const { owner, fanclubId } = await club("ph");
    const draft = await insertPost(fanclubId, owner.id, { isPublish: false });
    const fan = await confirmedAccount({ prefix: "phf" });
    expect((await list(fan.b, draft)).status).toBe(404);
    expect((await comment(fan.b, draft, "下書きへ")).status).toBe(404);
    expect((await call(fan.b, "POST", `/posts/${draft}/like`)).status).toBe(404);
    // the owner manages the draft and may see its (empty) comments
    expect((await list(owner.b, draft)).status).toBe(200);

    const removed = await insertPost(fanclubId, owner.id);
    await env.DB.prepare("UPDATE posts SET deleted_at = ? WHERE id = ?").bind(Date.now(), removed).run();
    expect((await list(fan.b, removed)).status).toBe(404);
    expect((await list(fan.b, 99_999_999)).status).toBe(404);
    expect((await list(fan.b, "abc" as unknown as number)).status).toBe(404);
  });
});

describe("paging", () => {
  it("gives 20 top-level comments a page, newest first, with their replies, then the rest", async () => {
    const { owner, postId } = await club("pg");
    const base = Date.now() - 100_000;
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const row = await createComment(env.DB, { postId, userId: owner.id, body: `コメント${i}`, createdAt: new Date(base + i) });
      ids.push(row.id);
    }
    await createComment(env.DB, { postId, userId: owner.id, parentId: ids[0], body: "最初への返信", createdAt: new Date(base + 50) });
    await env.DB.prepare("UPDATE posts SET comment_count = 23 WHERE id = ?").bind(postId).run();

    const first = await list(null, postId);
    expect(first.json.payload.comments).toHaveLength(20);
    expect(first.json.payload.comments[0]!.body).toBe("コメント21");
    expect(first.json.payload.nextCursor).toBe(ids[2]);
    expect(first.json.payload.commentCount).toBe(23);

    const second = await list(null, postId, `?before=${first.json.payload.nextCursor}`);
    expect(second.json.payload.comments.map((c) => c.body)).toEqual(["コメント1", "コメント0"]);
    expect(second.json.payload.comments[1]!.replies.map((r) => r.body)).toEqual(["最初への返信"]);
    expect(second.json.payload.nextCursor).toBeNull();
  });
});

describe("CSV export", () => {
  it("gives the owner every comment as an Excel-ready CSV with a safe file name and defused formulas", async () => {
    const { owner, fanclubId, postId } = await club("cs");
    const fan = await confirmedAccount({ name: '山田, "花子"', prefix: "csf" });
    const top = (await comment(fan.b, postId, '=HYPERLINK("http://evil.example")')).json.payload.comment;
    await reply(owner.b, postId, top.id, "改行\nあり");
    const removed = (await comment(fan.b, postId, "消される本文")).json.payload.comment;
    await destroy(owner.b, postId, removed.id);
    await call(owner.b, "POST", `/posts/${postId}/post_comments/${top.id}/like`);

    const res = await owner.b.request(at(hosts.www, `/api/v1/posts/${postId}/post_comments/csv`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="post-${postId}-comments-\\d{8}\\.csv"$`));
    expect(res.headers.get("cache-control")).toContain("private");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("コメントID,返信先コメントID,ユーザー名,本文,いいね数,投稿日時,削除済み");
    expect(lines[1]).toMatch(
      new RegExp(
        `^${top.id},,"山田, ""花子""","'=HYPERLINK\\(""http://evil.example""\\)",1,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+09:00,0$`,
      ),
    );
    expect(text).toContain(`,${top.id},オーナー,"改行\nあり",0,`);
    expect(text).toMatch(new RegExp(`\r\n${removed.id},,"山田, ""花子""",,0,[^,]+,1\r\n`));
    expect(text).not.toContain("消される本文");

    const moderator = await editor(fanclubId, "csm", ["deletable_comments"]);
    expect((await moderator.b.request(at(hosts.www, `/api/v1/posts/${postId}/post_comments/csv`))).status).toBe(200);
  });

  it("refuses the CSV to fans, editors without deletable_comments and visitors", async () => {
    const { fanclubId, postId } = await club("cx");
    const fan = await confirmedAccount({ prefix: "cxf" });
    const writer = await editor(fanclubId, "cxw", ["commentable"]);
    expect((await comment(fan.b, postId, "秘密ではないが")).status).toBe(201);
    for (const b of [fan.b, writer.b]) {
      const res = await call(b, "GET", `/posts/${postId}/post_comments/csv`);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain("秘密ではないが");
    }
    expect((await call(null, "GET", `/posts/${postId}/post_comments/csv`)).status).toBe(401);
  });
});

describe("the post page's props", () => {
  it("tell the page the counts, whether the viewer liked the post and what they may do", async () => {
    const { owner, fanclubId, postId } = await club("pp", { commentScope: "members" });
    const fan = await confirmedAccount({ prefix: "ppf" });
    await call(fan.b, "POST", `/posts/${postId}/like`);
    await comment(owner.b, postId, "オーナーのコメント");
    const db = createDb(env.DB);
    const state = async (viewer: PostViewer) => postSocialState(db, (await loadPostAccess(db, postId, viewer, Date.now()))!, viewer);
    const none = new Map();

    expect(await state({ userId: fan.id, ownFanclubId: null, editing: none })).toEqual({
      postId,
      initialLikeCount: 1,
      likedByMe: true,
      commentCount: 1,
      allowComment: true,
      canComment: false,
      commentRefusal: "membersOnly",
      canLike: true,
      canModerate: false,
    });
    expect(await state({ userId: owner.id, ownFanclubId: fanclubId, editing: none })).toMatchObject({
      likedByMe: false,
      canComment: true,
      canModerate: true,
    });
    expect(await state({ userId: null, ownFanclubId: null, editing: none })).toMatchObject({
      likedByMe: false,
      canComment: false,
      commentRefusal: "signIn",
      canLike: false,
    });
  });
});
