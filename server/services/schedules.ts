import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubEditors, fanclubs, liveEvents, posts, scheduleFeedTokens, schedules } from "../../db/schema";
import { LIVE_STATUS } from "../domain/live-events";
import { accessGrantingMemberships } from "../domain/paywall";
import { scheduleLinkPath, type ScheduleInput, type ScheduleLinkKind } from "../domain/schedules";
import { randomToken } from "../security/crypto";
import { viewerMembershipsQuery, type PostViewer } from "./post-access";

/**
 * The fan club calendar (docs/decisions/036): entries the staff write, the fan club's live events
 * (read from live_events, so they appear by themselves), members-only entries behind the paywall,
 * and the per-fan feed tokens of the iCalendar feed.
 */

/** One line of the calendar, whatever its source. A locked entry keeps only its times. */
export interface CalendarEntry {
  /** `s{id}` for a schedule entry, `l{id}` for a live event: unique across both */
  key: string;
  kind: "schedule" | "live";
  id: number;
  title: string;
  description: string;
  startAt: number;
  endAt: number;
  membersOnly: boolean;
  locked: boolean;
  href: string | null;
  updatedAt: number;
}

function fanclubRow(db: Db, fanclubId: number) {
  return db
    .select({ id: fanclubs.id, ownerId: fanclubs.ownerId, name: fanclubs.name, displaySchedule: fanclubs.displaySchedule })
    .from(fanclubs)
    .where(and(eq(fanclubs.id, fanclubId), eq(fanclubs.status, "open")));
}

function entriesStatements(db: Db, fanclubId: number, range: { start: number; end: number }) {
  return [
    db
      .select()
      .from(schedules)
      .where(
        and(eq(schedules.fanclubId, fanclubId), lt(schedules.startAt, new Date(range.end)), gt(schedules.endAt, new Date(range.start))),
      )
      .orderBy(asc(schedules.startAt), asc(schedules.id)),
    db
      .select({
        id: liveEvents.id,
        title: liveEvents.title,
        description: liveEvents.description,
        startAt: liveEvents.startAt,
        endAt: liveEvents.endAt,
        updatedAt: liveEvents.updatedAt,
      })
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.fanclubId, fanclubId),
          // a private event (status 1) is not announced
          ne(liveEvents.status, LIVE_STATUS.private),
          lt(liveEvents.startAt, new Date(range.end)),
          gt(liveEvents.endAt, new Date(range.start)),
        ),
      )
      .orderBy(asc(liveEvents.startAt)),
  ] as const;
}

type ScheduleRowSel = typeof schedules.$inferSelect;
type LiveRowSel = { id: number; title: string; description: string; startAt: Date; endAt: Date; updatedAt: Date };

function entriesFrom(fanclubId: number, rows: ScheduleRowSel[], lives: LiveRowSel[], seesMembersOnly: boolean): CalendarEntry[] {
  const entries: CalendarEntry[] = rows.map((r) => {
    const locked = r.membersOnly && !seesMembersOnly;
    const link = r.linkKind && r.linkId ? { kind: r.linkKind as ScheduleLinkKind, id: r.linkId } : null;
    return {
      key: `s${r.id}`,
      kind: "schedule",
      id: r.id,
      title: locked ? "" : r.title,
      description: locked ? "" : r.description,
      startAt: r.startAt.getTime(),
      endAt: r.endAt.getTime(),
      membersOnly: r.membersOnly,
      locked,
      href: locked ? null : scheduleLinkPath(fanclubId, link),
      updatedAt: r.updatedAt.getTime(),
    };
  });
  for (const l of lives) {
    entries.push({
      key: `l${l.id}`,
      kind: "live",
      id: l.id,
      title: l.title,
      description: l.description,
      startAt: l.startAt.getTime(),
      endAt: l.endAt.getTime(),
      membersOnly: false,
      locked: false,
      href: `/fanclubs/${fanclubId}/lives/${l.id}`,
      updatedAt: l.updatedAt.getTime(),
    });
  }
  return entries.sort((a, b) => a.startAt - b.startAt || a.key.localeCompare(b.key));
}

export interface CalendarView {
  fanclub: { id: number; name: string; displaySchedule: boolean };
  manages: boolean;
  /** the viewer sees members-only entries (staff, or a membership that grants access now) */
  member: boolean;
  entries: CalendarEntry[];
  /** the viewer's live private feed token, if they issued one */
  feedToken: string | null;
}

