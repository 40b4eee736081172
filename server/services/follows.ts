import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubBlocks, fanclubs, follows } from "../../db/schema";

export type FollowResult = { ok: true; following: boolean; followerCount: number } | { ok: false; reason: "notFound" | "own" | "blocked" };

/**
 * Following is free (spec §6 fan). The follower count is recomputed from the rows in the same
 * batch, so a double click, a retry or two tabs can never make it drift.
 */
export async function setFollowing(
  db: Db,
  input: { userId: number; fanclubId: number; follow: boolean; now: number },
): Promise<FollowResult> {
  const [fanclub, blocked] = await db.batch([
    db.select({ ownerId: fanclubs.ownerId, status: fanclubs.status }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)),
    db
      .select({ n: count() })
      .from(fanclubBlocks)
      .where(and(eq(fanclubBlocks.fanclubId, input.fanclubId), eq(fanclubBlocks.userId, input.userId))),
  ]);
  const club = fanclub[0];
  if (!club || club.status !== "open") return { ok: false, reason: "notFound" };
  if (club.ownerId === input.userId) return { ok: false, reason: "own" };
  if (input.follow && (blocked[0]?.n ?? 0) > 0) return { ok: false, reason: "blocked" };

  const change = input.follow
    ? db
        .insert(follows)
        .values({ userId: input.userId, fanclubId: input.fanclubId, createdAt: new Date(input.now) })
        .onConflictDoNothing()
    : db.delete(follows).where(and(eq(follows.userId, input.userId), eq(follows.fanclubId, input.fanclubId)));
  const [, , after] = await db.batch([
    change,
    db
      .update(fanclubs)
      .set({ followerCount: sql`(SELECT COUNT(*) FROM ${follows} WHERE ${follows.fanclubId} = ${input.fanclubId})` })
      .where(eq(fanclubs.id, input.fanclubId)),
    db.select({ followerCount: fanclubs.followerCount }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)),
  ]);
  return { ok: true, following: input.follow, followerCount: after[0]?.followerCount ?? 0 };
}

/** The fan clubs a person follows, most recent first. */
export async function listFollowing(db: Db, userId: number, limit = 100) {
  return db
    .select({
      id: fanclubs.id,
      name: fanclubs.name,
      creatorName: fanclubs.creatorName,
      uniquePath: fanclubs.uniquePath,
      followerCount: fanclubs.followerCount,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(fanclubs, eq(fanclubs.id, follows.fanclubId))
    .where(and(eq(follows.userId, userId), eq(fanclubs.status, "open")))
    .orderBy(sql`${follows.createdAt} DESC`)
    .limit(limit)
    .all();
}
