import { describe, expect, it } from "vitest";
import { translatorFor } from "../../server/i18n";
import {
  LINK_LIMITS,
  linkApplicationSchema,
  linkLimitMessage,
  linkLimitProblem,
  normalizeLinkUrl,
  type LinkKind,
  type LinkLike,
} from "../../server/domain/link-applications";
import { notificationDefaults, preferencesFromForm, withNotificationDefaults } from "../../server/services/notification-settings";

const url = (kind: LinkKind, raw: string) => {
  const r = normalizeLinkUrl(kind, raw);
  return r.ok ? r.url : r.problem;
};

describe("link URLs", () => {
  it("accepts each service's own hosts, with or without www/mobile", () => {
    for (const ok of [
      "https://twitter.com/aoi",
      "https://x.com/aoi",
      "https://www.x.com/aoi",
      "https://mobile.twitter.com/aoi",
      "http://x.com/aoi",
    ]) {
      expect(normalizeLinkUrl("twitter", ok).ok, ok).toBe(true);
    }
    expect(normalizeLinkUrl("instagram", "https://www.instagram.com/aoi/").ok).toBe(true);
    expect(normalizeLinkUrl("youtube", "https://www.youtube.com/@aoi").ok).toBe(true);
    expect(normalizeLinkUrl("youtube", "https://youtu.be/abc").ok).toBe(true);
    expect(normalizeLinkUrl("other", "https://blog.example.jp/aoi").ok).toBe(true);
  });

  it("refuses another service's host, and look-alikes", () => {
    expect(url("twitter", "https://instagram.com/aoi")).toBe("host");
    expect(url("twitter", "https://x.com.evil.example/aoi")).toBe("host");
    expect(url("twitter", "https://notx.com/aoi")).toBe("host");
    expect(url("twitter", "https://api.x.com/aoi")).toBe("host");
    expect(url("instagram", "https://x.com/aoi")).toBe("host");
    expect(url("youtube", "https://youtube.co/aoi")).toBe("host");
  });

  it("takes http(s) only, and no credentials or bare hosts", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://x.com/a",
      "x.com/aoi",
      "//x.com/aoi",
      "https://",
      "https://aoi@x.com/",
      "https://localhost/a",
      "not a url",
    ]) {
      expect(url("other", bad), bad).toBe("format");
    }
  });

  it("normalises: trimmed, host lower-cased, a bare root without its slash", () => {
    expect(url("twitter", "  https://X.com/  ")).toBe("https://x.com");
    expect(url("twitter", "https://x.com/Aoi")).toBe("https://x.com/Aoi");
    expect(url("other", "https://example.com:443/a?b=1#c")).toBe("https://example.com/a?b=1#c");
    // only the root loses its slash: a path's own trailing slash can matter to the site
    expect(url("instagram", "https://www.instagram.com/aoi/")).toBe("https://www.instagram.com/aoi/");
  });

  it("keeps to 200 characters, before and after encoding", () => {
    const base = "https://example.com/";
    expect(url("other", base + "a".repeat(LINK_LIMITS.urlMax - base.length))).not.toBe("tooLong");
    expect(url("other", base + "a".repeat(LINK_LIMITS.urlMax - base.length + 1))).toBe("tooLong");
    // 60 kana are 80 characters typed but 540 once percent-encoded
    expect(url("other", base + "あ".repeat(60))).toBe("tooLong");
  });
});

