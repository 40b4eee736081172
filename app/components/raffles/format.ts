/** Raffle times in Japan time (the window is set in Japan time), written the same in every language: 2025/06/01 12:00. */
const format = new Intl.DateTimeFormat("ja-JP", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", timeZone: "Asia/Tokyo" });

export function formatRaffleTime(ms: number): string {
  return format.format(ms);
}

export function formatRaffleWindow(startMs: number, endMs: number): string {
  return `${formatRaffleTime(startMs)} 〜 ${formatRaffleTime(endMs)}`;
}