/**
 * What the calendar pages show for a range (a month or a day), in ONE round trip: the fan club,
 * its entries and live events overlapping the range, the viewer's memberships and feed token.
 */
export async function loadCalendar(
  db: Db,
  input: { fanclubId: number; range: { start: number; end: number }; viewer: PostViewer; now: number },
): Promise<CalendarView | null> {
  const { fanclubId, viewer, now } = input;
  const [club, rows, lives, memberships, tokens] = await db.batch([
    fanclubRow(db, fanclubId),
    ...entriesStatements(db, fanclubId, input.range),
    viewerMembershipsQuery(db, viewer.userId, now, sql`${fanclubId}`),
    db
      .select({ token: scheduleFeedTokens.token })
      .from(scheduleFeedTokens)
      .where(
        and(
          eq(scheduleFeedTokens.fanclubId, fanclubId),
          eq(scheduleFeedTokens.userId, viewer.userId ?? 0),
          isNull(scheduleFeedTokens.revokedAt),
        ),
      )
      .limit(1),
  ]);
  const f = club[0];
  if (!f) return null;
  const manages = viewer.userId !== null && (viewer.userId === f.ownerId || viewer.editing.has(fanclubId));
  const member = manages || accessGrantingMemberships(memberships, fanclubId, now).length > 0;
  return {
    fanclub: { id: f.id, name: f.name, displaySchedule: f.displaySchedule },
    manages,
    member,
    entries: entriesFrom(fanclubId, rows, lives, member),
    feedToken: tokens[0]?.token ?? null,
  };
}

/** How far the feed looks back and ahead: calendar apps keep what they fetched before. */
const FEED_PAST = 90 * 86_400_000;
const FEED_AHEAD = 400 * 86_400_000;

export type FeedResult =
  | { ok: true; fanclub: { id: number; name: string }; entries: CalendarEntry[]; private: boolean }
  | { ok: false; reason: "notFound" | "token" };

/**
 * The entries of the iCalendar feed. Without a token: public entries and live events. With a
 * token: also members-only entries, while the token is not revoked and its fan still has access
 * (a fan who left stops getting them on the next refresh). A token of another fan club, revoked
 * or unknown, is refused rather than quietly served as public, so a fan notices.
 */
export async function loadFeed(db: Db, input: { fanclubId: number; token: string | null; now: number }): Promise<FeedResult> {
  const { fanclubId, now } = input;
  const range = { start: now - FEED_PAST, end: now + FEED_AHEAD };
  const [club, rows, lives, tokenRows] = await db.batch([
    fanclubRow(db, fanclubId),
    ...entriesStatements(db, fanclubId, range),
    db
      .select({ userId: scheduleFeedTokens.userId })
      .from(scheduleFeedTokens)
      .where(
        and(
          eq(scheduleFeedTokens.token, input.token ?? ""),
          eq(scheduleFeedTokens.fanclubId, fanclubId),
          isNull(scheduleFeedTokens.revokedAt),
        ),
      ),
  ]);
  const f = club[0];
  if (!f) return { ok: false, reason: "notFound" };
  if (input.token === null) {
    return { ok: true, fanclub: { id: f.id, name: f.name }, entries: entriesFrom(fanclubId, rows, lives, false), private: false };
  }
  const userId = tokenRows[0]?.userId ?? null;
  if (userId === null) return { ok: false, reason: "token" };
  const seesMembersOnly = await feedUserSeesMembersOnly(db, fanclubId, f.ownerId, userId, now);
  return { ok: true, fanclub: { id: f.id, name: f.name }, entries: entriesFrom(fanclubId, rows, lives, seesMembersOnly), private: true };
}

async function feedUserSeesMembersOnly(db: Db, fanclubId: number, ownerId: number, userId: number, now: number): Promise<boolean> {
  if (userId === ownerId) return true;
  const [memberships, editor] = await db.batch([
    viewerMembershipsQuery(db, userId, now, sql`${fanclubId}`),
    db
      .select({ userId: fanclubEditors.userId })
      .from(fanclubEditors)
      .where(and(eq(fanclubEditors.fanclubId, fanclubId), eq(fanclubEditors.userId, userId), isNotNull(fanclubEditors.acceptedAt))),
  ]);
  return editor.length > 0 || accessGrantingMemberships(memberships, fanclubId, now).length > 0;
}

