import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  membershipGrantsAccess,
  paidMonthCovers,
  quotePlanChange,
  type HeldMembership,
  type PaidMonth,
  type PlanQuote,
  type SelectedPlan,
} from "../../server/domain/plan-change";

const at = (iso: string) => Date.parse(iso);
const plan = (planId: number, price: number, closed: Partial<Pick<SelectedPlan, "disabledAt" | "isCloseApplied">> = {}): SelectedPlan => ({
  planId,
  price,
  disabledAt: null,
  isCloseApplied: false,
  ...closed,
});
const held = (planId: number, planPrice: number, paidThroughMonth: string | null, extra: Partial<HeldMembership> = {}): HeldMembership => ({
  planId,
  planPrice,
  status: "active",
  paidThroughMonth,
  ...extra,
});

describe("joining", () => {
  it("mid-month charges the full month, for the month of joining, from now", () => {
    const now = at("2024-06-20T18:30:00+09:00");
    expect(quotePlanChange({ current: null, selected: plan(7, 1000), now })).toEqual({
      kind: "join",
      planId: 7,
      cartTargetType: "join_plan_type",
      chargeNow: 1000,
      effectiveAt: now,
      paidThroughMonth: "2024-06",
      paidForMonth: 1000,
      grantsMonth: "2024-06",
      nextRenewalAt: at("2024-07-01T00:00:00+09:00"),
      renewalPrice: 1000,
    });
  });

  it("on the month's last millisecond (JST) still pays that month in full; a millisecond later pays the next", () => {
    const last = quotePlanChange({ current: null, selected: plan(7, 1000), now: at("2024-06-30T23:59:59.999+09:00") });
    expect(last).toMatchObject({ chargeNow: 1000, paidThroughMonth: "2024-06", nextRenewalAt: at("2024-07-01T00:00:00+09:00") });
    // 15:00 UTC on June 30 is already July 1st in Japan
    const first = quotePlanChange({ current: null, selected: plan(7, 1000), now: at("2024-06-30T15:00:00Z") });
    expect(first).toMatchObject({ chargeNow: 1000, paidThroughMonth: "2024-07", nextRenewalAt: at("2024-08-01T00:00:00+09:00") });
  });

  it("in December renews on January 1st of the next year", () => {
    const q = quotePlanChange({ current: null, selected: plan(7, 500), now: at("2024-12-31T10:00:00+09:00") });
    expect(q).toMatchObject({ paidThroughMonth: "2024-12", nextRenewalAt: at("2025-01-01T00:00:00+09:00") });
  });

  it("in a leap February renews on March 1st", () => {
    const q = quotePlanChange({ current: null, selected: plan(7, 500), now: at("2024-02-29T12:00:00+09:00") });
    expect(q).toMatchObject({ paidThroughMonth: "2024-02", nextRenewalAt: at("2024-03-01T00:00:00+09:00") });
  });

  it("a free plan costs nothing and still renews monthly", () => {
    expect(quotePlanChange({ current: null, selected: plan(7, 0), now: at("2024-06-20T12:00:00+09:00") })).toMatchObject({
      kind: "join",
      chargeNow: 0,
      renewalPrice: 0,
    });
  });

  it("is refused for a disabled plan or one whose closing was applied", () => {
    const now = at("2024-06-20T12:00:00+09:00");
    expect(quotePlanChange({ current: null, selected: plan(7, 500, { disabledAt: now - 1 }), now })).toEqual({
      kind: "unavailable",
      reason: "planClosed",
    });
    expect(quotePlanChange({ current: null, selected: plan(7, 500, { isCloseApplied: true }), now })).toEqual({
      kind: "unavailable",
      reason: "planClosed",
    });
  });
});

