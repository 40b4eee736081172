import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubs, membershipPayments, plans, purchases } from "../../db/schema";
import { HISTORY_PAGE_SIZE, paidWith, type PaidWith } from "../domain/purchase-histories";

export type PlanPaymentLine = {
  id: number;
  fanclub: { id: number; name: string };
  planName: string;
  month: string;
  amount: number;
  kind: "join" | "upgrade" | "renewal" | "subscribe";
  paidWith: PaidWith;
  /** what coins and the card each paid of `amount` */
  coins: number;
  card: number;
  paidAt: number;
};

/**
 * /me/purchase_histories: every month the fan paid for a plan (joins, upgrades, renewals, expired
 * months paid later), newest first, one round trip per page. A purchase split between coins and a
 * card says so; a renewal was paid by one of them.
 */
export async function planPaymentHistory(
  db: Db,
  userId: number,
  before: number | null,
): Promise<{ items: PlanPaymentLine[]; next: number | null }> {
  const rows = await db
    .select({
      id: membershipPayments.id,
      fanclubId: membershipPayments.fanclubId,
      fanclubName: fanclubs.name,
      planName: plans.name,
      month: membershipPayments.month,
      amount: membershipPayments.amount,
      kind: membershipPayments.kind,
      coinEntryId: membershipPayments.coinEntryId,
      cardChargeId: membershipPayments.cardChargeId,
      purchaseCoins: purchases.coinAmount,
      purchaseCard: purchases.cardAmount,
      createdAt: membershipPayments.createdAt,
    })
    .from(membershipPayments)
    .innerJoin(plans, eq(plans.id, membershipPayments.planId))
    .innerJoin(fanclubs, eq(fanclubs.id, membershipPayments.fanclubId))
    .leftJoin(purchases, eq(purchases.id, membershipPayments.purchaseId))
    .where(
      before === null
        ? eq(membershipPayments.userId, userId)
        : and(eq(membershipPayments.userId, userId), lt(membershipPayments.id, before)),
    )
    .orderBy(desc(membershipPayments.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    items: page.map((r) => {
      // a purchase knows its split; a renewal has the coin entry or the card charge that paid it
      const split =
        r.purchaseCoins !== null || r.purchaseCard !== null
          ? { coins: r.purchaseCoins ?? 0, card: r.purchaseCard ?? 0 }
          : r.amount > 0 && r.coinEntryId !== null
            ? { coins: r.amount, card: 0 }
            : r.amount > 0 && r.cardChargeId !== null
              ? { coins: 0, card: r.amount }
              : { coins: 0, card: 0 };
      return {
        id: r.id,
        fanclub: { id: r.fanclubId, name: r.fanclubName },
        planName: r.planName,
        month: r.month,
        amount: r.amount,
        kind: r.kind,
        paidWith: paidWith(split.coins, split.card),
        ...split,
        paidAt: r.createdAt.getTime(),
      };
    }),
    next: rows.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}
