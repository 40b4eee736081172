import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripePaymentProvider } from "../../server/integrations/payments/stripe";
import { interpretEvent, supersedes, webhookDedupKey, type PaymentEvent } from "../../server/integrations/payments/stripe-events";
import { PaymentProviderError, WebhookSignatureError, type StripeProvider } from "../../server/integrations/payments/types";

// The real `stripe` SDK (fetch HTTP client) against a local server standing in for api.stripe.com:
// the assertions are on the requests the SDK really sends and on how we read Stripe-shaped answers.

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (request: Recorded) => Reply;

const SECRET_KEY = "sk_test_localfake";
const WEBHOOK_SECRET = "whsec_localfake";
const requests: Recorded[] = [];
const routes = new Map<string, Handler>();
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: Recorded = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(raw),
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      const reply: Reply = handler
        ? handler(recorded)
        : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "no route in the fake" } } };
      res.writeHead(reply.status, { "content-type": "application/json", "request-id": "req_fake", ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  routes.clear();
});

function provider(now: () => number = () => Date.now()): StripeProvider {
  return stripePaymentProvider({
    secretKey: SECRET_KEY,
    publishableKey: "pk_test_localfake",
    webhookSecret: WEBHOOK_SECRET,
    host: "127.0.0.1",
    port,
    protocol: "http",
    now,
  });
}

