/** Coins and yen are shown with ja-JP separators ("1,100"), whatever the language (spec §9). */
const format = new Intl.NumberFormat("ja-JP");

export function formatCoins(n: number): string {
  return format.format(n);
}
