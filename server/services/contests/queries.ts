import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contestEntries, contests, contestVotes, fanclubs, posts, services, type ContestRow } from "../../../db/schema";
import {
  CONTEST_PAGE_SIZE,
  contestPhase,
  contestStage,
  judgesFromJson,
  podium,
  rankEntries,
  prizesFromJson,
  voteDayKey,
  winnerCount,
  type ContestWindows,
} from "../../domain/contests";
import { mediaUrl } from "../../domain/images";

/**
 * Reading contests: the page of one contest (entries, podium or results, the viewer's votes of
 * the day) in one D1 round trip, the ranking, and the contests the post form offers.
 */

export function windowsOf(c: ContestRow): ContestWindows {
  return {
    startAt: c.startAt.getTime(),
    endAt: c.endAt.getTime(),
    entryStartAt: c.entryStartAt.getTime(),
    entryEndAt: c.entryEndAt.getTime(),
    voteStartAt: c.voteStartAt.getTime(),
    voteEndAt: c.voteEndAt.getTime(),
  };
}

export function contestSummary(c: ContestRow, now: number) {
  const w = windowsOf(c);
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    postTemplate: c.postTemplate,
    hashTag: c.hashTag,
    ...w,
    stage: contestStage(w, now),
    phase: contestPhase(w, now),
    judges: judgesFromJson(c.judges),
    prizes: prizesFromJson(c.prizes),
  };
}

/** An entry is shown while its post is published, started and not deleted. */
function visibleEntry(now: number) {
  return and(eq(posts.isPublish, true), isNull(posts.deletedAt), lte(posts.publishedAt, new Date(now)));
}

// Aliased: in a D1 batch drizzle reads rows by column name, so the three joined tables' `id`
// (and `name`) columns would overwrite one another.
const entryColumns = {
  id: sql<number>`${contestEntries.id}`.mapWith(Number).as("entry_id"),
  voteCount: contestEntries.voteCount,
  postId: sql<number>`${posts.id}`.mapWith(Number).as("entry_post_id"),
  title: sql<string>`${posts.title}`.as("entry_title"),
  coverKey: sql<string | null>`${posts.coverKey}`.as("entry_cover_key"),
  fanclubId: sql<number>`${fanclubs.id}`.mapWith(Number).as("entry_fanclub_id"),
  fanclubName: sql<string>`${fanclubs.name}`.as("entry_fanclub_name"),
  fanclubIconKey: sql<string | null>`${fanclubs.iconKey}`.as("entry_fanclub_icon_key"),
  frontUrl: sql<string>`${services.frontUrl}`.as("entry_front_url"),
};

interface EntryRow {
  id: number;
  voteCount: number;
  postId: number;
  title: string;
  coverKey: string | null;
  fanclubId: number;
  fanclubName: string;
  fanclubIconKey: string | null;
  frontUrl: string;
}

function entryView(r: EntryRow) {
  return {
    id: r.id,
    voteCount: r.voteCount,
    postId: r.postId,
    title: r.title,
    coverUrl: mediaUrl(r.coverKey),
    fanclub: { id: r.fanclubId, name: r.fanclubName, iconUrl: mediaUrl(r.fanclubIconKey) },
    postUrl: `${r.frontUrl}/fanclubs/${r.fanclubId}/posts/${r.postId}`,
  };
}
export type ContestEntryView = ReturnType<typeof entryView>;

