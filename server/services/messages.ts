import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, messageBlocks, messageImages, messageReports, messageSends, messageThreads, messages, users } from "../../db/schema";
import { mediaUrl } from "../domain/images";
import {
  MESSAGES_PAGE_SIZE,
  MESSAGE_RATE,
  THREADS_PAGE_SIZE,
  decodeThreadCursor,
  encodeThreadCursor,
  isUnread,
  messageImageCheck,
  messageRateWait,
  messageTextError,
  stripImageMetadata,
  writeRefusal,
  type ImageError,
  type MessageTextError,
  type Side,
  type WriteRefusal,
} from "../domain/messages";
import { rawBatchItem } from "../../db/batch";
import { randomToken } from "../security/crypto";
import type { ResolvedSession } from "./sessions";

/**
 * One-to-one threads between a fan and a fan club (issue 20). The fan writes as themselves; the
 * owner and editors with `can_message_manage` write as the fan club. Every read and write checks
 * which side the signed-in person is on, from the session (no query of its own).
 */

/** The fan clubs whose messages a person reads and answers: their own, and those they edit with the permission. */
export function messageFanclubIds(session: ResolvedSession): number[] {
  const ids = session.creator.editing.filter((e) => e.permissions.includes("can_message_manage")).map((e) => e.fanclubId);
  if (session.creator.own) ids.unshift(session.creator.own.id);
  return ids;
}

/**
 * The header's unread mark, as a statement of the session's own batch (sessions.ts): any thread
 * where the person, as fan or as a fan club they answer for, has a message they have not seen.
 * The partial indexes on the unread condition keep it a lookup, however many threads a fan club has.
 */
export function unreadMessagesStatement(db: Db, sessionUser: ReturnType<typeof sql>) {
  return db
    .select({
      unread: sql<number>`(EXISTS (SELECT 1 FROM "message_threads" ft WHERE ft."fan_user_id" = ${sessionUser} AND ft."last_club_message_id" > ft."fan_read_id")
        OR EXISTS (SELECT 1 FROM "message_threads" ct WHERE ct."last_fan_message_id" > ct."club_read_id" AND ct."fanclub_id" IN (
          SELECT f."id" FROM "fanclubs" f WHERE f."owner_id" = ${sessionUser} AND f."status" = 'open'
          UNION ALL SELECT e."fanclub_id" FROM "fanclub_editors" e WHERE e."user_id" = ${sessionUser} AND e."accepted_at" IS NOT NULL
            AND e."permissions" LIKE '%"can_message_manage"%')))`,
    })
    .from(sql`(SELECT 1)`);
}

export interface ThreadListItem {
  id: number;
  fanclubId: number;
  fanclubName: string;
  fanclubIcon: string | null;
  fanUserId: number;
  fanName: string;
  fanIcon: string | null;
  lastMessageAt: string;
  preview: string;
  unread: boolean;
}

/**
 * A page of threads, newest first, for one side: the fan's own threads, or one fan club's.
 * Cursor-paged by (last message time, id), one row more than a page tells whether more exist.
 */
