import Stripe from "stripe";
import { WebhookSignatureError, type ChargeFailureCode } from "./types";

/**
 * Stripe webhooks: signature check, the key that deduplicates deliveries, and the pure mapping of
 * the event types we act on to our own payment events. Stripe delivers at least once and in
 * no promised order; the caller writes `webhookDedupKey` as a UNIQUE key in the same D1 batch as
 * the event's effect, and asks `supersedes` before letting an event change a payment it already
 * recorded.
 */

export type StripeEvent = Stripe.Event;

/** Built once: a Web Crypto (SubtleCrypto) provider works in workerd and in Node alike. */
let subtleCrypto: Stripe.CryptoProvider | undefined;
function webCryptoProvider(): Stripe.CryptoProvider {
  subtleCrypto ??= Stripe.createSubtleCryptoProvider();
  return subtleCrypto;
}

/**
 * Checks the `Stripe-Signature` header against the endpoint's secret over the raw body (the exact
 * bytes Stripe sent: parse nothing before this). Signatures older than five minutes are refused, so a
 * captured delivery cannot be replayed later; Stripe's own retries are signed afresh.
 */
export async function verifyStripeWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  receivedAtMs: number = Date.now(),
): Promise<StripeEvent> {
  if (!signatureHeader) throw new WebhookSignatureError("missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      secret,
      Stripe.webhooks.DEFAULT_TOLERANCE,
      webCryptoProvider(),
      receivedAtMs,
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "invalid webhook payload");
  }
}

/**
 * A `Stripe-Signature` header for a body, as Stripe signs its deliveries: the local sandbox signs
 * the events it simulates with it, so they take the same verified path as Stripe's own.
 */
export function signWebhookPayload(payload: string, secret: string, atMs: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp: Math.floor(atMs / 1000),
    cryptoProvider: webCryptoProvider(),
  });
}

/** The UNIQUE key of a delivery: Stripe retries the same event with the same id. */
export function webhookDedupKey(event: { id: string }): string {
  return `stripe-event:${event.id}`;
}

/** Stripe's error and decline codes reduced to ours (see ChargeFailureCode). */
export function failureCodeFrom(code: string | null | undefined, declineCode: string | null | undefined): ChargeFailureCode {
  if (code === "insufficient_funds" || declineCode === "insufficient_funds") return "insufficient_funds";
  if (code === "authentication_required" || declineCode === "authentication_required" || code === "payment_intent_authentication_failure") {
    return "authentication_required";
  }
  if (code === "processing_error" || declineCode === "processing_error") return "processing_error";
  return "card_declined";
}

interface EventBase {
  /** Stripe's event id; `webhookDedupKey` is built from it */
  eventId: string;
  /** when Stripe created the event, Unix seconds: the order the events happened in, whatever order they arrive in */
  created: number;
  customerId: string | null;
  metadata: Record<string, string>;
}

export type PaymentEvent =
  | (EventBase & { kind: "payment_succeeded"; chargeId: string; amountYen: number })
  | (EventBase & { kind: "payment_failed"; chargeId: string; code: ChargeFailureCode; message: string; declineCode?: string })
  | (EventBase & { kind: "card_registered"; setupIntentId: string; paymentMethodId: string })
  | (EventBase & {
      kind: "refunded";
      /** the PaymentIntent id, as ChargeResult.chargeId */
      chargeId: string;
      /** Stripe's Charge id (`ch_...`), for support */
      stripeChargeId: string;
      amountYen: number;
      /** cumulative: every refund event of a payment carries the total refunded so far */
      amountRefundedYen: number;
      fullyRefunded: boolean;
    })
  | (EventBase & {
      /**
       * A refund Stripe accepted at request time and could not carry out later (the card was
       * closed, the issuer refused it): the money is back in our balance and never reached the fan.
       */
      kind: "refund_failed";
      /** Stripe's Refund id (`re_...`), as RefundResult.refundId */
      refundId: string;
      /** the PaymentIntent id the refund gave back from, as ChargeResult.chargeId */
      chargeId: string;
      amountYen: number;
      /** Stripe's failure_reason (`expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`), for logs */
      reason: string;
    });

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function metadataOf(value: Stripe.Metadata | null | undefined): Record<string, string> {
  return { ...(value ?? {}) };
}

