import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contests } from "../../../db/schema";
import type { ContestInput } from "../../domain/contests";

export type SaveContestResult = { ok: true; id: number } | { ok: false; reason: "slugTaken" | "notFound" };

function values(input: ContestInput, now: number) {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    postTemplate: input.postTemplate,
    hashTag: input.hashTag,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    entryStartAt: new Date(input.entryStartAt),
    entryEndAt: new Date(input.entryEndAt),
    voteStartAt: new Date(input.voteStartAt),
    voteEndAt: new Date(input.voteEndAt),
    judges: JSON.stringify(input.judges),
    prizes: JSON.stringify(input.prizes),
    updatedAt: new Date(now),
  };
}

/**
 * The operator creates or edits a contest. The slug is the page's address and UNIQUE: a taken
 * slug is refused by the database (ON CONFLICT DO NOTHING writes no row), not by a prior read.
 */
export async function saveContest(db: Db, input: { id: number | null; form: ContestInput; now: number }): Promise<SaveContestResult> {
  const v = values(input.form, input.now);
  if (input.id === null) {
    const rows = await db
      .insert(contests)
      .values({ ...v, createdAt: new Date(input.now) })
      .onConflictDoNothing()
      .returning({ id: contests.id });
    return rows[0] ? { ok: true, id: rows[0].id } : { ok: false, reason: "slugTaken" };
  }
  const taken = await db
    .select({ id: contests.id })
    .from(contests)
    .where(sql`${contests.slug} = ${v.slug} AND ${contests.id} <> ${input.id}`)
    .get();
  if (taken) return { ok: false, reason: "slugTaken" };
  const rows = await db.update(contests).set(v).where(eq(contests.id, input.id)).returning({ id: contests.id });
  return rows[0] ? { ok: true, id: rows[0].id } : { ok: false, reason: "notFound" };
}
