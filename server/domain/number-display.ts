/** Number display rules of spec §9. */

const jaNumber = new Intl.NumberFormat("ja-JP");

/** A number with ja-JP separators (1,100), whatever the language: counts, and amounts whose unit the text around them writes. */
export function formatNumber(value: number): string {
  return jaNumber.format(value);
}

/** Values under 10,000 in full with separators; from 10,000 in thousands with K (one decimal, truncated). */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const n = Math.trunc(value);
  if (Math.abs(n) < 10_000) return jaNumber.format(n);
  const tenths = Math.trunc(n / 100) / 10;
  return `${jaNumber.format(tenths)}K`;
}

/** Counts (badges, unread) cap at 9999+. */
export function formatCount(value: number): string {
  const n = Math.max(0, Math.trunc(value));
  return n > 9999 ? "9999+" : String(n);
}

/** Yen, tax included, ja-JP separators: ¥1,000. Yen are integers everywhere. */
export function formatYen(value: number): string {
  if (!Number.isInteger(value)) throw new RangeError(`yen must be an integer, got ${value}`);
  return `¥${jaNumber.format(value)}`;
}

/** Coins (1 coin = 1 yen) with ja-JP separators and the unit C, as the wallet shows them: 1,100 C (spec §9). */
export function formatCoins(value: number): string {
  return `${jaNumber.format(value)} C`;
}
