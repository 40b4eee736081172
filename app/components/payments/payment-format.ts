import { monthStartMs, type BillingMonth } from "../../../server/domain/billing-month";

const formats = new Map<string, Intl.DateTimeFormat>();

/** Billing is in Japan time (decision 012), so are the dates the modal promises. */
function formatter(locale: string, style: "date" | "month"): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    const tag = locale === "ja" ? "ja-JP" : locale;
    format = new Intl.DateTimeFormat(tag, style === "date" ? { dateStyle: "medium", timeZone: "Asia/Tokyo" } : { year: "numeric", month: "long", timeZone: "Asia/Tokyo" });
    formats.set(key, format);
  }
  return format;
}

export function formatDate(locale: string, ms: number): string {
  return formatter(locale, "date").format(ms);
}

/** "2026-06" as the language writes a month (2026年6月, June 2026). */
export function formatMonth(locale: string, month: BillingMonth): string {
  return formatter(locale, "month").format(monthStartMs(month));
}

/** Coins (1 coin = 1 yen) with ja-JP separators and the unit C (spec §9). */
export function formatCoins(amount: number): string {
  return `${new Intl.NumberFormat("ja-JP").format(amount)}C`;
}
