import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jstInstantOf } from "../../server/domain/jst-time";
import {
  creatorChange,
  earningKindOfTarget,
  entryPostings,
  EarningsInvariantError,
  isMonthClosed,
  lastClosedMonth,
  monthClosesAt,
  monthsEndingAt,
  rateAt,
  refundSplit,
  saleSplit,
  type Split,
} from "../../server/domain/earnings";

const ZERO: Split = { gross: 0, fee: 0, tax: 0, net: 0 };
const yen = fc.integer({ min: 0, max: 10_000_000 });
// fee rates up to 90 % with tax on the fee up to 10 %: fee and tax always fit in the gross
const rate = fc.integer({ min: 0, max: 9_000 });
const taxRate = fc.integer({ min: 0, max: 1_000 });

describe("fee rates", () => {
  it("has the issue's defaults: plans 10 %, products 8 %, live tickets 30 %, raffles and tips 10 %, tax on the fee 10 %", () => {
    const at = Date.UTC(2026, 0, 1);
    expect(rateAt([], "plan", at)).toBe(1000);
    expect(rateAt([], "product", at)).toBe(800);
    expect(rateAt([], "live_ticket", at)).toBe(3000);
    expect(rateAt([], "raffle", at)).toBe(1000);
    expect(rateAt([], "tip", at)).toBe(1000);
    expect(rateAt([], "consumption_tax", at)).toBe(1000);
  });

  it("applies a change from its instant on, and only to its kind", () => {
    const from = jstInstantOf(2026, 7, 1);
    const rows = [{ kind: "plan" as const, rateBp: 1500, effectiveFrom: from }];
    expect(rateAt(rows, "plan", from - 1)).toBe(1000);
    expect(rateAt(rows, "plan", from)).toBe(1500);
    expect(rateAt(rows, "product", from)).toBe(800);
  });

  it("keeps a later change apart from an earlier one", () => {
    const rows = [
      { kind: "tip" as const, rateBp: 500, effectiveFrom: 2000 },
      { kind: "tip" as const, rateBp: 1200, effectiveFrom: 1000 },
    ];
    expect(rateAt(rows, "tip", 1500)).toBe(1200);
    expect(rateAt(rows, "tip", 2500)).toBe(500);
  });
});

describe("sale split", () => {
  it("floors the fee and the tax on the fee; the creator keeps the rest", () => {
    // 10 % of 1,234 = 123.4 → 123; 10 % of 123 = 12.3 → 12; net 1,234 − 123 − 12
    expect(saleSplit(1234, 1000, 1000)).toEqual({ gross: 1234, fee: 123, tax: 12, net: 1099 });
    expect(saleSplit(500, 3000, 1000)).toEqual({ gross: 500, fee: 150, tax: 15, net: 335 });
    expect(saleSplit(9, 1000, 1000)).toEqual({ gross: 9, fee: 0, tax: 0, net: 9 });
    expect(saleSplit(0, 1000, 1000)).toEqual(ZERO);
  });

  it("refuses fractions of yen, negative amounts and rates beyond 100 %", () => {
    expect(() => saleSplit(10.5, 1000, 1000)).toThrow(RangeError);
    expect(() => saleSplit(-1, 1000, 1000)).toThrow(RangeError);
    expect(() => saleSplit(100, 10_001, 1000)).toThrow(RangeError);
    // 95 % fee plus 10 % tax on it would take more than the fan paid
    expect(() => saleSplit(100, 9_500, 1000)).toThrow(RangeError);
  });

  it("property: no yen appears or vanishes, and every part is a whole number of yen >= 0", () => {
    fc.assert(
      fc.property(yen, rate, taxRate, (gross, feeBp, taxBp) => {
        const s = saleSplit(gross, feeBp, taxBp);
        expect(s.fee + s.tax + s.net).toBe(gross);
        for (const part of [s.fee, s.tax, s.net]) expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
        // the fee is the floor: never more than the exact share, less by under one yen
        expect(s.fee * 10_000 <= gross * feeBp && (s.fee + 1) * 10_000 > gross * feeBp).toBe(true);
        expect(s.tax * 10_000 <= s.fee * taxBp && (s.tax + 1) * 10_000 > s.fee * taxBp).toBe(true);
      }),
    );
  });
});

describe("refund split", () => {
  it("a full refund takes back exactly the sale", () => {
    const sale = saleSplit(1234, 1000, 1000);
    expect(refundSplit(sale, ZERO, 1234)).toEqual(sale);
  });

  it("refuses more than what is left of the sale", () => {
    const sale = saleSplit(1000, 1000, 1000);
    const first = refundSplit(sale, ZERO, 600);
    expect(() => refundSplit(sale, first, 401)).toThrow(RangeError);
  });

  it("property: refunds in any parts add up to the sale and each is itself whole and balanced", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        rate,
        taxRate,
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (gross, feeBp, taxBp, weights) => {
          const sale = saleSplit(gross, feeBp, taxBp);
          // cut the gross into parts proportional to the weights, the last takes the remainder
          const total = weights.reduce((a, b) => a + b, 0);
          const parts = weights.map((w) => Math.floor((gross * w) / total));
          parts[parts.length - 1]! += gross - parts.reduce((a, b) => a + b, 0);
          let done: Split = ZERO;
          for (const amount of parts) {
            const r = refundSplit(sale, done, amount);
            expect(r.fee + r.tax + r.net).toBe(amount);
            for (const part of [r.fee, r.tax, r.net]) expect(part >= 0).toBe(true);
            done = { gross: done.gross + r.gross, fee: done.fee + r.fee, tax: done.tax + r.tax, net: done.net + r.net };
          }
          expect(done).toEqual(sale);
        },
      ),
    );
  });
});

