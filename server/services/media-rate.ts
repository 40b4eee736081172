import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaAbuseFlags, mediaFetchCounters, users } from "../../db/schema";
import { mediaRateDecision, rateWindowStart, type RateDecision, type RateWindow } from "../domain/media-session";

/**
 * Counts an account's private media downloads per window (one D1 round trip: both upserts and
 * their new counts) and flags the account to the operator the moment it crosses a limit.
 */
export async function countMediaDownload(
  db: Db,
  input: { userId: number; now: number; clientIp: string | null; userAgent: string | null },
): Promise<RateDecision> {
  const bump = (kind: RateWindow) =>
    db
      .insert(mediaFetchCounters)
      .values({ userId: input.userId, windowKind: kind, windowStart: rateWindowStart(kind, input.now), count: 1 })
      .onConflictDoUpdate({
        target: [mediaFetchCounters.userId, mediaFetchCounters.windowKind, mediaFetchCounters.windowStart],
        set: { count: sql`${mediaFetchCounters.count} + 1` },
      })
      .returning({ count: mediaFetchCounters.count });
  const [minute, hour] = await db.batch([bump("minute"), bump("hour")]);
  const decision = mediaRateDecision({ minute: minute[0]?.count ?? 1, hour: hour[0]?.count ?? 1 }, input.now);
  if (decision.flag) {
    await db
      .insert(mediaAbuseFlags)
      .values({
        userId: input.userId,
        windowKind: decision.flag,
        windowStart: rateWindowStart(decision.flag, input.now),
        count: decision.flag === "minute" ? (minute[0]?.count ?? 0) : (hour[0]?.count ?? 0),
        clientIp: input.clientIp,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        createdAt: new Date(input.now),
      })
      .onConflictDoNothing();
  }
  return decision;
}

/** Counters of windows that ended more than a day ago: the daily clean-up deletes them. */
export async function deleteOldMediaCounters(db: Db, now: number): Promise<void> {
  await db.delete(mediaFetchCounters).where(sql`${mediaFetchCounters.windowStart} < ${now - 24 * 60 * 60 * 1000}`);
}

/** The operator's list of flagged accounts, newest first. */
export async function listMediaAbuseFlags(db: Db, limit = 200) {
  return db
    .select({
      id: mediaAbuseFlags.id,
      userId: mediaAbuseFlags.userId,
      userName: users.name,
      userEmail: users.email,
      windowKind: mediaAbuseFlags.windowKind,
      windowStart: mediaAbuseFlags.windowStart,
      count: mediaAbuseFlags.count,
      clientIp: mediaAbuseFlags.clientIp,
      userAgent: mediaAbuseFlags.userAgent,
      createdAt: mediaAbuseFlags.createdAt,
    })
    .from(mediaAbuseFlags)
    .innerJoin(users, eq(users.id, mediaAbuseFlags.userId))
    .orderBy(desc(mediaAbuseFlags.createdAt), desc(mediaAbuseFlags.id))
    .limit(limit);
}