/**
 * Our reading of a verified event, or null for anything we do not act on: other types, other
 * currencies (every payment we create is in JPY, so another currency is not ours), and refunds of
 * charges made without a PaymentIntent.
 */
export function interpretEvent(event: StripeEvent): PaymentEvent | null {
  const base = { eventId: event.id, created: event.created };
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      if (intent.currency !== "jpy") return null;
      return {
        ...base,
        kind: "payment_succeeded",
        chargeId: intent.id,
        customerId: idOf(intent.customer),
        amountYen: intent.amount_received,
        metadata: metadataOf(intent.metadata),
      };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      if (intent.currency !== "jpy") return null;
      const error = intent.last_payment_error;
      return {
        ...base,
        kind: "payment_failed",
        chargeId: intent.id,
        customerId: idOf(intent.customer),
        code: failureCodeFrom(error?.code, error?.decline_code),
        message: error?.message ?? "The payment failed.",
        ...(error?.decline_code ? { declineCode: error.decline_code } : {}),
        metadata: metadataOf(intent.metadata),
      };
    }
    case "setup_intent.succeeded": {
      const setup = event.data.object;
      const paymentMethodId = idOf(setup.payment_method);
      if (!paymentMethodId) return null;
      return {
        ...base,
        kind: "card_registered",
        setupIntentId: setup.id,
        customerId: idOf(setup.customer),
        paymentMethodId,
        metadata: metadataOf(setup.metadata),
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (charge.currency !== "jpy" || !paymentIntentId) return null;
      return {
        ...base,
        kind: "refunded",
        chargeId: paymentIntentId,
        stripeChargeId: charge.id,
        customerId: idOf(charge.customer),
        amountYen: charge.amount,
        amountRefundedYen: charge.amount_refunded,
        fullyRefunded: charge.refunded,
        metadata: metadataOf(charge.metadata),
      };
    }
    // Stripe announces a refund's late failure under three names, depending on the API version
    // and the endpoint's subscriptions; each carries the Refund, and only its status says it failed.
    case "refund.failed":
    case "refund.updated":
    case "charge.refund.updated": {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (refund.status !== "failed" || refund.currency !== "jpy" || !paymentIntentId) return null;
      if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) return null;
      return {
        ...base,
        kind: "refund_failed",
        refundId: refund.id,
        chargeId: paymentIntentId,
        customerId: null,
        amountYen: refund.amount,
        reason: refund.failure_reason ?? "unknown",
        metadata: metadataOf(refund.metadata),
      };
    }
    default:
      return null;
  }
}

/** What the caller recorded last for one payment (or card registration). */
export interface AppliedEvent {
  kind: PaymentEvent["kind"];
  created: number;
  amountRefundedYen?: number;
}

const STAGE: Record<Exclude<PaymentEvent["kind"], "card_registered" | "refund_failed">, number> = {
  payment_failed: 0,
  payment_succeeded: 1,
  refunded: 2,
};

/**
 * Whether an incoming event should change what the caller recorded for the same payment. A payment
 * only moves forward: failed attempts → succeeded → refunded. So a late `payment_failed` (an earlier
 * attempt) never undoes a success, and a late `payment_succeeded` never undoes a refund. Between
 * events of the same kind the later `created` wins, and for refunds the larger refunded total
 * (Stripe's `created` has one-second resolution, and refund totals only grow). A card registration
 * happens once: recorded means done.
 */
export function supersedes(incoming: PaymentEvent, applied: AppliedEvent | null): boolean {
  if (!applied) return true;
  if (incoming.kind === "card_registered" || applied.kind === "card_registered") return false;
  // a refund's failure is applied under the refund's own key, not as a step of its payment
  if (incoming.kind === "refund_failed" || applied.kind === "refund_failed") return false;
  const a = STAGE[incoming.kind];
  const b = STAGE[applied.kind];
  if (a !== b) return a > b;
  if (incoming.kind === "refunded") return incoming.amountRefundedYen > (applied.amountRefundedYen ?? 0);
  return incoming.created > applied.created;
}
