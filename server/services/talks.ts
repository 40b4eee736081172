import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  fanclubs,
  notifications,
  plans,
  talkBlocks,
  talkSettings,
  topicCommentLikes,
  topicComments,
  topicLikes,
  topics,
  users,
  type TopicRow,
} from "../../db/schema";
import type { FanclubRole } from "../domain/fanclub-permissions";
import { accessGrantingMemberships } from "../domain/paywall";
import { boardOrder, canViewTopic, TOPICS_PAGE_SIZE, type TalkRelation, type TalkStarters } from "../domain/talks";
import { viewerMembershipsQuery, viewerPaidMonthsQuery, type PostViewer } from "./post-access";

/**
 * Talks: the board, a topic with its comments, and every write (docs/decisions/036). Reads are one
 * D1 batch each; a write is one batch that also recounts what it moves from the rows themselves
 * (likes, comments), so concurrent likes and comments can never leave a count off by one.
 */

const DAY = 86_400_000;

/** The fan club as talks need it, addressed by id; closed fan clubs do not exist here. */
function fanclubStatement(db: Db, fanclubId: number) {
  return db
    .select({
      id: fanclubs.id,
      ownerId: fanclubs.ownerId,
      serviceId: fanclubs.serviceId,
      name: fanclubs.name,
      starters: sql<TalkStarters | null>`(SELECT "starters" FROM "talk_settings" WHERE "fanclub_id" = ${fanclubs.id})`.as("talk_starters"),
    })
    .from(fanclubs)
    .where(and(eq(fanclubs.id, fanclubId), eq(fanclubs.status, "open")));
}

function relationStatement(db: Db, fanclubId: number, userId: number) {
  return db
    .select({
      blocked: sql<number>`(EXISTS (SELECT 1 FROM "fanclub_blocks" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId})
        OR EXISTS (SELECT 1 FROM "talk_blocks" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId}))`.as("blocked"),
      following: sql<number>`EXISTS (SELECT 1 FROM "follows" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId})`.as("following"),
    })
    .from(fanclubs)
    .where(eq(fanclubs.id, fanclubId));
}

/** The viewer's recent topics and comments in this fan club, for the spam limits. */
function recentWritesStatement(db: Db, fanclubId: number, userId: number, now: number) {
  return db
    .select({
      kind: sql<string>`'topic'`.as("kind"),
      at: sql<number>`${topics.createdAt}`.as("at"),
    })
    .from(topics)
    .where(and(eq(topics.fanclubId, fanclubId), eq(topics.userId, userId), gt(topics.createdAt, new Date(now - DAY))))
    .unionAll(
      db
        .select({ kind: sql<string>`'comment'`.as("kind"), at: sql<number>`${topicComments.createdAt}`.as("at") })
        .from(topicComments)
        .innerJoin(topics, eq(topics.id, topicComments.topicId))
        .where(and(eq(topics.fanclubId, fanclubId), eq(topicComments.userId, userId), gt(topicComments.createdAt, new Date(now - DAY)))),
    );
}

export interface TalkGate {
  fanclub: { id: number; ownerId: number; serviceId: number; name: string; starters: TalkStarters };
  relation: TalkRelation;
  memberships: Awaited<ReturnType<ReturnType<typeof viewerMembershipsQuery>["all"]>>;
  paidMonths: Awaited<ReturnType<ReturnType<typeof viewerPaidMonthsQuery>["all"]>>;
  recent: { topics: number[]; comments: number[] };
  now: number;
}

function roleOf(viewer: PostViewer, ownerId: number, fanclubId: number): FanclubRole {
  return { userId: viewer.userId, ownerId, editorPermissions: viewer.editing.get(fanclubId) ?? null };
}

function gateStatements(db: Db, fanclubId: number, viewer: PostViewer, now: number) {
  const club = sql`${fanclubId}`;
  return [
    fanclubStatement(db, fanclubId),
    relationStatement(db, fanclubId, viewer.userId ?? 0),
    viewerMembershipsQuery(db, viewer.userId, now, club),
    viewerPaidMonthsQuery(db, viewer.userId, club),
    recentWritesStatement(db, fanclubId, viewer.userId ?? 0, now),
  ] as const;
}

