import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { follows, raffleEntries, raffles } from "../../../db/schema";
import { entryTotals, type RaffleSummary, summaryOf, rafflesColumns, type RaffleFull, getRaffle } from "./queries";
import type { FanEntry } from "./entries";

/** The fan club's public raffle list and a raffle as its viewer sees it. */

/** The public list of a fan club's raffles (published and drawn), the latest deadline first. */
export async function listFanclubRaffles(db: Db, fanclubId: number): Promise<RaffleSummary[]> {
  const rows = await db
    .select({ ...rafflesColumns(), ...entryTotals })
    .from(raffles)
    .where(and(eq(raffles.fanclubId, fanclubId), inArray(raffles.status, ["published", "drawn"])))
    .orderBy(desc(raffles.entryEndAt), desc(raffles.id))
    .limit(100);
  return rows.map(summaryOf);
}

export type RaffleForViewer = {
  raffle: RaffleFull;
  /** the viewer's entries (empty when signed out) */
  entries: FanEntry[];
  held: number;
  following: boolean;
  /** whether the viewer may see who won: entrants and the fan club's managers */
  seesWinners: boolean;
};

/** /fanclubs/{id}/raffles/{raffleId}: the raffle as this viewer sees it; null when it is not public. */
export async function raffleForViewer(
  db: Db,
  input: { fanclubId: number; raffleId: number; userId: number | null; manages: boolean },
): Promise<RaffleForViewer | null> {
  const raffle = await getRaffle(db, input.raffleId, input.fanclubId);
  if (!raffle || (raffle.status === "draft" && !input.manages)) return null;
  if (input.userId === null) return { raffle, entries: [], held: 0, following: false, seesWinners: input.manages };
  const [entryRows, followRows] = await db.batch([
    db
      .select({ count: raffleEntries.count, createdAt: raffleEntries.createdAt })
      .from(raffleEntries)
      .where(and(eq(raffleEntries.raffleId, input.raffleId), eq(raffleEntries.userId, input.userId)))
      .orderBy(asc(raffleEntries.id)),
    db
      .select({ n: sql<number>`1` })
      .from(follows)
      .where(and(eq(follows.fanclubId, input.fanclubId), eq(follows.userId, input.userId))),
  ]);
  const entries = entryRows.map((e) => ({ count: e.count, createdAt: e.createdAt.getTime() }));
  const held = entries.reduce((sum, e) => sum + e.count, 0);
  return { raffle, entries, held, following: followRows.length > 0, seesWinners: input.manages || held > 0 };
}
