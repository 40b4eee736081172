import { describe, expect, it } from "vitest";
import { createTranslator } from "../../server/i18n/setup";
import { resources } from "../../locales";
import { liveEventSchema } from "../../server/domain/live-event-form";
import {
  LIVE_STATUS,
  TIME_CHOICES,
  TICKET_PRICE,
  canSeeEvent,
  isNowOnAir,
  jstInstant,
  jstParts,
  liveStatusKey,
  liveTiming,
  parseSchedule,
  ticketPriceAllowed,
  ticketSaleState,
  timingWithRoom,
  watchReason,
} from "../../server/domain/live-events";

const t = createTranslator({ locale: "ja", resources: resources.ja, fallback: resources.ja });

describe("time choices (spec §5)", () => {
  it("runs in half-hour steps from 00:00 to 24:00", () => {
    expect(TIME_CHOICES).toHaveLength(49);
    expect(TIME_CHOICES[0]).toBe("00:00");
    expect(TIME_CHOICES[1]).toBe("00:30");
    expect(TIME_CHOICES[47]).toBe("23:30");
    expect(TIME_CHOICES[48]).toBe("24:00");
  });

  it("reads a date and time choice in Japan time; 24:00 is the next day's 00:00", () => {
    expect(jstInstant("2026-07-01", "20:00")).toBe(Date.UTC(2026, 6, 1, 11, 0));
    expect(jstInstant("2026-07-01", "00:00")).toBe(Date.UTC(2026, 5, 30, 15, 0));
    expect(jstInstant("2026-07-01", "24:00")).toBe(jstInstant("2026-07-02", "00:00"));
    expect(jstParts(Date.UTC(2026, 6, 1, 11, 30))).toEqual({ date: "2026-07-01", time: "20:30" });
  });

  it("refuses times off the choices and dates that do not exist", () => {
    expect(jstInstant("2026-07-01", "20:15")).toBeNull();
    expect(jstInstant("2026-07-01", "24:30")).toBeNull();
    expect(jstInstant("2026-02-30", "10:00")).toBeNull();
    expect(jstInstant("2026/07/01", "10:00")).toBeNull();
  });

  it("wants the end after the start", () => {
    expect(parseSchedule({ startDate: "2026-07-01", startTime: "20:00", endDate: "2026-07-01", endTime: "20:00" })).toEqual({
      ok: false,
      problem: "endBeforeStart",
    });
    expect(parseSchedule({ startDate: "2026-07-01", startTime: "23:30", endDate: "2026-07-01", endTime: "24:00" })).toMatchObject({
      ok: true,
    });
    expect(parseSchedule({ startDate: "", startTime: "20:00", endDate: "2026-07-01", endTime: "21:00" })).toEqual({
      ok: false,
      problem: "startInvalid",
    });
  });
});

