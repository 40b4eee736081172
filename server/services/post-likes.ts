import { and, eq, exists, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postCommentLikes, postComments, postLikes, posts } from "../../db/schema";

/**
 * Likes on posts and on comments. Liking twice, a retry or two tabs must count once, and
 * un-liking something not liked must not count at all: each batch first moves the count only
 * while the like row is absent (to like) or present (to un-like), then inserts or deletes that
 * row. A batch is one transaction and D1 runs one at a time, so the check and the change cannot
 * be split by another request, and the CHECK constraints keep counts from going below zero.
 */

export async function setPostLike(
  db: Db,
  input: { postId: number; userId: number; liked: boolean; now: number },
): Promise<{ liked: boolean; likeCount: number }> {
  const { postId, userId } = input;
  const row = db
    .select({ one: sql`1` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
  const statements = input.liked
    ? ([
        db
          .update(posts)
          .set({ likeCount: sql`${posts.likeCount} + 1` })
          .where(and(eq(posts.id, postId), notExists(row))),
        db
          .insert(postLikes)
          .values({ postId, userId, createdAt: new Date(input.now) })
          .onConflictDoNothing(),
      ] as const)
    : ([
        db
          .update(posts)
          .set({ likeCount: sql`${posts.likeCount} - 1` })
          .where(and(eq(posts.id, postId), exists(row))),
        db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId))),
      ] as const);
  const [, , after] = await db.batch([...statements, db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, postId))]);
  return { liked: input.liked, likeCount: after[0]?.likeCount ?? 0 };
}

/**
 * Likes a live comment of the post, or takes the like back. `null` when the comment is not a live
 * comment of this post (a deleted comment takes no new likes).
 */
export async function setCommentLike(
  db: Db,
  input: { postId: number; commentId: number; userId: number; liked: boolean; now: number },
): Promise<{ liked: boolean; likeCount: number } | null> {
  const { postId, commentId, userId } = input;
  const row = db
    .select({ one: sql`1` })
    .from(postCommentLikes)
    .where(and(eq(postCommentLikes.commentId, commentId), eq(postCommentLikes.userId, userId)));
  const live = and(eq(postComments.id, commentId), eq(postComments.postId, postId), sql`${postComments.deletedAt} IS NULL`);
  const statements = input.liked
    ? ([
        db
          .update(postComments)
          .set({ likeCount: sql`${postComments.likeCount} + 1` })
          .where(and(live, notExists(row))),
        // the like row exists only for a live comment of this post: the count above moved in step
        db
          .insert(postCommentLikes)
          .select(
            db
              .select({
                commentId: postComments.id,
                userId: sql<number>`${userId}`.as("user_id"),
                createdAt: sql<number>`${input.now}`.as("created_at"),
              })
              .from(postComments)
              .where(live),
          )
          .onConflictDoNothing(),
      ] as const)
    : ([
        db
          .update(postComments)
          .set({ likeCount: sql`${postComments.likeCount} - 1` })
          .where(and(live, exists(row))),
        db.delete(postCommentLikes).where(
          and(
            eq(postCommentLikes.commentId, commentId),
            eq(postCommentLikes.userId, userId),
            exists(
              db
                .select({ one: sql`1` })
                .from(postComments)
                .where(live),
            ),
          ),
        ),
      ] as const);
  const [, , after] = await db.batch([...statements, db.select({ likeCount: postComments.likeCount }).from(postComments).where(live)]);
  const comment = after[0];
  return comment ? { liked: input.liked, likeCount: comment.likeCount } : null;
}
