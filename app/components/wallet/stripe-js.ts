/**
 * Stripe.js, loaded from https://js.stripe.com/v3 only where a card is registered or a payment
 * needs 3-D Secure, never bundled (Stripe requires loading it from its own host). The page's CSP
 * allows that host only when Stripe is configured (server/http/security-headers.ts). Only the few
 * calls we make are typed here.
 */

interface StripeError {
  type: string;
  code?: string;
  message?: string;
}

export interface StripeElements {
  create(type: "payment", options?: Record<string, unknown>): { mount(el: HTMLElement): void; destroy(): void };
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmSetup(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect?: "always" | "if_required";
  }): Promise<{ error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const SRC = "https://js.stripe.com/v3";
let loading: Promise<NonNullable<Window["Stripe"]>> | null = null;

function loadScript(): Promise<NonNullable<Window["Stripe"]>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SRC;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js loaded without window.Stripe")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

const instances = new Map<string, StripeJs>();

export async function stripeJs(publishableKey: string): Promise<StripeJs> {
  const existing = instances.get(publishableKey);
  if (existing) return existing;
  const Stripe = await loadScript();
  const stripe = Stripe(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}

/** Stripe Elements speaks these of our languages; others get its automatic choice. */
export function stripeLocale(locale: string): string {
  return ({ ja: "ja", en: "en", "zh-cn": "zh", "zh-tw": "zh-TW", ko: "ko" } as Record<string, string>)[locale] ?? "auto";
}