/** A new private feed token for the fan (the old one, if any, is revoked in the same batch). */
export async function issueFeedToken(db: Db, input: { fanclubId: number; userId: number; now: number }): Promise<string> {
  const token = randomToken(32);
  await db.batch([
    db
      .update(scheduleFeedTokens)
      .set({ revokedAt: new Date(input.now) })
      .where(
        and(
          eq(scheduleFeedTokens.fanclubId, input.fanclubId),
          eq(scheduleFeedTokens.userId, input.userId),
          isNull(scheduleFeedTokens.revokedAt),
        ),
      ),
    db.insert(scheduleFeedTokens).values({ fanclubId: input.fanclubId, userId: input.userId, token, createdAt: new Date(input.now) }),
  ]);
  return token;
}

export async function revokeFeedToken(db: Db, input: { fanclubId: number; userId: number; now: number }) {
  await db
    .update(scheduleFeedTokens)
    .set({ revokedAt: new Date(input.now) })
    .where(
      and(
        eq(scheduleFeedTokens.fanclubId, input.fanclubId),
        eq(scheduleFeedTokens.userId, input.userId),
        isNull(scheduleFeedTokens.revokedAt),
      ),
    )
    .run();
}

/** The creator's list: every entry of the fan club from a month ago on, oldest first. */
export async function listCreatorSchedules(db: Db, fanclubId: number, now: number) {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.fanclubId, fanclubId), gt(schedules.endAt, new Date(now - 31 * 86_400_000))))
    .orderBy(asc(schedules.startAt), asc(schedules.id))
    .limit(500)
    .all();
}

export async function getSchedule(db: Db, fanclubId: number, id: number) {
  return (
    (await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.fanclubId, fanclubId)))
      .get()) ?? null
  );
}

/** Whether the linked live event or post is the fan club's (lessons are checked by their own feature). */
async function linkIsOwn(db: Db, fanclubId: number, link: ScheduleInput["link"]): Promise<boolean> {
  if (!link || link.kind === "lesson") return true;
  const table = link.kind === "live_event" ? liveEvents : posts;
  const row = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, link.id), eq(table.fanclubId, fanclubId)))
    .get();
  return Boolean(row);
}

export type ScheduleSaveResult = { ok: true; id: number } | { ok: false; reason: "link" | "notFound" };

export async function saveSchedule(
  db: Db,
  input: { fanclubId: number; id: number | null; userId: number; value: ScheduleInput; now: number },
): Promise<ScheduleSaveResult> {
  const { value } = input;
  if (!(await linkIsOwn(db, input.fanclubId, value.link))) return { ok: false, reason: "link" };
  const at = new Date(input.now);
  const fields = {
    title: value.title,
    description: value.description,
    startAt: new Date(value.startAt),
    endAt: new Date(value.endAt),
    membersOnly: value.membersOnly,
    linkKind: value.link?.kind ?? null,
    linkId: value.link?.id ?? null,
    updatedAt: at,
  };
  if (input.id === null) {
    const row = await db
      .insert(schedules)
      .values({ ...fields, fanclubId: input.fanclubId, createdBy: input.userId, createdAt: at })
      .returning({ id: schedules.id })
      .get();
    return { ok: true, id: row.id };
  }
  const rows = await db
    .update(schedules)
    .set(fields)
    .where(and(eq(schedules.id, input.id), eq(schedules.fanclubId, input.fanclubId)))
    .returning({ id: schedules.id })
    .all();
  return rows[0] ? { ok: true, id: rows[0].id } : { ok: false, reason: "notFound" };
}

export async function deleteSchedule(db: Db, input: { fanclubId: number; id: number }): Promise<boolean> {
  const rows = await db
    .delete(schedules)
    .where(and(eq(schedules.id, input.id), eq(schedules.fanclubId, input.fanclubId)))
    .returning({ id: schedules.id })
    .all();
  return rows.length > 0;
}

/** What an entry may link to: the fan club's live events and posts, newest first, in one round trip. */
export async function scheduleLinkChoices(db: Db, fanclubId: number) {
  const [lives, postRows] = await db.batch([
    db
      .select({ id: liveEvents.id, title: liveEvents.title })
      .from(liveEvents)
      .where(eq(liveEvents.fanclubId, fanclubId))
      .orderBy(desc(liveEvents.startAt))
      .limit(50),
    db
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(and(eq(posts.fanclubId, fanclubId), isNull(posts.deletedAt)))
      .orderBy(desc(posts.id))
      .limit(50),
  ]);
  return [
    ...lives.map((l) => ({ value: `live_event:${l.id}`, kind: "live_event" as const, title: l.title })),
    ...postRows.map((p) => ({ value: `post:${p.id}`, kind: "post" as const, title: p.title })),
  ];
}