describe("upgrading", () => {
  const now = at("2024-06-20T12:00:00+09:00");

  it("charges the price difference now and applies at once", () => {
    expect(quotePlanChange({ current: held(1, 500, "2024-06"), selected: plan(2, 1200), now })).toEqual({
      kind: "upgrade",
      planId: 2,
      cartTargetType: "upgrade_plan_type",
      chargeNow: 700,
      effectiveAt: now,
      paidThroughMonth: "2024-06",
      paidForMonth: 1200,
      grantsMonth: "2024-06",
      nextRenewalAt: at("2024-07-01T00:00:00+09:00"),
      renewalPrice: 1200,
    });
  });

  it("to a plan at the same price costs nothing", () => {
    expect(quotePlanChange({ current: held(1, 500, "2024-06"), selected: plan(2, 500), now })).toMatchObject({
      kind: "upgrade",
      chargeNow: 0,
    });
  });

  it("after a downgrade in the same month counts what the month already paid", () => {
    // paid 1000 for June, downgraded to 500, now back up
    const current = held(2, 500, "2024-06", { paidForMonth: 1000 });
    expect(quotePlanChange({ current, selected: plan(3, 800), now })).toMatchObject({ kind: "upgrade", chargeNow: 0, paidForMonth: 1000 });
    expect(quotePlanChange({ current, selected: plan(4, 1500), now })).toMatchObject({
      kind: "upgrade",
      chargeNow: 500,
      paidForMonth: 1500,
    });
  });

  it("before the month's renewal has run (early on the 1st) pays the whole month at the new price", () => {
    const early = at("2024-07-01T00:05:00+09:00");
    expect(quotePlanChange({ current: held(1, 500, "2024-06"), selected: plan(2, 1200), now: early })).toMatchObject({
      kind: "upgrade",
      chargeNow: 1200,
      paidThroughMonth: "2024-07",
      paidForMonth: 1200,
      grantsMonth: "2024-07",
      nextRenewalAt: at("2024-08-01T00:00:00+09:00"),
    });
  });

  it("from a membership that has paid for no month yet pays the whole month", () => {
    expect(quotePlanChange({ current: held(1, 500, null), selected: plan(2, 1200), now })).toMatchObject({
      kind: "upgrade",
      chargeNow: 1200,
      paidThroughMonth: "2024-06",
    });
  });

  it("is refused to a closed plan", () => {
    expect(quotePlanChange({ current: held(1, 500, "2024-06"), selected: plan(2, 1200, { isCloseApplied: true }), now })).toEqual({
      kind: "unavailable",
      reason: "planClosed",
    });
  });
});

describe("downgrading", () => {
  const now = at("2024-06-20T12:00:00+09:00");

  it("applies at once with no charge and no refund; the next renewal charges the lower price", () => {
    expect(quotePlanChange({ current: held(1, 1000, "2024-06"), selected: plan(2, 500), now })).toEqual({
      kind: "downgrade",
      planId: 2,
      cartTargetType: null,
      chargeNow: 0,
      effectiveAt: now,
      paidThroughMonth: "2024-06",
      paidForMonth: 1000,
      grantsMonth: null,
      nextRenewalAt: at("2024-07-01T00:00:00+09:00"),
      renewalPrice: 500,
    });
  });

  it("before the month's renewal has run leaves that renewal due now, at the lower price", () => {
    const early = at("2024-07-01T00:05:00+09:00");
    expect(quotePlanChange({ current: held(1, 1000, "2024-06"), selected: plan(2, 500), now: early })).toMatchObject({
      kind: "downgrade",
      chargeNow: 0,
      paidThroughMonth: "2024-06",
      nextRenewalAt: early,
      renewalPrice: 500,
    });
  });

  it("is refused to a closed plan", () => {
    expect(quotePlanChange({ current: held(1, 1000, "2024-06"), selected: plan(2, 500, { disabledAt: 1 }), now })).toEqual({
      kind: "unavailable",
      reason: "planClosed",
    });
  });
});

describe("the plan held", () => {
  it("is the current plan, nothing to pay", () => {
    expect(quotePlanChange({ current: held(1, 1000, "2024-06"), selected: plan(1, 1000), now: at("2024-06-20T12:00:00+09:00") })).toEqual({
      kind: "current",
    });
  });
});

