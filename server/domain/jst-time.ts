/**
 * Japan time, the one place the product builds it: billing months, day boundaries, the spec §9
 * `yyyy/MM/dd HH:mm`, the creator forms' datetime-local values, ISO stamps in exports, and dates
 * in the reader's language. Server and app both format through here.
 *
 * Japan time is a fixed UTC+9: Japan has not observed daylight saving time since 1951, and
 * Asia/Tokyo has had the same offset ever since. Fixed-offset arithmetic is therefore exact for
 * every date the product can meet and needs no time zone data (decision 012); only the
 * language-dependent formats below use Intl, with the Asia/Tokyo zone.
 */

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, "0");

/** The Japan wall clock of an instant: year, month (1–12), day, hours, minutes, seconds. */
export function jstWallClock(ms: number) {
  const d = new Date(ms + JST_OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}

/** The instant of a Japan wall-clock time (month 1–12); fields out of range roll over as in Date.UTC. */
export function jstInstantOf(y: number, mo: number, d: number, h = 0, mi = 0): number {
  return Date.UTC(y, mo - 1, d, h, mi) - JST_OFFSET_MS;
}

/** spec §9: `yyyy/MM/dd HH:mm` in Japan time. */
export function formatJstDateTime(ms: number): string {
  const p = jstWallClock(ms);
  return `${p.y}/${two(p.mo)}/${two(p.d)} ${two(p.h)}:${two(p.mi)}`;
}

/** The Japan date of an instant, `yyyy-MM-dd` (or with another separator: "" gives `yyyyMMdd`). */
export function formatJstDate(ms: number, separator = "-"): string {
  const p = jstWallClock(ms);
  return [String(p.y).padStart(4, "0"), two(p.mo), two(p.d)].join(separator);
}

/** The Japan time of day of an instant, `HH:mm`. */
export function formatJstTime(ms: number): string {
  const p = jstWallClock(ms);
  return `${two(p.h)}:${two(p.mi)}`;
}

/** ISO 8601 in Japan time with its offset, e.g. 2024-05-01T09:30:00+09:00 (seconds precision). */
export function jstIso(ms: number): string {
  return `${new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 19)}+09:00`;
}

/** The value a datetime-local input shows for `ms` (`yyyy-MM-ddTHH:mm`, Japan time); "" for none. */
export function toJstInput(ms: number | null): string {
  if (ms === null) return "";
  return `${formatJstDate(ms)}T${formatJstTime(ms)}`;
}

/**
 * `yyyy-MM-ddTHH:mm` (or with a space or slashes) read as Japan time; null when it is not a real
 * time (2025-02-30 and 25:00 are refused, not rolled over).
 */
export function parseJstInput(value: string): number | null {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})[T ](\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = jstInstantOf(y, mo, d, h, mi);
  const back = jstWallClock(ms);
  if (back.y !== y || back.mo !== mo || back.d !== d || back.h !== h || back.mi !== mi) return null;
  return ms;
}

// Dates in the reader's language (2024/05/01, May 1, 2024, 2024年5月1日 …), still in Japan time:
// billing, renewals and expiries follow Japan's calendar whatever the language. One Intl
// formatter per language and style, since lists render dozens of dates.
const localFormats = new Map<string, Intl.DateTimeFormat>();

type LocalStyle = "date" | "dateTime" | "month";

function localFormat(locale: string, style: LocalStyle): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = localFormats.get(key);
  if (!format) {
    const tag = locale === "ja" ? "ja-JP" : locale;
    const options: Intl.DateTimeFormatOptions =
      style === "month"
        ? { year: "numeric", month: "long" }
        : style === "dateTime"
          ? { dateStyle: "medium", timeStyle: "short" }
          : { dateStyle: "medium" };
    format = new Intl.DateTimeFormat(tag, { ...options, timeZone: "Asia/Tokyo" });
    localFormats.set(key, format);
  }
  return format;
}

/** A date (with the time of day when `withTime`) as the reader's language writes it, in Japan time. */
export function formatLocalDate(locale: string, at: number | string | Date, withTime = false): string {
  const instant = typeof at === "string" ? new Date(at) : at;
  // English keeps its 12-hour clock; the other languages write a 24-hour time with two digits
  // (01:06, not the short style's 1:06), as the rest of the product does (yyyy/MM/dd HH:mm)
  if (!withTime || locale === "en") return localFormat(locale, withTime ? "dateTime" : "date").format(instant);
  return `${localFormat(locale, "date").format(instant)} ${clockFormat.format(instant)}`;
}

const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Tokyo" });

/** A "yyyy-mm" (billing) month as the reader's language writes it: 2026年6月, June 2026. */
export function formatLocalMonth(locale: string, month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`not a month: ${month}`);
  return localFormat(locale, "month").format(jstInstantOf(Number(m[1]), Number(m[2]), 1));
}
