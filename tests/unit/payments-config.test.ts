import { describe, expect, it } from "vitest";
import { paymentConfigFrom, paymentProviderFrom } from "../../server/integrations/payments/config";

const stripeVars = {
  STRIPE_SECRET_KEY: "sk_test_51Abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51Abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};

describe("choosing the card provider", () => {
  it("uses the sandbox without a Stripe key outside production", () => {
    expect(paymentProviderFrom({ ENVIRONMENT: "development" }).kind).toBe("sandbox");
    expect(paymentProviderFrom({ ENVIRONMENT: "test", STRIPE_SECRET_KEY: "" }).kind).toBe("sandbox");
  });

  it("refuses the sandbox in production: it would take test card numbers as payment", () => {
    expect(() => paymentProviderFrom({ ENVIRONMENT: "production" })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it("uses Stripe when the secret key is set, and needs the publishable key and the webhook secret with it", () => {
    const provider = paymentProviderFrom({ ENVIRONMENT: "production", ...stripeVars });
    expect(provider.kind).toBe("stripe");
    expect(provider.kind === "stripe" && provider.publishableKey).toBe("pk_test_51Abc");
    expect(() => paymentProviderFrom({ ENVIRONMENT: "development", STRIPE_SECRET_KEY: "sk_test_51Abc" })).toThrow();
    expect(() => paymentProviderFrom({ ENVIRONMENT: "development", ...stripeVars, STRIPE_WEBHOOK_SECRET: "abc" })).toThrow();
    expect(() => paymentProviderFrom({ ENVIRONMENT: "development", ...stripeVars, STRIPE_SECRET_KEY: "pk_test_51Abc" })).toThrow();
  });

  it("points the SDK at a local fake only outside production", () => {
    const local = {
      ENVIRONMENT: "test",
      ...stripeVars,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
    };
    expect(paymentConfigFrom(local)).toMatchObject({ provider: "stripe", host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(() => paymentConfigFrom({ ...local, ENVIRONMENT: "production" })).toThrow(/STRIPE_API_HOST/);
  });

  it("builds one provider per env object", () => {
    const env = { ENVIRONMENT: "development" };
    expect(paymentProviderFrom(env)).toBe(paymentProviderFrom(env));
  });
});
