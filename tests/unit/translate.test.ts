import { describe, expect, it, vi } from "vitest";
import { createTranslator, interpolate } from "../../app/lib/translate";

const ja = {
  common: { greeting: "こんにちは {{name}}さん", nav: { home: "ホーム" }, onlyJa: "日本語だけ" },
  help: { title: "ヘルプ", sections: [{ heading: "{{brand}}について" }] },
};
const en = {
  common: { greeting: "Hello {{name}}", nav: { home: "Home" } },
  help: { title: "Help", sections: [{ heading: "About {{brand}}" }] },
};

describe("translator", () => {
  it("looks up dotted keys in the default namespace", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("nav.home")).toBe("Home");
  });

  it("interpolates named values and leaves unknown placeholders visible", () => {
    const t = createTranslator({ locale: "en", resources: en, fallback: ja });
    expect(t("greeting", { name: "Aoi" })).toBe("Hello Aoi");
    expect(interpolate("{{a}} and {{ b }}", { b: 2 })).toBe("{{a}} and 2");
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
    const onMissing = vi.fn();
    const t = createTranslator({ locale: "en", resources: en, defaultNs: "help", onMissing });
    expect(t("sections", { returnObjects: true, brand: "Kirameki" })).toEqual([{ heading: "About Kirameki" }]);
    expect(t("sections")).toBe("sections");
    expect(onMissing).toHaveBeenCalledWith("en", "help", "sections");
  });

  it("shows the key and reports a key missing everywhere", () => {
    const onMissing = vi.fn();
    const t = createTranslator({ locale: "ko", resources: {}, fallback: ja, onMissing });
    expect(t("nope.here")).toBe("nope.here");
    expect(onMissing).toHaveBeenCalledWith("ko", "common", "nope.here");
  });
});
