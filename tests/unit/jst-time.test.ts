import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatJstDate,
  formatJstDateTime,
  formatJstTime,
  formatLocalDate,
  formatLocalMonth,
  jstInstantOf,
  jstIso,
  jstWallClock,
} from "../../server/domain/jst-time";

const at = (iso: string) => Date.parse(iso);
const LOCALES = ["ja", "en", "zh-cn", "zh-tw", "ko"] as const;

// What the pages built by hand before this module (an Intl formatter in Asia/Tokyo per page): the
// shared formatter must give the same text, in every language.
const handMade = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : locale, { ...options, timeZone: "Asia/Tokyo" });

describe("Japan time", () => {
  it("reads the wall clock nine hours ahead of UTC, across the date line", () => {
    expect(jstWallClock(at("2024-12-31T15:00:00Z"))).toEqual({ y: 2025, mo: 1, d: 1, h: 0, mi: 0, s: 0 });
    expect(jstInstantOf(2025, 1, 1)).toBe(at("2024-12-31T15:00:00Z"));
    expect(jstInstantOf(2024, 3, 7, 24, 0)).toBe(at("2024-03-08T00:00:00+09:00"));
  });

  it("writes dates, times and stamps in Japan time", () => {
    const ms = at("2024-05-01T15:30:05Z");
    expect(formatJstDate(ms)).toBe("2024-05-02");
    expect(formatJstDate(ms, "")).toBe("20240502");
    expect(formatJstTime(ms)).toBe("00:30");
    expect(formatJstDateTime(ms)).toBe("2024/05/02 00:30");
    expect(jstIso(ms)).toBe("2024-05-02T00:30:05+09:00");
  });

  it("agrees with Intl's Asia/Tokyo on any instant", () => {
    const parts = handMade("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    fc.assert(
      fc.property(fc.integer({ min: at("1970-01-01T00:00:00Z"), max: at("2200-01-01T00:00:00Z") }), (ms) => {
        const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
        expect(`${formatJstDate(ms)} ${formatJstTime(ms)}`).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
      }),
      { numRuns: 500 },
    );
  });

  it("writes dates in the reader's language exactly as the pages' own formatters did", () => {
    const instants = [at("2024-05-01T15:30:00Z"), at("2025-12-31T14:59:00Z"), at("2026-01-01T00:00:00Z")];
    for (const locale of LOCALES) {
      for (const ms of instants) {
        expect(formatLocalDate(locale, ms)).toBe(handMade(locale, { dateStyle: "medium" }).format(ms));
        if (locale === "en") {
          expect(formatLocalDate(locale, ms, true)).toBe(handMade(locale, { dateStyle: "medium", timeStyle: "short" }).format(ms));
        } else {
          expect(formatLocalDate(locale, ms, true)).toMatch(
            new RegExp(`^${handMade(locale, { dateStyle: "medium" }).format(ms)} \\d{2}:\\d{2}$`),
          );
        }
        expect(formatLocalDate(locale, new Date(ms).toISOString())).toBe(handMade(locale, { dateStyle: "medium" }).format(ms));
      }
      expect(formatLocalMonth(locale, "2026-06")).toBe(
        handMade(locale, { year: "numeric", month: "long" }).format(at("2026-06-01T00:00:00+09:00")),
      );
    }
    expect(formatLocalDate("ja", at("2024-05-01T15:30:00Z"))).toBe("2024/05/02");
    expect(formatLocalDate("en", at("2024-05-01T15:30:00Z"), true)).toBe("May 2, 2024, 12:30 AM");
    // two-digit hours, as a careful reader expects (not 0:30 or 1:06)
    expect(formatLocalDate("ja", at("2024-05-01T15:30:00Z"), true)).toBe("2024/05/02 00:30");
    expect(formatLocalDate("ja", at("2024-05-01T16:06:00Z"), true)).toBe("2024/05/02 01:06");
    expect(formatLocalDate("zh-tw", at("2024-05-01T16:06:00Z"), true)).toMatch(/ 01:06$/);
    expect(formatLocalMonth("ja", "2026-06")).toBe("2026年6月");
    expect(() => formatLocalMonth("ja", "2026-6")).toThrow(RangeError);
  });
});
