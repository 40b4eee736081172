/**
 * How the monthly renewal run is cut into queue work (docs/decisions/017), and the dates its
 * notices show. The rules of who is due, what to try and when an unpaid plan leaves are in
 * ./renewal.ts; this file only decides the shape of the run.
 */

import { billingMonthOf, jstDayOfMonth, monthStartMs, type BillingMonth } from "./billing-month";
import { autoLeaveAtMs } from "./renewal";
import { formatJstDateTime } from "./jst-time";

/**
 * Memberships per renewal message. A consumer invocation takes up to 10 messages and a Worker
 * invocation may make about 1,000 subrequests (D1 calls and fetches). A message costs one read
 * (memberships with their cards), one batch storing its outcomes (one more per outcome when a
 * redelivery finds some stored) and one send; a membership at most 5 more: the charge, a
 * processing payment asked again, the balance, the spend's read and batch.
 * 10 × (10 × 5 + 10 + 3) = 630 stays under the limit even when every card fails over to coins.
 */
export const RENEWAL_CHUNK = 10;

/**
 * Due memberships one scan message reads. Its chunks go out in one `sendBatch` (at most 100
 * messages), then the scan sends itself on with the last id seen: 100,000 memberships are 100
 * scan messages and 10,000 renewal messages, and no single invocation grows with the total.
 */
export const RENEWAL_SCAN_PAGE = RENEWAL_CHUNK * 100;

/** Unpaid memberships one auto-leave message looks at before sending itself on. */
export const AUTO_LEAVE_PAGE = 50;

/** 00:00 JST (15:00 UTC the day before): the renewal run starts the moment the month does. */
export const MONEY_CRON = "0 15 * * *";

/**
 * What the daily money cron (00:00 JST) starts at `scheduledTime`: the renewal run for the month
 * only on the 1st in Japan time; the auto-leave sweep and the bonus-coin expiry every day.
 */
export function moneyCronPlan(scheduledTime: number): { month: BillingMonth; renewalMonth: BillingMonth | null } {
  const month = billingMonthOf(scheduledTime);
  return { month, renewalMonth: jstDayOfMonth(scheduledTime) === 1 ? month : null };
}

/**
 * The auto-leave sweep's filter in SQL terms: an unpaid membership whose renewal failed before
 * this instant leaves at `now`. Before 00:00 JST on the 7th that is every failure of an earlier
 * month; from then on, every failure up to now. `shouldAutoLeave` stays the rule for each row.
 */
export function autoLeaveCutoff(now: number): number {
  const month = billingMonthOf(now);
  return now >= autoLeaveAtMs(month) ? now + 1 : monthStartMs(month);
}

/**
 * The fan club page with the payment modal's expired-plans page asked for (spec §4 page 20): the
 * link of the expired-plan alert, the failure notice and the API.
 */
export function payExpiredPath(fanclubId: number): string {
  return `/fanclubs/${fanclubId}?payExpired=1`;
}

/** Splits ids into runs of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`not a chunk size: ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** "yyyy/MM" for a billing month. */
export function monthLabel(month: BillingMonth): string {
  return month.replace("-", "/");
}

/**
 * The last minute an unpaid month can still be paid, as the notices show it: 23:59 JST on the
 * 6th. The membership leaves at 00:00 JST on the 7th (`autoLeaveAtMs`).
 */
export function payByLabel(unpaidMonth: BillingMonth): string {
  return formatJstDateTime(autoLeaveAtMs(unpaidMonth) - 60_000);
}
