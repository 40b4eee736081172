import { describe, expect, it } from "vitest";
import { sandboxPaymentProvider } from "../../server/integrations/payments/sandbox";
import { luhnValid, TEST_CARDS } from "../../server/integrations/payments/sandbox-cards";
import {
  PaymentInputError,
  PaymentProviderError,
  type ChargeInput,
  type SandboxCardInput,
  type SandboxProvider,
} from "../../server/integrations/payments/types";

// Mid-May 2026: cards expiring 05/2026 are still good, 04/2026 are not.
const MAY_15 = new Date("2026-05-15T03:00:00Z");

function provider(now: Date = MAY_15): SandboxProvider {
  return sandboxPaymentProvider({ now: () => now });
}

function cardInput(number: string, overrides: Partial<SandboxCardInput> = {}): SandboxCardInput {
  return { number, expMonth: 12, expYear: 2030, cvc: "123", ...overrides };
}

async function registered(sandbox: SandboxProvider, customerId: string, number: string, overrides: Partial<SandboxCardInput> = {}) {
  const result = await sandbox.registerSandboxCard(customerId, cardInput(number, overrides));
  if (!result.ok) throw new Error(`registration of ${number} failed: ${result.code}`);
  return result.card;
}

function chargeOf(customerId: string, paymentMethodId: string, overrides: Partial<ChargeInput> = {}): ChargeInput {
  return {
    customerId,
    paymentMethodId,
    amountYen: 1200,
    idempotencyKey: `purchase:${Math.random()}`,
    offSession: false,
    ...overrides,
  };
}

describe("sandbox customers", () => {
  it("gives the same user the same customer and other users other customers", async () => {
    const sandbox = provider();
    const a = await sandbox.createCustomer({ userId: 1001, email: "fan01@example.com" });
    expect(await sandbox.createCustomer({ userId: 1001, email: "fan01@example.com" })).toEqual(a);
    expect((await sandbox.createCustomer({ userId: 1002, email: "fan02@example.com" })).customerId).not.toBe(a.customerId);
  });
});

