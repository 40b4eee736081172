import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, purchaseItems, purchases, raffleEntries, raffles, users } from "../../../db/schema";
import { RAFFLE_PAGE_SIZE } from "./queries";

/** Purchase histories: a fan's entries and the creator's raffle sales. */

export type FanRaffleHistoryRow = {
  entryId: number;
  raffleId: number;
  title: string;
  fanclubId: number;
  fanclubName: string;
  count: number;
  paid: number;
  /** what coins and the card each paid (the purchase held these entries alone) */
  coinAmount: number;
  cardAmount: number;
  enteredAt: number;
  result: "pending" | "won" | "lost";
};

/** /me/purchase_histories/raffles: the fan's entries, newest first, a page at a time (one batch). */
export async function fanRaffleHistory(db: Db, userId: number, page: number): Promise<{ rows: FanRaffleHistoryRow[]; total: number }> {
  const [rows, totals] = await db.batch([
    db
      .select({
        // entries, raffles and fan clubs all have an id: D1 batch rows are keyed by column name
        entryId: sql<number>`${raffleEntries.id}`.as("entry_id"),
        raffleId: raffleEntries.raffleId,
        title: raffles.title,
        fanclubId: raffles.fanclubId,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        count: raffleEntries.count,
        paid: sql<number>`COALESCE((SELECT SUM(pi."price") FROM "purchase_items" pi WHERE pi."purchase_id" = "raffle_entries"."purchase_id" AND pi."type" = 'Raffle' AND pi."target_id" = "raffle_entries"."raffle_id"), 0)`.as(
          "paid",
        ),
        coinAmount: sql<number | null>`${purchases.coinAmount}`.as("entry_coin_amount"),
        cardAmount: sql<number | null>`${purchases.cardAmount}`.as("entry_card_amount"),
        enteredAt: raffleEntries.createdAt,
        status: raffles.status,
        won: sql<number>`EXISTS (SELECT 1 FROM "raffle_winners" w WHERE w."raffle_id" = "raffle_entries"."raffle_id" AND w."user_id" = "raffle_entries"."user_id")`.as(
          "won",
        ),
      })
      .from(raffleEntries)
      .innerJoin(raffles, eq(raffles.id, raffleEntries.raffleId))
      .innerJoin(fanclubs, eq(fanclubs.id, raffles.fanclubId))
      .leftJoin(purchases, eq(purchases.id, raffleEntries.purchaseId))
      .where(eq(raffleEntries.userId, userId))
      .orderBy(desc(raffleEntries.id))
      .limit(RAFFLE_PAGE_SIZE)
      .offset((page - 1) * RAFFLE_PAGE_SIZE),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(raffleEntries)
      .where(eq(raffleEntries.userId, userId)),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map((r) => ({
      entryId: r.entryId,
      raffleId: r.raffleId,
      title: r.title,
      fanclubId: r.fanclubId,
      fanclubName: r.fanclubName,
      count: r.count,
      paid: Number(r.paid),
      coinAmount: Number(r.coinAmount ?? 0),
      cardAmount: Number(r.cardAmount ?? 0),
      enteredAt: r.enteredAt.getTime(),
      result: r.status !== "drawn" ? "pending" : r.won ? "won" : "lost",
    })),
  };
}

export type CreatorRaffleSales = { rows: CreatorRaffleSaleRow[]; total: number; salesTotal: number };

type CreatorRaffleSaleRow = {
  purchaseItemId: number;
  raffleId: number;
  title: string;
  fanName: string;
  count: number;
  price: number;
  paidAt: number;
};

/** /me/fanclub/purchases/raffles: paid raffle entries of the fan club, newest first (one batch). */
export async function creatorRaffleSales(db: Db, fanclubId: number, page: number): Promise<CreatorRaffleSales> {
  const where = and(eq(purchaseItems.fanclubId, fanclubId), eq(purchaseItems.targetType, "raffle_entry"), eq(purchases.status, "paid"));
  const [rows, totals] = await db.batch([
    db
      .select({
        // purchase items and raffles both have an id: D1 batch rows are keyed by column name
        purchaseItemId: sql<number>`${purchaseItems.id}`.as("purchase_item_id"),
        raffleId: purchaseItems.targetId,
        title: raffles.title,
        fanName: sql<string>`${users.name}`.as("fan_name"),
        count: purchaseItems.quantity,
        price: purchaseItems.price,
        paidAt: purchases.updatedAt,
      })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .innerJoin(raffles, eq(raffles.id, purchaseItems.targetId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(where)
      .orderBy(desc(purchaseItems.id))
      .limit(RAFFLE_PAGE_SIZE)
      .offset((page - 1) * RAFFLE_PAGE_SIZE),
    db
      .select({ n: sql<number>`COUNT(*)`, total: sql<number>`COALESCE(SUM(${purchaseItems.price}), 0)` })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .where(where),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    salesTotal: Number(totals[0]?.total ?? 0),
    rows: rows.map((r) => ({ ...r, paidAt: r.paidAt.getTime() })),
  };
}
