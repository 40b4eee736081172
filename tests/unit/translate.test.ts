import { describe, expect, it, vi } from "vitest";
import { resources } from "../../locales";
import { translatorFor } from "../../server/i18n";
import { createTranslator } from "../../server/i18n/setup";

const ja = {
  common: {
    greeting: "こんにちは {{name}}さん",
    nav: { home: "ホーム" },
    onlyJa: "日本語だけ",
    items: "{{count}}個",
    big: "{{count, compact}}人",
  },
  help: { title: "ヘルプ", sections: [{ heading: "{{brand}}について" }] },
};
const en = {
  common: {
    greeting: "Hello {{name}}",
    nav: { home: "Home" },
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    big_one: "{{count, compact}} fan",
    big_other: "{{count, compact}} fans",
  },
  help: { title: "Help", sections: [{ heading: "About {{brand}}" }] },
};

describe("translator (the shared i18next setup)", () => {
  it("looks up dotted keys in the default namespace", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("nav.home")).toBe("Home");
  });

  it("interpolates named values unescaped and leaves unknown placeholders visible", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("greeting", { name: "Aoi & <b>" })).toBe("Hello Aoi & <b>");
    expect(t("greeting")).toBe("Hello {{name}}");
  });

  it("reads another namespace with a prefix, and falls back to common from a page namespace", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja, defaultNs: "help" });
    expect(t("title")).toBe("Help");
    expect(t("common:nav.home")).toBe("Home");
    expect(t("nav.home")).toBe("Home");
  });

  it("falls back to Japanese when the locale lacks a key", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("onlyJa")).toBe("日本語だけ");
  });

  it("returns structured values only when asked, with placeholders filled", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja, defaultNs: "help" });
    expect(t("sections", { returnObjects: true, brand: "Kirameki" })).toEqual([{ heading: "About Kirameki" }]);
    expect(t("sections")).toBe("sections");
  });

  it("shows the key and reports a key missing everywhere", () => {
    const onMissing = vi.fn();
    const t = createTranslator({ locale: "ko", resources: {}, fallback: ja, onMissing });
    expect(t("nope.here")).toBe("nope.here");
    expect(onMissing).toHaveBeenCalledWith("ko", "common", "nope.here");
  });
});

describe("plurals", () => {
  it("picks English's one and other forms by count", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 2 })).toBe("2 items");
    expect(t("items", { count: 0 })).toBe("0 items");
  });

  it("uses the plain key in languages with one form", () => {
    for (const locale of ["ja", "ko", "zh-cn", "zh-tw"]) {
      const t = createTranslator({ locale, resources: locale === "ja" ? ja : {}, fallback: ja });
      expect(t("items", { count: 1 })).toBe("1個");
      expect(t("items", { count: 5 })).toBe("5個");
    }
  });

  it("formats compact counts while the number still picks the form", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("big", { count: 1 })).toBe("1 fan");
    expect(t("big", { count: 12_345 })).toBe("12.3K fans");
    expect(createTranslator({ locale: "ja", resources: ja })("big", { count: 12_345 })).toBe("12.3K人");
  });

  it("says 1 member / 2 members in the product's English, and keeps the Japanese", () => {
    expect(translatorFor("en")("fanclubs.members", { count: 1 })).toBe("1 member");
    expect(translatorFor("en")("fanclubs.members", { count: 2 })).toBe("2 members");
    expect(translatorFor("en")("fanclubs.members", { count: 10_500 })).toBe("10.5K members");
    expect(translatorFor("ja")("fanclubs.members", { count: 1 })).toBe("メンバー 1人");
    expect(translatorFor("en", "posts")("view.files", { count: 1 })).toBe("1 file");
    expect(translatorFor("en", "tips")("post.summary", { count: 1, total: "¥500" })).toBe("1 tip · ¥500 in total");
    expect(translatorFor("en", "wallet")("campaigns.validFor", { count: 30 })).toBe("30 days after you receive them");
  });

  it("nests a plural phrase per count where one English sentence has several", () => {
    const t = translatorFor("en", "raffles");
    expect(t("creator.entries", { tickets: 1, fans: 1 })).toBe("1 entry from 1 fan");
    expect(t("creator.entries", { tickets: 1234, fans: 2 })).toBe("1,234 entries from 2 fans");
    expect(translatorFor("ja", "raffles")("creator.entries", { tickets: 1234, fans: 2 })).toBe("1,234口・2人");
  });

  it("has every plural form English needs for the keys the code counts with", () => {
    const common = resources.en.common as unknown as { fanclubs: Record<string, string> };
    expect(Object.keys(common.fanclubs)).toEqual(expect.arrayContaining(["members_one", "members_other"]));
    expect(Object.keys(common.fanclubs)).not.toContain("members");
  });
});