describe("leaving", () => {
  it("keeps access until the end of the paid month (00:00 JST on the next 1st)", () => {
    const now = at("2024-06-03T09:00:00+09:00");
    expect(quotePlanChange({ current: held(1, 1000, "2024-06"), selected: null, now })).toEqual({
      kind: "leave",
      chargeNow: 0,
      effectiveAt: now,
      accessEndsAt: at("2024-07-01T00:00:00+09:00"),
      nextRenewalAt: null,
    });
  });

  it("from an unpaid membership ends access now", () => {
    const now = at("2024-07-03T09:00:00+09:00");
    expect(quotePlanChange({ current: held(1, 1000, "2024-06", { status: "unpaid" }), selected: null, now })).toMatchObject({
      kind: "leave",
      accessEndsAt: now,
    });
  });

  it("from a membership that has paid for no month yet ends access now", () => {
    const now = at("2024-06-03T09:00:00+09:00");
    expect(quotePlanChange({ current: held(1, 1000, null), selected: null, now })).toMatchObject({ kind: "leave", accessEndsAt: now });
  });

  it("without a membership is refused", () => {
    expect(quotePlanChange({ current: null, selected: null, now: 0 })).toEqual({ kind: "unavailable", reason: "notMember" });
  });
});

describe("re-joining in the month one left", () => {
  it("is charged the full price again", () => {
    const leftAt = at("2024-06-10T12:00:00+09:00");
    const leave = quotePlanChange({ current: held(1, 1000, "2024-06"), selected: null, now: leftAt });
    expect(leave.kind).toBe("leave");
    // after leaving there is no held membership: the left one gives no credit
    const rejoin = quotePlanChange({ current: null, selected: plan(1, 1000), now: at("2024-06-11T12:00:00+09:00") });
    expect(rejoin).toMatchObject({ kind: "join", chargeNow: 1000, paidThroughMonth: "2024-06" });
  });
});

describe("an unpaid (expired) membership", () => {
  const now = at("2024-07-03T09:00:00+09:00");
  const unpaid = held(1, 1000, "2024-06", { status: "unpaid" });

  it("pays its plan for the current month in full through the subscribe cart", () => {
    expect(quotePlanChange({ current: unpaid, selected: plan(1, 1000), now })).toEqual({
      kind: "resume",
      planId: 1,
      cartTargetType: "subscribe_plan_type",
      chargeNow: 1000,
      effectiveAt: now,
      paidThroughMonth: "2024-07",
      paidForMonth: 1000,
      grantsMonth: "2024-07",
      nextRenewalAt: at("2024-08-01T00:00:00+09:00"),
      renewalPrice: 1000,
    });
  });

  it("may pay its plan even after the plan was closed (members keep closed plans)", () => {
    expect(quotePlanChange({ current: unpaid, selected: plan(1, 1000, { isCloseApplied: true }), now })).toMatchObject({ kind: "resume" });
  });

  it("cannot change to another plan before paying or leaving", () => {
    expect(quotePlanChange({ current: unpaid, selected: plan(2, 500), now })).toEqual({ kind: "unavailable", reason: "unpaid" });
    expect(quotePlanChange({ current: unpaid, selected: plan(3, 3000), now })).toEqual({ kind: "unavailable", reason: "unpaid" });
  });
});

