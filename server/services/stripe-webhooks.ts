import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentProfiles, processedEvents } from "../../db/schema";
import { interpretEvent, webhookDedupKey, WebhookSignatureError, type StripeProvider } from "../integrations/payments";
import { alreadyProcessed } from "../jobs/heartbeat";
import { saveCard } from "./payment-cards";

export type WebhookOutcome =
  | { status: 400; reason: "signature" }
  | { status: 200; result: "duplicate" | "applied" | "ignored" };

/**
 * A Stripe webhook delivery: verified first (a bad signature is a 400 and nothing is read), then
 * applied at most once per event id (`stripe-event:{id}` in processed_events). Stripe delivers at
 * least once and in any order, so every effect here is an upsert that a replay or a late event
 * cannot undo.
 *
 * What it applies: a card registered by SetupIntent is stored for its customer even when the
 * fan's browser never came back from Stripe. Payments need nothing from here: purchases and
 * renewals record the charge result the API call returned under their own idempotency key; the
 * event is acknowledged and recorded.
 */
export async function handleStripeWebhook(db: Db, provider: StripeProvider, rawBody: string, signature: string | null, now: number): Promise<WebhookOutcome> {
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
  if (payment?.kind === "card_registered" && payment.customerId) {
    const profile = await db.select({ userId: paymentProfiles.userId }).from(paymentProfiles).where(eq(paymentProfiles.customerId, payment.customerId)).get();
    if (profile) {
      await saveCard(db, profile.userId, provider.kind, await provider.cardOf(payment.paymentMethodId), now);
      result = "applied";
    }
  }
  // Recorded after the effect: a crash in between replays an upsert, never a second effect.
  await db.insert(processedEvents).values({ key, processedAt: new Date(now) }).onConflictDoNothing();
  return { status: 200, result };
}
