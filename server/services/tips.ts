import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, posts, purchases, tips, users } from "../../db/schema";

/**
 * Reading tips: the post's tips page and summary, the creator's lists (/me/fanclub/tips and
 * /me/fanclub/tippings) and the fan's history. Paying a tip is the cart's (./cart-items/tipping.ts).
 * Every page is one D1 round trip.
 */

const TIPS_PAGE_SIZE = 30;

export type PostTipRow = {
  id: number;
  userName: string;
  userIconUrl: string | null;
  amount: number;
  message: string | null;
  createdAt: number;
};

/** A post's tip count and total (the post page shows them under the tip prompt). */
export function postTipSummaryQuery(db: Db, postId: number) {
  return db
    .select({ count: sql<number>`count(*)`, total: sql<number>`coalesce(sum(${tips.amount}), 0)` })
    .from(tips)
    .where(eq(tips.postId, postId));
}

/**
 * The tips on a post, newest first, a page at a time (`before`: the last id shown), with its
 * totals. The caller has passed the post's gate already.
 */
export async function postTippings(
  db: Db,
  postId: number,
  before: number | null,
): Promise<{ rows: PostTipRow[]; nextBefore: number | null; count: number; total: number }> {
  const [rows, summary] = await db.batch([
    db
      .select({
        id: tips.id,
        userName: users.name,
        userIconUrl: users.iconImageUrl,
        amount: tips.amount,
        message: tips.message,
        createdAt: tips.createdAt,
      })
      .from(tips)
      .innerJoin(users, eq(users.id, tips.userId))
      .where(and(eq(tips.postId, postId), before ? lt(tips.id, before) : undefined))
      .orderBy(desc(tips.id))
      .limit(TIPS_PAGE_SIZE + 1),
    postTipSummaryQuery(db, postId),
  ]);
  const page = rows.slice(0, TIPS_PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
  return {
    rows: page,
    nextBefore: rows.length > TIPS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    count: summary[0]?.count ?? 0,
    total: summary[0]?.total ?? 0,
  };
}

export type ReceivedTipRow = {
  id: number;
  createdAt: number;
  userName: string;
  postId: number | null;
  postTitle: string | null;
  amount: number;
  message: string | null;
};

/** /me/fanclub/tips: tips the fan club received, newest first, with the totals of all of them. */
export async function receivedTips(
  db: Db,
  fanclubId: number,
  before: number | null,
): Promise<{ rows: ReceivedTipRow[]; nextBefore: number | null; count: number; total: number; postTotal: number; fanclubTotal: number }> {
  const [rows, summary] = await db.batch([
    db
      .select({
        id: tips.id,
        createdAt: tips.createdAt,
        userName: users.name,
        postId: tips.postId,
        postTitle: posts.title,
        amount: tips.amount,
        message: tips.message,
      })
      .from(tips)
      .innerJoin(users, eq(users.id, tips.userId))
      .leftJoin(posts, eq(posts.id, tips.postId))
      .where(and(eq(tips.fanclubId, fanclubId), before ? lt(tips.id, before) : undefined))
      .orderBy(desc(tips.id))
      .limit(TIPS_PAGE_SIZE + 1),
    db
      .select({
        count: sql<number>`count(*)`,
        total: sql<number>`coalesce(sum(${tips.amount}), 0)`,
        postTotal: sql<number>`coalesce(sum(CASE WHEN ${tips.postId} IS NOT NULL THEN ${tips.amount} END), 0)`,
      })
      .from(tips)
      .where(eq(tips.fanclubId, fanclubId)),
  ]);
  const page = rows.slice(0, TIPS_PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
  const s = summary[0] ?? { count: 0, total: 0, postTotal: 0 };
  return {
    rows: page,
    nextBefore: rows.length > TIPS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    count: s.count,
    total: s.total,
    postTotal: s.postTotal,
    fanclubTotal: s.total - s.postTotal,
  };
}

export type TippingTotalRow = { postId: number | null; postTitle: string | null; count: number; total: number; lastAt: number };

/** /me/fanclub/tippings: totals per post (and one line for tips to the fan club itself), largest first. */
export async function tippingTotals(db: Db, fanclubId: number): Promise<TippingTotalRow[]> {
  const rows = await db
    .select({
      postId: tips.postId,
      postTitle: posts.title,
      count: sql<number>`count(*)`,
      total: sql<number>`sum(${tips.amount})`,
      lastAt: sql<number>`max(${tips.createdAt})`,
    })
    .from(tips)
    .leftJoin(posts, eq(posts.id, tips.postId))
    .where(eq(tips.fanclubId, fanclubId))
    .groupBy(tips.postId)
    .orderBy(desc(sql`sum(${tips.amount})`), desc(sql`max(${tips.createdAt})`))
    .limit(500);
  return rows.map((r) => ({ ...r, lastAt: Number(r.lastAt) }));
}

export type SentTipRow = {
  id: number;
  createdAt: number;
  fanclubId: number;
  fanclubName: string;
  fanclubServiceId: number;
  postId: number | null;
  postTitle: string | null;
  postDeleted: boolean;
  amount: number;
  message: string | null;
  coinAmount: number;
  cardAmount: number;
};

/** /me/purchase_histories/tippings: the fan's tips, newest first, with how the purchase was paid. */
export async function sentTips(db: Db, userId: number, before: number | null): Promise<{ rows: SentTipRow[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: tips.id,
      createdAt: tips.createdAt,
      fanclubId: tips.fanclubId,
      fanclubName: fanclubs.name,
      fanclubServiceId: fanclubs.serviceId,
      postId: tips.postId,
      postTitle: posts.title,
      postDeletedAt: posts.deletedAt,
      amount: tips.amount,
      message: tips.message,
      // a purchase holds one tip (the cart pays one thing at a time), so its split is the tip's
      coinAmount: purchases.coinAmount,
      cardAmount: purchases.cardAmount,
    })
    .from(tips)
    .innerJoin(fanclubs, eq(fanclubs.id, tips.fanclubId))
    .innerJoin(purchases, eq(purchases.id, tips.purchaseId))
    .leftJoin(posts, eq(posts.id, tips.postId))
    .where(and(eq(tips.userId, userId), before ? lt(tips.id, before) : undefined))
    .orderBy(desc(tips.id))
    .limit(TIPS_PAGE_SIZE + 1);
  const page = rows
    .slice(0, TIPS_PAGE_SIZE)
    .map(({ postDeletedAt, ...r }) => ({ ...r, createdAt: r.createdAt.getTime(), postDeleted: postDeletedAt !== null }));
  return { rows: page, nextBefore: rows.length > TIPS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}
