import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { posts } from "./posts";

// Contests (spec §2 /contest/*): platform-wide events the operator runs. Creators enter with a
// post during the entry window, signed-in fans vote during the voting window (one vote per fan,
// entry and Japan day), and the results name the winners and the judges (docs/decisions/039).

export const contests = sqliteTable(
  "contests",
  {
    id: serialId(),
    /** the page's address: /contest/{slug} */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** the comment the post form offers to put in place when a creator chooses this contest */
    postTemplate: text("post_template").notNull().default(""),
    /** without the leading '#' */
    hashTag: text("hash_tag").notNull().default(""),
    startAt: timestamp("start_at").notNull(),
    endAt: timestamp("end_at").notNull(),
    entryStartAt: timestamp("entry_start_at").notNull(),
    entryEndAt: timestamp("entry_end_at").notNull(),
    voteStartAt: timestamp("vote_start_at").notNull(),
    voteEndAt: timestamp("vote_end_at").notNull(),
    /** JSON array of {name, title}: the judges the results page names */
    judges: text("judges").notNull().default("[]"),
    /** JSON array of prize names, first place first: also how many winners the results name */
    prizes: text("prizes").notNull().default("[]"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contests_slug").on(t.slug),
    check(
      "contests_windows",
      sql`${t.startAt} <= ${t.entryStartAt} AND ${t.entryStartAt} < ${t.entryEndAt} AND ${t.entryStartAt} <= ${t.voteStartAt} AND ${t.voteStartAt} < ${t.voteEndAt} AND ${t.voteEndAt} <= ${t.endAt} AND ${t.entryEndAt} <= ${t.endAt}`,
    ),
  ],
);

/**
 * A post entered in a contest: once per contest (a post may enter a later contest after one ends). `voteCount` is the number of its rows in
 * contest_votes, recounted from them in the batch that writes a vote, so it never drifts and the
 * ranking reads one indexed column.
 */
export const contestEntries = sqliteTable(
  "contest_entries",
  {
    id: serialId(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    voteCount: integer("vote_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contest_entries_post").on(t.postId, t.contestId),
    index("contest_entries_contest").on(t.contestId, t.id),
    index("contest_entries_ranking").on(t.contestId, t.voteCount, t.id),
    check("contest_entries_votes_not_negative", sql`${t.voteCount} >= 0`),
  ],
);

/** One vote: the UNIQUE key is the rule "one vote per fan per entry per Japan day". */
export const contestVotes = sqliteTable(
  "contest_votes",
  {
    id: serialId(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contestEntries.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the Japan date of the vote, yyyy-MM-dd */
    dayKey: text("day_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contest_votes_once_a_day").on(t.entryId, t.userId, t.dayKey),
    index("contest_votes_user_day").on(t.userId, t.contestId, t.dayKey),
  ],
);

export type ContestRow = typeof contests.$inferSelect;
