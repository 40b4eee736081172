import { JST_OFFSET_MS } from "./billing-month";

/**
 * Times as people here read and type them: Japan time (fixed +09:00, decision 012), written the
 * same in every language. One place for the spec §9 format and for the creator forms'
 * datetime-local values (product sale periods, raffle windows).
 */

const two = (n: number) => String(n).padStart(2, "0");

function wallClock(ms: number) {
  const d = new Date(ms + JST_OFFSET_MS);
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes() };
}

/** spec §9: `yyyy/MM/dd HH:mm` in Japan time. */
export function formatJstDateTime(ms: number): string {
  const p = wallClock(ms);
  return `${p.y}/${two(p.mo)}/${two(p.d)} ${two(p.h)}:${two(p.mi)}`;
}

/** The value a datetime-local input shows for `ms` (`yyyy-MM-ddTHH:mm`, Japan time); "" for none. */
export function toJstInput(ms: number | null): string {
  if (ms === null) return "";
  const p = wallClock(ms);
  return `${p.y}-${two(p.mo)}-${two(p.d)}T${two(p.h)}:${two(p.mi)}`;
}

/**
 * `yyyy-MM-ddTHH:mm` (or with a space or slashes) read as Japan time; null when it is not a real
 * time (2025-02-30 and 25:00 are refused, not rolled over).
 */
export function parseJstInput(value: string): number | null {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})[T ](\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi) - JST_OFFSET_MS;
  const back = wallClock(ms);
  if (back.y !== y || back.mo !== mo || back.d !== d || back.h !== h || back.mi !== mi) return null;
  return ms;
}
