import { checkCardInput, cardExpired, testCardBy, type TestCard } from "./sandbox-cards";
import { signWebhookPayload, verifyStripeWebhook } from "./stripe-events";
import { assertChargeInput, PaymentInputError, PaymentProviderError, type Card, type ChargeResult, type SandboxProvider } from "./types";

/**
 * The card provider used when no Stripe key is configured (development, tests, demos). It keeps no
 * state: every id carries what later calls need.
 * - customer `cus_sandbox_{userId}`: the same user always gets the same customer;
 * - payment method `pm_sandbox_{brand}_{last4}_{MMYYYY}_{customer tag}_{random}`: brand and last
 *   four digits name the Stripe test card and so its behaviour, the expiry lets a charge fail once
 *   the card has expired, the tag refuses a charge on another customer's card (as Stripe does);
 * - payment `pi_sandbox_{sha-256 of the idempotency key}`: the same key gives the same payment.
 * Its effects are synchronous, so it sends no webhooks of its own; the one late event a test or a
 * demo needs (a refund failing after it was accepted) is built and signed by `simulateRefundFailure`
 * with the sandbox's local webhook secret, and posted to the same route as Stripe's.
 */

/**
 * The sandbox's webhook secret. Not a secret: the sandbox only runs where no real money moves
 * (production refuses it, server/integrations/payments/config.ts).
 */
const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_local";
const REFUND = /^re_sandbox_[0-9a-f]{24}$/;

const PAYMENT_METHOD = /^pm_sandbox_([a-z]+)_(\d{4})_(\d{2})(\d{4})_([0-9a-f]{8})_([0-9a-f]{12})$/;
const PAYMENT = /^pi_sandbox_[0-9a-f]{24}$/;

/** FNV-1a, 32 bits: a short tag to tell customers apart, not a secret. */
function customerTag(customerId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < customerId.length; i++) {
    hash ^= customerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function paymentIdFor(idempotencyKey: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(idempotencyKey));
  return `pi_sandbox_${hex(new Uint8Array(digest)).slice(0, 24)}`;
}

interface ParsedMethod {
  card: Card;
  testCard: TestCard;
  tag: string;
}

function parseMethod(paymentMethodId: string): ParsedMethod {
  const m = PAYMENT_METHOD.exec(paymentMethodId);
  const testCard = m ? testCardBy(m[1]!, m[2]!) : undefined;
  if (!m || !testCard) {
    // What Stripe answers for an id it does not know: a request error, not a card decline.
    throw new PaymentProviderError(`No such PaymentMethod: '${paymentMethodId}'`, false, "resource_missing");
  }
  return {
    card: { paymentMethodId, brand: testCard.brand, last4: m[2]!, expMonth: Number(m[3]), expYear: Number(m[4]) },
    testCard,
    tag: m[5]!,
  };
}

const DECLINED = "Your card was declined.";

