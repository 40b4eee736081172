/**
 * The card payment interface. Two implementations: Stripe (./stripe.ts) and a local sandbox
 * (./sandbox.ts) chosen by ./config.ts. It deals in provider ids only (customer, payment method,
 * payment); which user, purchase or membership they belong to is the caller's business, kept in D1
 * together with the idempotency key of each money effect (docs/decisions/013).
 */

import type { StripeEvent } from "./stripe-events";

/** Brands as the card form and Stripe name them. */
export type CardBrand = "visa" | "mastercard" | "jcb" | "amex" | "diners" | "discover" | "unionpay" | "unknown";

/** What the fan sees of a registered card; never the number. */
export interface Card {
  paymentMethodId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  /** JPY is zero-decimal at Stripe: 1200 means 1,200 yen. An integer of at least MIN_CARD_CHARGE_YEN. */
  amountYen: number;
  /**
   * The caller's key of this money effect (e.g. `renewal:{membershipId}:{yyyy-mm}`,
   * `purchase:{cartId}`). A retry with the same key returns the first attempt's payment instead of
   * charging again (Stripe keeps keys for at least 24 hours; the caller's UNIQUE row keeps them for ever).
   */
  idempotencyKey: string;
  /** true for renewals run by the queue while the fan is away; false while the fan is at the confirm step. */
  offSession: boolean;
  /** What the payment was for, on the Stripe dashboard and its receipts. */
  description?: string;
  /** Up to 50 keys, so webhooks and the dashboard lead back to our rows (e.g. `{ purchaseId: "12" }`). */
  metadata?: Record<string, string>;
}

/**
 * Why a card payment did not go through, reduced to what the fan and the renewal rules act on:
 * - card_declined: the issuer said no (any reason but the three below), or the card cannot be used;
 * - insufficient_funds: the issuer said no for the balance or limit;
 * - authentication_required: the issuer wants 3-D Secure and the fan is not there (off-session),
 *   or the fan failed or abandoned it;
 * - processing_error: the card network failed to process it; trying again later may work.
 */
export type ChargeFailureCode = "card_declined" | "insufficient_funds" | "authentication_required" | "processing_error";

/**
 * `chargeId` is the payment's id at the provider (a PaymentIntent id at Stripe, `pi_...`): webhooks
 * name the same id, so a stored payment and its later events meet on it.
 */
export type ChargeResult =
  | { status: "succeeded"; chargeId: string }
  | {
      status: "failed";
      code: ChargeFailureCode;
      /** the provider's own words, for logs; the fan sees a translated text chosen by `code` */
      message: string;
      /** the issuer's reason when there is one (`generic_decline`, `lost_card`, ...), for logs and support */
      declineCode?: string;
      /** present when the provider created a payment object before failing */
      chargeId?: string;
    }
  /** On-session only: the fan must pass 3-D Secure. Stripe: the browser calls `stripe.handleNextAction({ clientSecret })`. */
  | { status: "requires_action"; chargeId: string; clientSecret: string }
  /** Stripe only, rare for cards: accepted but not settled; the outcome arrives as a webhook event. */
  | { status: "processing"; chargeId: string };

/** Card registration from the sandbox's own form (never used with Stripe: there the number stays in Stripe Elements). */
export interface SandboxCardInput {
  /** spaces and hyphens are ignored */
  number: string;
  expMonth: number | string;
  /** two or four digits */
  expYear: number | string;
  cvc: string;
}

/** Codes as Stripe Elements reports them, so one set of translated messages serves both card forms. */
export type CardProblemCode =
  "incorrect_number" | "invalid_expiry_month" | "invalid_expiry_year" | "expired_card" | "invalid_cvc" | "card_declined";

type SandboxRegistration =
  { ok: true; card: Card } | { ok: false; code: CardProblemCode; field: "number" | "expiry" | "cvc"; declineCode?: string };

type SetupIntentState =
  | { status: "succeeded"; setupIntentId: string; customerId: string; card: Card }
  /** not finished in the browser yet (requires_payment_method, requires_confirmation, requires_action, processing) */
  | { status: "pending"; setupIntentId: string; customerId: string; stripeStatus: string }
  | { status: "canceled"; setupIntentId: string; customerId: string };

