import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { lessonReservations, purchases } from "../../../db/schema";
import { seatRefund } from "../../domain/lessons";
import { selectSeatRefunds } from "../lessons/seat-refunds";
import { cardRefundFailure } from "../../domain/payouts";
import { hostConfigFrom } from "../../config";
import { originFor } from "../../domain/hosts";
import type { AppContext } from "../../context";
import type { Env } from "../../env";
import type { JobQueue } from "../../jobs/deps";
import { PaymentProviderError } from "../../integrations/payments";
import { enqueueEmails } from "./mail-queue";
import { oweRefund } from "./refunds";

/**
 * Money the platform gives back to a fan whose card cannot take it (a lesson the creator
 * cancelled, a purchase whose effect could not land): instead of being lost, or retried forever
 * against a provider that has said no for good, it becomes a refund owed to the fan, which they
 * see at /me/transfer and receive by bank transfer (issue: refund receipts). The debt is
 * recorded under the card refund's own idempotency key, so a second cancel, the hourly retry or
 * a redelivered job finds it there and records nothing more.
 */

/** Where the fan is sent (the refund page on the user domain) and how its e-mail is sent. */
export interface OwedRefundSink {
  url: string;
  enqueue(emailIds: readonly number[], key: string): void;
}

/** The sink of a request: e-mails go to the queue once the response is on its way. */
export function owedRefundSink(app: Pick<AppContext, "env" | "waitUntil" | "origins">): OwedRefundSink {
  return { url: `${app.origins.user}/me/transfer`, enqueue: (ids, key) => enqueueEmails(app, ids, key) };
}

/** The sink of a queue job, which has no request: the user domain from config, e-mails sent at once. */
export function owedRefundSinkForJob(env: Env, jobs: JobQueue, pending: Array<Promise<unknown>>): OwedRefundSink {
  const config = hostConfigFrom(env);
  return {
    url: `${originFor(config.userDomain, config)}/me/transfer`,
    enqueue: (ids, key) => {
      if (ids.length > 0) pending.push(jobs.send({ type: "emails", key: `emails:${key}`, emailIds: [...ids] }));
    },
  };
}

/**
 * Decides what a refused card refund means. `retry`: leave it, the caller asks again later under
 * the same key. `owed`: the amount is now a refund owed to the fan (recorded now, or already by
 * an earlier attempt under the same key), and the caller goes on as if the card took it back.
 */
export async function oweIfCardCannotTakeIt(
  db: Db,
  sink: OwedRefundSink,
  error: unknown,
  input: { userId: number; fanclubId: number | null; amount: number; key: string; memo: string; now: number },
): Promise<"retry" | "owed"> {
  if (!(error instanceof PaymentProviderError)) throw error;
  if (cardRefundFailure(error) === "retry") return "retry";
  await oweByBank(db, sink, input);
  return "owed";
}

type OwedInput = { userId: number; fanclubId: number | null; amount: number; key: string; memo: string; now: number };

/** The one way a card refund becomes owed: recorded (with its notice and e-mail) once per key. */
async function oweByBank(db: Db, sink: OwedRefundSink, input: OwedInput): Promise<"recorded" | "duplicate"> {
  const owed = await oweRefund(db, { ...input, reason: "card_unavailable", url: sink.url });
  if (owed.ok) {
    sink.enqueue(owed.emailIds, `refund-owed:${owed.transfer.id}`);
    return "recorded";
  }
  if (owed.reason !== "duplicate") throw new Error(`refund ${input.key} owed to unknown user ${input.userId}`);
  return "duplicate";
}

/** A refund the provider reported failed after accepting it (Stripe's `refund.failed`). */
export interface FailedCardRefund {
  refundId: string;
  /** the payment it gave back from (ChargeResult.chargeId) */
  chargeId: string;
  amountYen: number;
  /** the metadata the platform made the refund with: `purchaseKey` or `lessonReservationId` */
  metadata: Record<string, string>;
  now: number;
}

/**
 * A card refund that the provider accepted, then could not carry out (the card was closed since):
 * the fan never got the money. The refund is found where the platform made it, through the
 * metadata it carried (a purchase given back, `refund:{purchase key}`; a cancelled lesson seat,
 * `refund:lesson:{id}`) and checked against the recorded payment and amount; exactly that card
 * part becomes a refund owed to the fan under the refund's own key. So a redelivery, the other
 * event names of the same failure, or a synchronous refusal that already owed it, record nothing
 * more. The earnings are not touched: the sale was taken back from the creator when the refund
 * was made (or never posted, for a purchase whose effect did not land), and the debt to the fan
 * is that same money, now paid by bank. A refund the platform did not make (one from the
 * dashboard, an unknown id) is left alone: 'unknown'.
 */
export async function oweFailedCardRefund(
  db: Db,
  sink: OwedRefundSink,
  failed: FailedCardRefund,
): Promise<"recorded" | "duplicate" | "unknown"> {
  const owed = await findFailedRefund(db, failed);
  if (!owed) return "unknown";
  if (owed.amount !== failed.amountYen) {
    // not the refund we made: owing a different sum would pay the fan what nobody gave back
    console.warn(`[refund-failed] ${failed.refundId}: ${failed.amountYen} yen failed, ${owed.amount} yen was refunded under ${owed.key}`);
    return "unknown";
  }
  return oweByBank(db, sink, { ...owed, now: failed.now });
}

/** The recorded card refund a failure names, as the debt it becomes; null when it is not one of ours. */
async function findFailedRefund(db: Db, failed: FailedCardRefund): Promise<Omit<OwedInput, "now"> | null> {
  const { purchaseKey, lessonReservationId } = failed.metadata;
  // the refund's id is kept once the provider answered; before that (or if the answer was lost)
  // the payment and the key are proof enough, as the provider made the refund with them
  const sameRefund = (recorded: string | null) => recorded === null || recorded === failed.refundId;
  if (lessonReservationId && /^\d{1,15}$/.test(lessonReservationId)) {
    const seat = await selectSeatRefunds(db)
      .where(eq(lessonReservations.id, Number(lessonReservationId)))
      .get();
    if (!seat || seat.cardChargeId !== failed.chargeId || !sameRefund(seat.refundId)) return null;
    // the same card part, under the same key, as the cancel refunded
    const { key, card, memo } = seatRefund(seat);
    return { userId: seat.userId, fanclubId: seat.fanclubId, amount: card, key, memo };
  }
  if (purchaseKey) {
    const purchase = await db.select().from(purchases).where(eq(purchases.idempotencyKey, purchaseKey)).get();
    // only a purchase whose effect did not land was given back by the platform (services/cart-purchase.ts)
    if (!purchase || purchase.status === "paid" || purchase.cardChargeId !== failed.chargeId || !sameRefund(purchase.refundId)) return null;
    const fanclubId = Number(failed.metadata.fanclubId);
    return {
      userId: purchase.userId,
      fanclubId: Number.isSafeInteger(fanclubId) && fanclubId > 0 ? fanclubId : null,
      amount: purchase.cardAmount,
      key: `refund:${purchase.idempotencyKey}`,
      memo: failed.metadata.memo ?? "",
    };
  }
  return null;
}
