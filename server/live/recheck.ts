import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { liveEvents } from "../../db/schema";
import { STREAM_GRACE_MS } from "../domain/live-room";
import type { Env } from "../env";
import { liveRoomStub } from "./socket-route";

/**
 * Tells the open rooms of a fan club's live events to re-check some people at once (a block).
 * Rooms also re-check everyone on their own every minute (ACCESS_RECHECK_MS), so a failure here
 * is logged and only delays the close; the change that caused it is already stored.
 */
export async function recheckLiveRooms(env: Pick<Env, "LIVE_ROOM">, db: Db, input: { fanclubId: number; userIds: number[]; now: number }) {
  const open = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(
      and(eq(liveEvents.fanclubId, input.fanclubId), ne(liveEvents.status, 2), gt(liveEvents.endAt, new Date(input.now - STREAM_GRACE_MS))),
    );
  await Promise.all(
    open.map(async ({ id }) => {
      try {
        await liveRoomStub(env, id).recheckAccess(input.userIds);
      } catch (error) {
        console.error(`[live-room] event ${id}: access re-check failed`, error);
      }
    }),
  );
}