function gateFrom(
  rows: readonly [
    Awaited<ReturnType<typeof fanclubStatement>>,
    Array<{ blocked: number; following: number }>,
    TalkGate["memberships"],
    TalkGate["paidMonths"],
    Array<{ kind: string; at: number }>,
  ],
  fanclubId: number,
  viewer: PostViewer,
  now: number,
): TalkGate | null {
  const [clubRows, relationRows, memberships, paidMonths, recent] = rows;
  const club = clubRows[0];
  if (!club) return null;
  const role = roleOf(viewer, club.ownerId, fanclubId);
  const rel = relationRows[0];
  return {
    fanclub: { ...club, starters: club.starters ?? "creator" },
    relation: {
      role,
      blocked: viewer.userId !== null && Boolean(rel?.blocked),
      following: viewer.userId !== null && Boolean(rel?.following),
      member: accessGrantingMemberships(memberships, fanclubId, now).length > 0,
    },
    memberships,
    paidMonths,
    recent: {
      topics: recent.filter((r) => r.kind === "topic").map((r) => Number(r.at)),
      comments: recent.filter((r) => r.kind === "comment").map((r) => Number(r.at)),
    },
    now,
  };
}

/** The fan club and the viewer's standing in it, for a write (one round trip). Null: no such open fan club. */
export async function loadTalkGate(db: Db, fanclubId: number, viewer: PostViewer, now: number): Promise<TalkGate | null> {
  const rows = await db.batch(gateStatements(db, fanclubId, viewer, now));
  return gateFrom(rows, fanclubId, viewer, now);
}

function topicSeenBy(gate: TalkGate, topic: { fanclubId: number; planId: number | null; planPrice: number | null; createdAt: number }) {
  const role = gate.relation.role;
  return canViewTopic({
    topic,
    viewer: {
      isOwner: role.userId !== null && role.userId === role.ownerId,
      isEditor: role.editorPermissions !== null,
      memberships: gate.memberships,
      paidMonths: gate.paidMonths,
    },
    now: gate.now,
  });
}

const topicColumns = (viewerId: number) => ({
  id: topics.id,
  fanclubId: topics.fanclubId,
  userId: topics.userId,
  title: topics.title,
  body: topics.body,
  planId: topics.planId,
  pinnedAt: topics.pinnedAt,
  closedAt: topics.closedAt,
  likeCount: topics.likeCount,
  commentCount: topics.commentCount,
  lastActivityAt: topics.lastActivityAt,
  createdAt: topics.createdAt,
  authorName: users.name,
  authorIconUrl: users.iconImageUrl,
  planName: sql<string | null>`${plans.name}`.as("plan_name"),
  planPrice: plans.price,
  likedByMe:
    sql<number>`EXISTS (SELECT 1 FROM "topic_likes" WHERE "topic_likes"."topic_id" = "topics"."id" AND "topic_likes"."user_id" = ${viewerId})`.as(
      "liked_by_me",
    ),
});

type RawTopic = {
  id: number;
  fanclubId: number;
  userId: number;
  title: string;
  body: string;
  planId: number | null;
  pinnedAt: Date | null;
  closedAt: Date | null;
  likeCount: number;
  commentCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  authorName: string;
  authorIconUrl: string | null;
  planName: string | null;
  planPrice: number | null;
  likedByMe: number;
};

/**
 * A topic as the viewer may get it. A locked topic keeps its title, author, plan and counts (what
 * a teaser shows) but its body is empty: the text never leaves the server.
 */
export interface TopicView {
  id: number;
  fanclubId: number;
  userId: number;
  title: string;
  body: string;
  locked: boolean;
  plan: { id: number; name: string; price: number } | null;
  pinned: boolean;
  pinnedAt: number | null;
  closed: boolean;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  lastActivityAt: number;
  createdAt: number;
  author: { id: number; name: string; iconUrl: string | null };
}

