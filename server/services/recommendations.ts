import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, type FanclubRow } from "../../db/schema";
import { BROWSING_HISTORY_LIMIT } from "../domain/browsing-history";
import { joinedPageFrom, joinedQuery, type JoinedPage } from "./joined";

/**
 * Recommended fan clubs of a brand (spec §7 /recommended_fanclubs and /category_recommend, the
 * home page). Score = members × 3 + followers: a paying member says more about a fan club than a
 * free follow. Equal scores go to the fan club active most recently, then the newer id, so the
 * order is total and the same on every render. Only open fan clubs of the brand appear.
 * The same formula orders /fanclubs?order=3 (server/services/fanclub-search.ts).
 */
export const RECOMMENDED_LIMIT = 8;
export const RECOMMENDED_MAX = 30;
export const PER_CATEGORY = 4;
export const PER_CATEGORY_MAX = 10;
/** categories shown at most; the largest come first */
const CATEGORY_LIMIT = 8;

const score = sql`(${fanclubs.memberCount} * 3 + ${fanclubs.followerCount})`;

const cardColumns = {
  id: fanclubs.id,
  name: fanclubs.name,
  creatorName: fanclubs.creatorName,
  uniquePath: fanclubs.uniquePath,
  iconKey: fanclubs.iconKey,
  category: fanclubs.category,
  memberCount: fanclubs.memberCount,
  followerCount: fanclubs.followerCount,
  displayMemberCount: fanclubs.displayMemberCount,
};

/** A row as `cardColumns` selects it. */
type CardRow = Pick<FanclubRow, keyof typeof cardColumns>;

/** A fan club for a card; `memberCount` is null when the creator hides it. */
export type FanclubSummary = Omit<CardRow, "memberCount" | "displayMemberCount"> & { memberCount: number | null };

export interface CategoryRecommendation {
  category: string;
  fanclubs: FanclubSummary[];
}

function toSummary(r: CardRow): FanclubSummary {
  return {
    id: r.id,
    name: r.name,
    creatorName: r.creatorName,
    uniquePath: r.uniquePath,
    iconKey: r.iconKey,
    category: r.category,
    memberCount: r.displayMemberCount ? r.memberCount : null,
    followerCount: r.followerCount,
  };
}

const openOfBrand = (serviceId: number) => and(eq(fanclubs.serviceId, serviceId), eq(fanclubs.status, "open"));

/** A count from a query string within [1, max]; absent or garbage gives the default. */
export function boundedCount(raw: string | null | undefined, fallback: number, max: number): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

/** The query alone, so the home page can put it in one batch with the others. */
function recommendedQuery(db: Db, input: { serviceId: number; limit: number }) {
  return db
    .select(cardColumns)
    .from(fanclubs)
    .where(openOfBrand(input.serviceId))
    .orderBy(desc(score), desc(fanclubs.activedAt), desc(fanclubs.id))
    .limit(input.limit);
}

/**
 * The top `perCategory` of every category in one statement: a window function ranks the fan
 * clubs within their category by the same score.
 */
function categoryRecommendQuery(db: Db, input: { serviceId: number; perCategory: number }) {
  const ranked = db
    .select({
      ...cardColumns,
      rank: sql<number>`row_number() OVER (PARTITION BY ${fanclubs.category} ORDER BY ${score} DESC, ${fanclubs.activedAt} DESC, ${fanclubs.id} DESC)`.as(
        "rank",
      ),
      categorySize: sql<number>`count(*) OVER (PARTITION BY ${fanclubs.category})`.as("category_size"),
    })
    .from(fanclubs)
    .where(openOfBrand(input.serviceId))
    .as("ranked");
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, input.perCategory))
    .orderBy(desc(ranked.categorySize), asc(ranked.category), asc(ranked.rank));
}

/**
 * Rows in category order become one group per category, at most `limit` groups: the categories
 * with the most open fan clubs first, ties by name.
 */
export function groupByCategory(rows: readonly (CardRow & { rank: number })[], limit = CATEGORY_LIMIT): CategoryRecommendation[] {
  const groups: CategoryRecommendation[] = [];
  for (const row of rows) {
    let group = groups[groups.length - 1];
    if (group?.category !== row.category) {
      if (groups.length === limit) break;
      group = { category: row.category, fanclubs: [] };
      groups.push(group);
    }
    group.fanclubs.push(toSummary(row));
  }
  return groups;
}

export async function recommendedFanclubs(db: Db, input: { serviceId: number; limit: number }): Promise<FanclubSummary[]> {
  return (await recommendedQuery(db, input).all()).map(toSummary);
}

export async function categoryRecommend(db: Db, input: { serviceId: number; perCategory: number }): Promise<CategoryRecommendation[]> {
  return groupByCategory(await categoryRecommendQuery(db, input).all());
}

/** The home's strip of supported fan clubs (spec §2): the most recently active ones, every brand. */
const SUPPORTED_STRIP_SIZE = 12;

/**
 * Everything the home page reads, in one D1 round trip: with a signed-in fan, the strip of the
 * fan clubs they support rides in the same batch.
 */
export async function homeDiscovery(
  db: Db,
  serviceId: number,
  userId: number | null = null,
): Promise<{ recommended: FanclubSummary[]; categories: CategoryRecommendation[]; supported: JoinedPage | null }> {
  const recommended = recommendedQuery(db, { serviceId, limit: RECOMMENDED_LIMIT });
  const byCategory = categoryRecommendQuery(db, { serviceId, perCategory: PER_CATEGORY });
  if (userId === null) {
    const [r, c] = await db.batch([recommended, byCategory]);
    return { recommended: r.map(toSummary), categories: groupByCategory(c), supported: null };
  }
  const [r, c, s] = await db.batch([recommended, byCategory, joinedQuery(db, userId, { limit: SUPPORTED_STRIP_SIZE })]);
  return { recommended: r.map(toSummary), categories: groupByCategory(c), supported: joinedPageFrom(s, SUPPORTED_STRIP_SIZE) };
}

/**
 * `ids=3,1,2` as the browsing history sends it: at most the history's length of positive ids,
 * repeats dropped. Anything else is null (refused), an empty value an empty list.
 */
export function parseFanclubIds(raw: string | null | undefined): number[] | null {
  const text = raw?.trim() ?? "";
  if (!text) return [];
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length > BROWSING_HISTORY_LIMIT || !parts.every((p) => /^[1-9]\d{0,14}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

/** Rows put back in the order asked for; ids with no row (closed, unknown) are left out. */
export function inRequestedOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Open fan clubs of any brand by id, in the order given (the browsing history's). */
export async function fanclubsByIds(db: Db, ids: readonly number[]): Promise<FanclubSummary[]> {
  const wanted = ids.slice(0, BROWSING_HISTORY_LIMIT);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(fanclubs)
    .where(and(inArray(fanclubs.id, wanted), eq(fanclubs.status, "open")))
    .all();
  return inRequestedOrder(wanted, rows.map(toSummary));
}
