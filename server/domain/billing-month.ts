/**
 * Billing months: calendar months in Japan time (DESIGN "Money"). Times are UTC milliseconds;
 * a billing month is written "yyyy-mm" (JST).
 *
 * Japan time comes from ./jst-time: fixed UTC+9 arithmetic, exact for every date the product can
 * meet, with no time zone data (nor Intl, which the renewal run would otherwise call 100,000
 * times), the same in workerd and Node. A unit test checks it against Intl's Asia/Tokyo over
 * random instants (docs/decisions/012).
 */

import { jstInstantOf, jstWallClock } from "./jst-time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "yyyy-mm", the month in Japan time. Years 1000–9999. */
export type BillingMonth = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isBillingMonth(value: string): value is BillingMonth {
  return MONTH_PATTERN.test(value) && Number(value.slice(0, 4)) >= 1000;
}

function parseMonth(month: BillingMonth): { year: number; monthIndex: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match || Number(match[1]) < 1000) throw new RangeError(`not a billing month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

/** Throws a RangeError unless `month` is "yyyy-mm". */
export function assertBillingMonth(month: string): asserts month is BillingMonth {
  parseMonth(month);
}

function formatMonth(year: number, monthIndex: number): BillingMonth {
  return `${String(year).padStart(4, "0")}-${String(monthIndex + 1).padStart(2, "0")}`;
}

/** The JST wall clock of an instant; a non-finite time is a bug upstream, not a month. */
function wallOf(ms: number) {
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${ms}`);
  return jstWallClock(ms);
}

/** The billing month (JST) an instant falls in. */
export function billingMonthOf(ms: number): BillingMonth {
  const wall = wallOf(ms);
  return formatMonth(wall.y, wall.mo - 1);
}

/** 00:00 JST on the 1st of the month, as UTC ms. */
export function monthStartMs(month: BillingMonth): number {
  const { year, monthIndex } = parseMonth(month);
  return jstInstantOf(year, monthIndex + 1, 1);
}

export function nextMonth(month: BillingMonth): BillingMonth {
  const { year, monthIndex } = parseMonth(month);
  return monthIndex === 11 ? formatMonth(year + 1, 0) : formatMonth(year, monthIndex + 1);
}

/** Exclusive end of the month: 00:00 JST on the 1st of the next month. */
export function monthEndMs(month: BillingMonth): number {
  return monthStartMs(nextMonth(month));
}

/** Day of the month (1–31) in Japan time. */
export function jstDayOfMonth(ms: number): number {
  return wallOf(ms).d;
}

/** 00:00 JST on the given day (1-based) of the month. */
export function jstDayStartMs(month: BillingMonth, day: number): number {
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`not a day of the month: ${day}`);
  return monthStartMs(month) + (day - 1) * DAY_MS;
}

/** Negative when a is before b, 0 when equal. "yyyy-mm" strings order like the months. */
export function compareMonths(a: BillingMonth, b: BillingMonth): number {
  assertBillingMonth(a);
  assertBillingMonth(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
