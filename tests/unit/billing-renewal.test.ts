import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billingMonthOf, monthStartMs, nextMonth, type BillingMonth } from "../../server/domain/billing-month";
import type { MembershipStatus } from "../../server/domain/plan-change";
import {
  autoLeaveAtMs,
  renewalDue,
  renewalKey,
  renewalPlan,
  renewalResult,
  shouldAutoLeave,
  type RenewalMethod,
} from "../../server/domain/renewal";

const at = (iso: string) => Date.parse(iso);

describe("renewalKey", () => {
  it("is renewal:{membershipId}:{yyyy-mm}", () => {
    expect(renewalKey(42, "2024-07")).toBe("renewal:42:2024-07");
  });

  it("refuses what would make a key that matches nothing or everything", () => {
    expect(() => renewalKey(0, "2024-07")).toThrow(RangeError);
    expect(() => renewalKey(1.5, "2024-07")).toThrow(RangeError);
    expect(() => renewalKey(42, "2024-7")).toThrow(RangeError);
  });
});

describe("renewalDue", () => {
  const active = { status: "active" as const, paidThroughMonth: "2024-06" };

  it("from 00:00 JST on the 1st of the month, not a millisecond before", () => {
    expect(renewalDue(active, "2024-07", at("2024-06-30T23:59:59.999+09:00"))).toBe(false);
    expect(renewalDue(active, "2024-07", at("2024-07-01T00:00:00+09:00"))).toBe(true);
    expect(renewalDue(active, "2024-07", at("2024-06-30T15:00:00Z"))).toBe(true); // the same instant in UTC
  });

  it("on any later day of the month (a run that missed the 1st still renews)", () => {
    expect(renewalDue(active, "2024-07", at("2024-07-02T00:00:00+09:00"))).toBe(true);
    expect(renewalDue(active, "2024-07", at("2024-07-31T23:59:59.999+09:00"))).toBe(true);
  });

  it("not once the month is paid", () => {
    expect(renewalDue({ status: "active", paidThroughMonth: "2024-07" }, "2024-07", at("2024-07-01T00:00:00+09:00"))).toBe(false);
  });

  it("for a membership that has paid for no month yet", () => {
    expect(renewalDue({ status: "active", paidThroughMonth: null }, "2024-07", at("2024-07-01T00:00:00+09:00"))).toBe(true);
  });

  it("not for unpaid or left memberships", () => {
    expect(renewalDue({ status: "unpaid", paidThroughMonth: "2024-06" }, "2024-07", at("2024-07-02T00:00:00+09:00"))).toBe(false);
    expect(renewalDue({ status: "left", paidThroughMonth: "2024-06" }, "2024-07", at("2024-07-01T00:00:00+09:00"))).toBe(false);
  });

  it("not for a job of a month that is over (stale message)", () => {
    expect(renewalDue(active, "2024-07", at("2024-08-01T00:00:00+09:00"))).toBe(false);
  });

  it("across the year: December paid, January due from 00:00 JST on January 1st", () => {
    const dec = { status: "active" as const, paidThroughMonth: "2024-12" };
    expect(renewalDue(dec, "2025-01", at("2024-12-31T23:59:59.999+09:00"))).toBe(false);
    expect(renewalDue(dec, "2025-01", at("2025-01-01T00:00:00+09:00"))).toBe(true);
  });
});

describe("renewalPlan", () => {
  it("tries the card first, then coins when coin-for-renewal is on and the balance covers the price", () => {
    expect(renewalPlan({ price: 1000, hasCard: true, coinForRenewal: true, coinBalance: 1000 })).toEqual(["card", "coin"]);
    expect(renewalPlan({ price: 1000, hasCard: false, coinForRenewal: true, coinBalance: 5000 })).toEqual(["coin"]);
  });

  it("never pays part of a renewal in coins", () => {
    expect(renewalPlan({ price: 1000, hasCard: true, coinForRenewal: true, coinBalance: 999 })).toEqual(["card"]);
    expect(renewalPlan({ price: 1000, hasCard: false, coinForRenewal: true, coinBalance: 999 })).toEqual([]);
  });

  it("leaves coins alone when coin-for-renewal is off", () => {
    expect(renewalPlan({ price: 1000, hasCard: true, coinForRenewal: false, coinBalance: 5000 })).toEqual(["card"]);
    expect(renewalPlan({ price: 1000, hasCard: false, coinForRenewal: false, coinBalance: 5000 })).toEqual([]);
  });

  it("renews a free plan without a payment", () => {
    expect(renewalPlan({ price: 0, hasCard: false, coinForRenewal: false, coinBalance: 0 })).toEqual(["free"]);
  });
});

