import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, posts } from "../../db/schema";

/**
 * Lookups for the spec's paths that name a page living at another address (issue 23): they
 * answer where it lives, or null for a 404.
 */

/** A group announcement (`/groups/{id}/notifies/{postId}`): the owner fan club's post page it is. */
export async function groupNotifyPost(db: Db, groupId: number, postId: number): Promise<{ fanclubId: number } | null> {
  const row = await db
    .select({ fanclubId: posts.fanclubId })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.groupId, groupId), isNull(posts.deletedAt)))
    .get();
  return row ?? null;
}

/** The fan club of a unique path (`/@_/{uniquePath}/…`), open ones only. */
export async function fanclubIdByUniquePath(db: Db, uniquePath: string): Promise<number | null> {
  const row = await db
    .select({ id: fanclubs.id })
    .from(fanclubs)
    .where(and(eq(fanclubs.uniquePath, uniquePath), eq(fanclubs.status, "open")))
    .get();
  return row?.id ?? null;
}
