/**
 * On-session 3-D Secure with Stripe (decision 013): the purchase answered requires_action with the
 * PaymentIntent's client secret; Stripe.js runs the bank's step, then the page posts the purchase
 * again and the server reads the payment's state. Stripe.js must come from js.stripe.com (Stripe
 * does not allow bundling it), so it is loaded only here, when a card asks for it.
 */

interface StripeJs {
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<void> | null = null;

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Runs the bank's authentication; whatever its outcome, the server is asked next (it is the record). */
export async function confirmStripeAction(publishableKey: string, clientSecret: string): Promise<void> {
  await loadStripeJs();
  const stripe = window.Stripe?.(publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available");
  await stripe.handleNextAction({ clientSecret });
}