export async function listThreads(
  db: Db,
  input: { side: "fan"; userId: number; cursor?: string | null } | { side: "club"; fanclubId: number; cursor?: string | null },
  pageSize = THREADS_PAGE_SIZE,
): Promise<{ threads: ThreadListItem[]; nextCursor: string | null }> {
  const after = decodeThreadCursor(input.cursor);
  const owner = input.side === "fan" ? eq(messageThreads.fanUserId, input.userId) : eq(messageThreads.fanclubId, input.fanclubId);
  const page = after
    ? or(
        lt(messageThreads.lastMessageAt, new Date(after.lastMessageAt)),
        and(eq(messageThreads.lastMessageAt, new Date(after.lastMessageAt)), lt(messageThreads.id, after.id)),
      )
    : undefined;
  const rows = await db
    .select({
      id: messageThreads.id,
      fanclubId: messageThreads.fanclubId,
      fanclubName: fanclubs.name,
      fanclubIcon: fanclubs.iconKey,
      fanUserId: messageThreads.fanUserId,
      fanName: users.name,
      fanIcon: users.iconImageUrl,
      lastMessageAt: messageThreads.lastMessageAt,
      lastFanMessageId: messageThreads.lastFanMessageId,
      lastClubMessageId: messageThreads.lastClubMessageId,
      fanReadId: messageThreads.fanReadId,
      clubReadId: messageThreads.clubReadId,
      preview: sql<string>`(SELECT substr(m."body", 1, 80) FROM "messages" m WHERE m."thread_id" = "message_threads"."id" ORDER BY m."id" DESC LIMIT 1)`,
    })
    .from(messageThreads)
    .innerJoin(fanclubs, eq(fanclubs.id, messageThreads.fanclubId))
    .innerJoin(users, eq(users.id, messageThreads.fanUserId))
    .where(and(owner, page))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(pageSize + 1)
    .all();
  const shown = rows.slice(0, pageSize);
  const last = shown[shown.length - 1];
  return {
    threads: shown.map((r) => ({
      id: r.id,
      fanclubId: r.fanclubId,
      fanclubName: r.fanclubName,
      fanclubIcon: mediaUrl(r.fanclubIcon),
      fanUserId: r.fanUserId,
      fanName: r.fanName,
      fanIcon: r.fanIcon,
      lastMessageAt: r.lastMessageAt.toISOString(),
      preview: r.preview ?? "",
      unread: isUnread(input.side, r),
    })),
    nextCursor: rows.length > pageSize && last ? encodeThreadCursor({ lastMessageAt: last.lastMessageAt.getTime(), id: last.id }) : null,
  };
}

export interface ThreadAccess {
  id: number;
  fanclubId: number;
  fanclubName: string;
  fanUserId: number;
  fanName: string;
  side: Side;
}

/**
 * The fan clubs whose side of a thread this person may take: those they own or answer for, or only
 * `clubSideFor` (the creator pages' operating fan club) when it is one of them. One list serves
 * the check in the Worker and the read mark's condition in SQL, so the two cannot disagree.
 */
function clubSideIds(session: ResolvedSession, clubSideFor: number | undefined): number[] {
  const ids = messageFanclubIds(session);
  return clubSideFor === undefined ? ids : ids.includes(clubSideFor) ? [clubSideFor] : [];
}

function threadRowQuery(db: Db, threadId: number) {
  return db
    .select({
      id: messageThreads.id,
      fanclubId: messageThreads.fanclubId,
      fanclubName: fanclubs.name,
      fanUserId: messageThreads.fanUserId,
      fanName: users.name,
    })
    .from(messageThreads)
    .innerJoin(fanclubs, eq(fanclubs.id, messageThreads.fanclubId))
    .innerJoin(users, eq(users.id, messageThreads.fanUserId))
    .where(eq(messageThreads.id, threadId))
    .limit(1);
}

type ThreadRow = Omit<ThreadAccess, "side">;

function accessOf(row: ThreadRow | undefined, session: ResolvedSession, side: Side, clubSideFor?: number): ThreadAccess | null {
  if (!row) return null;
  if (side === "fan") return row.fanUserId === session.user.id ? { ...row, side } : null;
  return clubSideIds(session, clubSideFor).includes(row.fanclubId) ? { ...row, side } : null;
}

/**
 * The thread as the signed-in person may see it, with their side; null when it does not exist or
 * is not theirs (the caller answers 404 either way, so ids of other people's threads reveal nothing).
 * `clubSideFor` limits the club side to one fan club (the creator pages' operating fan club).
 */
export async function threadFor(
  db: Db,
  threadId: number,
  session: ResolvedSession,
  side: Side,
  clubSideFor?: number,
): Promise<ThreadAccess | null> {
  return accessOf(await threadRowQuery(db, threadId).get(), session, side, clubSideFor);
}

interface ThreadMessage {
  id: number;
  side: Side;
  body: string;
  createdAt: string;
  imageIds: number[];
  fromBulk: boolean;
}

export interface ThreadPage {
  thread: ThreadAccess;
  messages: ThreadMessage[];
  olderBefore: number | null;
  pair: PairFlags;
}

