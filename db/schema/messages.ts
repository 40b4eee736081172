import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";

// Messages between a fan and a fan club (issue 20): one thread per pair, its messages and images,
// the creator's messages to many, a fan's block of a fan club's messages, reports, and the
// sending times the rate limits count.

/**
 * One conversation between a fan and a fan club. Read state is kept as the last message id each
 * side has read, and the last message id each side wrote: "unread" is a comparison of two
 * numbers, and recomputing the last ids from the messages (as the bulk job does) is idempotent.
 */
export const messageThreads = sqliteTable(
  "message_threads",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    fanUserId: integer("fan_user_id")
      .notNull()
      .references(() => users.id),
    /** the newest message of each side (0: none yet) */
    lastFanMessageId: integer("last_fan_message_id").notNull().default(0),
    lastClubMessageId: integer("last_club_message_id").notNull().default(0),
    /** the newest message each side has seen */
    fanReadId: integer("fan_read_id").notNull().default(0),
    clubReadId: integer("club_read_id").notNull().default(0),
    /** when the last message was written: the lists' order */
    lastMessageAt: timestamp("last_message_at").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("message_threads_pair").on(t.fanclubId, t.fanUserId),
    index("message_threads_fan_last").on(t.fanUserId, t.lastMessageAt),
    index("message_threads_club_last").on(t.fanclubId, t.lastMessageAt),
    // the header's unread mark looks up only threads with something unread (services/messages.ts)
    index("message_threads_fan_unread")
      .on(t.fanUserId)
      .where(sql`${t.lastClubMessageId} > ${t.fanReadId}`),
    index("message_threads_club_unread")
      .on(t.fanclubId)
      .where(sql`${t.lastFanMessageId} > ${t.clubReadId}`),
  ],
);

/** A creator's message to many: members of chosen plans, or all followers. Delivered by the queue. */
export const bulkMessages = sqliteTable(
  "bulk_messages",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** who wrote it (the owner or a permitted editor) */
    senderUserId: integer("sender_user_id")
      .notNull()
      .references(() => users.id),
    audience: text("audience", { enum: ["plans", "followers"] }).notNull(),
    /** JSON array of plan ids when the audience is plans */
    planIds: text("plan_ids").notNull().default("[]"),
    body: text("body").notNull(),
    /** recipients counted when it was sent (the preview the creator confirmed) */
    plannedCount: integer("planned_count").notNull().default(0),
    /** recipients delivered so far, recounted from the messages after each batch */
    deliveredCount: integer("delivered_count").notNull().default(0),
    status: text("status", { enum: ["sending", "sent"] })
      .notNull()
      .default("sending"),
    /** the last recipient user id delivered: the job's cursor */
    cursorUserId: integer("cursor_user_id").notNull().default(0),
    /**
     * the cursor from which the next chunk job was claimed: equal to the cursor while a job carries
     * the chain on, behind it when handing on failed (server/domain/messages.ts, bulkChunkStep)
     */
    handedOnUserId: integer("handed_on_user_id").notNull().default(0),
    finishedAt: timestamp("finished_at"),
    ...timestamps(),
  },
  (t) => [
    index("bulk_messages_fanclub").on(t.fanclubId, t.createdAt),
    // the hourly sweep looks only at messages still being delivered
    index("bulk_messages_sending")
      .on(t.updatedAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);

/** One message of a thread, written by the fan or by the fan club (as the fan club). */
export const messages = sqliteTable(
  "messages",
  {
    id: serialId(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThreads.id),
    side: text("side", { enum: ["fan", "club"] }).notNull(),
    /** the person who wrote it (the fan, or the owner or editor answering as the fan club) */
    senderUserId: integer("sender_user_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull().default(""),
    /** set when the message came from a message to many */
    bulkMessageId: integer("bulk_message_id").references(() => bulkMessages.id),
    /** the recipient of a bulk message: with bulk_message_id the key that delivers it once */
    bulkRecipientId: integer("bulk_recipient_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_thread").on(t.threadId, t.id),
    uniqueIndex("messages_bulk_once")
      .on(t.bulkMessageId, t.bulkRecipientId)
      .where(sql`${t.bulkMessageId} IS NOT NULL`),
  ],
);

/** An image of a message, private in R2 (EXIF and other metadata removed before storing). */
export const messageImages = sqliteTable(
  "message_images",
  {
    id: serialId(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_images_message").on(t.messageId)],
);

/** A fan who no longer wants a fan club's messages (spec issue 20: a fan can block a fan club). */
export const messageBlocks = sqliteTable(
  "message_blocks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("message_blocks_pair").on(t.userId, t.fanclubId)],
);

/** A message reported to the operator by the person who received it. */
export const messageReports = sqliteTable(
  "message_reports",
  {
    id: serialId(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id),
    reporterUserId: integer("reporter_user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("message_reports_once").on(t.messageId, t.reporterUserId)],
);

/** When each person sent a message: what the per-minute and per-day limits count. */
export const messageSends = sqliteTable(
  "message_sends",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [index("message_sends_user_time").on(t.userId, t.sentAt)],
);

export type MessageThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/**
 * Where each kind of notice reaches a person, beyond the e-mail columns of `notification_settings`:
 * JSON `{ kind: { inApp, email, push } }` (only what differs from the defaults of
 * server/domain/notify.ts), and how e-mail notices arrive: one by one, or an hourly or daily digest.
 */
export const notificationChannels = sqliteTable("notification_channels", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  channels: text("channels").notNull().default("{}"),
  digest: text("digest", { enum: ["none", "hourly", "daily"] })
    .notNull()
    .default("none"),
  updatedAt: timestamp("updated_at").notNull(),
});

/** A browser's Web Push subscription (the endpoint and keys its push service gave it). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_user").on(t.userId)],
);

/** Notices waiting for a person's e-mail digest; the digest cron sends and marks them. */
export const digestItems = sqliteTable(
  "digest_items",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    /** the notice's text, already in the person's language */
    text: text("text").notNull(),
    url: text("url"),
    emailId: integer("email_id"),
    createdAt: createdAt(),
  },
  (t) => [index("digest_items_pending").on(t.emailId, t.userId)],
);