export function sandboxPaymentProvider(options: { now?: () => Date } = {}): SandboxProvider {
  const now = options.now ?? (() => new Date());

  return {
    kind: "sandbox",

    async createCustomer({ userId }) {
      const id = String(userId);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new PaymentInputError(`unusable user id for a sandbox customer: ${id}`);
      return { customerId: `cus_sandbox_${id}` };
    },

    async registerSandboxCard(customerId, input) {
      const checked = checkCardInput(input, now());
      if (!checked.ok) return checked;
      if (!checked.card) {
        // Stripe's answer in test mode to a real (or merely Luhn-valid) number: declined, test_mode_live_card.
        return { ok: false, code: "card_declined", field: "number", declineCode: "test_mode_live_card" };
      }
      if (checked.card.behaviour === "decline_registration") {
        return { ok: false, code: "card_declined", field: "number", declineCode: "generic_decline" };
      }
      const last4 = checked.digits.slice(-4);
      const expiry = `${String(checked.expMonth).padStart(2, "0")}${checked.expYear}`;
      const random = hex(crypto.getRandomValues(new Uint8Array(6)));
      const paymentMethodId = `pm_sandbox_${checked.card.brand}_${last4}_${expiry}_${customerTag(customerId)}_${random}`;
      return {
        ok: true,
        card: { paymentMethodId, brand: checked.card.brand, last4, expMonth: checked.expMonth, expYear: checked.expYear },
      };
    },

    async cardOf(paymentMethodId) {
      return parseMethod(paymentMethodId).card;
    },

    // Nothing is stored here; the caller deleting its row is the whole effect.
    async detachCard(paymentMethodId) {
      parseMethod(paymentMethodId);
    },

    async charge(input): Promise<ChargeResult> {
      assertChargeInput(input);
      const method = parseMethod(input.paymentMethodId);
      if (method.tag !== customerTag(input.customerId)) {
        throw new PaymentProviderError(
          `The PaymentMethod ${input.paymentMethodId} does not belong to the Customer ${input.customerId}`,
          false,
          "payment_method_customer_mismatch",
        );
      }
      const chargeId = await paymentIdFor(input.idempotencyKey);
      if (cardExpired(method.card.expMonth, method.card.expYear, now())) {
        return { status: "failed", code: "card_declined", declineCode: "expired_card", message: "Your card has expired.", chargeId };
      }
      switch (method.testCard.behaviour) {
        case "succeed":
          return { status: "succeeded", chargeId };
        case "insufficient_funds":
          return {
            status: "failed",
            code: "insufficient_funds",
            declineCode: "insufficient_funds",
            message: "Your card has insufficient funds.",
            chargeId,
          };
        case "authenticate":
          if (input.offSession) {
            return {
              status: "failed",
              code: "authentication_required",
              declineCode: "authentication_required",
              message: "Your card was declined. This transaction requires authentication.",
              chargeId,
            };
          }
          return { status: "requires_action", chargeId, clientSecret: `${chargeId}_secret_sandbox` };
        case "decline_charges":
        case "decline_registration":
          return { status: "failed", code: "card_declined", declineCode: "generic_decline", message: DECLINED, chargeId };
      }
    },

    async refund({ chargeId, amountYen, idempotencyKey }) {
      if (!PAYMENT.test(chargeId)) throw new PaymentProviderError(`No such PaymentIntent: '${chargeId}'`, false, "resource_missing");
      if (!Number.isSafeInteger(amountYen) || amountYen <= 0)
        throw new PaymentInputError(`a refund is a positive whole number of yen, got ${amountYen}`);
      // like payments, the refund's id follows from its key: asking again names the same refund
      return { refundId: `re_sandbox_${(await paymentIdFor(idempotencyKey)).slice("pi_sandbox_".length)}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeWebhook(rawBody, signatureHeader, SANDBOX_WEBHOOK_SECRET, now().getTime());
    },

    async simulateRefundFailure({ refundId, chargeId, amountYen, metadata, eventId }) {
      if (!REFUND.test(refundId)) throw new PaymentProviderError(`No such refund: '${refundId}'`, false, "resource_missing");
      const created = Math.floor(now().getTime() / 1000);
      // the shape of Stripe's event, with the fields interpretEvent reads
      const payload = JSON.stringify({
        id: eventId ?? `evt_sandbox_${hex(crypto.getRandomValues(new Uint8Array(12)))}`,
        object: "event",
        type: "refund.failed",
        created,
        livemode: false,
        data: {
          object: {
            id: refundId,
            object: "refund",
            amount: amountYen,
            currency: "jpy",
            payment_intent: chargeId,
            status: "failed",
            failure_reason: "expired_or_canceled_card",
            metadata: metadata ?? {},
            created,
          },
        },
      });
      return { payload, signature: await signWebhookPayload(payload, SANDBOX_WEBHOOK_SECRET, now().getTime()) };
    },

    async confirmSandboxAuthentication({ chargeId, approve }) {
      if (!PAYMENT.test(chargeId)) throw new PaymentProviderError(`No such PaymentIntent: '${chargeId}'`, false, "resource_missing");
      if (approve) return { status: "succeeded", chargeId };
      return {
        status: "failed",
        code: "authentication_required",
        declineCode: "payment_intent_authentication_failure",
        message: "The provided PaymentMethod has failed authentication.",
        chargeId,
      };
    },
  };
}