// Spec §4 "renews when a card is registered or coin-for-renewal is set" is renewalPlan with
// enough coins: the renewal run decides with renewalPlan alone, so the rule is tested there.
describe("renewalPlan: who can renew at all (spec §4)", () => {
  const canRenew = (input: { price: number; hasCard: boolean; coinForRenewal: boolean }) =>
    renewalPlan({ ...input, coinBalance: input.price }).length > 0;
  it("needs a registered card or coin-for-renewal, except for a free plan", () => {
    expect(canRenew({ price: 500, hasCard: true, coinForRenewal: false })).toBe(true);
    expect(canRenew({ price: 500, hasCard: false, coinForRenewal: true })).toBe(true);
    expect(canRenew({ price: 500, hasCard: false, coinForRenewal: false })).toBe(false);
    expect(canRenew({ price: 0, hasCard: false, coinForRenewal: false })).toBe(true);
  });
});

describe("renewalResult", () => {
  it("paid: the month is paid through, at the plan's price", () => {
    expect(renewalResult("2024-07", 1000, "coin")).toEqual({
      status: "active",
      paidThroughMonth: "2024-07",
      paidForMonth: 1000,
      chargedBy: "coin",
    });
  });

  it("failed: unpaid for the month, leaving at 00:00 JST on the 7th", () => {
    expect(renewalResult("2024-07", 1000, null)).toEqual({
      status: "unpaid",
      unpaidMonth: "2024-07",
      autoLeaveAt: at("2024-07-07T00:00:00+09:00"),
    });
  });
});

describe("shouldAutoLeave", () => {
  // the July renewal failed on July 1st
  const unpaid = { status: "unpaid" as const, expiredAt: at("2024-07-01T00:00:10+09:00") };

  it("not up to 23:59:59.999 JST on the 6th of the month whose renewal failed", () => {
    expect(shouldAutoLeave(unpaid, at("2024-07-01T00:00:10+09:00"))).toBe(false);
    expect(shouldAutoLeave(unpaid, at("2024-07-06T23:59:59.999+09:00"))).toBe(false);
  });

  it("from 00:00 JST on the 7th", () => {
    expect(shouldAutoLeave(unpaid, at("2024-07-07T00:00:00+09:00"))).toBe(true);
    expect(shouldAutoLeave(unpaid, at("2024-07-06T15:00:00Z"))).toBe(true); // the same instant in UTC
    expect(shouldAutoLeave(unpaid, at("2024-07-20T00:00:00+09:00"))).toBe(true);
  });

  it("counts the grace from the failure's month, even when earlier months went unbilled", () => {
    const late = { status: "unpaid" as const, expiredAt: at("2024-09-02T00:00:00+09:00") };
    expect(shouldAutoLeave(late, at("2024-09-06T12:00:00+09:00"))).toBe(false);
    expect(shouldAutoLeave(late, at("2024-09-07T00:00:00+09:00"))).toBe(true);
  });

  it("at once when the failure came after the 7th (a late run): the month's grace is over", () => {
    const afterGrace = { status: "unpaid" as const, expiredAt: at("2024-07-10T00:00:00+09:00") };
    expect(shouldAutoLeave(afterGrace, at("2024-07-10T00:00:01+09:00"))).toBe(true);
  });

  it("never for an active or left membership, nor an unpaid one without a failure time", () => {
    const later = at("2024-07-10T00:00:00+09:00");
    expect(shouldAutoLeave({ status: "active", expiredAt: null }, later)).toBe(false);
    expect(shouldAutoLeave({ status: "left", expiredAt: unpaid.expiredAt }, later)).toBe(false);
    expect(shouldAutoLeave({ status: "unpaid", expiredAt: null }, later)).toBe(false);
  });

  it("in January for a renewal that failed on January 1st", () => {
    const jan = { status: "unpaid" as const, expiredAt: at("2025-01-01T00:00:00+09:00") };
    expect(shouldAutoLeave(jan, at("2025-01-06T23:59:59.999+09:00"))).toBe(false);
    expect(shouldAutoLeave(jan, at("2025-01-07T00:00:00+09:00"))).toBe(true);
    expect(autoLeaveAtMs("2025-01")).toBe(at("2025-01-07T00:00:00+09:00"));
  });
});

