import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";
import { processedEvents } from "./schema";

/**
 * Exactly-once effects over at-least-once deliveries (queue messages, webhooks, renewals): the
 * key of each piece of work is a primary key in `processed_events`, so the database itself refuses
 * the second try. These helpers sit with the database code because every caller (jobs, services,
 * webhooks) leans on the same constraint.
 */

export function isUniqueViolation(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed/i.test(text);
}

/** The statement that records `key` as processed; put it first in a batch so a replay fails before any effect. */
export function recordKey(db: Db, key: string, at: Date) {
  return db.insert(processedEvents).values({ key, processedAt: at });
}

/**
 * Applies `effect` together with its idempotency key in one D1 batch (a transaction). A second
 * delivery of the same key fails on the key's primary key and changes nothing.
 * Returns false when the key had already been processed.
 */
export async function once(db: Db, key: string, now: Date, effect: BatchItem<"sqlite">): Promise<boolean> {
  try {
    await db.batch([recordKey(db, key, now), effect]);
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
