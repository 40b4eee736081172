import { describe, expect, it } from "vitest";
import { matchLocale, normalizeLocale, parseAcceptLanguage, resolveLocale } from "../../server/domain/locale";

describe("normalizeLocale", () => {
  it.each([
    ["zh-Hant", "zh-tw"],
    ["zh-TW", "zh-tw"],
    ["zh-HK", "zh-tw"],
    ["zh-Hant-HK", "zh-tw"],
    ["zh-MO", "zh-tw"],
    ["zh-Hans", "zh-cn"],
    ["zh-CN", "zh-cn"],
    ["zh-Hans-SG", "zh-cn"],
    ["zh", "zh-cn"],
    ["zh_TW", "zh-tw"],
    ["ja-JP", "ja"],
    ["en-GB", "en"],
    ["ko-KR", "ko"],
    ["fr-FR", null],
    ["", null],
  ])("%s → %s", (tag, expected) => {
    expect(normalizeLocale(tag)).toBe(expected);
  });
});

describe("Accept-Language", () => {
  it("orders by quality and keeps header order on ties", () => {
    expect(parseAcceptLanguage("fr;q=0.9, en;q=0.8, ko, de;q=0.9")).toEqual(["ko", "fr", "de", "en"]);
  });

  it("drops q=0 and *", () => {
    expect(parseAcceptLanguage("en;q=0, *;q=0.5, ja")).toEqual(["ja"]);
  });

  it("picks the first supported language", () => {
    expect(matchLocale("fr-FR,fr;q=0.9,zh-Hant-TW;q=0.8,en;q=0.7")).toBe("zh-tw");
  });

  it("falls back to Japanese", () => {
    expect(matchLocale("fr-FR,de")).toBe("ja");
    expect(matchLocale(null)).toBe("ja");
  });
});

describe("resolveLocale", () => {
  it("a valid ?locale wins and is persisted", () => {
    expect(resolveLocale({ query: "en", cookie: "ko", acceptLanguage: "ja" })).toEqual({ locale: "en", persist: true });
  });

  it("an unknown ?locale is ignored", () => {
    expect(resolveLocale({ query: "xx", cookie: "ko", acceptLanguage: "ja" })).toEqual({ locale: "ko", persist: false });
  });

  it("the cookie beats the browser", () => {
    expect(resolveLocale({ query: null, cookie: "zh-cn", acceptLanguage: "en" })).toEqual({ locale: "zh-cn", persist: false });
  });

  it("a tampered cookie is ignored", () => {
    expect(resolveLocale({ query: null, cookie: "<script>", acceptLanguage: "ko-KR" })).toEqual({ locale: "ko", persist: false });
  });
});
