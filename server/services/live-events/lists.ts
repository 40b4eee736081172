import { and, asc, desc, eq, gt, isNotNull, ne, not, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, liveEvents } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { LIVE_STATUS, isNowOnAir, liveTiming, type LiveMoment, type LiveTiming, type LiveVisibility } from "../../domain/live-events";
import { STREAM_GRACE_MS } from "../../domain/live-room";

/** The public lists: a fan club's lives, a brand's upcoming ones and what is on air now. */

export type LiveCard = {
  id: number;
  fanclubId: number;
  fanclubName: string;
  title: string;
  coverUrl: string | null;
  startAt: number;
  endAt: number;
  status: number;
  visibility: LiveVisibility;
  timing: LiveTiming;
  minPrice: number | null;
};

const cardColumns = {
  id: liveEvents.id,
  fanclubId: liveEvents.fanclubId,
  fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
  title: liveEvents.title,
  coverKey: liveEvents.coverKey,
  startAt: liveEvents.startAt,
  endAt: liveEvents.endAt,
  status: liveEvents.status,
  visibility: liveEvents.visibility,
  onAirAt: liveEvents.onAirAt,
  minPrice: sql<number | null>`(SELECT MIN("price") FROM "live_event_ticket_types" WHERE "live_event_id" = "live_events"."id")`.as(
    "min_price",
  ),
};

type CardRow = {
  id: number;
  fanclubId: number;
  fanclubName: string;
  title: string;
  coverKey: string | null;
  startAt: Date;
  endAt: Date;
  status: number;
  visibility: LiveVisibility;
  onAirAt: Date | null;
  minPrice: number | null;
};

function card(row: CardRow, now: number): LiveCard {
  const startAt = row.startAt.getTime();
  const endAt = row.endAt.getTime();
  return {
    id: row.id,
    fanclubId: row.fanclubId,
    fanclubName: row.fanclubName,
    title: row.title,
    coverUrl: mediaUrl(row.coverKey),
    startAt,
    endAt,
    status: row.status,
    visibility: row.visibility,
    timing: liveTiming(moment(row), now),
    minPrice: row.minPrice,
  };
}

const LIVE_LIST_SIZE = 20;

/** The row's times as the timing rule reads them. */
export function moment(row: { status: number; startAt: Date; endAt: Date; onAirAt: Date | null }): LiveMoment {
  return { status: row.status, startAt: row.startAt.getTime(), endAt: row.endAt.getTime(), onAirAt: row.onAirAt?.getTime() ?? null };
}

// The lists' conditions are liveTiming (server/domain/live-events.ts) in SQL: on air while the room
// says so and the stream's deadline (end + grace) has not passed; otherwise ended at the end.
const onAirNow = (now: number) => and(isNotNull(liveEvents.onAirAt), gt(liveEvents.endAt, new Date(now - STREAM_GRACE_MS)));
/** Not ended yet: upcoming, starting or on air (also when running over). */
const notEnded = (now: number) => and(eq(liveEvents.status, LIVE_STATUS.waiting), or(gt(liveEvents.endAt, new Date(now)), onAirNow(now)));

/**
 * /fanclubs/{id}/lives and GET /live_events?fanclubId=: the fan club's public events (not private),
 * coming and on air first (soonest first), then past ones (latest first), a page at a time.
 */
export async function listFanclubLives(db: Db, fanclubId: number, now: number, page = 1) {
  const open = and(eq(liveEvents.fanclubId, fanclubId), ne(liveEvents.status, LIVE_STATUS.private), eq(fanclubs.status, "open"));
  const current = and(open, notEnded(now));
  const [comingRows, pastRows] = await db.batch([
    db
      .select(cardColumns)
      .from(liveEvents)
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(current)
      .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
      .limit(100),
    db
      .select(cardColumns)
      .from(liveEvents)
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(and(open, not(notEnded(now)!)))
      .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
      .limit(LIVE_LIST_SIZE + 1)
      .offset((page - 1) * LIVE_LIST_SIZE),
  ]);
  return {
    coming: page === 1 ? comingRows.map((r) => card(r, now)) : [],
    past: pastRows.slice(0, LIVE_LIST_SIZE).map((r) => card(r, now)),
    hasNext: pastRows.length > LIVE_LIST_SIZE,
  };
}

/** GET /live_events (spec §7 index): public upcoming and on-air events of a brand, soonest first. */
export async function listUpcomingLives(db: Db, serviceId: number, now: number, limit = LIVE_LIST_SIZE) {
  const rows = await db
    .select(cardColumns)
    .from(liveEvents)
    .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
    .where(and(eq(fanclubs.serviceId, serviceId), eq(fanclubs.status, "open"), notEnded(now)))
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
    .limit(limit);
  return rows.map((r) => card(r, now));
}

/** Spec §7 now_on_air: public events whose owner broadcasts now, of a brand or one fan club. */
export async function listNowOnAir(db: Db, scope: { serviceId: number } | { fanclubId: number }, now: number, limit = LIVE_LIST_SIZE) {
  const rows = await db
    .select(cardColumns)
    .from(liveEvents)
    .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
    .where(
      and(
        "serviceId" in scope ? eq(fanclubs.serviceId, scope.serviceId) : eq(liveEvents.fanclubId, scope.fanclubId),
        eq(fanclubs.status, "open"),
        eq(liveEvents.status, LIVE_STATUS.waiting),
        onAirNow(now),
      ),
    )
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
    .limit(limit);
  // The SQL above narrows by the index; isNowOnAir is the rule the unit tests hold, so the list
  // can never show an event the rule calls off air.
  return rows.filter((r) => isNowOnAir(moment(r), now)).map((r) => card(r, now));
}
