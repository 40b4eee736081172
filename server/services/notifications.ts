import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";

/** Kinds of on-site notices; each is a text under notifications.kinds in common.json. */
export type NotificationKind =
  | "welcome"
  | "groupInvitation"
  | "editorInvitation"
  | "openRequestApproved"
  | "openRequestRejected"
  | "renewalSucceeded"
  | "renewalFailed"
  | "renewalAutoLeft"
  | "postTipReceived"
  | "fanclubTipReceived"
  | "raffleWon"
  | "raffleLost"
  | "payoutRequested"
  | "payoutInTransfer"
  | "payoutPaid"
  | "payoutFailed"
  | "refundOwed"
  | "refundInTransfer"
  | "refundPaid"
  | "refundFailed"
  // issue 20: notices of new messages, posts, purchase results and lives starting
  | "newMessage"
  | "newPost"
  | "purchaseResult"
  | "liveStarting"
  | "talkComment"
  | "lessonReminder"
  | "lessonCancelled";

export function notificationInsert(
  db: Db,
  input: { userId: number; kind: NotificationKind; params?: Record<string, string>; url?: string | null; now: number },
) {
  return db.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    params: JSON.stringify(input.params ?? {}),
    url: input.url ?? null,
    createdAt: new Date(input.now),
  });
}

export async function hasUnread(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(1)
    .get();
  return Boolean(row);
}

export async function listNotifications(db: Db, userId: number, limit = 50) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .all();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    params: JSON.parse(r.params) as Record<string, string>,
    url: r.url,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function markAllRead(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date(now) })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .run();
}
