import { z } from "zod";
import { sandboxPaymentProvider } from "./sandbox";
import { stripePaymentProvider, type StripeSettings } from "./stripe";
import type { PaymentProvider } from "./types";

/** The variables that choose and configure the card provider (typed in server/env.ts). */
export interface PaymentEnv {
  ENVIRONMENT?: string;
  /** Stripe is used when this is set; otherwise the sandbox */
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** only for tests against a local fake of Stripe's API; refused in production */
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
}

const stripeSchema = z.object({
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "a Stripe secret or restricted key (sk_… / rk_…)"),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, "a Stripe publishable key (pk_…)"),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "the webhook endpoint's signing secret (whsec_…)"),
  STRIPE_API_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/, "a bare host name without scheme or port")
    .optional(),
  STRIPE_API_PORT: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
});

export type PaymentConfig = { provider: "sandbox" } | ({ provider: "stripe" } & Omit<StripeSettings, "fetch" | "now">);

const parsed = new WeakMap<object, PaymentConfig>();

/**
 * Validates the payment variables once per env object. A deployment fails loudly here rather than
 * taking money wrongly: production refuses the sandbox (it would hand out plans for test card
 * numbers) and refuses a redirected API host (the secret key would go elsewhere).
 */
export function paymentConfigFrom(env: PaymentEnv): PaymentConfig {
  const cached = parsed.get(env);
  if (cached) return cached;
  const production = env.ENVIRONMENT === "production";
  let config: PaymentConfig;
  if (!env.STRIPE_SECRET_KEY) {
    if (production) throw new Error("STRIPE_SECRET_KEY must be set in production: the sandbox takes test cards for free");
    config = { provider: "sandbox" };
  } else {
    const vars = stripeSchema.parse(env);
    if (production && (vars.STRIPE_API_HOST || vars.STRIPE_API_PORT || vars.STRIPE_API_PROTOCOL)) {
      throw new Error("STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL are for tests and must not be set in production");
    }
    config = {
      provider: "stripe",
      secretKey: vars.STRIPE_SECRET_KEY,
      publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
      ...(vars.STRIPE_API_HOST ? { host: vars.STRIPE_API_HOST } : {}),
      ...(vars.STRIPE_API_PORT ? { port: vars.STRIPE_API_PORT } : {}),
      ...(vars.STRIPE_API_PROTOCOL ? { protocol: vars.STRIPE_API_PROTOCOL } : {}),
    };
  }
  parsed.set(env, config);
  return config;
}

const providers = new WeakMap<object, PaymentProvider>();

/** Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise; one instance per env object. */
export function paymentProviderFrom(env: PaymentEnv): PaymentProvider {
  const cached = providers.get(env);
  if (cached) return cached;
  const config = paymentConfigFrom(env);
  const provider = config.provider === "stripe" ? stripePaymentProvider(config) : sandboxPaymentProvider();
  providers.set(env, provider);
  return provider;
}