/**
 * A thread page in one round trip: the thread, a page of its messages (oldest to newest on screen,
 * older pages by `before`), the pair's flags and, on the newest page, the read mark for the
 * reader's side. The reads find the thread's fan club and fan by subquery, so they need not wait
 * for the thread row; the access rule then decides in the Worker, and what it refuses is dropped
 * (the caller answers 404). The read mark's own condition is the same rule, so a refused reader
 * marks nothing.
 */
export async function openThread(
  db: Db,
  input: { threadId: number; session: ResolvedSession; side: Side; clubSideFor?: number; before: number | null },
  pageSize = MESSAGES_PAGE_SIZE,
): Promise<ThreadPage | null> {
  const { threadId, session, side, clubSideFor, before } = input;
  const ofThread = (column: string) => sql`(SELECT ${sql.identifier(column)} FROM "message_threads" WHERE "id" = ${threadId})`;
  const inThread = and(eq(messages.threadId, threadId), before ? lt(messages.id, before) : undefined);
  const list = db
    .select({
      id: messages.id,
      side: messages.side,
      body: messages.body,
      createdAt: messages.createdAt,
      bulkMessageId: messages.bulkMessageId,
    })
    .from(messages)
    .where(inThread)
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  const images = db
    .select({ id: messageImages.id, messageId: messageImages.messageId })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(inThread)
    .orderBy(asc(messageImages.id));
  const reads = [threadRowQuery(db, threadId), list, images, pairFlagsQuery(db, ofThread("fanclub_id"), ofThread("fan_user_id"))] as const;
  const mine =
    side === "fan" ? eq(messageThreads.fanUserId, session.user.id) : inArray(messageThreads.fanclubId, clubSideIds(session, clubSideFor));
  const readColumn = side === "fan" ? { fanReadId: sql`"last_club_message_id"` } : { clubReadId: sql`"last_fan_message_id"` };
  const markRead = db
    .update(messageThreads)
    .set(readColumn)
    .where(and(eq(messageThreads.id, threadId), mine));
  const [threadRows, rows, imageRows, flags] = before ? await db.batch(reads) : await db.batch([...reads, markRead]);
  const thread = accessOf(threadRows[0], session, side, clubSideFor);
  if (!thread) return null;
  const byMessage = new Map<number, number[]>();
  for (const img of imageRows) byMessage.set(img.messageId, [...(byMessage.get(img.messageId) ?? []), img.id]);
  const shown = rows.slice(0, pageSize).reverse();
  return {
    thread,
    messages: shown.map((m) => ({
      id: m.id,
      side: m.side,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      imageIds: byMessage.get(m.id) ?? [],
      fromBulk: m.bulkMessageId !== null,
    })),
    olderBefore: rows.length > pageSize && shown[0] ? shown[0].id : null,
    pair: pairFlagsFrom(flags),
  };
}

interface PairFlags {
  blockedByClub: boolean;
  clubMutedByFan: boolean;
  clubOpen: boolean;
  fanActive: boolean;
}

function pairFlagsQuery(db: Db, fanclubId: number | SQL, fanUserId: number | SQL) {
  return db
    .select({
      clubOpen: sql<number>`(SELECT "status" = 'open' FROM "fanclubs" WHERE "id" = ${fanclubId})`,
      fanActive: sql<number>`(SELECT "left_at" IS NULL FROM "users" WHERE "id" = ${fanUserId})`,
      blockedByClub: sql<number>`EXISTS (SELECT 1 FROM "fanclub_blocks" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${fanUserId})`,
      clubMutedByFan: sql<number>`EXISTS (SELECT 1 FROM "message_blocks" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${fanUserId})`,
    })
    .from(sql`(SELECT 1)`);
}

function pairFlagsFrom(rows: Array<{ clubOpen: number; fanActive: number; blockedByClub: number; clubMutedByFan: number }>): PairFlags {
  const r = rows[0];
  return {
    clubOpen: Boolean(Number(r?.clubOpen ?? 0)),
    fanActive: Boolean(Number(r?.fanActive ?? 0)),
    blockedByClub: Boolean(Number(r?.blockedByClub ?? 0)),
    clubMutedByFan: Boolean(Number(r?.clubMutedByFan ?? 0)),
  };
}

