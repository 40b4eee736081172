import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinChargeKey } from "../domain/wallet";
import { paymentProfiles } from "../../db/schema";
import { interpretEvent, webhookDedupKey, WebhookSignatureError, type PaymentProvider } from "../integrations/payments";
import { alreadyProcessed, recordKey } from "../../db/idempotency";
import { creditCoins } from "./coins";
import { postCardRefund } from "./earnings/refunds";
import { oweFailedCardRefund, type OwedRefundSink } from "./payouts/owed-refunds";
import { saveCard } from "./payment-cards";

export type WebhookOutcome = { status: 400; reason: "signature" } | { status: 200; result: "duplicate" | "applied" | "ignored" };

/**
 * A Stripe webhook delivery: verified first (a bad signature is a 400 and nothing is read), then
 * applied at most once per event id (`stripe-event:{id}` in processed_events). Stripe delivers at
 * least once and in any order, so every effect here is an upsert that a replay or a late event
 * cannot undo.
 *
 * What it applies: a card registered by SetupIntent is stored for its customer even when the
 * fan's browser never came back from Stripe; coins bought by card are credited even when the fan
 * left before the page credited them; a refund made at Stripe takes the sale back from the
 * creator's earnings (decision 029); a refund the platform made that fails later at Stripe (the
 * card was closed meanwhile) becomes a refund owed to the fan by bank, under the refund's own key
 * (decision 030). Other payments need nothing from here: purchases and
 * renewals record the charge result the API call returned under their own idempotency key; the
 * event is acknowledged and recorded.
 */
export async function handleStripeWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  signature: string | null,
  now: number,
  owedRefunds: OwedRefundSink,
): Promise<WebhookOutcome> {
  let event;
  try {
    event = await provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, reason: "signature" };
    throw error;
  }
  const key = webhookDedupKey(event);
  if (await alreadyProcessed(db, key)) return { status: 200, result: "duplicate" };

  const payment = interpretEvent(event);
  let result: "applied" | "ignored" = "ignored";
  const profile = payment?.customerId
    ? await db
        .select({ userId: paymentProfiles.userId })
        .from(paymentProfiles)
        .where(eq(paymentProfiles.customerId, payment.customerId))
        .get()
    : undefined;
  if (payment?.kind === "card_registered" && profile) {
    await saveCard(db, profile.userId, provider.kind, await provider.cardOf(payment.paymentMethodId), now);
    result = "applied";
  }
  if (payment?.kind === "payment_succeeded" && profile) {
    const coins = coinChargeOf(payment.metadata, profile.userId, payment.amountYen);
    if (coins) {
      // the fan paid for coins and closed the tab before they were credited: the same key credits
      // them now, or finds the entry the page already wrote
      await creditCoins(db, {
        userId: profile.userId,
        amount: coins.amount,
        kind: "charge",
        idempotencyKey: coins.key,
        now,
        ref: { type: "card_charge", id: payment.chargeId },
      });
      result = "applied";
    }
  }
  if (payment?.kind === "refunded") {
    // a refund made at Stripe (the dashboard, a dispute): the creator's earnings give it back
    if (await postCardRefund(db, { chargeId: payment.chargeId, refundedTotal: payment.amountRefundedYen, now })) result = "applied";
  }
  if (payment?.kind === "refund_failed") {
    const owed = await oweFailedCardRefund(db, owedRefunds, {
      refundId: payment.refundId,
      chargeId: payment.chargeId,
      amountYen: payment.amountYen,
      metadata: payment.metadata,
      now,
    });
    if (owed !== "unknown") result = "applied";
  }
  // Recorded after the effect: a crash in between replays an upsert, never a second effect.
  await recordKey(db, key, new Date(now)).onConflictDoNothing();
  return { status: 200, result };
}

/**
 * A coin purchase's payment, read from the metadata the charge carried (server/services/coin-charges.ts),
 * trusted only when it is this customer's own key for exactly the yen Stripe received.
 */
function coinChargeOf(metadata: Record<string, string>, userId: number, amountYen: number): { key: string; amount: number } | null {
  if (metadata.kind !== "coin_charge" || !metadata.idempotencyKey) return null;
  const amount = Number(metadata.coins);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount !== amountYen) return null;
  const key = metadata.idempotencyKey;
  const [prefix, owner, nonce, keyed] = key.split(":");
  if (prefix !== "coin-charge" || Number(owner) !== userId || !nonce || Number(keyed) !== amount) return null;
  if (key !== coinChargeKey(userId, nonce, amount)) return null;
  return { key, amount };
}
