// The card payment provider: one import for the services, routes and queue consumer that use it.
export { paymentConfigFrom, paymentProviderFrom, type PaymentConfig, type PaymentEnv } from "./config";
export { sandboxPaymentProvider } from "./sandbox";
export { TEST_CARDS, type TestCard, type TestCardBehaviour } from "./sandbox-cards";
export { stripePaymentProvider, type StripeSettings } from "./stripe";
export {
  interpretEvent,
  supersedes,
  verifyStripeWebhook,
  webhookDedupKey,
  type AppliedEvent,
  type PaymentEvent,
  type StripeEvent,
} from "./stripe-events";
export * from "./types";
