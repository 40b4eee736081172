import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { raffleWinners, raffles, users, type RaffleRow } from "../../../db/schema";

/** The raffle read model every use case shares: columns, entry totals, one raffle with its draw. */

export const RAFFLE_PAGE_SIZE = 20;

/** Entry totals of one raffle: tickets (entries counted with their count) and fans. */
export const entryTotals = {
  ticketCount: sql<number>`(SELECT COALESCE(SUM("count"), 0) FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = "raffles"."id")`.as(
    "ticket_count",
  ),
  fanCount: sql<number>`(SELECT COUNT(DISTINCT "user_id") FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = "raffles"."id")`.as(
    "fan_count",
  ),
};

export type RaffleSummary = Pick<RaffleRow, "id" | "fanclubId" | "title" | "entryPrice" | "winnerCount" | "maxEntriesPerFan" | "status"> & {
  entryStartAt: number;
  entryEndAt: number;
  drawnAt: number | null;
  ticketCount: number;
  fanCount: number;
};

export function summaryOf(row: RaffleRow & { ticketCount: number; fanCount: number }): RaffleSummary {
  return {
    id: row.id,
    fanclubId: row.fanclubId,
    title: row.title,
    entryPrice: row.entryPrice,
    winnerCount: row.winnerCount,
    maxEntriesPerFan: row.maxEntriesPerFan,
    status: row.status,
    entryStartAt: row.entryStartAt.getTime(),
    entryEndAt: row.entryEndAt.getTime(),
    drawnAt: row.drawnAt?.getTime() ?? null,
    ticketCount: Number(row.ticketCount),
    fanCount: Number(row.fanCount),
  };
}

export function rafflesColumns() {
  return {
    id: raffles.id,
    fanclubId: raffles.fanclubId,
    title: raffles.title,
    description: raffles.description,
    prizeDescription: raffles.prizeDescription,
    entryPrice: raffles.entryPrice,
    winnerCount: raffles.winnerCount,
    entryStartAt: raffles.entryStartAt,
    entryEndAt: raffles.entryEndAt,
    maxEntriesPerFan: raffles.maxEntriesPerFan,
    status: raffles.status,
    drawnAt: raffles.drawnAt,
    seed: raffles.seed,
    algorithm: raffles.algorithm,
    drawnTicketCount: raffles.drawnTicketCount,
    createdAt: raffles.createdAt,
    updatedAt: raffles.updatedAt,
  };
}

type RaffleWinnerView = { rank: number; userId: number; name: string; entryId: number };

type RaffleDraw = { seed: string; algorithm: string; drawnAt: number; ticketCount: number; winners: RaffleWinnerView[] };

export type RaffleFull = RaffleSummary & { description: string; prizeDescription: string; draw: RaffleDraw | null };

/** One raffle with its counts and, once drawn, its recorded result (one round trip). */
export async function getRaffle(db: Db, raffleId: number, fanclubId?: number): Promise<RaffleFull | null> {
  const [rows, winners] = await db.batch([
    db
      .select({ ...rafflesColumns(), ...entryTotals })
      .from(raffles)
      .where(fanclubId === undefined ? eq(raffles.id, raffleId) : and(eq(raffles.id, raffleId), eq(raffles.fanclubId, fanclubId))),
    db
      .select({ rank: raffleWinners.rank, userId: raffleWinners.userId, name: users.name, entryId: raffleWinners.entryId })
      .from(raffleWinners)
      .innerJoin(users, eq(users.id, raffleWinners.userId))
      .where(eq(raffleWinners.raffleId, raffleId))
      .orderBy(asc(raffleWinners.rank)),
  ]);
  const row = rows[0];
  if (!row) return null;
  const draw =
    row.status === "drawn" && row.seed && row.algorithm && row.drawnAt
      ? { seed: row.seed, algorithm: row.algorithm, drawnAt: row.drawnAt.getTime(), ticketCount: row.drawnTicketCount ?? 0, winners }
      : null;
  return { ...summaryOf(row), description: row.description, prizeDescription: row.prizeDescription, draw };
}
