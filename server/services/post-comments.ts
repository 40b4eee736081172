import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { fanclubs, postComments, postLikes, posts, users } from "../../db/schema";
import { COMMENTS_PAGE_SIZE, socialPermissions, type SocialPermissions } from "../domain/post-comments";
import type { PostAccess, PostViewer } from "./post-access";

/**
 * Comments on posts and their one level of replies. Callers have already passed the post gate
 * (`loadPostAccess`) and the rules of server/domain/post-comments.ts; these functions read and
 * write, keeping the post's `comment_count` (live comments and replies) in the same D1 batch as
 * the change that moves it.
 */

/** The viewer's standing in a fan club, for the comment and like rules. */
export interface ViewerRelation {
  blocked: boolean;
  following: boolean;
  member: boolean;
}

const NO_RELATION: ViewerRelation = { blocked: false, following: false, member: false };

/** `fanclubId` may be a subquery, so a page can read this in the same batch that finds the fan club. */
function relationStatement(db: Db, fanclubId: number | SQL, userId: number) {
  return db
    .select({
      blocked: sql<number>`EXISTS (SELECT 1 FROM "fanclub_blocks" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId})`.as(
        "blocked",
      ),
      following: sql<number>`EXISTS (SELECT 1 FROM "follows" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId})`.as("following"),
      member:
        sql<number>`EXISTS (SELECT 1 FROM "memberships" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId} AND "status" != 'left')`.as(
          "member",
        ),
    })
    .from(fanclubs)
    .where(eq(fanclubs.id, fanclubId));
}

function relationFrom(rows: Array<{ blocked: number; following: number; member: number }>): ViewerRelation {
  const r = rows[0];
  return r ? { blocked: Boolean(r.blocked), following: Boolean(r.following), member: Boolean(r.member) } : NO_RELATION;
}

/** One comment row as the service hands it out; the API decides what of it a viewer sees. */
export interface CommentRow {
  id: number;
  parentId: number | null;
  userId: number;
  body: string;
  likeCount: number;
  createdAt: number;
  deletedAt: number | null;
  userName: string;
  userIconUrl: string | null;
  likedByMe: boolean;
}

const target = alias(postComments, "target");

/**
 * The viewer's relation to the fan club and, when asked, one comment of the post (the parent of a
 * reply, the comment to delete or like): one round trip before a write.
 */
export async function loadCommentContext(
  db: Db,
  input: { fanclubId: number; postId: number; userId: number; commentId?: number },
): Promise<{
  relation: ViewerRelation;
  comment: { id: number; postId: number; parentId: number | null; userId: number; deletedAt: number | null } | null;
}> {
  const [relation, comment] = await db.batch([
    relationStatement(db, input.fanclubId, input.userId),
    db
      .select({ id: target.id, postId: target.postId, parentId: target.parentId, userId: target.userId, deletedAt: target.deletedAt })
      .from(target)
      // an id of another post's comment is as good as no comment here
      .where(and(eq(target.id, input.commentId ?? 0), eq(target.postId, input.postId)))
      .limit(1),
  ]);
  const c = comment[0];
  return {
    relation: relationFrom(relation),
    comment: c ? { ...c, deletedAt: c.deletedAt?.getTime() ?? null } : null,
  };
}

const pageComment = alias(postComments, "page_comment");

/**
 * Top-level comments shown on a page of the list: live ones, and deleted ones that still have a
 * live reply (shown as a 'deleted comment' line above it). `outer` names the table the condition
 * is written for, spelled out because drizzle drops table names inside sql`` in one-table selects.
 */
function topLevelCondition(outer: "post_comments" | "page_comment", postId: number, before: number | null): SQL {
  const col = (name: string) => sql.raw(`"${outer}"."${name}"`);
  return sql`${col("post_id")} = ${postId}
    AND ${col("parent_id")} IS NULL
    AND (${col("deleted_at")} IS NULL
      OR EXISTS (SELECT 1 FROM "post_comments" AS "reply" WHERE "reply"."parent_id" = ${col("id")} AND "reply"."deleted_at" IS NULL))
    ${before === null ? sql`` : sql`AND ${col("id")} < ${before}`}`;
}

