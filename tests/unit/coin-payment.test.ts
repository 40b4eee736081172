import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cardAmount,
  clampCoinAmount,
  coinAmountProblem,
  isPaymentType,
  parseCoinAmount,
  PAYMENT_TYPE,
  paymentMethodStep,
  purchaseKind,
  showCoinForRenewalCheckbox,
} from "../../server/domain/coin-payment";

describe("parseCoinAmount (spec §5: an integer, non-numeric is 0)", () => {
  it.each([
    ["300", 300],
    ["  300 ", 300],
    ["0", 0],
    ["007", 7],
    ["３００", 300], // full-width digits from a Japanese IME
    ["1,000", 1000],
    ["12,345,678", 12345678],
    ["+5", 5],
  ])("reads %j as %d", (input, expected) => {
    expect(parseCoinAmount(input)).toBe(expected);
  });

  it.each(["12a", "abc", "", "   ", "1e3", "0x10", "1,00", "1 000", "Infinity", "NaN", "--1"])("treats %j as non-numeric: 0", (input) => {
    expect(parseCoinAmount(input)).toBe(0);
  });

  it("keeps fractions and negatives so they are refused, not rounded into another amount", () => {
    expect(parseCoinAmount("1.5")).toBe(1.5);
    expect(parseCoinAmount("-5")).toBe(-5);
    expect(coinAmountProblem(parseCoinAmount("1.5"), 100)).toBe("invalid");
    expect(coinAmountProblem(parseCoinAmount("-5"), 100)).toBe("invalid");
  });

  it("takes numbers as they are and missing values as 0", () => {
    expect(parseCoinAmount(250)).toBe(250);
    expect(parseCoinAmount(Number.NaN)).toBe(0);
    expect(parseCoinAmount(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parseCoinAmount(null)).toBe(0);
    expect(parseCoinAmount(undefined)).toBe(0);
  });
});

describe("coinAmountProblem (spec §5: 0 up to the cart total)", () => {
  it("accepts the bounds and refuses what lies outside", () => {
    expect(coinAmountProblem(0, 1000)).toBeNull();
    expect(coinAmountProblem(1000, 1000)).toBeNull();
    expect(coinAmountProblem(1001, 1000)).toBe("invalid");
    expect(coinAmountProblem(-1, 1000)).toBe("invalid");
    expect(coinAmountProblem(0, 0)).toBeNull();
    expect(coinAmountProblem(1, 0)).toBe("invalid");
  });
});

describe("clampCoinAmount (the setter) and cardAmount", () => {
  it("clamps to 0..total", () => {
    expect(clampCoinAmount(-10, 500)).toBe(0);
    expect(clampCoinAmount(800, 500)).toBe(500);
    expect(clampCoinAmount(200, 500)).toBe(200);
    expect(clampCoinAmount(12.9, 500)).toBe(12);
    expect(clampCoinAmount(Number.NaN, 500)).toBe(0);
  });

  it("charges the card the rest, never below 0", () => {
    expect(cardAmount(1000, 300)).toBe(700);
    expect(cardAmount(1000, 1000)).toBe(0);
    expect(cardAmount(1000, 1500)).toBe(0);
  });

  it("always splits a total into a valid coin part and a card part that add up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -2_000_000, max: 2_000_000 }), (total, typed) => {
        const coins = clampCoinAmount(typed, total);
        expect(coinAmountProblem(coins, total)).toBeNull();
        expect(coins + cardAmount(total, coins)).toBe(total);
      }),
    );
  });
});

describe("purchaseKind (spec §4 Purchase)", () => {
  it("is coin only when the coins pay the whole total", () => {
    expect(purchaseKind(1000, 1000)).toBe("coin");
    expect(purchaseKind(999, 1000)).toBe("card");
    expect(purchaseKind(0, 1000)).toBe("card");
    expect(purchaseKind(0, 0)).toBe("coin");
  });
});

