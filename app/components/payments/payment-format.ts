/** Coins (1 coin = 1 yen) with ja-JP separators and the unit C (spec §9). */
export function formatCoins(amount: number): string {
  return `${new Intl.NumberFormat("ja-JP").format(amount)}C`;
}