describe("postings", () => {
  it("a sale takes the gross from the fans' side and gives net, fee and tax; a refund the reverse", () => {
    const split = saleSplit(1000, 1000, 1000);
    expect(entryPostings({ type: "sale", fanclubId: 7, split })).toEqual([
      { account: "fans", fanclubId: null, amount: -1000 },
      { account: "creator", fanclubId: 7, amount: 890 },
      { account: "platform_fee", fanclubId: null, amount: 100 },
      { account: "consumption_tax", fanclubId: null, amount: 10 },
    ]);
    expect(creatorChange({ type: "refund", fanclubId: 7, split })).toBe(-890);
  });

  it("posts nothing for a zero fee", () => {
    const postings = entryPostings({ type: "sale", fanclubId: 1, split: saleSplit(5, 1000, 1000) });
    expect(postings.map((p) => p.account)).toEqual(["fans", "creator"]);
  });

  it("a payout holds the money, then either pays it out or gives it back to the balance", () => {
    const requested = entryPostings({ type: "payout", fanclubId: 3, amount: 5000 });
    const paid = entryPostings({ type: "payout_paid", fanclubId: 3, amount: 5000 });
    const failed = entryPostings({ type: "payout_failed", fanclubId: 3, amount: 5000 });
    const creator = (ps: ReturnType<typeof entryPostings>) => ps.filter((p) => p.account === "creator").reduce((s, p) => s + p.amount, 0);
    expect(creator(requested)).toBe(-5000);
    expect(creator(paid)).toBe(0);
    expect(creator(failed)).toBe(5000);
    expect(paid).toContainEqual({ account: "paid_out", fanclubId: 3, amount: 5000 });
  });

  it("refuses an unbalanced split and a payout of no money", () => {
    expect(() => entryPostings({ type: "sale", fanclubId: 1, split: { gross: 100, fee: 10, tax: 1, net: 90 } })).toThrow(
      EarningsInvariantError,
    );
    expect(() => entryPostings({ type: "payout", fanclubId: 1, amount: 0 })).toThrow(EarningsInvariantError);
  });

  it("property: the postings of every entry sum to zero", () => {
    fc.assert(
      fc.property(yen, rate, taxRate, fc.boolean(), (gross, feeBp, taxBp, refund) => {
        const postings = entryPostings({ type: refund ? "refund" : "sale", fanclubId: 1, split: saleSplit(gross, feeBp, taxBp) });
        expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
      }),
    );
  });
});

describe("earning kinds", () => {
  it("maps every cart target to the kind whose rate applies", () => {
    expect(earningKindOfTarget("join_plan_type")).toBe("plan");
    expect(earningKindOfTarget("upgrade_plan_type")).toBe("plan");
    expect(earningKindOfTarget("live_event_ticket")).toBe("live_ticket");
    expect(earningKindOfTarget("product")).toBe("product");
    expect(earningKindOfTarget("post_tipping")).toBe("tip");
    expect(earningKindOfTarget("fanclub_tipping")).toBe("tip");
    expect(earningKindOfTarget("raffle_entry")).toBe("raffle");
    expect(() => earningKindOfTarget("coins")).toThrow(RangeError);
  });
});

describe("closing months", () => {
  it("May closes when June 10 ends, in Japan time", () => {
    const closes = monthClosesAt("2026-05");
    expect(closes).toBe(jstInstantOf(2026, 6, 11));
    expect(isMonthClosed("2026-05", closes - 1)).toBe(false);
    expect(isMonthClosed("2026-05", closes)).toBe(true);
  });

  it("the last closed month moves on the 11th: on June 10 it is April, on June 11 May", () => {
    expect(lastClosedMonth(jstInstantOf(2026, 6, 10, 23, 59))).toBe("2026-04");
    expect(lastClosedMonth(jstInstantOf(2026, 6, 11))).toBe("2026-05");
    expect(lastClosedMonth(jstInstantOf(2026, 1, 5))).toBe("2025-11");
  });

  it("follows another closing day", () => {
    expect(lastClosedMonth(jstInstantOf(2026, 6, 1), { closingDay: 0 })).toBe("2026-05");
    expect(() => monthClosesAt("2026-05", { closingDay: 40 })).toThrow(RangeError);
  });

  it("lists the chart's twelve months across a year end", () => {
    expect(monthsEndingAt("2026-02", 3)).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(monthsEndingAt("2026-11", 12)).toHaveLength(12);
  });
});
