import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { jstInstantOf } from "../../server/domain/jst-time";
import {
  addMonths,
  daysCovered,
  entriesByDay,
  monthGrid,
  monthRange,
  parseDay,
  parseMonth,
  parseScheduleInput,
  showsScheduleTab,
} from "../../server/domain/schedules";
import { scheduleFeedText } from "../../server/services/schedule-feed";

describe("the fan club calendar in Japan time", () => {
  it("spans a Japan month from 00:00 JST on the 1st (15:00 UTC the day before)", () => {
    const r = monthRange({ year: 2026, month: 3 });
    expect(new Date(r.start).toISOString()).toBe("2026-02-28T15:00:00.000Z");
    expect(new Date(r.end).toISOString()).toBe("2026-03-31T15:00:00.000Z");
  });

  it("lays out a month as Sunday-first weeks, with the neighbouring days marked", () => {
    // 2026-02-01 is a Sunday: four full weeks, no filler
    const feb = monthGrid({ year: 2026, month: 2 });
    expect(feb).toHaveLength(4);
    expect(feb[0]![0]).toEqual({ key: "2026-02-01", day: 1, inMonth: true });
    // 2026-11-01 is a Sunday too; December 2026 starts on a Tuesday
    const dec = monthGrid({ year: 2026, month: 12 });
    expect(dec[0]!.slice(0, 3).map((d) => d.key)).toEqual(["2026-11-29", "2026-11-30", "2026-12-01"]);
    expect(dec[0]![0]!.inMonth).toBe(false);
    expect(dec.at(-1)!.at(-1)!.key).toBe("2027-01-02");
  });

  it("moves between months across year ends", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it("shows an entry on every Japan day it touches, not the day after one ending at 24:00", () => {
    const lateNight = { startAt: jstInstantOf(2026, 1, 31, 23, 0), endAt: jstInstantOf(2026, 2, 1, 1, 0) };
    expect(daysCovered(lateNight)).toEqual(["2026-01-31", "2026-02-01"]);
    const toMidnight = { startAt: jstInstantOf(2026, 2, 28, 22, 0), endAt: jstInstantOf(2026, 2, 28, 24, 0) };
    expect(daysCovered(toMidnight)).toEqual(["2026-02-28"]);
    // 09:00 JST on the 1st is 00:00 UTC: still the 1st in Japan
    const byDay = entriesByDay([{ startAt: Date.UTC(2026, 2, 1, 0), endAt: Date.UTC(2026, 2, 1, 1) }]);
    expect([...byDay.keys()]).toEqual(["2026-03-01"]);
  });

  it("refuses months and days that do not exist", () => {
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-1")).toBeNull();
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it("takes half-hour times only, the end after the start, and a well-formed link", () => {
    const base = { title: "配信", startDate: "2026-12-01", startTime: "20:00", endDate: "2026-12-01", endTime: "21:30" };
    const ok = parseScheduleInput({ ...base, link: "live_event:12", membersOnly: "on" });
    expect(ok).toEqual({
      ok: true,
      value: {
        title: "配信",
        description: "",
        startAt: jstInstantOf(2026, 12, 1, 20, 0),
        endAt: jstInstantOf(2026, 12, 1, 21, 30),
        membersOnly: true,
        link: { kind: "live_event", id: 12 },
      },
    });
    expect(parseScheduleInput({ ...base, startTime: "20:15" })).toMatchObject({ ok: false, problems: [{ field: "start" }] });
    expect(parseScheduleInput({ ...base, endTime: "19:00" })).toMatchObject({ ok: false, problems: [{ problem: "endBeforeStart" }] });
    expect(parseScheduleInput({ ...base, link: "video:1" })).toMatchObject({ ok: false, problems: [{ field: "link" }] });
    expect(parseScheduleInput({ ...base, title: " " })).toMatchObject({ ok: false, problems: [{ field: "title" }] });
  });

  it("shows the tab when the creator turned it on, and always to the fan club's staff", () => {
    expect(showsScheduleTab({ displaySchedule: false }, { manages: false })).toBe(false);
    expect(showsScheduleTab({ displaySchedule: false }, { manages: true })).toBe(true);
    expect(showsScheduleTab({ displaySchedule: true }, { manages: false })).toBe(true);
  });
});

describe("the iCalendar feed", () => {
  it("parses as iCalendar with one event per entry, in UTC, and leaves locked entries out", () => {
    const start = jstInstantOf(2026, 12, 24, 20, 0);
    const text = scheduleFeedText({
      fanclub: { id: 101, name: "星空ラウンジ" },
      frontUrl: "http://www.fanclub.localhost:8787",
      host: "www.fanclub.localhost:8787",
      now: start - 86_400_000,
      entries: [
        {
          key: "s1",
          kind: "schedule",
          id: 1,
          title: "クリスマス配信",
          description: "一緒に過ごそう",
          startAt: start,
          endAt: start + 3_600_000,
          membersOnly: false,
          locked: false,
          href: "/fanclubs/101/lives/3",
          updatedAt: start - 1,
        },
        {
          key: "s2",
          kind: "schedule",
          id: 2,
          title: "",
          description: "",
          startAt: start,
          endAt: start + 1_800_000,
          membersOnly: true,
          locked: true,
          href: null,
          updatedAt: start - 1,
        },
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("星空ラウンジ");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe("クリスマス配信");
    expect(events[0]!.uid).toBe("schedule-1@www.fanclub.localhost:8787");
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(start);
    expect(String(events[0]!.component.getFirstPropertyValue("url"))).toBe("http://www.fanclub.localhost:8787/fanclubs/101/lives/3");
  });
});