// A year of daily runs, some repeated or redelivered, at random times of day, against one
// membership whose card and coins succeed or fail at random: the rules must charge each month at
// most once, never skip an active month, and let an unpaid membership go on the 7th.
describe("a year of renewal runs", () => {
  it("charges each month at most once and exactly once while the membership stays", () => {
    const day = 24 * 60 * 60 * 1000;
    const start = monthStartMs("2024-01");
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            runsToday: fc.integer({ min: 0, max: 3 }),
            minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
            cardWorks: fc.boolean(),
          }),
          {
            minLength: 366,
            maxLength: 366,
          },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 20_000 }),
        (days, coinForRenewal, initialCoins) => {
          const m: { id: number; status: MembershipStatus; paidThroughMonth: BillingMonth; expiredAt: number | null } = {
            id: 1,
            status: "active",
            paidThroughMonth: "2023-12",
            expiredAt: null,
          };
          let coins = initialCoins;
          const keys = new Set<string>();
          const charges = new Map<BillingMonth, RenewalMethod>();
          let leftOn: number | null = null;
          days.forEach((d, i) => {
            const now = start + i * day + d.minute * 60 * 1000;
            for (let run = 0; run < d.runsToday; run++) {
              const month = billingMonthOf(now);
              if (shouldAutoLeave(m, now)) {
                m.status = "left";
                leftOn = now;
              }
              if (!renewalDue(m, month, now)) continue;
              const key = renewalKey(m.id, month);
              if (keys.has(key)) continue; // the batch with this key already happened
              const attempts = renewalPlan({ price: 1000, hasCard: true, coinForRenewal, coinBalance: coins });
              let paidBy: RenewalMethod | null = null;
              for (const method of attempts) {
                if (method === "card" && d.cardWorks) paidBy = "card";
                if (method === "coin") {
                  coins -= 1000;
                  paidBy = "coin";
                }
                if (paidBy) break;
              }
              keys.add(key);
              const result = renewalResult(month, 1000, paidBy);
              if (result.status === "active") {
                expect(charges.has(month)).toBe(false);
                charges.set(month, result.chargedBy);
                m.paidThroughMonth = result.paidThroughMonth;
              } else {
                m.status = "unpaid";
                m.expiredAt = now;
                expect(result.autoLeaveAt).toBe(autoLeaveAtMs(month));
              }
            }
          });
          expect(coins).toBeGreaterThanOrEqual(0);
          expect([...charges.keys()].every((month) => month >= "2024-01" && month <= "2024-12")).toBe(true);
          if (coinForRenewal && initialCoins >= 12 * 1000) {
            // coins always cover a failed card: nothing lapses, every month is paid once
            expect(m.status).toBe("active");
            expect(charges.size).toBe(12);
          }
          if (!coinForRenewal) expect([...charges.values()].every((method) => method === "card")).toBe(true);
          if (leftOn !== null) {
            // it left on or after the 7th (JST) of the month whose renewal failed, and that
            // month is the one after its last paid month
            expect(m.status).toBe("left");
            expect(billingMonthOf(m.expiredAt!)).toBe(nextMonth(m.paidThroughMonth));
            expect(leftOn).toBeGreaterThanOrEqual(autoLeaveAtMs(nextMonth(m.paidThroughMonth)));
          }
          if (m.status === "active") {
            // every month in which a run happened while it was active was charged, in order
            let month = "2024-01";
            while (month <= m.paidThroughMonth) {
              expect(charges.has(month)).toBe(true);
              month = nextMonth(month);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