describe("paymentMethodStep (spec §4 Payment method flow)", () => {
  const base = { total: 1000, coinInput: "", coinBalance: 5000, hasCard: true };

  it("type 0: no coins; a registered card goes to confirm, otherwise to card registration", () => {
    expect(paymentMethodStep({ ...base, paymentType: PAYMENT_TYPE.card, coinInput: "400" })).toEqual({
      next: "confirm",
      coins: 0,
      card: 1000,
    });
    expect(paymentMethodStep({ ...base, paymentType: 0, hasCard: false })).toEqual({ next: "registerCard", coins: 0, card: 1000 });
    // the spec checks the card for type 0 whatever the total
    expect(paymentMethodStep({ ...base, paymentType: 0, total: 0, hasCard: false })).toEqual({ next: "registerCard", coins: 0, card: 0 });
  });

  it("type 1: coins pay the total; the balance must cover it; no card check", () => {
    expect(paymentMethodStep({ ...base, paymentType: PAYMENT_TYPE.allCoin, hasCard: false })).toEqual({
      next: "confirm",
      coins: 1000,
      card: 0,
    });
    expect(paymentMethodStep({ ...base, paymentType: 1, coinBalance: 1000 })).toEqual({ next: "confirm", coins: 1000, card: 0 });
    expect(paymentMethodStep({ ...base, paymentType: 1, coinBalance: 999 })).toEqual({ next: "error", error: "shortage" });
  });

  it("type 1 with a total of 0 goes straight to confirm, even with no coins", () => {
    expect(paymentMethodStep({ ...base, paymentType: 1, total: 0, coinBalance: 0, hasCard: false })).toEqual({
      next: "confirm",
      coins: 0,
      card: 0,
    });
  });

  it("type 2: the typed coins, the card for the rest", () => {
    expect(paymentMethodStep({ ...base, paymentType: PAYMENT_TYPE.partCoin, coinInput: " 300 " })).toEqual({
      next: "confirm",
      coins: 300,
      card: 700,
    });
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "300", hasCard: false })).toEqual({
      next: "registerCard",
      coins: 300,
      card: 700,
    });
  });

  it("type 2 paying everything in coins needs no card", () => {
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "1000", hasCard: false })).toEqual({
      next: "confirm",
      coins: 1000,
      card: 0,
    });
  });

  it("type 2 with non-numeric text pays 0 coins and all by card", () => {
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "12a" })).toEqual({ next: "confirm", coins: 0, card: 1000 });
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "12a", hasCard: false })).toEqual({
      next: "registerCard",
      coins: 0,
      card: 1000,
    });
  });

  it("type 2 refuses an amount outside 0..total or not whole, before looking at the balance", () => {
    for (const coinInput of ["1001", "-1", "1.5"]) {
      expect(paymentMethodStep({ ...base, paymentType: 2, coinInput, coinBalance: 0 })).toEqual({ next: "error", error: "invalid" });
    }
  });

  it("type 2 refuses more coins than the balance", () => {
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "600", coinBalance: 599 })).toEqual({
      next: "error",
      error: "shortage",
    });
    expect(paymentMethodStep({ ...base, paymentType: 2, coinInput: "600", coinBalance: 600 })).toEqual({
      next: "confirm",
      coins: 600,
      card: 400,
    });
  });

  it("any other type asks to choose the payment method again", () => {
    for (const paymentType of [3, -1, "0", null, undefined, 1.5]) {
      expect(paymentMethodStep({ ...base, paymentType })).toEqual({ next: "error", error: "noMethod" });
    }
  });

  it("never reaches confirm with more coins than the balance or a card part without a card", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(0, 1, 2, 3),
        fc.integer({ min: 0, max: 100_000 }),
        fc.oneof(fc.integer({ min: -10, max: 200_000 }).map(String), fc.string()),
        fc.integer({ min: 0, max: 200_000 }),
        fc.boolean(),
        (paymentType, total, coinInput, coinBalance, hasCard) => {
          const step = paymentMethodStep({ paymentType, total, coinInput, coinBalance, hasCard });
          if (step.next === "error") return;
          expect(step.coins + step.card).toBe(total);
          expect(coinAmountProblem(step.coins, total)).toBeNull();
          expect(step.coins).toBeLessThanOrEqual(coinBalance);
          if (step.next === "confirm" && step.card > 0) expect(hasCard).toBe(true);
        },
      ),
    );
  });
});

describe("isPaymentType", () => {
  it("knows the codes 0, 1, 2", () => {
    expect([0, 1, 2].every(isPaymentType)).toBe(true);
    expect([3, "1", null, -1].some(isPaymentType)).toBe(false);
  });
});

describe("showCoinForRenewalCheckbox (spec §4)", () => {
  it("shows for a plan cart paid with coins, unless already enabled", () => {
    expect(showCoinForRenewalCheckbox({ cartHasPlan: true, paymentType: 1, alreadyEnabled: false })).toBe(true);
    expect(showCoinForRenewalCheckbox({ cartHasPlan: true, paymentType: 2, alreadyEnabled: false })).toBe(true);
    expect(showCoinForRenewalCheckbox({ cartHasPlan: true, paymentType: 0, alreadyEnabled: false })).toBe(false);
    expect(showCoinForRenewalCheckbox({ cartHasPlan: true, paymentType: null, alreadyEnabled: false })).toBe(false);
    expect(showCoinForRenewalCheckbox({ cartHasPlan: false, paymentType: 1, alreadyEnabled: false })).toBe(false);
    expect(showCoinForRenewalCheckbox({ cartHasPlan: true, paymentType: 1, alreadyEnabled: true })).toBe(false);
  });
});
