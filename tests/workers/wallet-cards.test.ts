import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { createDb } from "../../db/client";
import { sandboxPaymentProvider, stripePaymentProvider } from "../../server/integrations/payments";
import {
  cardRegistrationState,
  finishStripeSetup,
  registerSandboxCard,
  removeRegisteredCard,
  startStripeSetup,
} from "../../server/services/card-registration";
import { chargeCoins, confirmCoinCharge } from "../../server/services/coin-charges";
import {
  chargeDefaultCard,
  defaultCard,
  ensureCustomer,
  paymentProfile,
  removeCard,
  saveCard,
  setUseCoinSubscription,
  usableCard,
} from "../../server/services/payment-cards";

/**
 * What the wallet relies on in server/services/payment-cards.ts, and the registration service
 * built on it, against the real D1 schema and the sandbox provider.
 */

const db = createDb(env.DB);
const provider = sandboxPaymentProvider();
const NOW = Date.now();

let seq = 0;
async function newUser(): Promise<{ id: number; email: string }> {
  const n = `${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 8)}`;
  const epoch = new Date(0);
  const row = await createUser(env.DB, {
    name: `card fan ${n}`,
    email: `card-${n}@example.com`,
    identifyToken: `card-${n}`,
    termsAcceptedAt: epoch,
    createdAt: epoch,
    updatedAt: epoch,
  });
  return { id: row.id, email: `card-${n}@example.com` };
}

const card = (number: string, expiry = { month: "12", year: "40" }) => ({
  number,
  expMonth: expiry.month,
  expYear: expiry.year,
  cvc: "123",
});

async function registered(userId: number, number: string) {
  const result = await registerSandboxCard(db, provider, { id: userId, email: null }, card(number), NOW);
  if (!result.ok) throw new Error(`${number} refused: ${result.code}`);
  return result.card;
}