interface ProviderCommon {
  /**
   * One customer per user at the provider. Calling it again for the same user (a retry, two tabs)
   * returns the same customer rather than a second one (Stripe: idempotency key `customer:{userId}`
   * for 24 hours; the sandbox derives the id from the user id).
   */
  createCustomer(input: { userId: string | number; email: string }): Promise<{ customerId: string }>;
  /** Brand, last four digits and expiry of a registered card. */
  cardOf(paymentMethodId: string): Promise<Card>;
  /** Forgets a card (the fan replaced or removed it); later charges on it fail at the provider. */
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * Charges a registered card once per idempotency key. Card problems come back as a `failed` result;
   * anything else (network, configuration, the provider down) throws a PaymentProviderError, because
   * then nobody knows whether money moved: retry later with the same key.
   */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * Gives back (part of) a succeeded payment, once per idempotency key: a purchase whose card part
   * was charged but whose effect could not land (the last seat or item went to someone else in the
   * meantime). Throws a PaymentProviderError when the provider cannot be asked; retry with the key.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /**
   * Verifies a webhook's `Stripe-Signature`; throws WebhookSignatureError (answer 400) when it does
   * not match. Stripe signs with the endpoint's secret; the sandbox with its own local one.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined): Promise<StripeEvent>;
}

interface RefundInput {
  /** the payment's id (ChargeResult.chargeId) */
  chargeId: string;
  /** whole yen, at most the payment's amount */
  amountYen: number;
  /** e.g. `refund:{purchase key}`: asking again returns the first refund */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface StripeProvider extends ProviderCommon {
  readonly kind: "stripe";
  /** for Stripe.js in the browser (`Stripe(publishableKey)`) */
  readonly publishableKey: string;
  /**
   * Starts card registration: the browser confirms the SetupIntent with Stripe Elements
   * (`stripe.confirmSetup`), so the card number never reaches our server. `usage: off_session`
   * lets renewals charge the card later without the fan.
   */
  createSetupIntent(customerId: string): Promise<{ clientSecret: string; setupIntentId: string }>;
  /**
   * The SetupIntent's state after the browser returns, with the card when it succeeded. The caller
   * checks `customerId` is the signed-in fan's before storing the card.
   */
  retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentState>;
  /** The state of a payment after the browser finished 3-D Secure (or any later time). */
  retrieveCharge(chargeId: string): Promise<ChargeResult>;
}

export interface SandboxProvider extends ProviderCommon {
  readonly kind: "sandbox";
  /** Checks and registers a test card from the sandbox's card form. Only Stripe's test numbers register. */
  registerSandboxCard(customerId: string, input: SandboxCardInput): Promise<SandboxRegistration>;
  /**
   * The sandbox's stand-in for 3-D Secure after an on-session `requires_action`: the fan passes
   * (`approve: true`) or fails it. Same answer for the same charge id every time.
   */
  confirmSandboxAuthentication(input: { chargeId: string; approve: boolean }): Promise<ChargeResult>;
  /**
   * The sandbox's stand-in for a refund that Stripe accepted and that failed days later (the card
   * was closed): the signed `refund.failed` delivery Stripe would send for it, to be posted to the
   * webhook route. The caller names the refund as `refund` returned it and what it was made with.
   */
  simulateRefundFailure(input: SandboxRefundFailure): Promise<{ payload: string; signature: string }>;
}

interface SandboxRefundFailure {
  refundId: string;
  chargeId: string;
  amountYen: number;
  metadata?: Record<string, string>;
  /** the delivery's event id; a redelivery repeats it */
  eventId?: string;
}

export type PaymentProvider = StripeProvider | SandboxProvider;

/** Stripe's smallest JPY charge. Smaller card remainders must be avoided by the caller (pay them in coins). */
export const MIN_CARD_CHARGE_YEN = 50;
/** Stripe's largest charge in JPY (9,999,999 yen). */
const MAX_CARD_CHARGE_YEN = 9_999_999;

/**
 * A programming error on our side (bad amount, empty key): it must not reach the provider. Thrown,
 * not returned, because no fan input can cause it once the caller validated its own rules.
 */
export class PaymentInputError extends Error {
  override readonly name = "PaymentInputError";
}

/**
 * The provider could not answer whether money moved (network, 5xx, rate limit) or refused the
 * request itself (bad key, unknown id, idempotency key reused with other parameters). `retryable`
 * says whether the same call with the same idempotency key may succeed later.
 */
export class PaymentProviderError extends Error {
  override readonly name = "PaymentProviderError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** The webhook body does not carry a valid signature of our endpoint's secret: answer 400 and do nothing. */
export class WebhookSignatureError extends Error {
  override readonly name = "WebhookSignatureError";
}

/** Rejects what Stripe would reject, before any request is made. */
export function assertChargeInput(input: ChargeInput): void {
  const { amountYen, idempotencyKey } = input;
  if (!Number.isSafeInteger(amountYen) || amountYen < MIN_CARD_CHARGE_YEN || amountYen > MAX_CARD_CHARGE_YEN) {
    throw new PaymentInputError(`card charges are whole yen from ${MIN_CARD_CHARGE_YEN} to ${MAX_CARD_CHARGE_YEN}; got ${amountYen}`);
  }
  if (!idempotencyKey || idempotencyKey.length > 255) {
    throw new PaymentInputError("a charge needs an idempotency key of 1 to 255 characters");
  }
  if (!input.customerId || !input.paymentMethodId) {
    throw new PaymentInputError("a charge needs a customer and a payment method");
  }
}
