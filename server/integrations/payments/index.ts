// The card payment provider: one import for the services, routes and queue consumer that use it.
export { paymentProviderFrom } from "./config";
export { sandboxPaymentProvider } from "./sandbox";
export { TEST_CARDS } from "./sandbox-cards";
export { stripePaymentProvider } from "./stripe";
export { interpretEvent, webhookDedupKey } from "./stripe-events";
export * from "./types";
