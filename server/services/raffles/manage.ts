import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { raffles } from "../../../db/schema";
import { raffleEditProblem, type RaffleEditProblem, type RaffleInput } from "../../domain/raffles";
import type { ResolvedSession } from "../sessions";
import { entryTotals, type RaffleSummary, summaryOf, rafflesColumns, getRaffle } from "./queries";

/** The creator's raffles: the list, the form (create, update) and who may manage them. */

/** /me/fanclub/raffles: every raffle of the fan club with its entry counts, the latest deadline first. */
export async function listCreatorRaffles(db: Db, fanclubId: number): Promise<RaffleSummary[]> {
  const rows = await db
    .select({ ...rafflesColumns(), ...entryTotals })
    .from(raffles)
    .where(eq(raffles.fanclubId, fanclubId))
    .orderBy(desc(raffles.entryEndAt), desc(raffles.id));
  return rows.map(summaryOf);
}

/** New raffles start as drafts unless the creator publishes at once. */
export async function createRaffle(db: Db, fanclubId: number, input: RaffleInput & { publish: boolean }, now: number): Promise<number> {
  const at = new Date(now);
  const [row] = await db
    .insert(raffles)
    .values({ fanclubId, ...rowValues(input), status: input.publish ? "published" : "draft", createdAt: at, updatedAt: at })
    .returning({ id: raffles.id });
  return row!.id;
}

function rowValues(input: RaffleInput) {
  return {
    title: input.title,
    description: input.description,
    prizeDescription: input.prizeDescription,
    entryPrice: input.entryPrice,
    winnerCount: input.winnerCount,
    entryStartAt: new Date(input.entryStartAt),
    entryEndAt: new Date(input.entryEndAt),
    maxEntriesPerFan: input.maxEntriesPerFan,
  };
}

export type UpdateRaffleResult = { ok: true } | { ok: false; reason: "notFound" | "unpublish" | RaffleEditProblem };

/**
 * Saves the form. A published raffle with entries stays published (fans paid to be in it); the
 * price stays once anyone entered. The update names the state it checked, so a draw or an entry
 * that landed meanwhile makes it answer again instead of overwriting.
 */
export async function updateRaffle(
  db: Db,
  fanclubId: number,
  raffleId: number,
  input: RaffleInput & { publish: boolean },
  now: number,
): Promise<UpdateRaffleResult> {
  const current = await getRaffle(db, raffleId, fanclubId);
  if (!current) return { ok: false, reason: "notFound" };
  const problem = raffleEditProblem(current, input, current.ticketCount);
  if (problem) return { ok: false, reason: problem };
  if (!input.publish && current.status === "published" && current.ticketCount > 0) return { ok: false, reason: "unpublish" };
  const updated = await db
    .update(raffles)
    .set({ ...rowValues(input), status: input.publish ? "published" : "draft", updatedAt: new Date(now) })
    .where(
      and(
        eq(raffles.id, raffleId),
        eq(raffles.fanclubId, fanclubId),
        eq(raffles.status, current.status),
        // nobody entered since the check, when the check relied on it
        sql`(SELECT COALESCE(SUM("count"), 0) FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = ${raffleId}) = ${current.ticketCount}`,
      ),
    )
    .returning({ id: raffles.id });
  if (!updated.length) return updateRaffle(db, fanclubId, raffleId, input, now);
  return { ok: true };
}

/** Whether the signed-in person manages this fan club's raffles (its owner, or an editor with can_raffle_manage). */
export function managesRaffles(session: Pick<ResolvedSession, "creator"> | null, fanclubId: number): boolean {
  if (!session) return false;
  if (session.creator.own?.id === fanclubId) return true;
  return session.creator.editing.some((e) => e.fanclubId === fanclubId && e.permissions.includes("can_raffle_manage"));
}
