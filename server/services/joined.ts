import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, memberships, plans, services } from "../../db/schema";

/**
 * The fan clubs a person supports (spec §2 sidebar "joined fan club list", /me/joining), across
 * every brand, most recently active first. Paged by keyset, not offset: the cursor is the last
 * row seen (`prevActivedAt`, `prevLastId`), so a fan club that becomes active while someone pages
 * moves to the top instead of shifting every later page by one (no duplicates, no gaps).
 */

/** spec §9 leaves the sidebar page size open: ten keeps the menu short. */
export const SIDEMENU_PAGE_SIZE = 10;
export const JOINED_PAGE_SIZE = 20;
export const JOINED_PAGE_MAX = 50;

export interface JoinedCursor {
  prevLastId: number;
  /** epoch milliseconds of the last row's actived_at */
  prevActivedAt: number;
}

export interface JoinedFanclub {
  id: number;
  name: string;
  creatorName: string;
  uniquePath: string | null;
  iconKey: string | null;
  planName: string;
  /** yen per month, tax included */
  planPrice: number;
  activedAt: string;
  serviceId: number;
  /** the brand's origin: a fan club of another brand is linked on its own host */
  frontUrl: string;
}

/** spec §3 "Sidemenu paging": fanclubs plus next {hasNext, lastId, lastActionedAt}. */
export interface JoinedPage {
  fanclubs: JoinedFanclub[];
  next: { hasNext: boolean; lastId: number | null; lastActionedAt: string | null };
}

const ID = /^[1-9]\d{0,14}$/;
const MILLIS = /^\d{1,15}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * The cursor from query parameters. Both absent (or empty) is the first page; one without the
 * other, or anything that is not an id and a time (ISO 8601 in UTC as `lastActionedAt` gives it,
 * or epoch milliseconds), is refused rather than guessed at.
 */
export function parseJoinedCursor(
  prevLastId: string | null | undefined,
  prevActivedAt: string | null | undefined,
): { ok: true; cursor: JoinedCursor | null } | { ok: false } {
  const id = prevLastId?.trim() ?? "";
  const at = prevActivedAt?.trim() ?? "";
  if (!id && !at) return { ok: true, cursor: null };
  if (!ID.test(id)) return { ok: false };
  let millis: number;
  if (MILLIS.test(at)) millis = Number(at);
  else if (ISO_UTC.test(at)) millis = Date.parse(at);
  else return { ok: false };
  if (!Number.isSafeInteger(millis) || millis < 0) return { ok: false };
  return { ok: true, cursor: { prevLastId: Number(id), prevActivedAt: millis } };
}

/** A requested page size, kept between 1 and the maximum; absent or garbage means the default. */
export function pageSize(raw: string | null | undefined, fallback: number): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, JOINED_PAGE_MAX);
}

/** Rows fetched with one extra (limit + 1) become a page and the cursor of the next one. */
export function toJoinedPage(rows: readonly JoinedFanclub[], limit: number): JoinedPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    fanclubs: page,
    next: { hasNext: rows.length > limit, lastId: last?.id ?? null, lastActionedAt: last?.activedAt ?? null },
  };
}

/**
 * One D1 query. Current memberships only: active, or unpaid while the plan may still be settled
 * (spec §4: unpaid members leave by the 7th); a left membership or a closed fan club is gone.
 * The statement alone, so the home page can put it in its one batch.
 */
export function joinedQuery(db: Db, userId: number, input: Partial<JoinedCursor> & { limit: number }) {
  const conditions = [eq(memberships.userId, userId), inArray(memberships.status, ["active", "unpaid"]), eq(fanclubs.status, "open")];
  if (input.prevLastId !== undefined && input.prevActivedAt !== undefined) {
    const at = new Date(input.prevActivedAt);
    // strictly after the last row in (actived_at DESC, id DESC) order
    conditions.push(or(lt(fanclubs.activedAt, at), and(eq(fanclubs.activedAt, at), lt(fanclubs.id, input.prevLastId)))!);
  }
  return db
    .select({
      id: fanclubs.id,
      name: fanclubs.name,
      creatorName: fanclubs.creatorName,
      uniquePath: fanclubs.uniquePath,
      iconKey: fanclubs.iconKey,
      // aliased: in a D1 batch rows come back keyed by column name, and plans.name or services.id
      // would overwrite the fan club's own name and id
      planName: sql<string>`${plans.name}`.as("plan_name"),
      planPrice: sql<number>`${plans.price}`.as("plan_price"),
      activedAt: fanclubs.activedAt,
      serviceId: fanclubs.serviceId,
      frontUrl: services.frontUrl,
    })
    .from(memberships)
    .innerJoin(fanclubs, eq(fanclubs.id, memberships.fanclubId))
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .where(and(...conditions))
    .orderBy(desc(fanclubs.activedAt), desc(fanclubs.id))
    .limit(input.limit + 1);
}

/** Rows of `joinedQuery` as a page. */
export function joinedPageFrom(rows: readonly (Omit<JoinedFanclub, "activedAt"> & { activedAt: Date })[], limit: number): JoinedPage {
  return toJoinedPage(
    rows.map((r) => ({ ...r, activedAt: r.activedAt.toISOString() })),
    limit,
  );
}

export async function listJoined(db: Db, userId: number, input: Partial<JoinedCursor> & { limit: number }): Promise<JoinedPage> {
  const limit = Math.min(Math.max(1, Math.floor(input.limit)), JOINED_PAGE_MAX);
  return joinedPageFrom(await joinedQuery(db, userId, { ...input, limit }).all(), limit);
}

/**
 * The plans the fan holds now (`GET /plans/joining`, spec §7): one per current membership (the
 * rule of `joinedQuery`: active or unpaid, open fan club), newest fan club activity first.
 */
export async function joiningPlans(db: Db, userId: number) {
  return db
    .select({
      planId: plans.id,
      planName: sql<string>`${plans.name}`.as("plan_name"),
      price: plans.price,
      status: memberships.status,
      fanclubId: fanclubs.id,
      fanclubName: fanclubs.name,
      frontUrl: services.frontUrl,
    })
    .from(memberships)
    .innerJoin(fanclubs, eq(fanclubs.id, memberships.fanclubId))
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, ["active", "unpaid"]), eq(fanclubs.status, "open")))
    .orderBy(desc(fanclubs.activedAt), desc(fanclubs.id))
    .limit(JOINED_PAGE_MAX * 4);
}
