import { raffles } from "../../db/schema";
import { defined, factoryDb, type Fields } from "./db";

const HOUR = 3_600_000;

/** A published 300-yen raffle, one winner, up to 3 entries a fan, open from an hour ago to an hour from now. */
export async function createRaffle(d1: D1Database, fields: Fields<typeof raffles.$inferInsert, "fanclubId">) {
  const now = Date.now();
  return factoryDb(d1)
    .insert(raffles)
    .values({
      title: "サイン色紙プレゼント",
      entryPrice: 300,
      winnerCount: 1,
      entryStartAt: new Date(now - HOUR),
      entryEndAt: new Date(now + HOUR),
      maxEntriesPerFan: 3,
      status: "published",
      createdAt: new Date(now),
      updatedAt: new Date(now),
      ...defined(fields),
    })
    .returning()
    .get();
}
