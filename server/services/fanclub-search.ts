import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubSearch } from "../../db/search-tables";
import { SEARCH_ORDERS, type SearchOrder } from "../domain/search-orders";

export { SEARCH_ORDERS };

/**
 * Fan club search (spec §2 /fanclubs?keywords=&category=&order=) over the `fanclub_search` FTS5
 * table (trigram tokenizer, see migrations/0004). Every whitespace-separated term must match one
 * of name, creator name, tags or description. Terms of 3+ characters use the index; shorter ones
 * (common in Japanese: 「星」「アイ」) use LIKE on the same table.
 */

const SEARCH_PAGE_SIZE = 20;

export interface SearchInput {
  serviceId: number | null;
  keywords: string;
  category: string | null;
  order: SearchOrder;
  page: number;
}

/**
 * The search as the URL asks for it (page and API share it): keywords and category trimmed,
 * spec §9's order 2 (popular) unless another known order is given, pages 1–500.
 */
export function searchInputFrom(params: URLSearchParams, serviceId: number | null): SearchInput {
  const order = Number(params.get("order"));
  return {
    serviceId,
    keywords: (params.get("keywords") ?? "").trim().slice(0, 100),
    category: (params.get("category") ?? "").trim().slice(0, 30) || null,
    order: (Object.values(SEARCH_ORDERS) as number[]).includes(order) ? (order as SearchOrder) : SEARCH_ORDERS.popular,
    page: Math.min(Math.max(1, Math.floor(Number(params.get("page"))) || 1), 500),
  };
}

/** Terms as typed: full-width spaces split too; at most 5 terms of at most 50 characters. */
export function searchTerms(keywords: string): string[] {
  return keywords
    .normalize("NFKC")
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 5)
    .map((t) => t.slice(0, 50));
}

function termCondition(term: string): SQL {
  if ([...term].length >= 3) {
    // an FTS5 string literal: double quotes doubled, so the term is never query syntax
    return sql`fanclub_search MATCH ${`"${term.replaceAll('"', '""')}"`}`;
  }
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(fanclub_search.name LIKE ${like} ESCAPE '\\' OR fanclub_search.creator_name LIKE ${like} ESCAPE '\\' OR fanclub_search.tags LIKE ${like} ESCAPE '\\' OR fanclub_search.description LIKE ${like} ESCAPE '\\')`;
}

const ORDER_BY: Record<SearchOrder, SQL> = {
  1: sql`f.created_at DESC, f.id DESC`,
  2: sql`f.member_count DESC, f.follower_count DESC, f.id DESC`,
  3: sql`(f.member_count * 3 + f.follower_count) DESC, f.actived_at DESC, f.id DESC`,
  4: sql`f.actived_at DESC, f.id DESC`,
};

export interface SearchHit {
  id: number;
  name: string;
  creatorName: string;
  uniquePath: string | null;
  iconKey: string | null;
  description: string;
  /** null when the creator hides it: a hidden count never leaves the server */
  memberCount: number | null;
  followerCount: number;
}

/** One D1 query: the page of hits plus one extra row to know whether another page exists. */
export async function searchFanclubs(db: Db, input: SearchInput): Promise<{ hits: SearchHit[]; hasNext: boolean }> {
  const terms = searchTerms(input.keywords);
  const conditions: SQL[] = [sql`f.status = 'open'`];
  if (input.serviceId !== null) conditions.push(sql`f.service_id = ${input.serviceId}`);
  if (input.category) conditions.push(sql`f.category = ${input.category}`);
  const matching = terms.length
    ? sql`f.id IN (SELECT rowid FROM fanclub_search WHERE ${sql.join(terms.map(termCondition), sql` AND `)})`
    : null;
  if (matching) conditions.push(matching);
  const page = Math.max(1, Math.floor(input.page));
  const rows = await db.all<{
    id: number;
    name: string;
    creator_name: string;
    unique_path: string | null;
    icon_key: string | null;
    description: string;
    member_count: number;
    follower_count: number;
    display_member_count: number;
  }>(sql`SELECT f.id, f.name, f.creator_name, f.unique_path, f.icon_key, f.description, f.member_count, f.follower_count, f.display_member_count
        FROM fanclubs f
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${ORDER_BY[input.order]}
        LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${(page - 1) * SEARCH_PAGE_SIZE}`);
  return {
    hasNext: rows.length > SEARCH_PAGE_SIZE,
    hits: rows.slice(0, SEARCH_PAGE_SIZE).map((r) => ({
      id: r.id,
      name: r.name,
      creatorName: r.creator_name,
      uniquePath: r.unique_path,
      iconKey: r.icon_key,
      description: r.description,
      memberCount: r.display_member_count === 1 ? r.member_count : null,
      followerCount: r.follower_count,
    })),
  };
}

/**
 * The search row of a fan club, as two statements to put in the same batch as the fan club's own
 * change (FTS5 has no upsert: the old row goes, the new one comes).
 */
export function searchIndexStatements(
  db: Db,
  fanclub: { id: number; name: string; creatorName: string; description: string },
  tags: readonly string[],
) {
  return [
    db.delete(fanclubSearch).where(eq(fanclubSearch.rowid, fanclub.id)),
    db.insert(fanclubSearch).values({
      rowid: fanclub.id,
      name: fanclub.name,
      creatorName: fanclub.creatorName,
      tags: tags.join(" "),
      description: fanclub.description,
    }),
  ] as const;
}