describe("ticket price rule (spec §5, decision 021)", () => {
  it("allows free or 100 to 100,000 yen inclusive", () => {
    expect(TICKET_PRICE).toEqual({ allow: 0, min: 100, max: 100_000 });
    for (const ok of [0, 100, 1500, 100_000]) expect(ticketPriceAllowed(ok)).toBe(true);
    for (const bad of [1, 99, 100_001, -100, 150.5]) expect(ticketPriceAllowed(bad)).toBe(false);
  });

  it("says so in the spec's words through the form", () => {
    const result = liveEventSchema(t).safeParse({
      title: "配信",
      startDate: "2026-07-01",
      startTime: "20:00",
      endDate: "2026-07-01",
      endTime: "21:00",
      visibility: "ticket",
      status: "0",
      tickets: [{ title: "一般", price: "50" }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path.join(".") === "tickets.0.price")?.message).toBe(
      "0円または100円以上100,000円以下にしてください。",
    );
  });
});

describe("the live event form", () => {
  const base = { title: "夏のライブ", startDate: "2026-07-01", startTime: "20:00", endDate: "2026-07-01", endTime: "21:30", status: "0" };

  it("keeps filled ticket rows, drops blank ones, and reads yen and capacity", () => {
    const result = liveEventSchema(t).parse({
      ...base,
      visibility: "both",
      planIds: ["3"],
      tickets: [
        { title: "一般", price: "１,５００円", capacity: "100" },
        { title: "", price: "" },
        { title: "無料枠", price: "0" },
      ],
    });
    expect(result.tickets).toEqual([
      { id: null, title: "一般", price: 1500, capacity: 100, saleEndAt: null },
      { id: null, title: "無料枠", price: 0, capacity: null, saleEndAt: null },
    ]);
    expect(result.planIds).toEqual([3]);
    expect(result.endAt - result.startAt).toBe(90 * 60_000);
  });

  it("needs a ticket when tickets are sold and a plan when plan members watch", () => {
    const noTicket = liveEventSchema(t).safeParse({ ...base, visibility: "ticket", tickets: [] });
    expect(noTicket.error?.issues.map((i) => i.message)).toContain("チケットを1種類以上設定してください。");
    const noPlan = liveEventSchema(t).safeParse({ ...base, visibility: "plan" });
    expect(noPlan.error?.issues.map((i) => i.message)).toContain("視聴できるプランを1つ以上選んでください。");
  });

  it("refuses an end before the start and a sale ending after the stream", () => {
    const backwards = liveEventSchema(t).safeParse({
      ...base,
      endTime: "19:00",
      visibility: "ticket",
      tickets: [{ title: "一般", price: "0" }],
    });
    expect(backwards.error?.issues.map((i) => i.message)).toContain("終了日時は開始日時より後にしてください。");
    const lateSale = liveEventSchema(t).safeParse({
      ...base,
      visibility: "ticket",
      tickets: [{ title: "一般", price: "0", saleEndDate: "2026-07-02", saleEndTime: "00:00" }],
    });
    expect(lateSale.error?.issues.map((i) => i.message)).toContain("販売終了は配信終了より前にしてください。");
  });

  it("requires the title with the spec's required text", () => {
    const result = liveEventSchema(t).safeParse({ ...base, title: " ", visibility: "ticket", tickets: [{ title: "一般", price: "0" }] });
    expect(result.error?.issues[0]?.message).toBe("タイトルは必須項目です。");
  });
});

describe("timing, sale state and now on air", () => {
  const start = Date.UTC(2026, 6, 1, 11);
  const end = start + 3_600_000;
  const event = { status: LIVE_STATUS.waiting, startAt: start, endAt: end, onAirAt: null };
  const broadcasting = { ...event, onAirAt: start + 60_000 };
  const grace = 30 * 60_000;

  it("follows the schedule while the room reports no broadcast: upcoming, starting inside the window, ended after it", () => {
    expect(liveTiming(event, start - 1)).toBe("upcoming");
    expect(liveTiming(event, start)).toBe("starting");
    expect(liveTiming(event, end - 1)).toBe("starting");
    expect(liveTiming(event, end)).toBe("ended");
    expect(isNowOnAir(event, start + 10)).toBe(false);
  });

  it("is on air only while the owner broadcasts: early, inside the window, or running over until the stream's deadline", () => {
    expect(liveTiming({ ...event, onAirAt: start - 600_000 }, start - 300_000)).toBe("onAir");
    expect(liveTiming(broadcasting, start + 120_000)).toBe("onAir");
    expect(liveTiming(broadcasting, end + grace - 1)).toBe("onAir");
    // no stream outlives its token, whatever the room last wrote
    expect(liveTiming(broadcasting, end + grace)).toBe("ended");
    expect(isNowOnAir(broadcasting, end + 60_000)).toBe(true);
  });

  it("is ended once the creator ends it, and a private event is never in the now-on-air list", () => {
    expect(liveTiming({ ...broadcasting, status: LIVE_STATUS.ended }, start + 120_000)).toBe("ended");
    expect(isNowOnAir({ ...broadcasting, status: LIVE_STATUS.private }, start + 120_000)).toBe(false);
  });

  it("sells until the type's sale end or the event's end, refuses past the capacity, and never for plan-only or private events", () => {
    const ticketed = { status: LIVE_STATUS.waiting, endAt: end, visibility: "ticket" as const };
    const type = { capacity: 2, soldCount: 1, saleEndAt: null };
    expect(ticketSaleState(ticketed, type, start)).toBe("onSale");
    expect(ticketSaleState(ticketed, { ...type, soldCount: 2 }, start)).toBe("soldOut");
    expect(ticketSaleState(ticketed, type, end)).toBe("closed");
    expect(ticketSaleState(ticketed, { ...type, saleEndAt: start }, start)).toBe("closed");
    expect(ticketSaleState(ticketed, { ...type, saleEndAt: start }, start - 1)).toBe("onSale");
    expect(ticketSaleState({ ...ticketed, visibility: "plan" }, type, start)).toBe("closed");
    expect(ticketSaleState({ ...ticketed, status: LIVE_STATUS.private }, type, start)).toBe("closed");
    expect(ticketSaleState(ticketed, { capacity: null, soldCount: 10_000, saleEndAt: null }, start)).toBe("onSale");
  });
});

describe("who may watch", () => {
  const event = { ownerId: 1, fanclubOwnerId: 1, visibility: "both" as const, planIds: [10, 11] };
  const fan = { userId: 5, isEditor: false, hasTicket: false, accessPlanIds: [] as number[] };

  it("lets in the owner and editors always, ticket holders and members of the chosen plans by visibility", () => {
    expect(watchReason({ event, viewer: { ...fan, userId: 1 } })).toBe("owner");
    expect(watchReason({ event, viewer: { ...fan, isEditor: true } })).toBe("editor");
    expect(watchReason({ event, viewer: { ...fan, hasTicket: true } })).toBe("ticket");
    expect(watchReason({ event, viewer: { ...fan, accessPlanIds: [11] } })).toBe("plan");
    expect(watchReason({ event, viewer: { ...fan, accessPlanIds: [12] } })).toBeNull();
    expect(watchReason({ event, viewer: fan })).toBeNull();
    expect(watchReason({ event, viewer: { ...fan, userId: null } })).toBeNull();
  });

  it("ignores tickets of a plan-only event and plans of a ticket-only event", () => {
    expect(watchReason({ event: { ...event, visibility: "plan" }, viewer: { ...fan, hasTicket: true } })).toBeNull();
    expect(watchReason({ event: { ...event, visibility: "ticket" }, viewer: { ...fan, accessPlanIds: [10] } })).toBeNull();
  });

  it("shows a private event only to those who manage it or already hold a ticket", () => {
    expect(canSeeEvent({ status: LIVE_STATUS.private }, { manages: false, hasTicket: false })).toBe(false);
    expect(canSeeEvent({ status: LIVE_STATUS.private }, { manages: true, hasTicket: false })).toBe(true);
    expect(canSeeEvent({ status: LIVE_STATUS.private }, { manages: false, hasTicket: true })).toBe(true);
    expect(canSeeEvent({ status: LIVE_STATUS.waiting }, { manages: false, hasTicket: false })).toBe(true);
  });
});

describe("what the pages say while the room speaks", () => {
  it("drops 配信中 when the stream stops and says it when it starts, without a reload", () => {
    expect(timingWithRoom("onAir", false)).toBe("starting");
    expect(timingWithRoom("starting", true)).toBe("onAir");
    expect(timingWithRoom("upcoming", true)).toBe("onAir");
    expect(timingWithRoom("onAir", null)).toBe("onAir");
    expect(timingWithRoom("ended", true)).toBe("ended");
    expect(t(`lives:timing.${timingWithRoom("onAir", false)}`)).not.toBe("配信中");
  });

  it("the creator's status line says 配信中 while on air, not 配信待ち", () => {
    expect(t(`lives:${liveStatusKey(LIVE_STATUS.waiting, "onAir")}`)).toBe("配信中");
    expect(t(`lives:${liveStatusKey(LIVE_STATUS.waiting, "starting")}`)).toBe("配信待ち");
    expect(t(`lives:${liveStatusKey(LIVE_STATUS.waiting, "ended")}`)).toBe("配信終了");
    expect(t(`lives:${liveStatusKey(LIVE_STATUS.private, "onAir")}`)).toBe("非公開");
    expect(t(`lives:${liveStatusKey(LIVE_STATUS.ended, "upcoming")}`)).toBe("配信終了");
  });
});
