import { describe, expect, it } from "vitest";
import {
  finishNotice,
  LESSON_STATUS,
  ticketSeatRefusal,
  isLessonDuration,
  isLessonUrl,
  lessonIcs,
  lessonRoomOpen,
  lessonSlotSchema,
  lessonTab,
  reminderDue,
  reserveState,
  seatRefund,
  scheduleLocked,
  seatsLeft,
  slotActionAllowed,
  statusAfter,
} from "../../server/domain/lessons";
import { translatorFor } from "../../server/i18n";

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

describe("the slot form (lessonSlotSchema)", () => {
  const t = translatorFor("ja", "lessons");
  // 2026-11-30 12:00 JST
  const now = Date.UTC(2026, 10, 30, 3, 0);
  const form = (fields: Record<string, string> = {}) =>
    lessonSlotSchema(t, now).safeParse({
      title: "ボイトレ",
      startDate: "2026-12-01",
      startTime: "20:00",
      duration: "60",
      capacity: "3",
      method: "online",
      price: "0",
      ...fields,
    });
  const messages = (fields: Record<string, string>) => {
    const parsed = form(fields);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  };

  it("reads a start in Japan time on the half-hour choices, and an empty window as from now until the start", () => {
    const parsed = form();
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.startAt).toBe(Date.UTC(2026, 11, 1, 11, 0));
    expect(parsed.data.reservationStartAt).toBe(now);
    expect(parsed.data.reservationEndAt).toBe(parsed.data.startAt);
    expect(parsed.data.externalUrl).toBeNull();
    expect(messages({ startTime: "20:15" })).toEqual(["startDate: 日時を正しく選んでください"]);
    expect(messages({ startDate: "2026-11-30", startTime: "12:00" })).toEqual(["startDate: 開始日時は現在より後にしてください"]);
  });

  it("takes lengths of 10–300 minutes in steps of 10, seats 1–1,000 and a price free or 100–100,000 yen", () => {
    for (const duration of ["10", "300", "150"]) expect(form({ duration }).success, duration).toBe(true);
    for (const duration of ["0", "5", "15", "305", "310", "", "六十"])
      expect(messages({ duration }), duration).toEqual(["duration: レッスン時間は10分から300分まで、10分刻みで選んでください"]);
    for (const capacity of ["1", "1000", "１０"]) expect(form({ capacity }).success, capacity).toBe(true);
    for (const capacity of ["0", "1001", "-1", "1.5"]) expect(form({ capacity }).success, capacity).toBe(false);
    for (const price of ["0", "100", "100000"]) expect(form({ price }).success, price).toBe(true);
    for (const price of ["1", "99", "100001", "-100"]) expect(form({ price }).success, price).toBe(false);
  });

  it("keeps the reservation window before the start and in order", () => {
    const window = (start: string, end: string) =>
      messages({
        reservationStartDate: "2026-12-01",
        reservationStartTime: start,
        reservationEndDate: "2026-12-01",
        reservationEndTime: end,
      });
    expect(window("09:00", "19:30")).toEqual([]);
    expect(window("09:00", "20:00")).toEqual([]);
    expect(window("09:00", "20:30")).toEqual(["reservationEndDate: 予約受付終了はレッスン開始までにしてください"]);
    expect(window("10:00", "10:00")).toEqual(["reservationEndDate: 予約受付終了は受付開始より後にしてください"]);
    expect(window("11:00", "10:00")).toEqual(["reservationEndDate: 予約受付終了は受付開始より後にしてください"]);
  });

  it("asks an outside tool for an http(s) link, and an online lesson for none", () => {
    expect(messages({ method: "external", externalUrl: "javascript:alert(1)" })).toEqual([
      "externalUrl: http:// または https:// で始まるURLを入力してください",
    ]);
    const ok = form({ method: "external", externalUrl: "https://meet.example.com/a" });
    expect(ok.success && ok.data.externalUrl).toBe("https://meet.example.com/a");
    const online = form({ method: "online", externalUrl: "https://meet.example.com/a" });
    expect(online.success && online.data.externalUrl).toBeNull();
  });
});