function commentColumns(viewerId: number | null) {
  return {
    id: postComments.id,
    parentId: postComments.parentId,
    userId: postComments.userId,
    body: postComments.body,
    likeCount: postComments.likeCount,
    createdAt: postComments.createdAt,
    deletedAt: postComments.deletedAt,
    userName: users.name,
    userIconUrl: users.iconImageUrl,
    likedByMe:
      viewerId === null
        ? sql<number>`0`.as("liked_by_me")
        : sql<number>`EXISTS (SELECT 1 FROM "post_comment_likes" WHERE "post_comment_likes"."comment_id" = "post_comments"."id" AND "post_comment_likes"."user_id" = ${viewerId})`.as(
            "liked_by_me",
          ),
  };
}

type RawComment = {
  [K in keyof CommentRow]: K extends "createdAt"
    ? Date
    : K extends "deletedAt"
      ? Date | null
      : K extends "likedByMe"
        ? number
        : CommentRow[K];
};

function commentFrom(r: RawComment): CommentRow {
  return { ...r, createdAt: r.createdAt.getTime(), deletedAt: r.deletedAt?.getTime() ?? null, likedByMe: Boolean(r.likedByMe) };
}

export interface CommentsPage {
  /** newest first; each with its live replies, oldest first */
  comments: Array<CommentRow & { replies: CommentRow[] }>;
  /** pass as `before` for the next page; null on the last page */
  nextCursor: number | null;
  commentCount: number;
  relation: ViewerRelation;
}

/**
 * A page of top-level comments (newest first, `COMMENTS_PAGE_SIZE` of them, older than `before`)
 * with all their live replies, the post's live comment count and the viewer's relation to the fan
 * club: one round trip.
 */
export async function listComments(
  db: Db,
  input: { postId: number; fanclubId: number; viewerId: number | null; before: number | null; pageSize?: number },
): Promise<CommentsPage> {
  const size = input.pageSize ?? COMMENTS_PAGE_SIZE;
  const pageIds = db
    .select({ id: pageComment.id })
    .from(pageComment)
    .where(topLevelCondition("page_comment", input.postId, input.before))
    .orderBy(desc(pageComment.id))
    .limit(size);
  const [top, replies, count, relation] = await db.batch([
    db
      .select(commentColumns(input.viewerId))
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(topLevelCondition("post_comments", input.postId, input.before))
      .orderBy(desc(postComments.id))
      // one more than a page tells whether another page follows
      .limit(size + 1),
    db
      .select(commentColumns(input.viewerId))
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(and(eq(postComments.postId, input.postId), inArray(postComments.parentId, pageIds), sql`"post_comments"."deleted_at" IS NULL`))
      .orderBy(asc(postComments.id)),
    db.select({ commentCount: posts.commentCount }).from(posts).where(eq(posts.id, input.postId)),
    relationStatement(db, input.fanclubId, input.viewerId ?? 0),
  ]);
  const page = top.slice(0, size).map(commentFrom);
  const byParent = new Map<number, CommentRow[]>();
  for (const r of replies.map(commentFrom)) {
    const list = byParent.get(r.parentId ?? 0) ?? [];
    list.push(r);
    byParent.set(r.parentId ?? 0, list);
  }
  return {
    comments: page.map((c) => ({ ...c, replies: byParent.get(c.id) ?? [] })),
    nextCursor: top.length > size ? (page[page.length - 1]?.id ?? null) : null,
    commentCount: count[0]?.commentCount ?? 0,
    relation: input.viewerId === null ? NO_RELATION : relationFrom(relation),
  };
}

/**
 * Writes a comment (or a reply, with `parentId` already checked by `replyProblem`) and counts it
 * on the post in the same batch.
 */
export async function createComment(
  db: Db,
  input: { postId: number; userId: number; parentId: number | null; body: string; now: number },
): Promise<{ id: number; createdAt: number; commentCount: number }> {
  const [inserted, , after] = await db.batch([
    db
      .insert(postComments)
      .values({ postId: input.postId, userId: input.userId, parentId: input.parentId, body: input.body, createdAt: new Date(input.now) })
      .returning({ id: postComments.id }),
    db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, input.postId)),
    db.select({ commentCount: posts.commentCount }).from(posts).where(eq(posts.id, input.postId)),
  ]);
  return { id: inserted[0]!.id, createdAt: input.now, commentCount: after[0]?.commentCount ?? 0 };
}

