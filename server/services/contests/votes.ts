import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contestEntries, contests, contestVotes, posts } from "../../../db/schema";
import { contestPhase, voteDayKey } from "../../domain/contests";
import { windowsOf } from "./queries";

export type VoteResult =
  { ok: true; entryId: number; voteCount: number } | { ok: false; reason: "notFound" | "votingClosed" | "alreadyVoted" };

/**
 * One fan's vote for one entry (spec §7 vote/post). The UNIQUE key (entry, fan, Japan day) is the
 * rule: the INSERT ... SELECT writes nothing when the fan already voted for the entry today or the
 * voting window is closed at `now`, whatever other requests do meanwhile, and the entry's count is
 * recounted from the votes in the same batch. Clicks racing each other therefore count once.
 */
export async function castVote(db: Db, input: { contestId: number; postId: number; userId: number; now: number }): Promise<VoteResult> {
  const { contestId, userId, now } = input;
  const found = await db
    .select({ contest: contests, entryId: contestEntries.id })
    .from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .innerJoin(posts, eq(posts.id, contestEntries.postId))
    .where(
      and(
        eq(contestEntries.postId, input.postId),
        eq(contestEntries.contestId, contestId),
        eq(posts.isPublish, true),
        sql`${posts.deletedAt} IS NULL`,
        sql`${posts.publishedAt} <= ${now}`,
      ),
    )
    .get();
  if (!found) return { ok: false, reason: "notFound" };
  if (!contestPhase(windowsOf(found.contest), now).votingOpen) return { ok: false, reason: "votingClosed" };

  const entryId = found.entryId;
  const dayKey = voteDayKey(now);
  const [inserted, , counted] = await db.batch([
    db
      .insert(contestVotes)
      .select(
        db
          .select({
            // drizzle's insert-select wants every column in table order; NULL lets SQLite pick the id
            id: sql<number>`NULL`.as("id"),
            contestId: sql<number>`${contestId}`.as("contest_id"),
            entryId: sql<number>`${entryId}`.as("entry_id"),
            userId: sql<number>`${userId}`.as("user_id"),
            dayKey: sql<string>`${dayKey}`.as("day_key"),
            createdAt: sql<Date>`${now}`.as("created_at"),
          })
          .from(contests)
          .where(and(eq(contests.id, contestId), sql`${contests.voteStartAt} <= ${now}`, sql`${contests.voteEndAt} > ${now}`)),
      )
      .onConflictDoNothing()
      .returning({ id: contestVotes.id }),
    db
      .update(contestEntries)
      .set({ voteCount: sql`(SELECT count(*) FROM "contest_votes" WHERE "entry_id" = ${entryId})` })
      .where(eq(contestEntries.id, entryId)),
    db.select({ voteCount: contestEntries.voteCount }).from(contestEntries).where(eq(contestEntries.id, entryId)),
  ]);
  const voteCount = counted[0]?.voteCount ?? 0;
  if (inserted.length === 0) return { ok: false, reason: "alreadyVoted" };
  return { ok: true, entryId, voteCount };
}

/** The fan's votes of today in a contest (for the API's show). */
export async function votedToday(db: Db, contestId: number, userId: number, now: number): Promise<number[]> {
  const rows = await db
    .select({ entryId: contestVotes.entryId })
    .from(contestVotes)
    .where(and(eq(contestVotes.userId, userId), eq(contestVotes.contestId, contestId), eq(contestVotes.dayKey, voteDayKey(now))))
    .all();
  return rows.map((r) => r.entryId);
}
