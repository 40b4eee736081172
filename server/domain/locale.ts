/**
 * Which of the five UI languages a request gets. Pure: the caller passes the query value,
 * the cookie value and the Accept-Language header.
 */
export const SUPPORTED_LOCALES = ["ja", "en", "zh-cn", "zh-tw", "ko"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ja";
export const LOCALE_COOKIE = "locale";
/** spec §9: the locale cookie lives 365 days */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Native names, shown in the selector and the footer's language list. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ja: "日本語",
  en: "English",
  "zh-cn": "简体中文",
  "zh-tw": "繁體中文",
  ko: "한국어",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

const TRADITIONAL_REGIONS = new Set(["tw", "hk", "mo"]);

/** Maps a BCP 47 tag (any case, `_` or `-`) to a supported locale, or null. */
export function normalizeLocale(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, "-").split("-").filter(Boolean);
  const [language, ...rest] = parts;
  if (!language) return null;
  if (language === "zh") {
    if (rest.includes("hant")) return "zh-tw";
    if (rest.includes("hans")) return "zh-cn";
    if (rest.some((r) => TRADITIONAL_REGIONS.has(r))) return "zh-tw";
    return "zh-cn";
  }
  if (language === "ja" || language === "en" || language === "ko") return language;
  return null;
}

/** Accept-Language entries ordered by quality; ties keep header order. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((e) => e.tag);
}

export function matchLocale(acceptLanguage: string | null | undefined): Locale {
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const locale = normalizeLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export interface LocaleChoice {
  locale: Locale;
  /** true when the choice came from `?locale=` and must be stored in the cookie */
  persist: boolean;
}

/** `?locale=xx` wins and is remembered; then the cookie; then the browser's languages; then Japanese. */
export function resolveLocale(input: { query: string | null; cookie: string | null; acceptLanguage: string | null }): LocaleChoice {
  const fromQuery = input.query?.toLowerCase();
  if (isLocale(fromQuery)) return { locale: fromQuery, persist: true };
  if (isLocale(input.cookie)) return { locale: input.cookie, persist: false };
  return { locale: matchLocale(input.acceptLanguage), persist: false };
}
