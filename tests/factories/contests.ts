import { contestEntries, contests } from "../../db/schema";
import { defined, factoryDb, unique, type Fields } from "./db";

const DAY = 86_400_000;

/** A contest in its voting window: entries opened two days ago and closed an hour ago; voting runs a day more. */
export async function createContest(d1: D1Database, fields: Fields<typeof contests.$inferInsert> = {}) {
  const now = Date.now();
  return factoryDb(d1)
    .insert(contests)
    .values({
      slug: unique("contest-"),
      name: "テストコンテスト",
      startAt: new Date(now - 2 * DAY),
      endAt: new Date(now + 2 * DAY),
      entryStartAt: new Date(now - 2 * DAY),
      entryEndAt: new Date(now - 3_600_000),
      voteStartAt: new Date(now - 3_600_000),
      voteEndAt: new Date(now + DAY),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      ...defined(fields),
    })
    .returning()
    .get();
}

/** A post's entry in a contest (the post's own contest_id is the caller's to set). */
export async function createContestEntry(
  d1: D1Database,
  fields: Fields<typeof contestEntries.$inferInsert, "contestId" | "postId" | "fanclubId">,
) {
  return factoryDb(d1)
    .insert(contestEntries)
    .values({ createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}
