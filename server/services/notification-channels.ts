import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationChannels, pushSubscriptions } from "../../db/schema";
import { parseChannels, parseDigest, type ChannelChoices, type DigestMode } from "../domain/notify";

/** A person's channel choices and digest mode (issue 20); defaults when they never saved any. */
export async function getChannels(db: Db, userId: number): Promise<{ channels: ChannelChoices; digest: DigestMode; pushDevices: number }> {
  const [rows, subs] = await db.batch([
    db.select().from(notificationChannels).where(eq(notificationChannels.userId, userId)),
    db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  return { channels: parseChannels(rows[0]?.channels), digest: parseDigest(rows[0]?.digest), pushDevices: subs.length };
}

export async function saveChannels(db: Db, userId: number, channels: ChannelChoices, digest: DigestMode, now: number): Promise<void> {
  const values = { channels: JSON.stringify(channels), digest, updatedAt: new Date(now) };
  await db
    .insert(notificationChannels)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationChannels.userId, set: values })
    .run();
}

/** Stores a browser's subscription; the same endpoint subscribed again (or by someone else on the device) moves to this person. */
export async function savePushSubscription(
  db: Db,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
  now: number,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.p256dh, auth: sub.auth } })
    .run();
}

export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .run();
}