function topicView(r: RawTopic, gate: TalkGate): TopicView {
  const canView = topicSeenBy(gate, { fanclubId: r.fanclubId, planId: r.planId, planPrice: r.planPrice, createdAt: r.createdAt.getTime() });
  return {
    id: r.id,
    fanclubId: r.fanclubId,
    userId: r.userId,
    title: r.title,
    body: canView ? r.body : "",
    locked: !canView,
    plan: r.planId !== null ? { id: r.planId, name: r.planName ?? "", price: r.planPrice ?? 0 } : null,
    pinned: r.pinnedAt !== null,
    pinnedAt: r.pinnedAt?.getTime() ?? null,
    closed: r.closedAt !== null,
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    likedByMe: Boolean(r.likedByMe),
    lastActivityAt: r.lastActivityAt.getTime(),
    createdAt: r.createdAt.getTime(),
    author: { id: r.userId, name: r.authorName, iconUrl: r.authorIconUrl },
  };
}

function topicsQuery(db: Db, viewerId: number, where: SQL | undefined) {
  return db
    .select(topicColumns(viewerId))
    .from(topics)
    .innerJoin(users, eq(users.id, topics.userId))
    .leftJoin(plans, eq(plans.id, topics.planId))
    .where(where);
}

export interface Board {
  gate: TalkGate;
  /** pinned topics first (on the first page), then the page by last activity */
  topics: TopicView[];
  /** pass as `before` for the next page (a last-activity instant and id), or null on the last page */
  nextCursor: string | null;
}

/** `{lastActivityAt}_{id}` of the last topic on a page. */
function parseCursor(cursor: string | null): { at: number; id: number } | null {
  const m = /^(\d{1,15})_(\d{1,15})$/.exec(cursor ?? "");
  return m ? { at: Number(m[1]), id: Number(m[2]) } : null;
}

/**
 * The board: pinned topics (first page only) and a page of the others by last activity, the
 * viewer's standing, in ONE round trip. Null for a fan club that is not open.
 */
export async function loadBoard(
  db: Db,
  input: { fanclubId: number; viewer: PostViewer; before: string | null; now: number; pageSize?: number },
): Promise<Board | null> {
  const size = input.pageSize ?? TOPICS_PAGE_SIZE;
  const viewerId = input.viewer.userId ?? 0;
  const cursor = parseCursor(input.before);
  const live = and(eq(topics.fanclubId, input.fanclubId), isNull(topics.deletedAt));
  const [clubRows, relationRows, memberships, paidMonths, recent, pinned, page] = await db.batch([
    ...gateStatements(db, input.fanclubId, input.viewer, input.now),
    topicsQuery(db, viewerId, and(live, isNotNull(topics.pinnedAt), cursor ? sql`0` : undefined)).orderBy(desc(topics.pinnedAt)),
    topicsQuery(
      db,
      viewerId,
      and(
        live,
        isNull(topics.pinnedAt),
        cursor
          ? sql`(${topics.lastActivityAt} < ${cursor.at} OR (${topics.lastActivityAt} = ${cursor.at} AND ${topics.id} < ${cursor.id}))`
          : undefined,
      ),
    )
      .orderBy(desc(topics.lastActivityAt), desc(topics.id))
      .limit(size + 1),
  ]);
  const gate = gateFrom([clubRows, relationRows, memberships, paidMonths, recent], input.fanclubId, input.viewer, input.now);
  if (!gate) return null;
  const shown = page.slice(0, size).map((r) => topicView(r, gate));
  const last = shown[shown.length - 1];
  return {
    gate,
    topics: boardOrder([...pinned.map((r) => topicView(r, gate)), ...shown]),
    nextCursor: page.length > size && last ? `${last.lastActivityAt}_${last.id}` : null,
  };
}

interface TalkComment {
  id: number;
  parentId: number | null;
  userId: number;
  userName: string;
  userIconUrl: string | null;
  body: string;
  deleted: boolean;
  likeCount: number;
  likedByMe: boolean;
  createdAt: number;
}

/** How many top-level comments a topic page shows (newest last); older ones are in the API's pages. */
const COMMENTS_SHOWN = 200;

export interface TopicPage {
  gate: TalkGate;
  topic: TopicView;
  /** top-level comments oldest first, each with its replies; empty for a locked topic */
  comments: Array<TalkComment & { replies: TalkComment[] }>;
}

/**
 * A topic with its comments and the viewer's standing: one round trip. Null when the fan club or
 * the topic does not exist (deleted topics included). A locked topic's comments are dropped here,
 * before anything is shaped for a response.
 */