export type SendRefusal =
  | { reason: "text"; error: MessageTextError }
  | { reason: "image"; error: ImageError }
  | { reason: "rule"; error: WriteRefusal }
  | { reason: "rate"; waitMs: number }
  | { reason: "notFound" };

export interface OutgoingImage {
  bytes: Uint8Array;
  size: number;
}

/**
 * Writes one message from `side` into the pair's thread, making the thread on the first message.
 * Order: every check first (text, image, who may write, the sender's rate); then the image goes to
 * R2; then one D1 batch writes thread, message, image row, read state and the send time. When the
 * batch fails the stored image is deleted again, so nothing is left half-written.
 */
export async function sendMessage(
  db: Db,
  media: R2Bucket,
  input: {
    side: Side;
    fanclubId: number;
    fanUserId: number;
    senderUserId: number;
    text: string;
    image: OutgoingImage | null;
    now: number;
  },
): Promise<{ ok: true; threadId: number; messageId: number } | ({ ok: false } & SendRefusal)> {
  const textError = messageTextError(input.text, input.image !== null);
  if (textError) return { ok: false, reason: "text", error: textError };
  let image: { bytes: Uint8Array; mime: string; ext: string } | null = null;
  if (input.image) {
    const check = messageImageCheck(input.image.bytes.subarray(0, 16), input.image.size);
    if (!check.ok) return { ok: false, reason: "image", error: check.error };
    const stripped = stripImageMetadata(input.image.bytes, check.type.mime);
    if (!stripped) return { ok: false, reason: "image", error: "type" };
    image = { bytes: stripped, mime: check.type.mime, ext: check.type.ext };
  }

  const since = new Date(input.now - MESSAGE_RATE.day.window);
  const [flags, sends] = await db.batch([
    pairFlagsQuery(db, input.fanclubId, input.fanUserId),
    db
      .select({ sentAt: messageSends.sentAt })
      .from(messageSends)
      .where(and(eq(messageSends.userId, input.senderUserId), gt(messageSends.sentAt, since)))
      .orderBy(desc(messageSends.sentAt))
      .limit(MESSAGE_RATE.day.max),
  ]);
  if (!flags[0] || flags[0].clubOpen === null || flags[0].fanActive === null) return { ok: false, reason: "notFound" };
  const refusal = writeRefusal(input.side, pairFlagsFrom(flags));
  if (refusal) return { ok: false, reason: "rule", error: refusal };
  const wait = messageRateWait(
    sends.map((s) => s.sentAt.getTime()),
    input.now,
  );
  if (wait !== null) return { ok: false, reason: "rate", waitMs: wait };

  const key = image ? `messages/${input.fanclubId}/${randomToken(16)}.${image.ext}` : null;
  if (image && key) await media.put(key, image.bytes, { httpMetadata: { contentType: image.mime } });
  const now = new Date(input.now);
  const pair = and(eq(messageThreads.fanclubId, input.fanclubId), eq(messageThreads.fanUserId, input.fanUserId));
  const threadIdSql = sql`(SELECT "id" FROM "message_threads" WHERE "fanclub_id" = ${input.fanclubId} AND "fan_user_id" = ${input.fanUserId})`;
  const ownLast = input.side === "fan" ? "last_fan_message_id" : "last_club_message_id";
  const ownRead = input.side === "fan" ? "fan_read_id" : "club_read_id";
  try {
    const results = await db.batch([
      db
        .insert(messageThreads)
        .values({ fanclubId: input.fanclubId, fanUserId: input.fanUserId, lastMessageAt: now, createdAt: now, updatedAt: now })
        .onConflictDoNothing(),
      rawBatchItem(
        db,
        sql`INSERT INTO "messages" ("thread_id", "side", "sender_user_id", "body", "created_at")
        VALUES (${threadIdSql}, ${input.side}, ${input.senderUserId}, ${input.text}, ${input.now})`,
      ),
      ...(image && key
        ? [
            rawBatchItem(
              db,
              sql`INSERT INTO "message_images" ("message_id", "r2_key", "content_type", "size", "created_at")
              VALUES (last_insert_rowid(), ${key}, ${image.mime}, ${image.bytes.length}, ${input.now})`,
            ),
          ]
        : []),
      // the writer has read their own message, and everything before it
      rawBatchItem(
        db,
        sql`UPDATE "message_threads" SET
          ${sql.raw(`"${ownLast}"`)} = (SELECT max("id") FROM "messages" WHERE "thread_id" = "message_threads"."id" AND "side" = ${input.side}),
          ${sql.raw(`"${ownRead}"`)} = (SELECT max("id") FROM "messages" WHERE "thread_id" = "message_threads"."id"),
          "last_message_at" = ${input.now}, "updated_at" = ${input.now}
        WHERE "fanclub_id" = ${input.fanclubId} AND "fan_user_id" = ${input.fanUserId}`,
      ),
      db.insert(messageSends).values({ userId: input.senderUserId, sentAt: now }),
      db
        .select({ id: messageThreads.id, messageId: sql<number>`${sql.raw(`"${ownLast}"`)}` })
        .from(messageThreads)
        .where(pair),
    ]);
    const last = results[results.length - 1] as Array<{ id: number; messageId: number }>;
    return { ok: true, threadId: last[0]!.id, messageId: Number(last[0]!.messageId) };
  } catch (error) {
    if (key) await media.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The thread of a pair, if they have one (a new-message link goes straight to it). */
export async function threadIdOfPair(db: Db, fanclubId: number, fanUserId: number): Promise<number | null> {
  const row = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.fanclubId, fanclubId), eq(messageThreads.fanUserId, fanUserId)))
    .get();
  return row?.id ?? null;
}

