import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type FanclubContentCounts = { liveCount: number; lessonCount: number; productCount: number; raffleCount: number };

/**
 * What a visitor can find on a fan club's tabs (spec §3 liveCount, lessonCount, productCount,
 * raffleCount): live events that are not private, published products, raffles past their draft,
 * and published lesson posts (post type 5; reservations come with the lessons feature).
 */
export async function fanclubContentCounts(db: Db, fanclubId: number, now: number): Promise<FanclubContentCounts> {
  const row = await db.get<{ lives: number; lessons: number; products: number; raffles: number }>(sql`
    SELECT
      (SELECT COUNT(*) FROM "live_events" WHERE "fanclub_id" = ${fanclubId} AND "status" != 1) AS lives,
      (SELECT COUNT(*) FROM "posts" WHERE "fanclub_id" = ${fanclubId} AND "type" = 5 AND "is_publish" = 1
        AND "deleted_at" IS NULL AND "group_id" IS NULL AND "published_at" <= ${now}) AS lessons,
      (SELECT COUNT(*) FROM "products" WHERE "fanclub_id" = ${fanclubId} AND "status" = 'published') AS products,
      (SELECT COUNT(*) FROM "raffles" WHERE "fanclub_id" = ${fanclubId} AND "status" != 'draft') AS raffles`);
  return {
    liveCount: Number(row.lives),
    lessonCount: Number(row.lessons),
    productCount: Number(row.products),
    raffleCount: Number(row.raffles),
  };
}
