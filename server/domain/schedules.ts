/**
 * The fan club calendar (docs/decisions/036): months and days in Japan time, the month grid, which
 * days an entry covers, the entry form. Pure: no I/O, times as epoch milliseconds.
 */

import { jstInstantOf, jstWallClock } from "./jst-time";
import { parseSchedule, type ScheduleProblem } from "./live-events";
import { commentLength } from "./post-comments";

export const SCHEDULE_LIMITS = { title: 100, description: 2000 } as const;

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, "0");

export interface CalendarMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** `yyyy-MM` of a month. */
export function monthKey(m: CalendarMonth): string {
  return `${m.year}-${two(m.month)}`;
}

/** The Japan month an instant falls in. */
export function jstMonthOf(ms: number): CalendarMonth {
  const p = jstWallClock(ms);
  return { year: p.y, month: p.mo };
}

/** `yyyy-MM` read as a month (2000–2100), or null. */
export function parseMonth(value: string | null | undefined): CalendarMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return null;
  return { year, month };
}

/** `yyyy-MM-dd` read as a real Japan date (2000–2100), or null: 2025-02-30 is refused, not rolled over. */
export function parseDay(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 2000 || year > 2100) return null;
  const back = jstWallClock(jstInstantOf(year, month, day));
  if (back.y !== year || back.mo !== month || back.d !== day) return null;
  return { year, month, day };
}

export function addMonths(m: CalendarMonth, delta: number): CalendarMonth {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The instants a Japan month spans: [start, end). */
export function monthRange(m: CalendarMonth): { start: number; end: number } {
  return { start: jstInstantOf(m.year, m.month, 1), end: jstInstantOf(m.year, m.month + 1, 1) };
}

/** The instants a Japan day spans: [start, end). */
export function dayRange(d: { year: number; month: number; day: number }): { start: number; end: number } {
  const start = jstInstantOf(d.year, d.month, d.day);
  return { start, end: start + DAY_MS };
}

/** `yyyy-MM-dd` of the Japan day an instant falls in. */
export function jstDayKey(ms: number): string {
  const p = jstWallClock(ms);
  return `${p.y}-${two(p.mo)}-${two(p.d)}`;
}

/**
 * The month as weeks of seven day keys, Sunday first as Japanese calendars print it; days of the
 * neighbouring months fill the first and last week and are marked `inMonth: false`.
 */
export function monthGrid(m: CalendarMonth): Array<Array<{ key: string; day: number; inMonth: boolean }>> {
  const first = jstInstantOf(m.year, m.month, 1);
  // the weekday of a Japan date is the UTC weekday of the same wall-clock date
  const lead = new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: Array<Array<{ key: string; day: number; inMonth: boolean }>> = [];
  for (let i = 0; i < cells; i++) {
    const ms = first + (i - lead) * DAY_MS;
    const p = jstWallClock(ms);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({ key: jstDayKey(ms), day: p.d, inMonth: p.mo === m.month });
  }
  return weeks;
}

/**
 * The Japan days an entry shows on: every day it overlaps, from its start's day to the day of its
 * last moment (an entry ending at 24:00 does not spill into the next day).
 */
export function daysCovered(entry: { startAt: number; endAt: number }): string[] {
  const days: string[] = [];
  const last = Math.max(entry.startAt, entry.endAt - 1);
  const p = jstWallClock(entry.startAt);
  for (let ms = jstInstantOf(p.y, p.mo, p.d); ms <= last && days.length < 62; ms += DAY_MS) days.push(jstDayKey(ms));
  return days;
}

/** Entries grouped by the Japan days they cover, each day's in start order. */
export function entriesByDay<T extends { startAt: number; endAt: number }>(entries: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const e of [...entries].sort((a, b) => a.startAt - b.startAt)) {
    for (const key of daysCovered(e)) {
      const list = byDay.get(key) ?? [];
      list.push(e);
      byDay.set(key, list);
    }
  }
  return byDay;
}

type ScheduleField = "title" | "description" | "start" | "end" | "link";
export type ScheduleFormProblem = { field: ScheduleField; problem: "required" | "tooLong" | ScheduleProblem | "invalid" };
export type ScheduleLinkKind = "live_event" | "post" | "lesson";

export interface ScheduleInput {
  title: string;
  description: string;
  startAt: number;
  endAt: number;
  membersOnly: boolean;
  link: { kind: ScheduleLinkKind; id: number } | null;
}

const text = (raw: unknown) => (typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "");

/**
 * The entry form: title, start and end as a date and one of the half-hour choices (spec §5) in
 * Japan time, description, members only, and an optional link (`live_event:12`, `post:3`,
 * `lesson:5`). The caller checks that the linked thing is the fan club's.
 */
export function parseScheduleInput(
  raw: Record<string, unknown>,
): { ok: true; value: ScheduleInput } | { ok: false; problems: ScheduleFormProblem[] } {
  const problems: ScheduleFormProblem[] = [];
  const title = text(raw.title);
  const description = text(raw.description);
  if (!title) problems.push({ field: "title", problem: "required" });
  else if (commentLength(title) > SCHEDULE_LIMITS.title) problems.push({ field: "title", problem: "tooLong" });
  if (commentLength(description) > SCHEDULE_LIMITS.description) problems.push({ field: "description", problem: "tooLong" });
  const when = parseSchedule({
    startDate: text(raw.startDate),
    startTime: text(raw.startTime),
    endDate: text(raw.endDate),
    endTime: text(raw.endTime),
  });
  if (!when.ok) problems.push({ field: when.problem === "startInvalid" ? "start" : "end", problem: when.problem });
  let link: ScheduleInput["link"] = null;
  const linkRaw = text(raw.link);
  if (linkRaw) {
    const m = /^(live_event|post|lesson):(\d{1,15})$/.exec(linkRaw);
    if (!m || !Number.isSafeInteger(Number(m[2])) || Number(m[2]) < 1) problems.push({ field: "link", problem: "invalid" });
    else link = { kind: m[1] as ScheduleLinkKind, id: Number(m[2]) };
  }
  if (problems.length || !when.ok) return { ok: false, problems };
  const membersOnly = raw.membersOnly === "on" || raw.membersOnly === "true" || raw.membersOnly === true;
  return { ok: true, value: { title, description, startAt: when.startAt, endAt: when.endAt, membersOnly, link } };
}

/** Where an entry's link leads on the fan club's site. */
export function scheduleLinkPath(fanclubId: number, link: { kind: ScheduleLinkKind; id: number } | null): string | null {
  if (!link) return null;
  if (link.kind === "live_event") return `/fanclubs/${fanclubId}/lives/${link.id}`;
  if (link.kind === "post") return `/fanclubs/${fanclubId}/posts/${link.id}`;
  return `/fanclubs/${fanclubId}/lessons`;
}

/** Whether the fan club shows its schedule tab: the creator's `displaySchedule`, or always to its staff. */
export function showsScheduleTab(fanclub: { displaySchedule: boolean }, viewer: { manages: boolean }): boolean {
  return fanclub.displaySchedule || viewer.manages;
}