export async function loadTopicPage(
  db: Db,
  input: { fanclubId: number; topicId: number; viewer: PostViewer; now: number },
): Promise<TopicPage | null> {
  const viewerId = input.viewer.userId ?? 0;
  const commentColumns = {
    id: topicComments.id,
    parentId: topicComments.parentId,
    userId: topicComments.userId,
    userName: users.name,
    userIconUrl: users.iconImageUrl,
    body: topicComments.body,
    deletedAt: topicComments.deletedAt,
    likeCount: topicComments.likeCount,
    createdAt: topicComments.createdAt,
    likedByMe:
      sql<number>`EXISTS (SELECT 1 FROM "topic_comment_likes" WHERE "topic_comment_likes"."comment_id" = "topic_comments"."id" AND "topic_comment_likes"."user_id" = ${viewerId})`.as(
        "liked_by_me",
      ),
  };
  const [clubRows, relationRows, memberships, paidMonths, recent, topicRows, commentRows] = await db.batch([
    ...gateStatements(db, input.fanclubId, input.viewer, input.now),
    topicsQuery(db, viewerId, and(eq(topics.id, input.topicId), eq(topics.fanclubId, input.fanclubId), isNull(topics.deletedAt))).limit(1),
    db
      .select(commentColumns)
      .from(topicComments)
      .innerJoin(users, eq(users.id, topicComments.userId))
      .where(
        and(
          eq(topicComments.topicId, input.topicId),
          sql`"topic_comments"."topic_id" IN (SELECT "id" FROM "topics" WHERE "id" = ${input.topicId} AND "fanclub_id" = ${input.fanclubId})`,
        ),
      )
      .orderBy(asc(topicComments.id))
      .limit(COMMENTS_SHOWN * 5),
  ]);
  const gate = gateFrom([clubRows, relationRows, memberships, paidMonths, recent], input.fanclubId, input.viewer, input.now);
  const raw = topicRows[0];
  if (!gate || !raw) return null;
  const topic = topicView(raw, gate);
  if (topic.locked) return { gate, topic, comments: [] };
  const all: TalkComment[] = commentRows.map((c) => ({
    id: c.id,
    parentId: c.parentId,
    userId: c.userId,
    userName: c.userName,
    userIconUrl: c.userIconUrl,
    body: c.deletedAt ? "" : c.body,
    deleted: c.deletedAt !== null,
    likeCount: c.likeCount,
    likedByMe: Boolean(c.likedByMe),
    createdAt: c.createdAt.getTime(),
  }));
  const replies = new Map<number, TalkComment[]>();
  for (const c of all) {
    if (c.parentId === null || c.deleted) continue;
    replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  }
  const comments = all
    .filter((c) => c.parentId === null && (!c.deleted || (replies.get(c.id)?.length ?? 0) > 0))
    .slice(-COMMENTS_SHOWN)
    .map((c) => ({ ...c, replies: replies.get(c.id) ?? [] }));
  return { gate, topic, comments };
}

/** The gate and one live topic of the fan club (no comments), for a write: one round trip. */
export async function loadTopicGate(
  db: Db,
  input: { fanclubId: number; topicId: number; viewer: PostViewer; now: number },
): Promise<{ gate: TalkGate; topic: TopicView } | null> {
  const viewerId = input.viewer.userId ?? 0;
  const [clubRows, relationRows, memberships, paidMonths, recent, topicRows] = await db.batch([
    ...gateStatements(db, input.fanclubId, input.viewer, input.now),
    topicsQuery(db, viewerId, and(eq(topics.id, input.topicId), eq(topics.fanclubId, input.fanclubId), isNull(topics.deletedAt))).limit(1),
  ]);
  const gate = gateFrom([clubRows, relationRows, memberships, paidMonths, recent], input.fanclubId, input.viewer, input.now);
  const raw = topicRows[0];
  if (!gate || !raw) return null;
  return { gate, topic: topicView(raw, gate) };
}

/** Whether the plan is one of the fan club's (a topic may only be locked to its own plans). */
export async function planOfFanclub(db: Db, fanclubId: number, planId: number): Promise<boolean> {
  const row = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.fanclubId, fanclubId)))
    .get();
  return Boolean(row);
}

