import { formatJstDateTime } from "../../../server/domain/jst-time";

/** A raffle's entry window in Japan time (it is set in Japan time), the same in every language. */
export function formatRaffleWindow(startMs: number, endMs: number): string {
  return `${formatJstDateTime(startMs)} 〜 ${formatJstDateTime(endMs)}`;
}
