import { describe, expect, it } from "vitest";
import { formatCompactNumber, formatCount, formatYen } from "../../server/domain/number-display";

describe("formatCompactNumber (spec §9)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1234, "1,234"],
    [9999, "9,999"],
    [10000, "10K"],
    [12345, "12.3K"],
    [12399, "12.3K"],
    [999999, "999.9K"],
    [1234567, "1,234.5K"],
  ])("%d → %s", (n, expected) => {
    expect(formatCompactNumber(n)).toBe(expected);
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [9999, "9999"],
    [10000, "9999+"],
    [123456, "9999+"],
    [-3, "0"],
  ])("%d → %s", (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});

describe("formatYen", () => {
  it("uses ja-JP separators", () => {
    expect(formatYen(1000)).toBe("¥1,000");
    expect(formatYen(0)).toBe("¥0");
  });

  it("refuses fractional yen", () => {
    expect(() => formatYen(10.5)).toThrow(RangeError);
  });
});
