/** Dates of the tip lists, in Japan time like every money page. */
export function tipDateFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });
}