function only(): Recorded {
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

function paymentIntent(fields: Record<string, unknown>) {
  return {
    id: "pi_3Test",
    object: "payment_intent",
    amount: 1200,
    amount_received: 0,
    currency: "jpy",
    customer: "cus_Test",
    payment_method: "pm_Test",
    client_secret: "pi_3Test_secret_abc",
    last_payment_error: null,
    metadata: {},
    ...fields,
  };
}

function cardError(code: string, declineCode: string, message: string) {
  return {
    status: 402,
    body: {
      error: {
        type: "card_error",
        code,
        decline_code: declineCode,
        message,
        payment_intent: paymentIntent({ id: "pi_3Declined", status: "requires_payment_method" }),
      },
    },
  };
}

const CARD_METHOD = {
  id: "pm_Test",
  object: "payment_method",
  type: "card",
  card: { brand: "jcb", last4: "0505", exp_month: 8, exp_year: 2031 },
};

describe("Stripe requests", () => {
  it("creates one customer per user: e-mail, user id in metadata, idempotency key customer:{userId}, secret key as bearer", async () => {
    routes.set("POST /v1/customers", () => ({ status: 200, body: { id: "cus_Test", object: "customer" } }));
    expect(await provider().createCustomer({ userId: 1001, email: "fan01@example.com" })).toEqual({ customerId: "cus_Test" });
    const request = only();
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(request.headers["idempotency-key"]).toBe("customer:1001");
    expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    expect(request.form.get("email")).toBe("fan01@example.com");
    expect(request.form.get("metadata[userId]")).toBe("1001");
  });

  it("starts card registration with an off-session card SetupIntent and hands back its client secret", async () => {
    routes.set("POST /v1/setup_intents", () => ({
      status: 200,
      body: { id: "seti_Test", object: "setup_intent", client_secret: "seti_Test_secret_xyz", status: "requires_payment_method" },
    }));
    expect(await provider().createSetupIntent("cus_Test")).toEqual({ clientSecret: "seti_Test_secret_xyz", setupIntentId: "seti_Test" });
    const { form } = only();
    expect(form.get("customer")).toBe("cus_Test");
    expect(form.get("usage")).toBe("off_session");
    expect(form.getAll("allowed_payment_method_types[0]")).toEqual(["card"]);
  });

  it("reads a finished SetupIntent with its card in one request, and reports an unfinished one as pending", async () => {
    let status = "succeeded";
    routes.set("GET /v1/setup_intents/seti_Test", () => ({
      status: 200,
      body: { id: "seti_Test", object: "setup_intent", customer: "cus_Test", status, payment_method: CARD_METHOD },
    }));
    expect(await provider().retrieveSetupIntent("seti_Test")).toEqual({
      status: "succeeded",
      setupIntentId: "seti_Test",
      customerId: "cus_Test",
      card: { paymentMethodId: "pm_Test", brand: "jcb", last4: "0505", expMonth: 8, expYear: 2031 },
    });
    expect(only().query.get("expand[0]")).toBe("payment_method");

    status = "requires_action";
    expect(await provider().retrieveSetupIntent("seti_Test")).toEqual({
      status: "pending",
      setupIntentId: "seti_Test",
      customerId: "cus_Test",
      stripeStatus: "requires_action",
    });
  });

  it("reads and detaches a card", async () => {
    routes.set("GET /v1/payment_methods/pm_Test", () => ({ status: 200, body: CARD_METHOD }));
    routes.set("POST /v1/payment_methods/pm_Test/detach", () => ({ status: 200, body: { ...CARD_METHOD, customer: null } }));
    expect(await provider().cardOf("pm_Test")).toMatchObject({ brand: "jcb", last4: "0505", expMonth: 8, expYear: 2031 });
    await provider().detachCard("pm_Test");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/payment_methods/pm_Test",
      "POST /v1/payment_methods/pm_Test/detach",
    ]);
  });

  it("renews off session: yen unchanged (zero-decimal), jpy, off_session and confirm, the saved card, our idempotency key", async () => {
    routes.set("POST /v1/payment_intents", () => ({
      status: 200,
      body: paymentIntent({ status: "succeeded", amount: 980, amount_received: 980 }),
    }));
    const result = await provider().charge({
      customerId: "cus_Test",
      paymentMethodId: "pm_Test",
      amountYen: 980,
      idempotencyKey: "renewal:42:2026-06",
      offSession: true,
      description: "plan renewal 2026-06",
      metadata: { membershipId: "42", month: "2026-06" },
    });
    expect(result).toEqual({ status: "succeeded", chargeId: "pi_3Test" });
    const { form, headers } = only();
    expect(headers["idempotency-key"]).toBe("renewal:42:2026-06");
    expect(headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(form)).toEqual({
      amount: "980",
      currency: "jpy",
      customer: "cus_Test",
      payment_method: "pm_Test",
      "allowed_payment_method_types[0]": "card",
      confirm: "true",
      off_session: "true",
      description: "plan renewal 2026-06",
      "metadata[membershipId]": "42",
      "metadata[month]": "2026-06",
    });
  });

  it("pays on session without off_session and hands 3-D Secure to the browser", async () => {
    routes.set("POST /v1/payment_intents", () => ({ status: 200, body: paymentIntent({ status: "requires_action" }) }));
    const result = await provider().charge({
      customerId: "cus_Test",
      paymentMethodId: "pm_Test",
      amountYen: 1200,
      idempotencyKey: "purchase:77",
      offSession: false,
    });
    expect(result).toEqual({ status: "requires_action", chargeId: "pi_3Test", clientSecret: "pi_3Test_secret_abc" });
    const { form } = only();
    expect(form.has("off_session")).toBe(false);
    expect(form.get("confirm")).toBe("true");
    expect(form.get("amount")).toBe("1200");
  });

  it("reads a 402 insufficient_funds decline as a failed result, keeping the failed payment's id", async () => {
    routes.set("POST /v1/payment_intents", () => cardError("card_declined", "insufficient_funds", "Your card has insufficient funds."));
    const result = await provider().charge({
      customerId: "cus_Test",
      paymentMethodId: "pm_Test",
      amountYen: 3000,
      idempotencyKey: "renewal:43:2026-06",
      offSession: true,
    });
    expect(result).toEqual({
      status: "failed",
      code: "insufficient_funds",
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
      chargeId: "pi_3Declined",
    });
  });

  it.each([
    ["authentication_required", "authentication_required", "authentication_required"],
    ["card_declined", "generic_decline", "card_declined"],
    ["expired_card", "expired_card", "card_declined"],
    ["processing_error", "processing_error", "processing_error"],
  ] as const)("reads a 402 %s / %s as %s", async (code, declineCode, ours) => {
    routes.set("POST /v1/payment_intents", () => cardError(code, declineCode, "declined"));
    const result = await provider().charge({
      customerId: "cus_Test",
      paymentMethodId: "pm_Test",
      amountYen: 500,
      idempotencyKey: `k:${code}`,
      offSession: true,
    });
    expect(result).toMatchObject({ status: "failed", code: ours });
  });

  it("retries a 500 with the same idempotency key, then throws a retryable error: nobody knows if money moved", async () => {
    routes.set("POST /v1/payment_intents", () => ({
      status: 500,
      body: { error: { type: "api_error", message: "boom" } },
      headers: { "stripe-should-retry": "true" },
    }));
    const error = await provider()
      .charge({ customerId: "cus_Test", paymentMethodId: "pm_Test", amountYen: 500, idempotencyKey: "purchase:500", offSession: false })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).retryable).toBe(true);
    expect(requests.length).toBe(3);
    expect(new Set(requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["purchase:500"]));
  }, 20_000);

  it("throws a non-retryable error when an idempotency key is reused with other parameters", async () => {
    routes.set("POST /v1/payment_intents", () => ({
      status: 400,
      body: { error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters" } },
    }));
    await expect(
      provider().charge({
        customerId: "cus_Test",
        paymentMethodId: "pm_Test",
        amountYen: 600,
        idempotencyKey: "purchase:1",
        offSession: false,
      }),
    ).rejects.toMatchObject({ name: "PaymentProviderError", retryable: false });
  });

  it("reads a payment's state after the browser's 3-D Secure", async () => {
    let intent = paymentIntent({ status: "succeeded", amount_received: 1200 });
    routes.set("GET /v1/payment_intents/pi_3Test", () => ({ status: 200, body: intent }));
    expect(await provider().retrieveCharge("pi_3Test")).toEqual({ status: "succeeded", chargeId: "pi_3Test" });
    intent = paymentIntent({
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "payment_intent_authentication_failure", message: "failed authentication" },
    });
    expect(await provider().retrieveCharge("pi_3Test")).toMatchObject({ status: "failed", code: "authentication_required" });
  });
});

