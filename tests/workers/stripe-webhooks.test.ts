import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createPaymentProfile } from "../factories";
import { createDb } from "../../db/client";
import { stripePaymentProvider } from "../../server/integrations/payments/stripe";
import { defaultCard } from "../../server/services/payment-cards";
import { handleStripeWebhook } from "../../server/services/stripe-webhooks";
import { confirmedAccount } from "./accounts-fixture";
import { hosts } from "./helpers";

// Stripe's deliveries, signed with the SDK's own helper; Stripe's API (the card behind a payment
// method) is played by a fetch function, so nothing leaves the test.

const db = createDb(env.DB);
const SECRET = "whsec_webhooks";
/** none of these deliveries owes a fan anything: a sink that would say so if one did */
const sink = {
  url: `http://${hosts.user}/me/transfer`,
  enqueue: () => {
    throw new Error("no refund is owed by these events");
  },
};

function provider(calls: string[] = []) {
  const fakeApi: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    const method = {
      id: "pm_hook",
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2031 },
    };
    return new Response(JSON.stringify(method), { status: 200, headers: { "content-type": "application/json" } });
  };
  return stripePaymentProvider({ secretKey: "sk_test_hooks", publishableKey: "pk_test_hooks", webhookSecret: SECRET, fetch: fakeApi });
}

async function signed(event: object) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, header };
}

const setupSucceeded = (id: string, customer: string, created = Math.floor(Date.now() / 1000)) => ({
  id,
  object: "event",
  type: "setup_intent.succeeded",
  created,
  data: { object: { id: `seti_${id}`, object: "setup_intent", customer, payment_method: "pm_hook", metadata: {} } },
});

