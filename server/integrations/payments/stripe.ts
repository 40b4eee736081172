import Stripe from "stripe";
import { failureCodeFrom, verifyStripeWebhook } from "./stripe-events";
import { assertChargeInput, PaymentProviderError, type Card, type CardBrand, type ChargeResult, type StripeProvider } from "./types";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only to point the SDK at a local fake in tests; production talks to api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  /** the fetch the SDK uses (the Worker's global fetch unless a test passes its own) */
  fetch?: typeof fetch;
  /** clock for the webhook signature's five-minute window, in milliseconds */
  now?: () => number;
}

const BRANDS: readonly CardBrand[] = ["visa", "mastercard", "jcb", "amex", "diners", "discover", "unionpay"];

function cardFrom(method: Stripe.PaymentMethod): Card {
  const card = method.card;
  if (method.type !== "card" || !card) {
    throw new PaymentProviderError(`PaymentMethod ${method.id} is not a card`, false, "not_a_card");
  }
  const brand = (BRANDS as readonly string[]).includes(card.brand) ? (card.brand as CardBrand) : "unknown";
  return { paymentMethodId: method.id, brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/**
 * Anything but a card decline: nobody knows whether money moved (connection, 5xx, rate limit: the
 * same call with the same idempotency key may succeed later) or the request itself was wrong (key,
 * unknown id, an idempotency key reused with other parameters: retrying will not help).
 */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const retryable = ["StripeConnectionError", "StripeAPIError", "StripeRateLimitError"].includes(error.type);
    return new PaymentProviderError(`${error.type}: ${error.message}`, retryable, error.code);
  }
  return new PaymentProviderError(error instanceof Error ? error.message : String(error), true);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

function failed(
  code: ReturnType<typeof failureCodeFrom>,
  message: string,
  declineCode: string | null | undefined,
  chargeId: string | undefined,
): ChargeResult {
  return {
    status: "failed",
    code,
    message,
    ...(declineCode ? { declineCode } : {}),
    ...(chargeId ? { chargeId } : {}),
  };
}

/** A PaymentIntent's state as our result. `offSession` turns a wish for 3-D Secure into a failure: nobody is there to pass it. */
function resultOf(intent: Stripe.PaymentIntent, offSession: boolean): ChargeResult {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", chargeId: intent.id };
    case "processing":
      return { status: "processing", chargeId: intent.id };
    case "requires_action":
      if (offSession || !intent.client_secret) {
        return failed("authentication_required", "This payment requires authentication.", "authentication_required", intent.id);
      }
      return { status: "requires_action", chargeId: intent.id, clientSecret: intent.client_secret };
    case "requires_payment_method": {
      const error = intent.last_payment_error;
      return failed(
        failureCodeFrom(error?.code, error?.decline_code),
        error?.message ?? "The payment was not completed.",
        error?.decline_code,
        intent.id,
      );
    }
    case "canceled":
      return failed("card_declined", "The payment was canceled.", intent.cancellation_reason, intent.id);
    default:
      // requires_confirmation / requires_capture: never produced by how we create payments.
      throw new PaymentProviderError(`PaymentIntent ${intent.id} is in unexpected state ${intent.status}`, false);
  }
}

function stripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(settings.fetch),
    // The SDK retries connection failures and 5xx itself, reusing the idempotency key of the request.
    maxNetworkRetries: 2,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}

export function stripePaymentProvider(settings: StripeSettings): StripeProvider {
  const stripe = stripeClient(settings);
  const now = settings.now ?? (() => Date.now());

  async function cardOf(paymentMethodId: string): Promise<Card> {
    return cardFrom(await call(() => stripe.paymentMethods.retrieve(paymentMethodId)));
  }

  return {
    kind: "stripe",
    publishableKey: settings.publishableKey,

    async createCustomer({ userId, email }) {
      const customer = await call(() =>
        stripe.customers.create(
          // Stripe refuses an empty string; an account signed up without e-mail (Twitter) has none
          { ...(email ? { email } : {}), metadata: { userId: String(userId) } },
          // Two tabs or a retry within Stripe's 24 hours get the same customer, not a second one.
          { idempotencyKey: `customer:${userId}` },
        ),
      );
      return { customerId: customer.id };
    },

    async createSetupIntent(customerId) {
      const intent = await call(() =>
        stripe.setupIntents.create({ customer: customerId, usage: "off_session", allowed_payment_method_types: ["card"] }),
      );
      if (!intent.client_secret) throw new PaymentProviderError(`SetupIntent ${intent.id} came without a client secret`, false);
      return { clientSecret: intent.client_secret, setupIntentId: intent.id };
    },

    async retrieveSetupIntent(setupIntentId) {
      const intent = await call(() => stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] }));
      const customer = intent.customer;
      const customerId = typeof customer === "string" ? customer : customer?.id;
      if (!customerId) throw new PaymentProviderError(`SetupIntent ${intent.id} has no customer`, false);
      if (intent.status === "canceled") return { status: "canceled", setupIntentId: intent.id, customerId };
      if (intent.status !== "succeeded" || !intent.payment_method) {
        return { status: "pending", setupIntentId: intent.id, customerId, stripeStatus: intent.status };
      }
      const method = intent.payment_method;
      const card = typeof method === "string" ? await cardOf(method) : cardFrom(method);
      return { status: "succeeded", setupIntentId: intent.id, customerId, card };
    },

    cardOf,

    async detachCard(paymentMethodId) {
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    async charge(input) {
      assertChargeInput(input);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountYen,
            currency: "jpy",
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ["card"],
            confirm: true,
            // Renewals: the fan is away, the card was set up for off-session use. Purchases leave it
            // out, so Stripe may ask for 3-D Secure while the fan is at the confirm step.
            ...(input.offSession ? { off_session: true } : {}),
            ...(input.description ? { description: input.description } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        // 402: the card was declined; Stripe has created (and failed) a PaymentIntent.
        if (error instanceof Stripe.errors.StripeError && error.type === "StripeCardError") {
          return failed(failureCodeFrom(error.code, error.decline_code), error.message, error.decline_code, error.payment_intent?.id);
        }
        throw providerError(error);
      }
      return resultOf(intent, input.offSession);
    },

    async refund({ chargeId, amountYen, idempotencyKey, metadata }) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: chargeId, amount: amountYen, ...(metadata ? { metadata } : {}) }, { idempotencyKey }),
      );
      return { refundId: refund.id };
    },

    async retrieveCharge(chargeId) {
      const intent = await call(() => stripe.paymentIntents.retrieve(chargeId));
      return resultOf(intent, false);
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, settings.webhookSecret, now());
    },
  };
}
