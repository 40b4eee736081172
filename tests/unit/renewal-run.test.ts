import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billingMonthOf, monthStartMs } from "../../server/domain/billing-month";
import { shouldAutoLeave } from "../../server/domain/renewal";
import {
  AUTO_LEAVE_PAGE,
  autoLeaveCutoff,
  chunksOf,
  MONEY_CRON,
  moneyCronPlan,
  monthLabel,
  payByLabel,
  payExpiredPath,
  RENEWAL_CHUNK,
  RENEWAL_SCAN_PAGE,
} from "../../server/domain/renewal-run";
import { formatJstDateTime } from "../../server/domain/jst-time";

const at = (iso: string) => Date.parse(iso);

describe("moneyCronPlan", () => {
  it("starts the month's renewals at 00:00 JST on the 1st (15:00 UTC the day before), and only then", () => {
    expect(moneyCronPlan(at("2026-05-31T15:00:00Z"))).toEqual({ month: "2026-06", renewalMonth: "2026-06" });
    expect(moneyCronPlan(at("2026-05-31T14:59:59.999Z"))).toEqual({ month: "2026-05", renewalMonth: null });
    expect(moneyCronPlan(at("2026-06-01T15:00:00Z"))).toEqual({ month: "2026-06", renewalMonth: null });
    // the last run of the year starts January's renewals
    expect(moneyCronPlan(at("2026-12-31T15:00:00Z"))).toEqual({ month: "2027-01", renewalMonth: "2027-01" });
  });

  it("renews on exactly one day of every month", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (t) => {
        const month = billingMonthOf(t);
        const start = monthStartMs(month);
        const days = Array.from({ length: 31 }, (_, d) => moneyCronPlan(start + d * 86_400_000)).filter((p) => p.month === month);
        expect(days.filter((p) => p.renewalMonth === month)).toHaveLength(1);
      }),
    );
  });

  it("is the cron the Worker is configured with, in development and production", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const crons = [...toml.matchAll(/^crons = \[(.*)\]$/gm)].map((m) => m[1]!);
    expect(crons).toHaveLength(2);
    for (const list of crons) expect(list).toContain(`"${MONEY_CRON}"`);
  });
});

describe("autoLeaveCutoff", () => {
  it("picks in SQL exactly the unpaid memberships shouldAutoLeave sends away", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 0, max: 120 * 86_400_000 }),
        (now, ago) => {
          const expiredAt = now - ago;
          expect(expiredAt < autoLeaveCutoff(now)).toBe(shouldAutoLeave({ status: "unpaid", expiredAt }, now));
        },
      ),
    );
  });

  it("before 00:00 JST on the 7th takes only earlier months; from then on this month's failures too", () => {
    const june6at2359 = at("2026-06-06T14:59:00Z");
    expect(autoLeaveCutoff(june6at2359)).toBe(at("2026-05-31T15:00:00Z"));
    const june7 = at("2026-06-06T15:00:00Z");
    expect(autoLeaveCutoff(june7)).toBe(june7 + 1);
  });
});

describe("paging the run", () => {
  it("a scan page's renewal messages fit one sendBatch (at most 100)", () => {
    expect(RENEWAL_SCAN_PAGE / RENEWAL_CHUNK).toBeLessThanOrEqual(100);
    expect(RENEWAL_SCAN_PAGE % RENEWAL_CHUNK).toBe(0);
    expect(AUTO_LEAVE_PAGE).toBeGreaterThan(0);
  });

  it("chunksOf keeps every id once, in order, in runs of at most the size", () => {
    fc.assert(
      fc.property(fc.array(fc.nat()), fc.integer({ min: 1, max: 20 }), (ids, size) => {
        const chunks = chunksOf(ids, size);
        expect(chunks.flat()).toEqual(ids);
        expect(chunks.every((c) => c.length >= 1 && c.length <= size)).toBe(true);
        expect(chunks.slice(0, -1).every((c) => c.length === size)).toBe(true);
      }),
    );
    expect(() => chunksOf([1], 0)).toThrow(RangeError);
  });
});

describe("notice dates", () => {
  it("are Japan time in spec §9's yyyy/MM/dd HH:mm", () => {
    expect(formatJstDateTime(at("2026-06-06T14:59:00Z"))).toBe("2026/06/06 23:59");
    expect(formatJstDateTime(at("2026-12-31T15:00:00Z"))).toBe("2027/01/01 00:00");
    expect(monthLabel("2026-06")).toBe("2026/06");
  });

  it("the last minute to pay an unpaid month is 23:59 JST on the 6th", () => {
    expect(payByLabel("2026-06")).toBe("2026/06/06 23:59");
    expect(payByLabel("2027-01")).toBe("2027/01/06 23:59");
  });

  it("the pay link opens the fan club page with the expired-plans page asked for", () => {
    expect(payExpiredPath(101)).toBe("/fanclubs/101?payExpired=1");
  });
});