describe("Stripe webhooks", () => {
  it("stores the card of a registration the browser never came back from, once however often Stripe delivers it", async () => {
    const fan = await confirmedAccount({ prefix: "wh" });
    await createPaymentProfile(env.DB, { userId: fan.id, provider: "stripe", customerId: "cus_hook" });
    const calls: string[] = [];
    const { payload, header } = await signed(setupSucceeded("evt_card", "cus_hook"));

    expect(await handleStripeWebhook(db, provider(calls), payload, header, Date.now(), sink)).toEqual({ status: 200, result: "applied" });
    const card = await defaultCard(db, fan.id);
    expect(card).toMatchObject({ provider: "stripe", paymentMethodId: "pm_hook", brand: "visa", last4: "4242", isDefault: true });

    // a replay is acknowledged and changes nothing (no second call to Stripe, no second card)
    expect(await handleStripeWebhook(db, provider(calls), payload, header, Date.now(), sink)).toEqual({ status: 200, result: "duplicate" });
    expect(calls).toHaveLength(1);
    const cards = await env.DB.prepare("SELECT count(*) AS n FROM payment_cards WHERE user_id = ?").bind(fan.id).first<{ n: number }>();
    expect(cards?.n).toBe(1);
  });

  it("credits coins a fan paid for and left before the page credited them, once, and only for their own key and amount", async () => {
    const fan = await confirmedAccount({ prefix: "whc" });
    const other = await confirmedAccount({ prefix: "who" });
    await createPaymentProfile(env.DB, { userId: fan.id, provider: "stripe", customerId: "cus_coins" });
    const paid = (id: string, metadata: Record<string, string>, amount = 1000) =>
      signed({
        id,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `pi_${id}`,
            object: "payment_intent",
            amount,
            amount_received: amount,
            currency: "jpy",
            customer: "cus_coins",
            metadata,
          },
        },
      });
    const balance = async (userId: number) =>
      (await env.DB.prepare("SELECT balance FROM coin_accounts WHERE user_id = ?").bind(userId).first<{ balance: number }>())?.balance ?? 0;

    const ok = await paid("evt_coins", {
      kind: "coin_charge",
      idempotencyKey: `coin-charge:${fan.id}:n1:1000`,
      userId: String(fan.id),
      coins: "1000",
    });
    expect(await handleStripeWebhook(db, provider(), ok.payload, ok.header, Date.now(), sink)).toEqual({ status: 200, result: "applied" });
    expect(await balance(fan.id)).toBe(1000);
    // Stripe retries with a new event id for the same payment: the key finds the first credit
    const again = await paid("evt_coins_retry", {
      kind: "coin_charge",
      idempotencyKey: `coin-charge:${fan.id}:n1:1000`,
      userId: String(fan.id),
      coins: "1000",
    });
    expect(await handleStripeWebhook(db, provider(), again.payload, again.header, Date.now(), sink)).toEqual({
      status: 200,
      result: "applied",
    });
    expect(await balance(fan.id)).toBe(1000);

    // metadata that does not match the customer's own key or the yen received credits nothing
    for (const [id, metadata, amount] of [
      [
        "evt_other_user",
        { kind: "coin_charge", idempotencyKey: `coin-charge:${other.id}:n2:1000`, userId: String(other.id), coins: "1000" },
        1000,
      ],
      [
        "evt_more_coins",
        { kind: "coin_charge", idempotencyKey: `coin-charge:${fan.id}:n3:5000`, userId: String(fan.id), coins: "5000" },
        1000,
      ],
      ["evt_not_coins", { kind: "purchase", idempotencyKey: "purchase:1:1" }, 1000],
    ] as const) {
      const event = await paid(id, metadata, amount);
      expect(await handleStripeWebhook(db, provider(), event.payload, event.header, Date.now(), sink), id).toEqual({
        status: 200,
        result: "ignored",
      });
    }
    expect(await balance(fan.id)).toBe(1000);
    expect(await balance(other.id)).toBe(0);
  });

  it("refuses a bad signature or a tampered body before reading anything", async () => {
    const calls: string[] = [];
    const { payload, header } = await signed(setupSucceeded("evt_bad", "cus_nobody"));
    expect(await handleStripeWebhook(db, provider(calls), payload.replace("cus_nobody", "cus_someone"), header, Date.now(), sink)).toEqual({
      status: 400,
      reason: "signature",
    });
    expect(await handleStripeWebhook(db, provider(calls), payload, "t=1,v1=deadbeef", Date.now(), sink)).toEqual({
      status: 400,
      reason: "signature",
    });
    expect(await handleStripeWebhook(db, provider(calls), payload, null, Date.now(), sink)).toEqual({ status: 400, reason: "signature" });
    expect(calls).toEqual([]);
    const seen = await env.DB.prepare("SELECT count(*) AS n FROM processed_events WHERE key = 'stripe-event:evt_bad'").first<{
      n: number;
    }>();
    expect(seen?.n).toBe(0);
  });

  it("acknowledges events it has nothing to do for, out of order or for unknown customers, and records them", async () => {
    const older = await signed(setupSucceeded("evt_old", "cus_unknown", Math.floor(Date.now() / 1000) - 3600));
    expect(await handleStripeWebhook(db, provider(), older.payload, older.header, Date.now(), sink)).toEqual({
      status: 200,
      result: "ignored",
    });
    const payment = await signed({
      id: "evt_pay",
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "pi_1",
          object: "payment_intent",
          amount: 500,
          amount_received: 500,
          currency: "jpy",
          customer: "cus_unknown",
          metadata: {},
        },
      },
    });
    expect(await handleStripeWebhook(db, provider(), payment.payload, payment.header, Date.now(), sink)).toEqual({
      status: 200,
      result: "ignored",
    });
    expect(await handleStripeWebhook(db, provider(), payment.payload, payment.header, Date.now(), sink)).toEqual({
      status: 200,
      result: "duplicate",
    });
  });

  it("answers for the local sandbox too, and only to deliveries signed with its secret", async () => {
    const { payload } = await signed(setupSucceeded("evt_sandbox_route", "cus_nobody"));
    for (const signature of ["t=1,v1=x", (await signed(setupSucceeded("evt_sandbox_route", "cus_nobody"))).header]) {
      // signed with another endpoint's secret, or not at all: refused before anything is read
      const res = await SELF.fetch(`http://${hosts.user}/webhooks/stripe`, {
        method: "POST",
        body: payload,
        headers: { "stripe-signature": signature },
      });
      expect(res.status).toBe(400);
    }
    const seen = await env.DB.prepare("SELECT count(*) AS n FROM processed_events WHERE key = 'stripe-event:evt_sandbox_route'").first<{
      n: number;
    }>();
    expect(seen?.n).toBe(0);
  });
});