/** The fan club's plans, for the moderators' lock choice. */
export async function planChoicesOf(db: Db, fanclubId: number) {
  return db
    .select({ id: plans.id, name: plans.name, price: plans.price })
    .from(plans)
    .where(and(eq(plans.fanclubId, fanclubId), isNull(plans.closedAt)))
    .orderBy(asc(plans.price), asc(plans.id))
    .all();
}

export async function createTopic(
  db: Db,
  input: { fanclubId: number; userId: number; title: string; body: string; planId: number | null; now: number },
): Promise<number> {
  const at = new Date(input.now);
  const row = await db
    .insert(topics)
    .values({
      fanclubId: input.fanclubId,
      userId: input.userId,
      title: input.title,
      body: input.body,
      planId: input.planId,
      lastActivityAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: topics.id })
    .get();
  return row.id;
}

/** The topic's counts recomputed from the rows: whatever ran concurrently, the result is exact. */
function recountTopic(db: Db, topicId: number) {
  return db
    .update(topics)
    .set({
      likeCount: sql`(SELECT count(*) FROM "topic_likes" WHERE "topic_id" = ${topicId})`,
      commentCount: sql`(SELECT count(*) FROM "topic_comments" WHERE "topic_id" = ${topicId} AND "deleted_at" IS NULL)`,
    })
    .where(eq(topics.id, topicId));
}

export type CommentWriteResult = { ok: true; commentId: number; commentCount: number } | { ok: false; reason: "parent" };

/**
 * Writes a comment or a reply (one level: the parent must be a live top-level comment of the same
 * topic, checked by the INSERT itself), recounts the topic, and notifies the topic's author and
 * everyone who commented on it before, except the writer, all in one batch.
 */
export async function addTopicComment(
  db: Db,
  input: { topic: { id: number; fanclubId: number; title: string }; userId: number; body: string; parentId: number | null; now: number },
): Promise<CommentWriteResult> {
  const { topic, userId, now } = input;
  const parentOk =
    input.parentId === null
      ? sql`1`
      : sql`EXISTS (SELECT 1 FROM "topic_comments" WHERE "id" = ${input.parentId} AND "topic_id" = ${topic.id} AND "parent_id" IS NULL AND "deleted_at" IS NULL)`;
  const url = `/fanclubs/${topic.fanclubId}/talks/${topic.id}`;
  const params = JSON.stringify({ title: topic.title });
  const justWritten = sql`EXISTS (SELECT 1 FROM "topic_comments" WHERE "id" = last_insert_rowid() AND "topic_id" = ${topic.id} AND "user_id" = ${userId} AND "created_at" = ${now})`;
  // Every write is a drizzle builder (insert-select, not a raw db.run, which would run on its own
  // instead of joining the batch); drizzle's insert-select wants every column in table order.
  const [, written, , , , counted] = await db.batch([
    db.insert(topicComments).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          topicId: sql<number>`${topic.id}`.as("topic_id"),
          userId: sql<number>`${userId}`.as("user_id"),
          parentId: sql<number | null>`${input.parentId}`.as("parent_id"),
          body: sql<string>`${input.body}`.as("body"),
          likeCount: sql<number>`0`.as("like_count"),
          createdAt: sql<Date>`${now}`.as("created_at"),
          deletedAt: sql<Date | null>`NULL`.as("deleted_at"),
        })
        .from(topics)
        .where(and(eq(topics.id, topic.id), isNull(topics.deletedAt), parentOk)),
    ),
    // right after the INSERT: changes() and last_insert_rowid() are still the INSERT's
    db.select({ id: sql<number>`last_insert_rowid()`.as("id"), n: sql<number>`changes()`.as("n") }).from(sql`(SELECT 1)`),
    db.insert(notifications).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: sql<number>`"who"`.as("user_id"),
          kind: sql<string>`'talkComment'`.as("kind"),
          params: sql<string>`${params}`.as("params"),
          url: sql<string>`${url}`.as("url"),
          readAt: sql<Date | null>`NULL`.as("read_at"),
          createdAt: sql<Date>`${now}`.as("created_at"),
        })
        .from(
          sql`(SELECT "user_id" AS "who" FROM "topics" WHERE "id" = ${topic.id}
               UNION SELECT "user_id" FROM "topic_comments" WHERE "topic_id" = ${topic.id} AND "id" <> last_insert_rowid())`,
        )
        .where(sql`"who" <> ${userId} AND ${justWritten}`),
    ),
    recountTopic(db, topic.id),
    db
      .update(topics)
      .set({ lastActivityAt: new Date(now) })
      .where(and(eq(topics.id, topic.id), lt(topics.lastActivityAt, new Date(now)), sql`${justWritten}`)),
    db.select({ commentCount: topics.commentCount }).from(topics).where(eq(topics.id, topic.id)),
  ]);
  const w = written[0];
  if (!w || Number(w.n) !== 1) return { ok: false, reason: "parent" };
  return { ok: true, commentId: Number(w.id), commentCount: counted[0]?.commentCount ?? 0 };
}