describe("sandbox card registration", () => {
  it("registers every Stripe test number it honours, keeping brand, last four digits and expiry without storage", async () => {
    const sandbox = provider();
    const { customerId } = await sandbox.createCustomer({ userId: 7, email: "a@example.com" });
    for (const testCard of TEST_CARDS.filter((c) => c.behaviour !== "decline_registration")) {
      const cvc = testCard.brand === "amex" ? "1234" : "123";
      const card = await registered(sandbox, customerId, testCard.number, { cvc, expMonth: "3", expYear: "31" });
      expect(card).toMatchObject({ brand: testCard.brand, last4: testCard.number.slice(-4), expMonth: 3, expYear: 2031 });
      expect(await sandbox.cardOf(card.paymentMethodId)).toEqual(card);
    }
  });

  it("ignores spaces and hyphens in the number and never puts the number in the id", async () => {
    const card = await registered(provider(), "cus_sandbox_1", "4242 4242-4242 4242");
    expect(card.last4).toBe("4242");
    expect(card.paymentMethodId).not.toContain("424242424242");
  });

  it("declines 4000000000000002 at registration, as Stripe does when the card is set up", async () => {
    expect(await provider().registerSandboxCard("cus_sandbox_1", cardInput("4000000000000002"))).toEqual({
      ok: false,
      code: "card_declined",
      field: "number",
      declineCode: "generic_decline",
    });
  });

  it("declines a Luhn-valid number that is not a test card with Stripe's test-mode answer", async () => {
    const live = "4539148803436467";
    expect(luhnValid(live)).toBe(true);
    expect(await provider().registerSandboxCard("cus_sandbox_1", cardInput(live))).toEqual({
      ok: false,
      code: "card_declined",
      field: "number",
      declineCode: "test_mode_live_card",
    });
  });

  it.each([
    ["a Luhn error", cardInput("4242424242424241"), "incorrect_number", "number"],
    ["too few digits", cardInput("42424242424"), "incorrect_number", "number"],
    ["letters", cardInput("4242abcd42424242"), "incorrect_number", "number"],
    ["month 13", cardInput("4242424242424242", { expMonth: 13 }), "invalid_expiry_month", "expiry"],
    ["month 0", cardInput("4242424242424242", { expMonth: "0" }), "invalid_expiry_month", "expiry"],
    ["a month that is not a number", cardInput("4242424242424242", { expMonth: "ab" }), "invalid_expiry_month", "expiry"],
    ["a one-digit year", cardInput("4242424242424242", { expYear: "7" }), "invalid_expiry_year", "expiry"],
    ["a year 51 years ahead", cardInput("4242424242424242", { expYear: 2077 }), "invalid_expiry_year", "expiry"],
    ["last month", cardInput("4242424242424242", { expMonth: 4, expYear: 2026 }), "expired_card", "expiry"],
    ["last year", cardInput("4242424242424242", { expMonth: 12, expYear: "25" }), "expired_card", "expiry"],
    ["a two-digit CVC", cardInput("4242424242424242", { cvc: "12" }), "invalid_cvc", "cvc"],
    ["a four-digit CVC on Visa", cardInput("4242424242424242", { cvc: "1234" }), "invalid_cvc", "cvc"],
    ["a three-digit CVC on American Express", cardInput("378282246310005", { cvc: "123" }), "invalid_cvc", "cvc"],
  ] as const)("refuses %s", async (_label, input, code, field) => {
    expect(await provider().registerSandboxCard("cus_sandbox_1", input)).toEqual({ ok: false, code, field });
  });

  it("accepts a card expiring this month (cards are good through the month's last day)", async () => {
    const card = await registered(provider(), "cus_sandbox_1", "4242424242424242", { expMonth: 5, expYear: 2026 });
    expect(card).toMatchObject({ expMonth: 5, expYear: 2026 });
  });

  it("checks Luhn like the card networks", () => {
    for (const { number } of TEST_CARDS) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
});

describe("sandbox charges", () => {
  const customerId = "cus_sandbox_1001";

  it("charges 4242424242424242 on and off session", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4242424242424242");
    const now = await sandbox.charge(chargeOf(customerId, card.paymentMethodId));
    const renewal = await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { offSession: true }));
    expect(now).toMatchObject({ status: "succeeded" });
    expect(renewal).toMatchObject({ status: "succeeded" });
    if (now.status === "succeeded") expect(now.chargeId).toMatch(/^pi_sandbox_[0-9a-f]{24}$/);
  });

  it("registers 4000000000000341 but declines every charge", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4000000000000341");
    for (const offSession of [false, true]) {
      expect(await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { offSession }))).toMatchObject({
        status: "failed",
        code: "card_declined",
        declineCode: "generic_decline",
      });
    }
  });

  it("declines 4000000000009995 for insufficient funds", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4000000000009995");
    expect(await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { offSession: true }))).toMatchObject({
      status: "failed",
      code: "insufficient_funds",
    });
  });

  it("asks for 3-D Secure on 4000002760003184 while the fan is there, and the confirm step decides", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4000002760003184");
    const first = await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { idempotencyKey: "purchase:31" }));
    expect(first.status).toBe("requires_action");
    if (first.status !== "requires_action") return;
    expect(first.clientSecret.startsWith(`${first.chargeId}_secret_`)).toBe(true);

    expect(await sandbox.confirmSandboxAuthentication({ chargeId: first.chargeId, approve: true })).toEqual({
      status: "succeeded",
      chargeId: first.chargeId,
    });
    expect(await sandbox.confirmSandboxAuthentication({ chargeId: first.chargeId, approve: false })).toMatchObject({
      status: "failed",
      code: "authentication_required",
      chargeId: first.chargeId,
    });
  });

  it("fails 4000002760003184 off session: nobody is there to authenticate", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4000002760003184");
    expect(await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { offSession: true }))).toMatchObject({
      status: "failed",
      code: "authentication_required",
    });
  });

  it("declines a card that expired after it was registered (a renewal months later)", async () => {
    const card = await registered(provider(MAY_15), customerId, "4242424242424242", { expMonth: 5, expYear: 2026 });
    const june = provider(new Date("2026-06-01T00:00:00Z"));
    expect(await june.charge(chargeOf(customerId, card.paymentMethodId, { offSession: true }))).toMatchObject({
      status: "failed",
      code: "card_declined",
      declineCode: "expired_card",
    });
  });

  it("gives the same payment for the same idempotency key, and another for another key", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4242424242424242");
    const key = "renewal:88:2026-06";
    const a = await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { idempotencyKey: key, offSession: true }));
    const b = await provider().charge(chargeOf(customerId, card.paymentMethodId, { idempotencyKey: key, offSession: true }));
    const c = await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { idempotencyKey: "renewal:88:2026-07", offSession: true }));
    expect(b).toEqual(a);
    expect(a.status === "succeeded" && c.status === "succeeded" && a.chargeId !== c.chargeId).toBe(true);

    const declined = await registered(sandbox, customerId, "4000000000000341");
    const d1 = await sandbox.charge(chargeOf(customerId, declined.paymentMethodId, { idempotencyKey: "purchase:9" }));
    const d2 = await sandbox.charge(chargeOf(customerId, declined.paymentMethodId, { idempotencyKey: "purchase:9" }));
    expect(d2).toEqual(d1);
  });

  it("refuses to charge another customer's card, like Stripe", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, "cus_sandbox_1", "4242424242424242");
    await expect(sandbox.charge(chargeOf("cus_sandbox_2", card.paymentMethodId))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("refuses ids it did not make", async () => {
    const sandbox = provider();
    await expect(sandbox.cardOf("pm_1Abc")).rejects.toMatchObject({ providerCode: "resource_missing" });
    await expect(sandbox.charge(chargeOf(customerId, "pm_sandbox_visa_1111_122030_00000000_000000000000"))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(sandbox.confirmSandboxAuthentication({ chargeId: "pi_123", approve: true })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it.each([0, 49, 100.5, -100, 10_000_000])("refuses %s yen before anything happens (JPY is whole yen from 50)", async (amountYen) => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4242424242424242");
    await expect(sandbox.charge(chargeOf(customerId, card.paymentMethodId, { amountYen }))).rejects.toBeInstanceOf(PaymentInputError);
  });

  it("charges the 50 yen minimum and refuses a charge without an idempotency key", async () => {
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4242424242424242");
    expect(await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { amountYen: 50 }))).toMatchObject({ status: "succeeded" });
    await expect(sandbox.charge(chargeOf(customerId, card.paymentMethodId, { idempotencyKey: "" }))).rejects.toBeInstanceOf(
      PaymentInputError,
    );
  });
});

describe("sandbox refunds", () => {
  it("names one refund per key, refuses an unknown payment and a non-positive amount", async () => {
    const customerId = "cus_sandbox_1002";
    const sandbox = provider();
    const card = await registered(sandbox, customerId, "4242424242424242");
    const paid = await sandbox.charge(chargeOf(customerId, card.paymentMethodId, { amountYen: 700, idempotencyKey: "purchase:9:1" }));
    if (paid.status !== "succeeded") throw new Error("the test card should pay");
    const first = await sandbox.refund({ chargeId: paid.chargeId, amountYen: 700, idempotencyKey: "refund:purchase:9:1" });
    expect(first.refundId).toMatch(/^re_sandbox_[0-9a-f]{24}$/);
    expect(await sandbox.refund({ chargeId: paid.chargeId, amountYen: 700, idempotencyKey: "refund:purchase:9:1" })).toEqual(first);
    await expect(sandbox.refund({ chargeId: "pi_elsewhere", amountYen: 700, idempotencyKey: "refund:x" })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(sandbox.refund({ chargeId: paid.chargeId, amountYen: 0, idempotencyKey: "refund:y" })).rejects.toBeInstanceOf(
      PaymentInputError,
    );
  });
});
