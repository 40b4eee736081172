import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { liveEvents } from "../../../db/schema";

/** What the live room reports: an event goes on air or off air. */

/**
 * The live room's report (spec §4 on air): on air since `at`, or off air (null). Only the event's
 * room calls this, on each transition; the lists read it through liveTiming.
 */
export async function recordLiveOnAir(db: Db, id: number, at: number | null): Promise<void> {
  await db
    .update(liveEvents)
    .set({ onAirAt: at === null ? null : new Date(at) })
    .where(eq(liveEvents.id, id));
}