describe("slot status rules", () => {
  it("locks the schedule once a seat is taken or the lesson is no longer before", () => {
    expect(scheduleLocked({ reservedCount: 0, status: 0 })).toBe(false);
    expect(scheduleLocked({ reservedCount: 1, status: 0 })).toBe(true);
    expect(scheduleLocked({ reservedCount: 0, status: 1 })).toBe(true);
    expect(scheduleLocked({ reservedCount: 0, status: 2 })).toBe(true);
  });

  it("opens the online room 15 minutes before the start until the end, only while before", () => {
    const timing = { startAt: start, durationMinutes: 60, status: 0 };
    expect(lessonRoomOpen(timing, start - 16 * 60_000)).toBe(false);
    expect(lessonRoomOpen(timing, start - 15 * 60_000)).toBe(true);
    expect(lessonRoomOpen(timing, start + 59 * 60_000)).toBe(true);
    expect(lessonRoomOpen(timing, start + HOUR)).toBe(false);
    expect(lessonRoomOpen({ ...timing, status: 1 }, start)).toBe(false);
    expect(lessonRoomOpen({ ...timing, status: 2 }, start)).toBe(false);
  });

  it("counts the seats left, never below zero", () => {
    expect(seatsLeft({ capacity: 3, reservedCount: 1 })).toBe(2);
    expect(seatsLeft({ capacity: 3, reservedCount: 3 })).toBe(0);
    expect(seatsLeft({ capacity: 3, reservedCount: 4 })).toBe(0);
  });
});

describe("the creator's notice after done or cancel (finishNotice)", () => {
  it("follows the slot's state now, so a reload says the same and a slot still before says nothing", () => {
    expect(finishNotice(null)).toEqual([]);
    expect(finishNotice({ status: LESSON_STATUS.before, owedRefunds: 0 })).toEqual([]);
    expect(finishNotice({ status: LESSON_STATUS.done, owedRefunds: 0 })).toEqual([{ type: "info", key: "lessons:flash.done" }]);
    expect(finishNotice({ status: LESSON_STATUS.cancelled, owedRefunds: 0 })).toEqual([{ type: "info", key: "lessons:flash.cancelled" }]);
    expect(finishNotice({ status: LESSON_STATUS.cancelled, owedRefunds: 2 }).map((n) => n.key)).toEqual([
      "lessons:flash.cancelled",
      "lessons:flash.owed",
    ]);
  });
});

describe("what a cancelled seat gives back (seatRefund)", () => {
  const seat = { id: 42, fanclubName: "Club", title: "Voice lesson" };
  it("gives the card its own part and the wallet the rest", () => {
    expect(seatRefund({ ...seat, price: 3000, cardAmount: 1000 })).toEqual({
      key: "refund:lesson:42",
      card: 1000,
      coins: 2000,
      memo: "Club Voice lesson",
    });
  });
  it("never refunds the card more than the seat's price", () => {
    expect(seatRefund({ ...seat, price: 3000, cardAmount: 5000 })).toMatchObject({ card: 3000, coins: 0 });
  });
  it("refunds a seat paid in coins alone to the wallet", () => {
    expect(seatRefund({ ...seat, price: 3000, cardAmount: 0 })).toMatchObject({ card: 0, coins: 3000 });
  });
});

describe("reserving with a special ticket (ticketSeatRefusal)", () => {
  const base = { found: true, ticketTypeId: 7, hasSeat: false, state: "open" as const, usableTickets: 1 };
  it("lets a fan with a usable ticket take an open seat, and says why not otherwise", () => {
    expect(ticketSeatRefusal(base)).toBeNull();
    expect(ticketSeatRefusal({ ...base, found: false })).toBe("notFound");
    expect(ticketSeatRefusal({ ...base, ticketTypeId: null })).toBe("notTicketSlot");
    expect(ticketSeatRefusal({ ...base, usableTickets: 0 })).toBe("noTicket");
    expect(ticketSeatRefusal({ ...base, hasSeat: true })).toBe("alreadyReserved");
    expect(ticketSeatRefusal({ ...base, state: "full" })).toBe("soldOut");
    expect(ticketSeatRefusal({ ...base, state: "full", hasSeat: true })).toBe("alreadyReserved");
    for (const state of ["notYet", "closed", "done", "cancelled"] as const)
      expect(ticketSeatRefusal({ ...base, state, hasSeat: true })).toBe("closed");
  });
});
