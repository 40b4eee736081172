import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs, plans } from "./fanclubs";

// Talks (docs/decisions/036)
//
// A fan club's board: topics started by the creator (and, when the creator allows it, by members
// or followers), comments with one level of replies, likes. A topic may be locked to a plan like a
// post: its body and comments never leave the server for a viewer below the plan. Counts move in
// the same D1 batch as the row that moves them, guarded by the like row's presence.

/** Who may start topics besides the owner and editors with can_talk_manage. */
export const TALK_STARTERS = ["creator", "members", "followers"] as const;

/** One row per fan club that changed the default ('creator' only). */
export const talkSettings = sqliteTable("talk_settings", {
  fanclubId: integer("fanclub_id")
    .primaryKey()
    .references(() => fanclubs.id),
  starters: text("starters", { enum: TALK_STARTERS }).notNull().default("creator"),
  updatedAt: timestamp("updated_at").notNull(),
});

export const topics = sqliteTable(
  "topics",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** null: everyone who may see the fan club; else members of this plan or a pricier one */
    planId: integer("plan_id").references(() => plans.id),
    pinnedAt: timestamp("pinned_at"),
    /** a closed topic takes no new comments */
    closedAt: timestamp("closed_at"),
    deletedAt: timestamp("deleted_at"),
    likeCount: integer("like_count").notNull().default(0),
    /** live comments and replies */
    commentCount: integer("comment_count").notNull().default(0),
    /** the last comment's time (or the creation): the board's order after pinned topics */
    lastActivityAt: timestamp("last_activity_at").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("topics_fanclub_activity").on(t.fanclubId, t.lastActivityAt),
    index("topics_user_created").on(t.userId, t.createdAt),
    check("topics_counts", sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
  ],
);

export const topicLikes = sqliteTable(
  "topic_likes",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);

/** Comments and one level of replies (`parentId`); deleting blanks the row, its replies stay. */
export const topicComments = sqliteTable(
  "topic_comments",
  {
    id: serialId(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    parentId: integer("parent_id"),
    body: text("body").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [
    index("topic_comments_topic").on(t.topicId, t.parentId, t.id),
    index("topic_comments_user_created").on(t.userId, t.createdAt),
    check("topic_comments_like_count", sql`${t.likeCount} >= 0`),
  ],
);

export const topicCommentLikes = sqliteTable(
  "topic_comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => topicComments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** A fan the moderators barred from talks only (a fan club block bars everything). */
export const talkBlocks = sqliteTable(
  "talk_blocks",
  {
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    blockedBy: integer("blocked_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fanclubId, t.userId] })],
);

export type TopicRow = typeof topics.$inferSelect;