/** A fan club a fan may start writing to: open, and not one they are blocked from. */
export async function fanclubForNewMessage(db: Db, fanclubId: number) {
  return (
    (await db
      .select({ id: fanclubs.id, name: fanclubs.name, ownerId: fanclubs.ownerId })
      .from(fanclubs)
      .where(and(eq(fanclubs.id, fanclubId), eq(fanclubs.status, "open")))
      .get()) ?? null
  );
}

/** A person a fan club may start writing to: anyone who has not left (the rules decide the rest). */
export async function personForNewMessage(db: Db, userId: number) {
  return (
    (await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.leftAt)))
      .get()) ?? null
  );
}

/** A fan blocks (or unblocks) a fan club's messages. */
export async function setMessageBlock(db: Db, input: { userId: number; fanclubId: number; blocked: boolean; now: number }): Promise<void> {
  if (input.blocked) {
    await db
      .insert(messageBlocks)
      .values({ userId: input.userId, fanclubId: input.fanclubId, createdAt: new Date(input.now) })
      .onConflictDoNothing()
      .run();
  } else {
    await db
      .delete(messageBlocks)
      .where(and(eq(messageBlocks.userId, input.userId), eq(messageBlocks.fanclubId, input.fanclubId)))
      .run();
  }
}

/** Reports a message the reader received (never one of their own side's). Reporting twice keeps one report. */
export async function reportMessage(
  db: Db,
  input: { thread: ThreadAccess; messageId: number; reporterUserId: number; reason: string; now: number },
): Promise<boolean> {
  const other: Side = input.thread.side === "fan" ? "club" : "fan";
  const message = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.threadId, input.thread.id), eq(messages.side, other)))
    .get();
  if (!message) return false;
  await db
    .insert(messageReports)
    .values({
      messageId: message.id,
      reporterUserId: input.reporterUserId,
      reason: input.reason.slice(0, 500),
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing()
    .run();
  return true;
}

/** An image of a message, for a person on either side of its thread (or a permitted editor). */
export async function messageImageFor(db: Db, imageId: number, session: ResolvedSession) {
  const row = await db
    .select({
      key: messageImages.r2Key,
      contentType: messageImages.contentType,
      fanclubId: messageThreads.fanclubId,
      fanUserId: messageThreads.fanUserId,
    })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(eq(messageImages.id, imageId))
    .get();
  if (!row) return null;
  const allowed = row.fanUserId === session.user.id || messageFanclubIds(session).includes(row.fanclubId);
  return allowed ? row : null;
}

/** Whether the fan club blocked this person (the new-message views say so before anything is typed). */
export async function pairState(db: Db, fanclubId: number, fanUserId: number) {
  return pairFlagsFrom(await pairFlagsQuery(db, fanclubId, fanUserId).all());
}
