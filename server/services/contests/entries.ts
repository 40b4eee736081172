import { inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contests } from "../../../db/schema";
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
  return db.run(sql`INSERT INTO "contest_entries" ("contest_id", "post_id", "fanclub_id", "vote_count", "created_at")
    SELECT ${contestId}, ${postId}, ${fanclubId}, 0, ${now}
    FROM "contests" WHERE "id" = ${contestId} AND "entry_start_at" <= ${now} AND "entry_end_at" > ${now}
    ON CONFLICT DO NOTHING`);
}
