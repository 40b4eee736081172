import { describe, expect, it } from "vitest";
import { jstInstantOf } from "../../server/domain/jst-time";
import {
  PAYOUT_MAX,
  PAYOUT_RULES,
  canTransition,
  cardRefundFailure,
  outstandingTotal,
  parseYenAmount,
  payoutKey,
  payoutPeriodFor,
  payoutRulesAt,
  quotePayout,
} from "../../server/domain/payouts";

describe("dated payout rules", () => {
  it("apply from their JST date on, the earlier row before it", () => {
    // 2026-03-31 23:59 JST still has the old fee; 2026-04-01 00:00 JST the new one
    expect(payoutRulesAt(jstInstantOf(2026, 3, 31, 23, 59)).fee).toBe(250);
    expect(payoutRulesAt(jstInstantOf(2026, 4, 1, 0, 0)).fee).toBe(330);
    expect(payoutRulesAt(jstInstantOf(2030, 1, 1)).fee).toBe(330);
  });

  it("always leave money to send: every minimum is above its fee", () => {
    for (const r of PAYOUT_RULES) expect(r.minimum).toBeGreaterThan(r.fee);
  });

  it("read a table passed in, so a new row is data", () => {
    const rules = [
      { from: "2020-01-01", minimum: 1000, fee: 250 },
      { from: "2027-01-01", minimum: 3000, fee: 500 },
    ];
    expect(payoutRulesAt(jstInstantOf(2027, 1, 1), rules)).toEqual(rules[1]);
  });
});

describe("the amount check", () => {
  const rule = { minimum: 1000, fee: 330 };
  it("takes the fee from the amount", () => {
    expect(quotePayout(12000, 15000, rule)).toEqual({ ok: true, amount: 12000, fee: 330, net: 11670 });
    expect(quotePayout(1000, 1000, rule)).toEqual({ ok: true, amount: 1000, fee: 330, net: 670 });
  });

  it("refuses below the minimum, above the balance, above the cap, and what is not whole yen", () => {
    expect(quotePayout(999, 5000, rule)).toMatchObject({ ok: false, reason: "belowMinimum", minimum: 1000 });
    expect(quotePayout(5001, 5000, rule)).toMatchObject({ ok: false, reason: "aboveBalance", balance: 5000 });
    expect(quotePayout(PAYOUT_MAX + 1, Number.MAX_SAFE_INTEGER, rule)).toMatchObject({ ok: false, reason: "tooLarge" });
    for (const bad of [0, -1000, 1000.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(quotePayout(bad, 5000, rule)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses everything when the balance is negative or zero", () => {
    expect(quotePayout(1000, 0, rule)).toMatchObject({ ok: false, reason: "aboveBalance" });
    expect(quotePayout(1000, -500, rule)).toMatchObject({ ok: false, reason: "aboveBalance" });
  });
});

describe("parsing an amount field", () => {
  it("takes half-width digits with ja-JP separators", () => {
    expect(parseYenAmount("12000")).toBe(12000);
    expect(parseYenAmount(" 12,000 ")).toBe(12000);
    expect(parseYenAmount(5000)).toBe(5000);
  });
  it("refuses signs, decimals, full-width digits, words, huge numbers and non-strings", () => {
    for (const bad of ["-5000", "+5000", "12.5", "１２０００", "abc", "", "1e6", "9".repeat(16), null, undefined, {}, 1.5]) {
      expect(parseYenAmount(bad)).toBeNull();
    }
  });
});

describe("payout periods", () => {
  it("are the JST month of the request", () => {
    // 2026-11-30 15:30 UTC is already December 1st in Japan
    expect(payoutPeriodFor(Date.UTC(2026, 10, 30, 15, 30), new Set())).toBe("2026-12");
    expect(payoutPeriodFor(Date.UTC(2026, 10, 30, 14, 59), new Set())).toBe("2026-11");
  });
  it("move to the first month not closed once the operator closed the current one", () => {
    const now = jstInstantOf(2026, 11, 26);
    expect(payoutPeriodFor(now, new Set(["2026-11"]))).toBe("2026-12");
    expect(payoutPeriodFor(now, new Set(["2026-11", "2026-12"]))).toBe("2027-01");
    expect(payoutPeriodFor(now, new Set(["2026-10"]))).toBe("2026-11");
  });
  it("name the one request of a fan club in a period", () => {
    expect(payoutKey(101, "2026-11")).toBe("payout:101:2026-11");
    expect(() => payoutKey(101, "2026-13")).toThrow(RangeError);
  });
});

describe("the status machine", () => {
  it("moves a payout requested → in transfer → paid or failed, and nowhere else", () => {
    expect(canTransition("payout", "requested", "in_transfer")).toBe(true);
    expect(canTransition("payout", "in_transfer", "paid")).toBe(true);
    expect(canTransition("payout", "in_transfer", "failed")).toBe(true);
    expect(canTransition("payout", "requested", "paid")).toBe(false);
    expect(canTransition("payout", "paid", "failed")).toBe(false);
    expect(canTransition("payout", "failed", "paid")).toBe(false);
    expect(canTransition("payout", "failed", "requested")).toBe(false);
  });
  it("lets a fan apply for a refund owed, and again after a failed transfer", () => {
    expect(canTransition("refund", "owed", "requested")).toBe(true);
    expect(canTransition("refund", "failed", "requested")).toBe(true);
    expect(canTransition("refund", "paid", "requested")).toBe(false);
    expect(canTransition("refund", "owed", "in_transfer")).toBe(false);
  });
});

describe("what is still on its way", () => {
  it("sums what the bank has not paid, fees taken off", () => {
    const list = [
      { status: "owed" as const, amount: 3000, fee: 0 },
      { status: "paid" as const, amount: 5000, fee: 0 },
      { status: "in_transfer" as const, amount: 2000, fee: 330 },
    ];
    expect(outstandingTotal(list)).toBe(3000 + 1670);
  });
});

describe("a card refund the provider refuses", () => {
  it("becomes a debt to the fan only when the provider says the card can never take it back", () => {
    expect(cardRefundFailure({ retryable: false, providerCode: "charge_expired_for_refund" })).toBe("owe");
    expect(cardRefundFailure({ retryable: false, providerCode: "resource_missing" })).toBe("owe");
    expect(cardRefundFailure({ retryable: false, providerCode: "expired_or_canceled_card" })).toBe("owe");
  });

  it("is asked again when the provider was down or its answer says nothing definite", () => {
    expect(cardRefundFailure({ retryable: true })).toBe("retry");
    // a retryable error is retried even when it carries a code of the list
    expect(cardRefundFailure({ retryable: true, providerCode: "resource_missing" })).toBe("retry");
    expect(cardRefundFailure({ retryable: false })).toBe("retry");
    expect(cardRefundFailure({ retryable: false, providerCode: "rate_limit" })).toBe("retry");
    // already refunded at the provider: the money went back, so it must not be owed a second time
    expect(cardRefundFailure({ retryable: false, providerCode: "charge_already_refunded" })).toBe("retry");
  });
});
