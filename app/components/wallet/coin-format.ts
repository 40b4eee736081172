/** Coins and yen are shown with ja-JP separators ("1,100"), whatever the language (spec §9). */
const format = new Intl.NumberFormat("ja-JP");

export function formatCoins(n: number): string {
  return format.format(n);
}

const dates = new Map<string, Intl.DateTimeFormat>();

/** A wallet date in the page's language, in Japan time (bonus coins expire by Japan's calendar). */
export function formatWalletDate(locale: string, ms: number, withTime = false): string {
  const key = `${locale}|${withTime}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : locale, { dateStyle: "medium", ...(withTime ? { timeStyle: "short" } : {}), timeZone: "Asia/Tokyo" });
    dates.set(key, format);
  }
  return format.format(ms);
}
