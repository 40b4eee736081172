import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cardPartProblem,
  cartTotal,
  membershipPaymentKey,
  MIN_CARD_PART_YEN,
  purchaseKey,
  purchaseSplit,
} from "../../server/domain/purchase";
import { MIN_CARD_CHARGE_YEN } from "../../server/integrations/payments/types";

describe("purchaseKey (decision 014: one attempt at one cart content)", () => {
  it("names the cart and its version", () => {
    expect(purchaseKey(12, 3)).toBe("purchase:12:3");
    expect(membershipPaymentKey(purchaseKey(12, 3), 101)).toBe("purchase:12:3:plan:101");
  });

  it.each([
    [0, 1],
    [-1, 1],
    [1.5, 1],
    [1, -1],
    [1, 0.5],
  ])("refuses cart %d version %d", (cart, version) => {
    expect(() => purchaseKey(cart, version)).toThrow(RangeError);
  });
});

describe("cartTotal (spec §5: the sum of item prices)", () => {
  it("adds the prices", () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([{ price: 500 }, { price: 1200 }])).toBe(1700);
  });
});

describe("the card part must be 0 or at least the provider's minimum", () => {
  it("matches the card provider's minimum", () => {
    expect(MIN_CARD_PART_YEN).toBe(MIN_CARD_CHARGE_YEN);
  });

  it.each([
    [0, null],
    [1, "cardTooSmall"],
    [49, "cardTooSmall"],
    [50, null],
    [980, null],
  ])("card %d → %s", (card, problem) => {
    expect(cardPartProblem(card)).toBe(problem);
  });
});

describe("purchaseSplit (spec §3 purchase payload, §4 kind from the coin amount, §5 amount rules)", () => {
  it("pays all by card without coins", () => {
    expect(purchaseSplit({ payment: "card", isUsedCoin: false, toraCoin: 300 }, 1000)).toEqual({
      ok: true,
      coins: 0,
      card: 1000,
      kind: "card",
    });
  });

  it("pays all in coins when the coins equal the total", () => {
    expect(purchaseSplit({ payment: "coin", isUsedCoin: true, toraCoin: "1,000" }, 1000)).toEqual({
      ok: true,
      coins: 1000,
      card: 0,
      kind: "coin",
    });
  });

  it("splits coins and card; the kind is card when coins do not pay it all", () => {
    expect(purchaseSplit({ payment: "card", isUsedCoin: "1", toraCoin: "300" }, 1000)).toEqual({
      ok: true,
      coins: 300,
      card: 700,
      kind: "card",
    });
  });

  it("counts non-numeric coins as 0 (spec §5)", () => {
    expect(purchaseSplit({ payment: "card", isUsedCoin: true, toraCoin: "abc" }, 1000)).toEqual({
      ok: true,
      coins: 0,
      card: 1000,
      kind: "card",
    });
  });

  it("refuses amounts outside 0..total and fractions as invalid", () => {
    expect(purchaseSplit({ isUsedCoin: true, toraCoin: 1001 }, 1000)).toEqual({ ok: false, error: "invalid" });
    expect(purchaseSplit({ isUsedCoin: true, toraCoin: "-5" }, 1000)).toEqual({ ok: false, error: "invalid" });
    expect(purchaseSplit({ isUsedCoin: true, toraCoin: "1.5" }, 1000)).toEqual({ ok: false, error: "invalid" });
  });

  it("asks for the method again when the kind sent disagrees with the coin amount", () => {
    expect(purchaseSplit({ payment: "coin", isUsedCoin: true, toraCoin: 300 }, 1000)).toEqual({ ok: false, error: "noMethod" });
    expect(purchaseSplit({ payment: "card", isUsedCoin: true, toraCoin: 1000 }, 1000)).toEqual({ ok: false, error: "noMethod" });
  });

  it("refuses a card remainder of 1–49 yen, which no card can be charged", () => {
    expect(purchaseSplit({ payment: "card", isUsedCoin: true, toraCoin: 951 }, 1000)).toEqual({ ok: false, error: "cardTooSmall" });
    expect(purchaseSplit({ payment: "card", isUsedCoin: true, toraCoin: 950 }, 1000)).toEqual({
      ok: true,
      coins: 950,
      card: 50,
      kind: "card",
    });
  });

  it("a free cart pays nothing, as coins", () => {
    expect(purchaseSplit({ payment: "coin", isUsedCoin: false }, 0)).toEqual({ ok: true, coins: 0, card: 0, kind: "coin" });
  });

  it("any accepted split covers the total exactly, with a chargeable card part", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -10, max: 110_000 }), (total, coins) => {
        const split = purchaseSplit({ isUsedCoin: true, toraCoin: coins }, total);
        if (!split.ok) return;
        expect(split.coins + split.card).toBe(total);
        expect(split.coins).toBeGreaterThanOrEqual(0);
        expect(split.card === 0 || split.card >= MIN_CARD_PART_YEN).toBe(true);
        expect(split.kind).toBe(split.coins === total ? "coin" : "card");
      }),
    );
  });
});
