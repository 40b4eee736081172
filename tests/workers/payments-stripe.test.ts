import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentProviderFrom } from "../../server/integrations/payments/config";
import { stripePaymentProvider } from "../../server/integrations/payments/stripe";
import { interpretEvent, webhookDedupKey } from "../../server/integrations/payments/stripe-events";
import { WebhookSignatureError } from "../../server/integrations/payments/types";

// The same provider code inside workerd: the SDK's worker build with its fetch client, and webhook
// signatures checked with SubtleCrypto (there is no node:crypto HMAC path here). Stripe's API is
// played by a fetch function, so nothing leaves the test.

const WEBHOOK_SECRET = "whsec_workerd";

describe("Stripe inside workerd", () => {
  it("sends a charge through the fetch client and reads Stripe's answer", async () => {
    const seen: { url: string; headers: Headers; body: string }[] = [];
    const fakeApi: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, headers: request.headers, body: new TextDecoder().decode(await request.arrayBuffer()) });
      const intent = { id: "pi_W", object: "payment_intent", status: "succeeded", amount: 800, amount_received: 800, currency: "jpy" };
      return new Response(JSON.stringify(intent), { status: 200, headers: { "content-type": "application/json" } });
    };
    const provider = stripePaymentProvider({
      secretKey: "sk_test_workerd",
      publishableKey: "pk_test_workerd",
      webhookSecret: WEBHOOK_SECRET,
      fetch: fakeApi,
    });
    const result = await provider.charge({
      customerId: "cus_W",
      paymentMethodId: "pm_W",
      amountYen: 800,
      idempotencyKey: "renewal:1:2026-07",
      offSession: true,
    });
    expect(result).toEqual({ status: "succeeded", chargeId: "pi_W" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://api.stripe.com/v1/payment_intents");
    expect(seen[0]!.headers.get("idempotency-key")).toBe("renewal:1:2026-07");
    const form = new URLSearchParams(seen[0]!.body);
    expect([form.get("amount"), form.get("currency"), form.get("off_session")]).toEqual(["800", "jpy", "true"]);
  });

  it("verifies a signed webhook with SubtleCrypto and refuses a tampered one", async () => {
    const provider = stripePaymentProvider({
      secretKey: "sk_test_workerd",
      publishableKey: "pk_test_workerd",
      webhookSecret: WEBHOOK_SECRET,
    });
    const payload = JSON.stringify({
      id: "evt_W",
      object: "event",
      type: "setup_intent.succeeded",
      created: 1_780_000_000,
      data: { object: { id: "seti_W", object: "setup_intent", customer: "cus_W", payment_method: "pm_W", metadata: {} } },
    });
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const event = await provider.verifyWebhook(payload, header);
    expect(webhookDedupKey(event)).toBe("stripe-event:evt_W");
    expect(interpretEvent(event)).toMatchObject({ kind: "card_registered", customerId: "cus_W", paymentMethodId: "pm_W" });
    await expect(provider.verifyWebhook(payload.replace("pm_W", "pm_X"), header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("the worker's own env chooses the sandbox (no Stripe key locally), which charges inside workerd", async () => {
    const provider = paymentProviderFrom(env);
    expect(provider.kind).toBe("sandbox");
    if (provider.kind !== "sandbox") return;
    const { customerId } = await provider.createCustomer({ userId: 1001, email: "fan01@demo.fanclub.localhost" });
    const registration = await provider.registerSandboxCard(customerId, {
      number: "4242424242424242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: "123",
    });
    expect(registration.ok).toBe(true);
    if (!registration.ok) return;
    const charge = {
      customerId,
      paymentMethodId: registration.card.paymentMethodId,
      amountYen: 500,
      idempotencyKey: "purchase:w1",
      offSession: false,
    };
    const first = await provider.charge(charge);
    expect(first.status).toBe("succeeded");
    expect(await provider.charge(charge)).toEqual(first);
  });
});