describe("within one month, the fan pays the highest price they held, once", () => {
  it("for any sequence of plan changes after joining", () => {
    const month = { start: at("2024-06-01T00:00:00+09:00"), end: at("2024-07-01T00:00:00+09:00") };
    fc.assert(
      fc.property(
        fc.array(fc.record({ planId: fc.integer({ min: 1, max: 6 }), price: fc.constantFrom(0, 100, 500, 1000, 3000, 50000) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.integer({ min: month.start, max: month.end - 1 }), { minLength: 12, maxLength: 12 }),
        (choices, times) => {
          // one price per plan id
          const priceOf = new Map<number, number>();
          for (const c of choices) if (!priceOf.has(c.planId)) priceOf.set(c.planId, c.price);
          const sortedTimes = [...times].sort((a, b) => a - b);
          let current: HeldMembership | null = null;
          let charged = 0;
          let highest = 0;
          choices.forEach((c, i) => {
            const selected = plan(c.planId, priceOf.get(c.planId)!);
            const q: PlanQuote = quotePlanChange({ current, selected, now: sortedTimes[i]! });
            if (q.kind === "current") return;
            if (q.kind !== "join" && q.kind !== "upgrade" && q.kind !== "downgrade") throw new Error(`unexpected ${q.kind}`);
            expect(q.chargeNow).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(q.chargeNow)).toBe(true);
            charged += q.chargeNow;
            highest = Math.max(highest, selected.price);
            current = {
              planId: q.planId,
              planPrice: selected.price,
              status: "active",
              paidThroughMonth: q.paidThroughMonth,
              paidForMonth: q.paidForMonth,
            };
            expect(q.paidThroughMonth).toBe("2024-06");
          });
          expect(charged).toBe(highest);
        },
      ),
    );
  });
});

describe("membershipGrantsAccess", () => {
  it("active: yes, also before the month's renewal has run", () => {
    expect(membershipGrantsAccess({ status: "active", paidThroughMonth: "2024-06" }, at("2024-07-01T00:05:00+09:00"))).toBe(true);
  });

  it("unpaid: no", () => {
    expect(membershipGrantsAccess({ status: "unpaid", paidThroughMonth: "2024-06" }, at("2024-07-02T00:00:00+09:00"))).toBe(false);
  });

  it("left: until the end of the paid month, exclusive", () => {
    const left = { status: "left" as const, paidThroughMonth: "2024-06" };
    expect(membershipGrantsAccess(left, at("2024-06-30T23:59:59.999+09:00"))).toBe(true);
    expect(membershipGrantsAccess(left, at("2024-07-01T00:00:00+09:00"))).toBe(false);
    expect(membershipGrantsAccess({ status: "left", paidThroughMonth: null }, at("2024-06-15T00:00:00+09:00"))).toBe(false);
  });
});

describe("paidMonthCovers", () => {
  const paid: PaidMonth[] = [
    { fanclubId: 10, month: "2024-05", planId: 2, planPrice: 1000 },
    { fanclubId: 10, month: "2024-06", planId: 1, planPrice: 500 },
  ];
  const post = (publishedAt: string, planId: number | null, planPrice: number | null, fanclubId = 10) => ({
    fanclubId,
    publishedAt: at(publishedAt),
    planId,
    planPrice,
  });

  it("always covers a post for anyone", () => {
    expect(paidMonthCovers([], post("2024-01-01T00:00:00+09:00", null, null))).toBe(true);
  });

  it("covers a post of the paid plan published in a paid month", () => {
    expect(paidMonthCovers(paid, post("2024-06-15T12:00:00+09:00", 1, 500))).toBe(true);
  });

  it("covers a post of a cheaper plan when the month was paid at a higher price", () => {
    expect(paidMonthCovers(paid, post("2024-05-15T12:00:00+09:00", 1, 500))).toBe(true);
    expect(paidMonthCovers(paid, post("2024-05-15T12:00:00+09:00", 3, 800))).toBe(true);
  });

  it("does not cover a post of a dearer plan, nor another plan at the same price (the paywall's rule)", () => {
    expect(paidMonthCovers(paid, post("2024-06-15T12:00:00+09:00", 2, 1000))).toBe(false);
    expect(paidMonthCovers(paid, post("2024-06-15T12:00:00+09:00", 4, 500))).toBe(false);
  });

  it("does not cover a post published in a month not paid for", () => {
    expect(paidMonthCovers(paid, post("2024-07-01T00:00:00+09:00", 1, 500))).toBe(false);
    expect(paidMonthCovers(paid, post("2024-04-30T23:59:59.999+09:00", 1, 500))).toBe(false);
  });

  it("places the post in its Japan-time month", () => {
    expect(paidMonthCovers(paid, post("2024-06-30T23:59:59.999+09:00", 1, 500))).toBe(true);
    expect(paidMonthCovers(paid, post("2024-06-30T15:00:00Z", 1, 500))).toBe(false); // July 1st in Japan
    expect(paidMonthCovers(paid, post("2024-05-31T15:00:00Z", 1, 500))).toBe(true); // June 1st in Japan
  });

  it("does not carry over to another fan club", () => {
    expect(paidMonthCovers(paid, post("2024-06-15T12:00:00+09:00", 1, 500, 11))).toBe(false);
    expect(paidMonthCovers(paid, post("2024-05-15T12:00:00+09:00", 9, 100, 11))).toBe(false);
  });
});
