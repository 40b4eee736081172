import { describe, expect, it } from "vitest";
import {
  isLessonDuration,
  isLessonUrl,
  lessonIcs,
  lessonTab,
  reminderDue,
  reserveState,
  slotActionAllowed,
  statusAfter,
} from "../../server/domain/lessons";

const HOUR = 60 * 60 * 1000;
const start = Date.UTC(2026, 11, 1, 10, 0);
const slot = {
  startAt: start,
  durationMinutes: 60,
  status: 0,
  capacity: 2,
  reservedCount: 1,
  reservationStartAt: start - 48 * HOUR,
  reservationEndAt: start,
};

describe("lesson slot rules", () => {
  it("accepts lengths of 10–300 minutes in steps of 10 only", () => {
    expect(isLessonDuration(10)).toBe(true);
    expect(isLessonDuration(300)).toBe(true);
    expect(isLessonDuration(0)).toBe(false);
    expect(isLessonDuration(15)).toBe(false);
    expect(isLessonDuration(310)).toBe(false);
  });

  it("opens reservations inside the window only, and stops at the capacity", () => {
    expect(reserveState(slot, start - 49 * HOUR)).toBe("notYet");
    expect(reserveState(slot, start - HOUR)).toBe("open");
    expect(reserveState({ ...slot, reservedCount: 2 }, start - HOUR)).toBe("full");
    expect(reserveState(slot, start)).toBe("closed");
    expect(reserveState({ ...slot, status: 2 }, start - HOUR)).toBe("cancelled");
    expect(reserveState({ ...slot, status: 1 }, start - HOUR)).toBe("done");
  });

  it("marks done only after the start, cancels any time before done, and never twice", () => {
    expect(slotActionAllowed(slot, "done", start - 1)).toBe(false);
    expect(slotActionAllowed(slot, "done", start)).toBe(true);
    expect(slotActionAllowed(slot, "cancel", start - HOUR)).toBe(true);
    expect(slotActionAllowed({ ...slot, status: 1 }, "cancel", start)).toBe(false);
    expect(statusAfter("done")).toBe(1);
    expect(statusAfter("cancel")).toBe(2);
  });

  it("reminds once, within a day of the start", () => {
    expect(reminderDue({ ...slot, remindedAt: null }, start - 25 * HOUR)).toBe(false);
    expect(reminderDue({ ...slot, remindedAt: null }, start - 23 * HOUR)).toBe(true);
    expect(reminderDue({ ...slot, remindedAt: start - 23 * HOUR }, start - 22 * HOUR)).toBe(false);
    expect(reminderDue({ ...slot, remindedAt: null }, start + 1)).toBe(false);
  });

  it("applies the spec §2 tab rule", () => {
    expect(lessonTab("/me/fanclub/lesson_reserve/show")).toBe("reserve");
    expect(lessonTab("/me/fanclub/lesson_reserve/show/calendar")).toBe("manage");
    expect(lessonTab("/me/fanclub/lesson_reserve/new")).toBe("manage");
    expect(lessonTab("/me/fanclub/lesson_reserve/12/edit")).toBe("manage");
    expect(lessonTab("/me/fanclub/live_events")).toBeNull();
  });

  it("takes http(s) links only for outside tools", () => {
    expect(isLessonUrl("https://zoom.example/j/1")).toBe(true);
    expect(isLessonUrl("javascript:alert(1)")).toBe(false);
    expect(isLessonUrl("not a url")).toBe(false);
  });

  it("writes a calendar event in UTC with escaped text and folded lines", () => {
    const ics = lessonIcs({
      uid: "lesson-1@x",
      title: "ボイトレ, 初級; 個別",
      description: "a".repeat(100),
      url: "https://example.test/x",
      startAt: start,
      durationMinutes: 90,
      cancelled: false,
      now: start - HOUR,
    });
    expect(ics).toContain("DTSTART:20261201T100000Z\r\n");
    expect(ics).toContain("DTEND:20261201T113000Z\r\n");
    expect(ics).toContain("SUMMARY:ボイトレ\\, 初級\\; 個別");
    expect(ics.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(ics).toContain("STATUS:CONFIRMED");
  });
});
