import { describe, expect, it } from "vitest";
import { formatCoins, formatCompactNumber, formatCount, formatNumber, formatYen } from "../../server/domain/number-display";

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

describe("formatCoins (the one coin formatter: wallet, header, payment modal, histories)", () => {
  it("writes ja-JP separators and the unit C after a space, as the wallet screens do", () => {
    expect(formatCoins(1000)).toBe("1,000 C");
    expect(formatCoins(0)).toBe("0 C");
    expect(formatCoins(1234567)).toBe("1,234,567 C");
  });
});

describe("formatNumber", () => {
  it("uses ja-JP separators whatever the language, for counts and amounts whose unit the text writes", () => {
    expect(formatNumber(100000)).toBe("100,000");
    expect(formatNumber(999)).toBe("999");
  });
});