describe("Stripe refunds", () => {
  it("gives back a payment's yen under our idempotency key, naming the PaymentIntent", async () => {
    routes.set("POST /v1/refunds", () => ({
      status: 200,
      body: { id: "re_Test", object: "refund", amount: 700, currency: "jpy", payment_intent: "pi_Test", status: "succeeded" },
    }));
    expect(
      await provider().refund({
        chargeId: "pi_Test",
        amountYen: 700,
        idempotencyKey: "refund:purchase:1:2",
        metadata: { purchaseKey: "purchase:1:2" },
      }),
    ).toEqual({ refundId: "re_Test" });
    const request = only();
    expect(request.form.get("payment_intent")).toBe("pi_Test");
    expect(request.form.get("amount")).toBe("700");
    expect(request.form.get("metadata[purchaseKey]")).toBe("purchase:1:2");
    expect(request.headers["idempotency-key"]).toBe("refund:purchase:1:2");
  });
});

describe("Stripe webhooks", () => {
  const crypto = Stripe.createSubtleCryptoProvider();

  function eventJson(id: string, type: string, object: Record<string, unknown>, created = 1_780_000_000): string {
    return JSON.stringify({ id, object: "event", type, created, api_version: Stripe.API_VERSION, livemode: false, data: { object } });
  }

  async function sign(payload: string, secret = WEBHOOK_SECRET, timestampSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: timestampSeconds, cryptoProvider: crypto });
  }

  const succeeded = eventJson(
    "evt_1",
    "payment_intent.succeeded",
    paymentIntent({ status: "succeeded", amount: 1200, amount_received: 1200, metadata: { purchaseId: "9" } }),
  );

  it("accepts a correctly signed event and reads it as a payment of the yen received", async () => {
    const event = await provider().verifyWebhook(succeeded, await sign(succeeded));
    expect(event.id).toBe("evt_1");
    expect(interpretEvent(event)).toEqual({
      kind: "payment_succeeded",
      eventId: "evt_1",
      created: 1_780_000_000,
      chargeId: "pi_3Test",
      customerId: "cus_Test",
      amountYen: 1200,
      metadata: { purchaseId: "9" },
    });
  });

  it("rejects a tampered body, another endpoint's secret, a missing header and a captured delivery replayed later", async () => {
    const header = await sign(succeeded);
    const tampered = succeeded.replace('"amount_received":1200', '"amount_received":120000');
    expect(tampered).not.toBe(succeeded);
    await expect(provider().verifyWebhook(tampered, header)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().verifyWebhook(succeeded, await sign(succeeded, "whsec_someoneelse"))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(provider().verifyWebhook(succeeded, null)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().verifyWebhook(succeeded, "t=1,v1=deadbeef")).rejects.toBeInstanceOf(WebhookSignatureError);

    const signedAt = Math.floor(Date.now() / 1000);
    const old = await sign(succeeded, WEBHOOK_SECRET, signedAt);
    const tenMinutesLater = provider(() => (signedAt + 600) * 1000);
    await expect(tenMinutesLater.verifyWebhook(succeeded, old)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("gives Stripe's redelivery of an event (signed afresh) the same dedup key", async () => {
    const first = await provider().verifyWebhook(succeeded, await sign(succeeded, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 120));
    const again = await provider().verifyWebhook(succeeded, await sign(succeeded));
    expect(webhookDedupKey(again)).toBe(webhookDedupKey(first));
    expect(webhookDedupKey(first)).toBe("stripe-event:evt_1");
  });

  it("reads failed payments, registered cards and refunds; ignores other types and currencies", async () => {
    const failed = JSON.parse(
      eventJson(
        "evt_2",
        "payment_intent.payment_failed",
        paymentIntent({
          status: "requires_payment_method",
          last_payment_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "no funds" },
        }),
      ),
    );
    expect(interpretEvent(failed)).toMatchObject({
      kind: "payment_failed",
      chargeId: "pi_3Test",
      code: "insufficient_funds",
      declineCode: "insufficient_funds",
    });

    const setup = JSON.parse(
      eventJson("evt_3", "setup_intent.succeeded", {
        id: "seti_1",
        object: "setup_intent",
        customer: "cus_Test",
        payment_method: "pm_New",
        metadata: {},
      }),
    );
    expect(interpretEvent(setup)).toMatchObject({
      kind: "card_registered",
      setupIntentId: "seti_1",
      customerId: "cus_Test",
      paymentMethodId: "pm_New",
    });

    const refund = JSON.parse(
      eventJson("evt_4", "charge.refunded", {
        id: "ch_1",
        object: "charge",
        amount: 1200,
        amount_refunded: 1200,
        refunded: true,
        currency: "jpy",
        customer: "cus_Test",
        payment_intent: "pi_3Test",
        metadata: {},
      }),
    );
    expect(interpretEvent(refund)).toMatchObject({
      kind: "refunded",
      chargeId: "pi_3Test",
      stripeChargeId: "ch_1",
      amountYen: 1200,
      amountRefundedYen: 1200,
      fullyRefunded: true,
    });

    const refundObject = (status: string, extra: Record<string, unknown> = {}) => ({
      id: "re_1",
      object: "refund",
      amount: 800,
      currency: "jpy",
      payment_intent: "pi_3Test",
      status,
      failure_reason: "expired_or_canceled_card",
      metadata: { purchaseKey: "purchase:1:2" },
      ...extra,
    });
    // a refund's late failure, under each of the names Stripe sends it by
    for (const type of ["refund.failed", "refund.updated", "charge.refund.updated"]) {
      expect(interpretEvent(JSON.parse(eventJson("evt_rf", type, refundObject("failed")))), type).toEqual({
        kind: "refund_failed",
        eventId: "evt_rf",
        created: 1_780_000_000,
        refundId: "re_1",
        chargeId: "pi_3Test",
        customerId: null,
        amountYen: 800,
        reason: "expired_or_canceled_card",
        metadata: { purchaseKey: "purchase:1:2" },
      });
    }
    // an update that is not a failure, another currency, or no PaymentIntent: not ours to act on
    expect(interpretEvent(JSON.parse(eventJson("evt_ru", "refund.updated", refundObject("succeeded"))))).toBeNull();
    expect(interpretEvent(JSON.parse(eventJson("evt_rp", "charge.refund.updated", refundObject("pending"))))).toBeNull();
    expect(interpretEvent(JSON.parse(eventJson("evt_rx", "refund.failed", refundObject("failed", { currency: "usd" }))))).toBeNull();
    expect(interpretEvent(JSON.parse(eventJson("evt_rn", "refund.failed", refundObject("failed", { payment_intent: null }))))).toBeNull();
    expect(interpretEvent(JSON.parse(eventJson("evt_r0", "refund.failed", refundObject("failed", { amount: 0 }))))).toBeNull();

    expect(interpretEvent(JSON.parse(eventJson("evt_5", "customer.created", { id: "cus_Test", object: "customer" })))).toBeNull();
    const usd = JSON.parse(eventJson("evt_6", "payment_intent.succeeded", paymentIntent({ status: "succeeded", currency: "usd" })));
    expect(interpretEvent(usd)).toBeNull();
  });

  describe("out-of-order delivery", () => {
    const at = (created: number, kind: PaymentEvent["kind"], amountRefundedYen = 0): PaymentEvent => {
      const base = { eventId: `evt_${created}_${kind}`, created, customerId: "cus_Test", metadata: {} };
      switch (kind) {
        case "payment_succeeded":
          return { ...base, kind, chargeId: "pi_1", amountYen: 1200 };
        case "payment_failed":
          return { ...base, kind, chargeId: "pi_1", code: "card_declined", message: "declined" };
        case "refunded":
          return {
            ...base,
            kind,
            chargeId: "pi_1",
            stripeChargeId: "ch_1",
            amountYen: 1200,
            amountRefundedYen,
            fullyRefunded: amountRefundedYen === 1200,
          };
        case "card_registered":
          return { ...base, kind, setupIntentId: "seti_1", paymentMethodId: "pm_1" };
        case "refund_failed":
          return { ...base, kind, refundId: "re_1", chargeId: "pi_1", amountYen: 1200, reason: "unknown" };
      }
    };

    it("never lets an earlier attempt's failure, arriving late, undo a success", () => {
      expect(supersedes(at(100, "payment_failed"), { kind: "payment_succeeded", created: 200 })).toBe(false);
      expect(supersedes(at(300, "payment_failed"), { kind: "payment_succeeded", created: 200 })).toBe(false);
      expect(supersedes(at(200, "payment_succeeded"), { kind: "payment_failed", created: 100 })).toBe(true);
    });

    it("never lets a late success undo a refund, and keeps the larger refunded total", () => {
      expect(supersedes(at(100, "payment_succeeded"), { kind: "refunded", created: 300, amountRefundedYen: 500 })).toBe(false);
      expect(supersedes(at(300, "refunded", 500), { kind: "refunded", created: 400, amountRefundedYen: 1200 })).toBe(false);
      expect(supersedes(at(400, "refunded", 1200), { kind: "refunded", created: 400, amountRefundedYen: 500 })).toBe(true);
    });

    it("between events of the same kind, the later created wins; the first event always applies", () => {
      expect(supersedes(at(100, "payment_failed"), { kind: "payment_failed", created: 200 })).toBe(false);
      expect(supersedes(at(300, "payment_failed"), { kind: "payment_failed", created: 200 })).toBe(true);
      expect(supersedes(at(100, "payment_failed"), null)).toBe(true);
      expect(supersedes(at(100, "card_registered"), { kind: "card_registered", created: 50 })).toBe(false);
    });

    it("never lets a refund's failure move its payment back or forth: it is applied by the refund's own key", () => {
      expect(supersedes(at(300, "refund_failed"), { kind: "refunded", created: 200, amountRefundedYen: 1200 })).toBe(false);
      expect(supersedes(at(300, "refunded", 1200), { kind: "refund_failed", created: 200 })).toBe(false);
    });
  });
});