function entriesFrom(db: Db, contestId: ReturnType<typeof sql<number>>, now: number) {
  return db
    .select(entryColumns)
    .from(contestEntries)
    .innerJoin(posts, eq(posts.id, contestEntries.postId))
    .innerJoin(fanclubs, eq(fanclubs.id, contestEntries.fanclubId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .where(and(sql`${contestEntries.contestId} = ${contestId}`, visibleEntry(now)));
}

/**
 * A contest's page: the contest, one page of entries in entry order, their number, the top of the
 * ranking (the podium while voting, the winners once results are out) and the entries the viewer
 * already voted for today. All five reads go in one batch keyed by the slug, so the page costs one
 * D1 round trip however many entries the contest has.
 */
export async function loadContestPage(db: Db, input: { slug: string; page: number; viewerId: number | null; now: number }) {
  const { slug, now } = input;
  const idOf = sql<number>`(SELECT "id" FROM "contests" WHERE "slug" = ${slug})`;
  const offset = (input.page - 1) * CONTEST_PAGE_SIZE;
  const [contestRows, pageRows, countRows, topRows, votedRows] = await db.batch([
    db.select().from(contests).where(eq(contests.slug, slug)).limit(1),
    entriesFrom(db, idOf, now).orderBy(asc(contestEntries.id)).limit(CONTEST_PAGE_SIZE).offset(offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(contestEntries)
      .innerJoin(posts, eq(posts.id, contestEntries.postId))
      .where(and(sql`${contestEntries.contestId} = ${idOf}`, visibleEntry(now))),
    // 10 covers every prize count the form allows
    entriesFrom(db, idOf, now).orderBy(desc(contestEntries.voteCount), asc(contestEntries.id)).limit(10),
    db
      .select({ entryId: contestVotes.entryId })
      .from(contestVotes)
      .where(
        and(
          eq(contestVotes.userId, input.viewerId ?? 0),
          sql`${contestVotes.contestId} = ${idOf}`,
          eq(contestVotes.dayKey, voteDayKey(now)),
        ),
      ),
  ]);
  const row = contestRows[0];
  if (!row) return null;
  const contest = contestSummary(row, now);
  const total = countRows[0]?.n ?? 0;
  // SQL already ordered them by the same rule; rankEntries numbers them (and is the rule's one home)
  const ranked = rankEntries(topRows.map(entryView));
  return {
    contest,
    entries: pageRows.map(entryView),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / CONTEST_PAGE_SIZE)),
    podium: contest.stage === "voting" ? podium(ranked.slice(0, 3)) : [],
    winners:
      contest.stage === "results"
        ? ranked.slice(0, winnerCount(contest.prizes)).map((e) => ({ ...e, prize: contest.prizes[e.rank - 1] ?? null }))
        : [],
    votedToday: votedRows.map((v) => v.entryId),
  };
}

export async function contestById(db: Db, id: number): Promise<ContestRow | null> {
  return (await db.select().from(contests).where(eq(contests.id, id)).get()) ?? null;
}

/** spec §7 ranking: the top `limit` visible entries by stored votes (ties: earlier entry first). */
export async function contestRanking(db: Db, contestId: number, limit: number, now: number) {
  const rows = await entriesFrom(db, sql<number>`${contestId}`, now)
    .orderBy(desc(contestEntries.voteCount), asc(contestEntries.id))
    .limit(limit);
  return rankEntries(rows.map(entryView));
}

/** spec §7 contest posts: a page of entries in entry order and their number. */
export async function contestEntriesPage(db: Db, contestId: number, page: number, now: number) {
  const id = sql<number>`${contestId}`;
  const [rows, count] = await db.batch([
    entriesFrom(db, id, now)
      .orderBy(asc(contestEntries.id))
      .limit(CONTEST_PAGE_SIZE)
      .offset((page - 1) * CONTEST_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(contestEntries)
      .innerJoin(posts, eq(posts.id, contestEntries.postId))
      .where(and(eq(contestEntries.contestId, contestId), visibleEntry(now))),
  ]);
  const total = count[0]?.n ?? 0;
  return { entries: rows.map(entryView), total, page, pageCount: Math.max(1, Math.ceil(total / CONTEST_PAGE_SIZE)) };
}

/** The contests a creator may enter now (spec §3 post form data `contests`), soonest closing first. */
export function openContestsQuery(db: Db, now: number) {
  const at = new Date(now);
  return db
    .select({ id: contests.id, name: contests.name, postTemplate: contests.postTemplate, hashTag: contests.hashTag })
    .from(contests)
    .where(and(lte(contests.entryStartAt, at), sql`${contests.entryEndAt} > ${now}`))
    .orderBy(asc(contests.entryEndAt), asc(contests.id));
}

/** All contests, newest period first (the operator's list). */
export async function listContests(db: Db) {
  return db.select().from(contests).orderBy(desc(contests.startAt), desc(contests.id)).all();
}