describe("link limits", () => {
  const link = (kind: LinkKind, n = 0): LinkLike => ({ kind, url: `https://example.com/${kind}/${n}` });

  it("allows one of each service and five others", () => {
    expect(linkLimitProblem([], link("twitter"))).toBeNull();
    expect(linkLimitProblem([link("twitter")], link("twitter", 1))).toBe("kindTaken");
    const others = [0, 1, 2, 3].map((n) => link("other", n));
    expect(linkLimitProblem(others, link("other", 4))).toBeNull();
    expect(linkLimitProblem([...others, link("other", 4)], link("other", 5))).toBe("kindLimit");
  });

  it("caps the total at 10 whatever the kinds", () => {
    // the kind caps add up to 8, so only a list from before a cap changed can reach 10
    const ten = Array.from({ length: LINK_LIMITS.total }, (_, n) => link("other", n));
    expect(linkLimitProblem(ten.slice(0, 9), link("youtube"))).toBeNull();
    expect(linkLimitProblem(ten, link("youtube"))).toBe("total");
  });

  it("refuses the same address twice first", () => {
    expect(linkLimitProblem([link("other", 1)], link("other", 1))).toBe("duplicate");
  });

  it("explains each limit in Japanese next to the right field", () => {
    const t = translatorFor("ja", "preferences");
    expect(linkLimitMessage(t, "kindTaken", "twitter")).toEqual({
      field: "kind",
      message: "X（Twitter）のアカウントはすでに登録されています。",
    });
    expect(linkLimitMessage(t, "kindLimit", "other")).toEqual({ field: "kind", message: "その他のリンクは5件まで登録できます。" });
    expect(linkLimitMessage(t, "total", "youtube")).toEqual({ field: null, message: "連携アカウントは10件まで登録できます。" });
    expect(linkLimitMessage(t, "duplicate", "other")).toEqual({ field: "url", message: "このURLはすでに登録されています。" });
  });
});

describe("link form schema", () => {
  const parse = (locale: "ja" | "en", v: Record<string, unknown>) =>
    linkApplicationSchema(translatorFor(locale, "preferences")).safeParse(v);
  const messages = (v: Record<string, unknown>, locale: "ja" | "en" = "ja") => {
    const r = parse(locale, v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("yields the normalised URL", () => {
    const r = parse("ja", { kind: "youtube", url: " https://WWW.YouTube.com/ " });
    expect(r.success && r.data).toEqual({ kind: "youtube", url: "https://www.youtube.com" });
  });

  it("uses Japanese messages from common validation and its own", () => {
    expect(messages({ url: "https://x.com/a" })).toEqual(["kind: 種類は必須項目です。"]);
    expect(messages({ kind: "tiktok", url: "https://x.com/a" })).toEqual(["kind: 選択肢から選んでください。"]);
    expect(messages({ kind: "twitter" })).toEqual(["url: URLは必須項目です。"]);
    expect(messages({ kind: "twitter", url: "   " })).toEqual(["url: URLは必須項目です。"]);
    expect(messages({ kind: "twitter", url: `https://x.com/${"a".repeat(200)}` })).toEqual(["url: 200文字以内で入力してください。"]);
    expect(messages({ kind: "other", url: "javascript:alert(1)" })).toEqual([
      "url: http:// または https:// で始まるURLを入力してください。",
    ]);
    expect(messages({ kind: "twitter", url: "https://instagram.com/aoi" })).toEqual([
      "url: X（Twitter）のURL（twitter.com / x.com）を入力してください。",
    ]);
  });

  it("speaks the reader's language", () => {
    expect(messages({ kind: "youtube", url: "https://x.com/aoi" }, "en")).toEqual([
      "url: Please enter the URL of your YouTube account (youtube.com / youtu.be).",
    ]);
  });
});

describe("notification defaults", () => {
  it("are the schema's: everything on except news", () => {
    expect(notificationDefaults()).toEqual({
      emailNewPost: true,
      emailMessage: true,
      emailPlanRenewal: true,
      emailPurchase: true,
      emailNews: false,
    });
  });

  it("apply where a row is missing, and give way to stored choices", () => {
    expect(withNotificationDefaults(undefined)).toEqual(notificationDefaults());
    expect(withNotificationDefaults({ emailNewPost: false, emailNews: true })).toMatchObject({
      emailNewPost: false,
      emailNews: true,
      emailMessage: true,
    });
  });

  it("read a ticked box as on and a missing one as off", () => {
    const form = new FormData();
    form.set("emailNews", "on");
    form.set("emailSomethingElse", "on");
    expect(preferencesFromForm(form)).toEqual({
      emailNewPost: false,
      emailMessage: false,
      emailPlanRenewal: false,
      emailPurchase: false,
      emailNews: true,
    });
  });
});
