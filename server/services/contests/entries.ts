import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contestEntries, contests } from "../../../db/schema";
import { contestChoice, type ContestChoice } from "../../domain/contests";
import { windowsOf } from "./queries";

/** Reads the post's current contest and the requested one, and applies the rule of contestChoice. */
export async function resolveContestChoice(
  db: Db,
  input: { requested: number; currentId: number | null; isGroupPost: boolean; now: number },
): Promise<ContestChoice> {
  const ids = [input.requested, input.currentId].filter((id): id is number => id !== null && id > 0);
  if (input.requested !== -1 && input.requested < 1) return { ok: false };
  const rows = ids.length ? await db.select().from(contests).where(inArray(contests.id, ids)).all() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const current = input.currentId !== null ? byId.get(input.currentId) : undefined;
  const chosen = byId.get(input.requested);
  return contestChoice({
    requested: input.requested,
    isGroupPost: input.isGroupPost,
    current: current ? { id: current.id, windows: windowsOf(current) } : null,
    chosen: chosen ? windowsOf(chosen) : null,
    now: input.now,
  });
}

/**
 * The entry row, written in the post's own batch: the window is checked again by the INSERT ...
 * SELECT at `now`, and the UNIQUE (post, contest) key keeps a retried save from entering twice.
 */
export function enterContestStatement(db: Db, input: { contestId: number; postId: SQL; fanclubId: number; now: number }) {
  const { contestId, postId, fanclubId, now } = input;
  return db
    .insert(contestEntries)
    .select(
      db
        .select({
          // drizzle's insert-select wants every column in table order; NULL lets SQLite pick the id
          id: sql<number>`NULL`.as("id"),
          contestId: sql<number>`${contestId}`.as("contest_id"),
          postId: sql<number>`${postId}`.as("post_id"),
          fanclubId: sql<number>`${fanclubId}`.as("fanclub_id"),
          voteCount: sql<number>`0`.as("vote_count"),
          createdAt: sql<Date>`${now}`.as("created_at"),
        })
        .from(contests)
        .where(and(eq(contests.id, contestId), sql`${contests.entryStartAt} <= ${now}`, sql`${contests.entryEndAt} > ${now}`)),
    )
    .onConflictDoNothing();
}
