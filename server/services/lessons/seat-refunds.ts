import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubs, lessonReservations, lessonSlots, purchases } from "../../../db/schema";

/**
 * Seats with what their refund needs (the payment, the fan club and the slot's title): one query
 * for the cancel that refunds them (holding.ts) and for a card refund that fails afterwards
 * (payouts/owed-refunds.ts), so both read the same payment of the same seat. Callers add `where`.
 */
export function selectSeatRefunds(db: Db) {
  return db
    .select({
      id: lessonReservations.id,
      userId: lessonReservations.userId,
      price: lessonReservations.price,
      refundId: lessonReservations.refundId,
      purchaseKey: purchases.idempotencyKey,
      cardAmount: purchases.cardAmount,
      cardChargeId: purchases.cardChargeId,
      title: lessonSlots.title,
      fanclubId: fanclubs.id,
      fanclubName: fanclubs.name,
    })
    .from(lessonReservations)
    .innerJoin(lessonSlots, eq(lessonSlots.id, lessonReservations.slotId))
    .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
    .innerJoin(purchases, eq(purchases.id, lessonReservations.purchaseId));
}
