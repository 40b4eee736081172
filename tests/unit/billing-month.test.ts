import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertBillingMonth,
  billingMonthOf,
  compareMonths,
  isBillingMonth,
  jstDayOfMonth,
  jstDayStartMs,
  monthEndMs,
  monthStartMs,
  nextMonth,
} from "../../server/domain/billing-month";

const at = (iso: string) => Date.parse(iso);

describe("billingMonthOf", () => {
  it("is the month in Japan time, not in UTC", () => {
    // 2024-01-31 23:59:59.999 JST is still January; one millisecond later it is February,
    // while UTC still reads 15:00 on January 31.
    expect(billingMonthOf(at("2024-01-31T23:59:59.999+09:00"))).toBe("2024-01");
    expect(billingMonthOf(at("2024-02-01T00:00:00.000+09:00"))).toBe("2024-02");
    expect(billingMonthOf(at("2024-01-31T15:00:00.000Z"))).toBe("2024-02");
    expect(billingMonthOf(at("2024-01-31T14:59:59.999Z"))).toBe("2024-01");
  });

  it("rolls the year over at 00:00 JST on January 1st", () => {
    expect(billingMonthOf(at("2024-12-31T23:59:59.999+09:00"))).toBe("2024-12");
    expect(billingMonthOf(at("2025-01-01T00:00:00.000+09:00"))).toBe("2025-01");
    // UTC is still on Dec 31 then
    expect(billingMonthOf(at("2024-12-31T20:00:00Z"))).toBe("2025-01");
  });

  it("handles leap February", () => {
    expect(billingMonthOf(at("2024-02-29T23:59:59.999+09:00"))).toBe("2024-02");
    expect(billingMonthOf(at("2024-03-01T00:00:00+09:00"))).toBe("2024-03");
    expect(billingMonthOf(at("2023-02-28T23:59:59.999+09:00"))).toBe("2023-02");
    expect(billingMonthOf(at("2023-03-01T00:00:00+09:00"))).toBe("2023-03");
  });

  it("refuses a time that is not a number", () => {
    expect(() => billingMonthOf(Number.NaN)).toThrow(RangeError);
  });
});

describe("month bounds", () => {
  it("starts at 00:00 JST on the 1st and ends (exclusive) at the next 1st", () => {
    expect(monthStartMs("2024-06")).toBe(at("2024-06-01T00:00:00+09:00"));
    expect(monthStartMs("2024-06")).toBe(at("2024-05-31T15:00:00Z"));
    expect(monthEndMs("2024-06")).toBe(at("2024-07-01T00:00:00+09:00"));
    expect(monthEndMs("2024-12")).toBe(at("2025-01-01T00:00:00+09:00"));
  });

  it("lasts 29 days in a leap February, 28 otherwise", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(monthEndMs("2024-02") - monthStartMs("2024-02")).toBe(29 * day);
    expect(monthEndMs("2023-02") - monthStartMs("2023-02")).toBe(28 * day);
    expect(monthEndMs("2100-02") - monthStartMs("2100-02")).toBe(28 * day); // not a leap year
    expect(monthEndMs("2000-02") - monthStartMs("2000-02")).toBe(29 * day);
  });

  it("steps months across the year", () => {
    expect(nextMonth("2024-12")).toBe("2025-01");
    expect(nextMonth("2024-01")).toBe("2024-02");
    expect(nextMonth("2024-09")).toBe("2024-10");
  });

  it("gives the start of a day of the month in JST", () => {
    expect(jstDayStartMs("2024-03", 7)).toBe(at("2024-03-07T00:00:00+09:00"));
    expect(jstDayStartMs("2024-03", 1)).toBe(monthStartMs("2024-03"));
    expect(() => jstDayStartMs("2024-03", 0)).toThrow(RangeError);
    expect(() => jstDayStartMs("2024-03", 1.5)).toThrow(RangeError);
  });

  it("orders months", () => {
    expect(compareMonths("2024-12", "2025-01")).toBeLessThan(0);
    expect(compareMonths("2025-01", "2024-12")).toBeGreaterThan(0);
    expect(compareMonths("2024-05", "2024-05")).toBe(0);
  });

  it("accepts only yyyy-mm", () => {
    for (const bad of ["2024-1", "2024-13", "2024-00", "24-01", "2024/01", "2024-01-01", "", "0999-01"]) {
      expect(isBillingMonth(bad)).toBe(false);
      expect(() => monthStartMs(bad)).toThrow(RangeError);
      expect(() => assertBillingMonth(bad)).toThrow(RangeError);
    }
    expect(isBillingMonth("2024-01")).toBe(true);
  });
});

describe("jstDayOfMonth", () => {
  it("turns the day at 00:00 JST", () => {
    expect(jstDayOfMonth(at("2024-03-06T23:59:59.999+09:00"))).toBe(6);
    expect(jstDayOfMonth(at("2024-03-07T00:00:00+09:00"))).toBe(7);
    expect(jstDayOfMonth(at("2024-03-06T15:00:00Z"))).toBe(7); // 00:00 JST on the 7th
    expect(jstDayOfMonth(at("2024-02-29T12:00:00+09:00"))).toBe(29);
    expect(jstDayOfMonth(at("2024-03-31T23:59:59.999+09:00"))).toBe(31);
    expect(jstDayOfMonth(at("2024-04-01T00:00:00+09:00"))).toBe(1);
  });
});

// Japan has kept UTC+9 without daylight saving since 1951 (Asia/Tokyo observed DST 1948–1951),
// so the fixed offset must agree with the time zone database for every later instant.
describe("agrees with Intl's Asia/Tokyo", () => {
  const tokyo = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit" });
  const parts = (ms: number) => Object.fromEntries(tokyo.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const instant = fc.integer({ min: Date.UTC(1952, 0, 1), max: Date.UTC(2200, 0, 1) });

  it("on the month and the day of any instant", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const p = parts(ms);
        expect(billingMonthOf(ms)).toBe(`${p.year}-${p.month}`);
        expect(jstDayOfMonth(ms)).toBe(Number(p.day));
      }),
      { numRuns: 2000 },
    );
  });

  it("on where months begin", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const month = billingMonthOf(ms);
        const start = monthStartMs(month);
        const end = monthEndMs(month);
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(end);
        expect(parts(start).day).toBe("01");
        expect(nextMonth(billingMonthOf(start - 1))).toBe(month);
        expect(billingMonthOf(end)).toBe(nextMonth(month));
      }),
      { numRuns: 1000 },
    );
  });
});