describe("payment cards", () => {
  it("keeps one customer per fan, however often it is asked for", async () => {
    const user = await newUser();
    const [a, b] = await Promise.all([ensureCustomer(db, provider, user, NOW), ensureCustomer(db, provider, user, NOW)]);
    expect(a).toBe(b);
    expect(await ensureCustomer(db, provider, user, NOW + 1)).toBe(a);
    expect((await paymentProfile(db, user.id))?.customerId).toBe(a);
  });

  it("saves the same card twice as one row, and a new card as the only default", async () => {
    const user = await newUser();
    await ensureCustomer(db, provider, user, NOW);
    const first = await provider.registerSandboxCard(`cus_sandbox_${user.id}`, card("4242424242424242"));
    const second = await provider.registerSandboxCard(`cus_sandbox_${user.id}`, card("5555555555554444"));
    if (!first.ok || !second.ok) throw new Error("test cards refused");
    const a = await saveCard(db, user.id, "sandbox", first.card, NOW);
    const again = await saveCard(db, user.id, "sandbox", first.card, NOW);
    expect(again.id).toBe(a.id);
    await saveCard(db, user.id, "sandbox", second.card, NOW);
    const defaults = await env.DB.prepare("SELECT last4 FROM payment_cards WHERE user_id = ? AND is_default = 1 AND deleted_at IS NULL")
      .bind(user.id)
      .all<{ last4: string }>();
    expect(defaults.results.map((r) => r.last4)).toEqual(["4444"]);
    // what registration guards against: removing the default brings the older card back as "the card"
    await removeCard(db, provider, user.id, (await defaultCard(db, user.id))!.id, NOW);
    expect((await defaultCard(db, user.id))?.last4).toBe("4242");
  });

  it("registration keeps only the newest card, so removing it leaves none", async () => {
    const user = await newUser();
    await registered(user.id, "4242424242424242");
    await registered(user.id, "4000002760003184");
    expect((await defaultCard(db, user.id))?.last4).toBe("3184");
    expect(await removeRegisteredCard(db, provider, user.id, NOW)).toBe(true);
    expect(await defaultCard(db, user.id)).toBeNull();
    expect(await removeRegisteredCard(db, provider, user.id, NOW)).toBe(false);
  });

  it("does not count a card of the other provider or an expired card as registered", async () => {
    const user = await newUser();
    await ensureCustomer(db, provider, user, NOW);
    // a card left from a Stripe configuration: the sandbox cannot charge it
    await saveCard(
      db,
      user.id,
      "stripe",
      { paymentMethodId: `pm_test_${user.id}`, brand: "visa", last4: "4242", expMonth: 12, expYear: 2040 },
      NOW,
    );
    expect(await usableCard(db, provider, user.id)).toBeNull();
    expect(await cardRegistrationState(db, provider, user.id, NOW)).toEqual({ registered: false, card: null });
    expect(
      await chargeDefaultCard(db, provider, {
        userId: user.id,
        amountYen: 500,
        idempotencyKey: `test:${user.id}:other`,
        offSession: false,
      }),
    ).toEqual({ status: "no_card" });

    // registering a sandbox card forgets the Stripe one without asking the sandbox about it
    await registered(user.id, "4242424242424242");
    const live = await env.DB.prepare("SELECT provider FROM payment_cards WHERE user_id = ? AND deleted_at IS NULL")
      .bind(user.id)
      .all<{ provider: string }>();
    expect(live.results).toEqual([{ provider: "sandbox" }]);

    // a card whose month has passed stays listed, flagged, and is not 'registered' for payments
    const expiredUser = await newUser();
    const march2024 = Date.UTC(2024, 2, 15);
    const old = await registerSandboxCard(
      db,
      sandboxPaymentProvider({ now: () => new Date(march2024) }),
      { id: expiredUser.id, email: null },
      card("4242424242424242", { month: "03", year: "24" }),
      march2024,
    );
    expect(old.ok).toBe(true);
    expect(await cardRegistrationState(db, provider, expiredUser.id, Date.UTC(2024, 2, 31, 23))).toMatchObject({
      registered: true,
      card: { expired: false },
    });
    expect(await cardRegistrationState(db, provider, expiredUser.id, Date.UTC(2024, 3, 1, 1))).toMatchObject({
      registered: false,
      card: { last4: "4242", expired: true },
    });
  });

  it("charges the default card once per key, and asks 3184 for authentication only on-session", async () => {
    const user = await newUser();
    await registered(user.id, "4242424242424242");
    const input = { userId: user.id, amountYen: 1000, idempotencyKey: `test:${user.id}:charge`, offSession: false };
    const [a, b] = await Promise.all([chargeDefaultCard(db, provider, input), chargeDefaultCard(db, provider, input)]);
    expect(a.status).toBe("succeeded");
    expect(b).toEqual(a);

    await registered(user.id, "4000002760003184");
    const onSession = await chargeDefaultCard(db, provider, { ...input, idempotencyKey: `test:${user.id}:auth` });
    expect(onSession.status).toBe("requires_action");
    const offSession = await chargeDefaultCard(db, provider, { ...input, idempotencyKey: `test:${user.id}:auth-off`, offSession: true });
    expect(offSession).toMatchObject({ status: "failed", code: "authentication_required" });
  });

  it("saves coin-for-renewal before any card, and switches it back", async () => {
    const user = await newUser();
    expect(await paymentProfile(db, user.id)).toBeNull();
    await setUseCoinSubscription(db, provider, user.id, true, NOW);
    expect((await paymentProfile(db, user.id))?.useCoinSubscription).toBe(true);
    await setUseCoinSubscription(db, provider, user.id, false, NOW + 1);
    expect((await paymentProfile(db, user.id))?.useCoinSubscription).toBe(false);
  });
});

/**
 * Stripe's API played by a fetch function: customers, SetupIntents (one of them another
 * customer's), PaymentMethods, and a PaymentIntent that wants 3-D Secure until the fan passed it.
 * Like Stripe, a repeated idempotency key gets the first response again.
 */