/** Likes the topic or takes the like back; once per person, the count recomputed from the rows. */
export async function setTopicLike(db: Db, input: { topicId: number; userId: number; liked: boolean; now: number }) {
  const { topicId, userId } = input;
  const change = input.liked
    ? db
        .insert(topicLikes)
        .values({ topicId, userId, createdAt: new Date(input.now) })
        .onConflictDoNothing()
    : db.delete(topicLikes).where(and(eq(topicLikes.topicId, topicId), eq(topicLikes.userId, userId)));
  const [, , after] = await db.batch([
    change,
    recountTopic(db, topicId),
    db.select({ likeCount: topics.likeCount }).from(topics).where(eq(topics.id, topicId)),
  ]);
  return { liked: input.liked, likeCount: after[0]?.likeCount ?? 0 };
}

/** Likes a live comment of the topic or takes it back. Null when it is not one. */
export async function setTopicCommentLike(
  db: Db,
  input: { topicId: number; commentId: number; userId: number; liked: boolean; now: number },
): Promise<{ liked: boolean; likeCount: number } | null> {
  const { topicId, commentId, userId } = input;
  const live = and(eq(topicComments.id, commentId), eq(topicComments.topicId, topicId), isNull(topicComments.deletedAt));
  const change = input.liked
    ? db
        .insert(topicCommentLikes)
        .select(
          db
            .select({
              commentId: topicComments.id,
              userId: sql<number>`${userId}`.as("user_id"),
              createdAt: sql<Date>`${input.now}`.as("created_at"),
            })
            .from(topicComments)
            .where(live),
        )
        .onConflictDoNothing()
    : db.delete(topicCommentLikes).where(and(eq(topicCommentLikes.commentId, commentId), eq(topicCommentLikes.userId, userId)));
  const [, , after] = await db.batch([
    change,
    db
      .update(topicComments)
      .set({ likeCount: sql`(SELECT count(*) FROM "topic_comment_likes" WHERE "comment_id" = ${commentId})` })
      .where(eq(topicComments.id, commentId)),
    db.select({ likeCount: topicComments.likeCount }).from(topicComments).where(live),
  ]);
  const row = after[0];
  return row ? { liked: input.liked, likeCount: row.likeCount } : null;
}

/** A comment of the topic (live or not), for the delete rule. */
export async function topicCommentOf(db: Db, topicId: number, commentId: number) {
  return db
    .select({ id: topicComments.id, userId: topicComments.userId, deletedAt: topicComments.deletedAt })
    .from(topicComments)
    .where(and(eq(topicComments.id, commentId), eq(topicComments.topicId, topicId)))
    .get();
}

/** Blanks the comment (its replies stay) and recounts the topic. */
export async function deleteTopicComment(db: Db, input: { topicId: number; commentId: number; now: number }) {
  await db.batch([
    db
      .update(topicComments)
      .set({ deletedAt: new Date(input.now) })
      .where(and(eq(topicComments.id, input.commentId), eq(topicComments.topicId, input.topicId), isNull(topicComments.deletedAt))),
    recountTopic(db, input.topicId),
  ]);
}

export type ModerationAction = "pin" | "unpin" | "close" | "reopen" | "delete";