/**
 * Blanks a comment (body emptied, `deleted_at` set); its replies stay. The post's count drops by
 * one only when this call is the one that deleted it: the count's UPDATE runs first in the batch
 * and only while the comment is still live, so a double click or two moderators at once cannot
 * count it twice.
 */
export async function deleteComment(
  db: Db,
  input: { postId: number; commentId: number; now: number },
): Promise<{ deleted: boolean; commentCount: number }> {
  const stillLive = sql`EXISTS (SELECT 1 FROM "post_comments" WHERE "id" = ${input.commentId} AND "post_id" = ${input.postId} AND "deleted_at" IS NULL)`;
  const [, blanked, after] = await db.batch([
    db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} - 1` })
      .where(and(eq(posts.id, input.postId), stillLive)),
    db
      .update(postComments)
      .set({ body: "", deletedAt: new Date(input.now) })
      .where(and(eq(postComments.id, input.commentId), eq(postComments.postId, input.postId), sql`${postComments.deletedAt} IS NULL`))
      .returning({ id: postComments.id }),
    db.select({ commentCount: posts.commentCount }).from(posts).where(eq(posts.id, input.postId)),
  ]);
  return { deleted: blanked.length > 0, commentCount: after[0]?.commentCount ?? 0 };
}

/** Every comment of a post with its author's name, oldest first, for the creator's CSV. */
export async function commentsForExport(db: Db, postId: number) {
  const rows = await db
    .select({
      id: postComments.id,
      parentId: postComments.parentId,
      userName: users.name,
      body: postComments.body,
      likeCount: postComments.likeCount,
      createdAt: postComments.createdAt,
      deletedAt: postComments.deletedAt,
    })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(eq(postComments.postId, postId))
    .orderBy(asc(postComments.id))
    .all();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime(), deleted: r.deletedAt !== null }));
}

/**
 * The props of the post page's like button and comments (app/components/posts): counts, whether
 * the viewer liked the post and what they may do. Only for a viewer who passed the gate with
 * `canView`; one round trip.
 */
/**
 * The reads behind a post's likes and comments for this viewer, for a batch. The fan club may be
 * a subquery (the post page reads these beside the gate; they say nothing of the body).
 */
export function postSocialQueries(db: Db, post: { postId: number; fanclubId: number | SQL }, viewer: PostViewer) {
  const userId = viewer.userId ?? 0;
  return [
    relationStatement(db, post.fanclubId, userId),
    db
      .select({ one: sql<number>`1`.as("one") })
      .from(postLikes)
      .where(and(eq(postLikes.postId, post.postId), eq(postLikes.userId, userId)))
      .limit(1),
  ] as const;
}

export type PostSocialState = SocialPermissions & { postId: number; initialLikeCount: number; likedByMe: boolean; commentCount: number };

/** What the post page's likes and comments start from, out of `postSocialQueries`' rows. */
export function postSocialFrom(
  access: PostAccess,
  viewer: PostViewer,
  [relation, liked]: [Parameters<typeof relationFrom>[0], readonly unknown[]],
): PostSocialState {
  const { post, fanclub } = access;
  const role = { userId: viewer.userId, ownerId: fanclub.ownerId, editorPermissions: viewer.editing.get(fanclub.id) ?? null };
  return {
    postId: post.id,
    initialLikeCount: post.likeCount,
    likedByMe: viewer.userId !== null && liked.length > 0,
    commentCount: post.commentCount,
    ...socialPermissions(post, { role, ...(viewer.userId === null ? NO_RELATION : relationFrom(relation)) }),
  };
}

/** The post's likes and comments for this viewer, on its own. */
export async function postSocialState(db: Db, access: PostAccess, viewer: PostViewer): Promise<PostSocialState> {
  const [relation, liked] = await db.batch(postSocialQueries(db, { postId: access.post.id, fanclubId: access.fanclub.id }, viewer));
  return postSocialFrom(access, viewer, [relation, liked]);
}