let fakes = 0;
function fakeStripe() {
  // Stripe's ids are unique; each fake hands out its own payment method
  const pm = `pm_fake${fakes++}`;
  const calls: string[] = [];
  const byKey = new Map<string, unknown>();
  let authenticated = false;
  const method = { id: pm, object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 11, exp_year: 2041 } };
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  const intent = (status: string) => ({
    id: "pi_fake",
    object: "payment_intent",
    status,
    amount: 3000,
    currency: "jpy",
    client_secret: "pi_fake_secret_x",
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    const key = request.headers.get("idempotency-key");
    if (key && byKey.has(key)) return json(byKey.get(key));
    let body: unknown;
    if (request.method === "POST" && url.pathname === "/v1/customers") body = { id: "cus_fake", object: "customer" };
    else if (request.method === "POST" && url.pathname === "/v1/setup_intents")
      body = {
        id: "seti_mine",
        object: "setup_intent",
        status: "requires_payment_method",
        customer: "cus_fake",
        client_secret: "seti_mine_secret_x",
      };
    else if (url.pathname === "/v1/setup_intents/seti_mine")
      body = { id: "seti_mine", object: "setup_intent", status: "succeeded", customer: "cus_fake", payment_method: method };
    else if (url.pathname === "/v1/setup_intents/seti_theirs")
      body = { id: "seti_theirs", object: "setup_intent", status: "succeeded", customer: "cus_other", payment_method: method };
    else if (request.method === "POST" && url.pathname === "/v1/payment_intents") body = intent("requires_action");
    else if (url.pathname === "/v1/payment_intents/pi_fake") body = intent(authenticated ? "succeeded" : "requires_action");
    else
      return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: `unexpected ${url.pathname}` } }), {
        status: 404,
      });
    if (key) byKey.set(key, body);
    return json(body);
  };
  const provider = stripePaymentProvider({
    secretKey: "sk_test_wallet",
    publishableKey: "pk_test_wallet",
    webhookSecret: "whsec_wallet",
    fetch,
  });
  return { provider, calls, pm, authenticate: () => (authenticated = true) };
}

describe("with Stripe", () => {
  it("stores a card only from a SetupIntent of the fan's own customer", async () => {
    const { provider, calls, pm } = fakeStripe();
    const user = await newUser();
    expect(await startStripeSetup(db, provider, user, NOW)).toEqual({ clientSecret: "seti_mine_secret_x", setupIntentId: "seti_mine" });
    expect(await finishStripeSetup(db, provider, user.id, "seti_theirs", NOW)).toEqual({ ok: false, reason: "notYours" });
    expect(await defaultCard(db, user.id)).toBeNull();
    const done = await finishStripeSetup(db, provider, user.id, "seti_mine", NOW);
    expect(done.ok && [done.card.provider, done.card.paymentMethodId, done.card.last4, done.card.expMonth, done.card.expYear]).toEqual([
      "stripe",
      pm,
      "4242",
      11,
      2041,
    ]);
    // coming back again (a reload) keeps one card
    await finishStripeSetup(db, provider, user.id, "seti_mine", NOW);
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_cards WHERE user_id = ? AND deleted_at IS NULL")
      .bind(user.id)
      .first<number>("n");
    expect(live).toBe(1);
    // a fan with no Stripe customer cannot claim anyone's SetupIntent
    expect(await finishStripeSetup(db, provider, (await newUser()).id, "seti_mine", NOW)).toEqual({ ok: false, reason: "notYours" });
    expect(calls.filter((c) => c === "POST /v1/customers")).toHaveLength(1);
  });

  it("finishes a coin charge after 3-D Secure by asking Stripe for the payment, and credits once", async () => {
    const { provider, authenticate } = fakeStripe();
    const user = await newUser();
    await startStripeSetup(db, provider, user, NOW);
    await finishStripeSetup(db, provider, user.id, "seti_mine", NOW);
    const input = { userId: user.id, amount: 3000, nonce: "stripe-nonce-0123456789", now: NOW };
    expect(await chargeCoins(db, provider, input)).toEqual({
      status: "requires_action",
      provider: "stripe",
      chargeId: "pi_fake",
      clientSecret: "pi_fake_secret_x",
    });
    // the fan has not finished authenticating yet: still asked, nothing credited
    expect((await confirmCoinCharge(db, provider, { ...input, approve: true })).status).toBe("requires_action");
    authenticate();
    const done = await confirmCoinCharge(db, provider, { ...input, approve: false });
    expect(done).toMatchObject({ status: "credited", replayed: false });
    expect(await confirmCoinCharge(db, provider, { ...input, approve: false })).toMatchObject({ status: "credited", replayed: true });
    const entries = await env.DB.prepare("SELECT amount, ref_id FROM coin_entries WHERE user_id = ?").bind(user.id).all();
    expect(entries.results).toEqual([{ amount: 3000, ref_id: "pi_fake" }]);
  });
});
