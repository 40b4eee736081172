import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { heartbeats } from "../../db/schema";

/** Upserts the heartbeat of one background entry point. */
export function beatStatement(db: Db, source: string, at: Date, detail: string) {
  return db
    .insert(heartbeats)
    .values({ source, beatAt: at, runs: 1, detail })
    .onConflictDoUpdate({
      target: heartbeats.source,
      set: { beatAt: at, runs: sql`${heartbeats.runs} + 1`, detail },
    });
}