/** A moderator's (or, for delete, the author's) change to a topic. */
export async function moderateTopic(db: Db, input: { fanclubId: number; topicId: number; action: ModerationAction; now: number }) {
  const at = new Date(input.now);
  const set: Partial<TopicRow> =
    input.action === "pin"
      ? { pinnedAt: at }
      : input.action === "unpin"
        ? { pinnedAt: null }
        : input.action === "close"
          ? { closedAt: at }
          : input.action === "reopen"
            ? { closedAt: null }
            : { deletedAt: at };
  await db
    .update(topics)
    .set({ ...set, updatedAt: at })
    .where(and(eq(topics.id, input.topicId), eq(topics.fanclubId, input.fanclubId), isNull(topics.deletedAt)))
    .run();
}

/** Bars a fan from the fan club's talks (not the owner, not its editors: the caller checks). */
export async function blockFromTalks(db: Db, input: { fanclubId: number; userId: number; blockedBy: number; now: number }) {
  await db
    .insert(talkBlocks)
    .values({ fanclubId: input.fanclubId, userId: input.userId, blockedBy: input.blockedBy, createdAt: new Date(input.now) })
    .onConflictDoNothing()
    .run();
}

export async function unblockFromTalks(db: Db, input: { fanclubId: number; userId: number }) {
  await db
    .delete(talkBlocks)
    .where(and(eq(talkBlocks.fanclubId, input.fanclubId), eq(talkBlocks.userId, input.userId)))
    .run();
}

export async function setTalkStarters(db: Db, input: { fanclubId: number; starters: TalkStarters; now: number }) {
  await db
    .insert(talkSettings)
    .values({ fanclubId: input.fanclubId, starters: input.starters, updatedAt: new Date(input.now) })
    .onConflictDoUpdate({ target: talkSettings.fanclubId, set: { starters: input.starters, updatedAt: new Date(input.now) } })
    .run();
}

/** The management page: settings, every live topic (newest first), the talk blocks. One round trip. */
export async function loadTalkManagement(db: Db, fanclubId: number) {
  const [settings, list, blocks] = await db.batch([
    db.select({ starters: talkSettings.starters }).from(talkSettings).where(eq(talkSettings.fanclubId, fanclubId)),
    db
      .select({
        id: topics.id,
        title: topics.title,
        authorName: users.name,
        userId: topics.userId,
        planName: sql<string | null>`${plans.name}`.as("plan_name"),
        planPrice: sql<number | null>`${plans.price}`.as("plan_price"),
        pinnedAt: topics.pinnedAt,
        closedAt: topics.closedAt,
        commentCount: topics.commentCount,
        likeCount: topics.likeCount,
        createdAt: topics.createdAt,
      })
      .from(topics)
      .innerJoin(users, eq(users.id, topics.userId))
      .leftJoin(plans, eq(plans.id, topics.planId))
      .where(and(eq(topics.fanclubId, fanclubId), isNull(topics.deletedAt)))
      .orderBy(desc(topics.createdAt))
      .limit(200),
    db
      .select({ userId: talkBlocks.userId, name: users.name, createdAt: talkBlocks.createdAt })
      .from(talkBlocks)
      .innerJoin(users, eq(users.id, talkBlocks.userId))
      .where(eq(talkBlocks.fanclubId, fanclubId))
      .orderBy(desc(talkBlocks.createdAt)),
  ]);
  return { starters: settings[0]?.starters ?? "creator", topics: list, blocks };
}

/** Whether the person exists, and whether they are the fan club's owner or one of its editors (whom talk blocks cannot reach). */
export async function talkBlockTarget(db: Db, fanclubId: number, userId: number): Promise<{ exists: boolean; staff: boolean }> {
  const row = await db.get<{ exists_: number; staff: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM "users" WHERE "id" = ${userId}) AS "exists_",
      (EXISTS (SELECT 1 FROM "fanclubs" WHERE "id" = ${fanclubId} AND "owner_id" = ${userId})
      OR EXISTS (SELECT 1 FROM "fanclub_editors" WHERE "fanclub_id" = ${fanclubId} AND "user_id" = ${userId})) AS "staff"`,
  );
  return { exists: Boolean(row?.exists_), staff: Boolean(row?.staff) };
}
