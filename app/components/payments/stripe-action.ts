import { stripeJs } from "~/components/wallet/stripe-js";

/**
 * On-session 3-D Secure with Stripe (decision 013): the purchase answered requires_action with the
 * PaymentIntent's client secret; Stripe.js (loaded from js.stripe.com by the wallet's loader, only
 * when a card asks for it) runs the bank's step, then the page posts the purchase again and the
 * server reads the payment's state.
 */
export async function confirmStripeAction(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await stripeJs(publishableKey);
  await stripe.handleNextAction({ clientSecret });
}
