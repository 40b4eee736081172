import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { heartbeats, processedEvents } from "../../db/schema";

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

export function isUniqueViolation(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed/i.test(text);
}

/**
 * Applies `effect` together with its idempotency key in one D1 batch (a transaction). A second
 * delivery of the same key fails on the key's primary key and changes nothing.
 * Returns false when the key had already been processed.
 */
export async function once(
  db: Db,
  key: string,
  now: Date,
  effect: ReturnType<typeof beatStatement>,
): Promise<boolean> {
  try {
    await db.batch([db.insert(processedEvents).values({ key, processedAt: now }), effect]);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Whether an idempotency key was recorded already (for jobs whose work runs before the record). */
export async function alreadyProcessed(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: processedEvents.key }).from(processedEvents).where(eq(processedEvents.key, key)).limit(1);
  return row !== undefined;
}
