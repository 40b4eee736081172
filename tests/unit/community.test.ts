import { describe, expect, it } from "vitest";
import { campaignPhase, campaignRunning, earnedCampaigns, joinsPaidPlan, lineMeetsCondition } from "../../server/domain/fan-campaigns";
import { jstInstantOf } from "../../server/domain/jst-time";
import {
  goalGraphSvg,
  goalProgress,
  graphPoints,
  jstDayNumber,
  monthlyAmountOnDay,
  supportersOnDay,
} from "../../server/domain/share-goals";
import { issueTicketsSchema, normalizePurpose, ticketExpiry, ticketState, ticketUseRefusal } from "../../server/domain/special-tickets";
import { translatorFor } from "../../server/i18n";

const DAY = 86_400_000;

describe("special tickets: use once, expiry", () => {
  const now = jstInstantOf(2026, 6, 1, 12);
  it("a ticket is usable until used or past its expiry; used wins over expired", () => {
    expect(ticketState({ usedAt: null, expiresAt: null }, now)).toBe("usable");
    expect(ticketState({ usedAt: null, expiresAt: now + 1 }, now)).toBe("usable");
    expect(ticketState({ usedAt: null, expiresAt: now }, now)).toBe("expired");
    expect(ticketState({ usedAt: now - 5, expiresAt: now - 1 }, now)).toBe("used");
  });
  it("only the holder may use a ticket, once, before it expires", () => {
    expect(ticketUseRefusal({ userId: 7, usedAt: null, expiresAt: null }, 7, now)).toBeNull();
    expect(ticketUseRefusal({ userId: 7, usedAt: null, expiresAt: null }, 8, now)).toBe("notFound");
    expect(ticketUseRefusal(undefined, 7, now)).toBe("notFound");
    expect(ticketUseRefusal({ userId: 7, usedAt: now - 1, expiresAt: null }, 7, now)).toBe("alreadyUsed");
    expect(ticketUseRefusal({ userId: 7, usedAt: null, expiresAt: now - 1 }, 7, now)).toBe("expired");
  });
  it("validity counts whole days from the issue; no validity never expires", () => {
    expect(ticketExpiry(now, 30)).toBe(now + 30 * DAY);
    expect(ticketExpiry(now, null)).toBeNull();
  });
  it("a purpose is trimmed and limited to 100 characters", () => {
    expect(normalizePurpose("  lesson:12 ")).toBe("lesson:12");
    expect(normalizePurpose("")).toBeNull();
    expect(normalizePurpose("あ".repeat(101))).toBeNull();
    expect(normalizePurpose(12)).toBeNull();
  });
});

describe("share goals: progress from real rows, by JST day", () => {
  const start = jstInstantOf(2026, 6, 1, 10);
  const d0 = jstDayNumber(start);
  it("a JST day starts at 00:00 Japan time, not UTC", () => {
    expect(jstDayNumber(jstInstantOf(2026, 6, 2, 0, 0))).toBe(d0 + 1);
    expect(jstDayNumber(jstInstantOf(2026, 6, 1, 23, 59))).toBe(d0);
  });
  it("supporters: the baseline plus each day's joins minus leaves", () => {
    const rows = {
      baseline: 10,
      memberDays: [
        { day: d0, joins: 3, leaves: 1 },
        { day: d0 + 2, joins: 1, leaves: 4 },
      ],
      paymentDays: [],
    };
    expect(supportersOnDay(rows, d0)).toBe(12);
    expect(supportersOnDay(rows, d0 + 1)).toBe(12);
    expect(supportersOnDay(rows, d0 + 2)).toBe(9);
  });
  it("monthly support counts only the billing month of the day (JST), paid up to that day", () => {
    const june30 = jstDayNumber(jstInstantOf(2026, 6, 30, 12));
    const rows = {
      baseline: 0,
      memberDays: [],
      paymentDays: [
        { day: d0, month: "2026-06", amount: 1000 },
        { day: june30, month: "2026-06", amount: 500 },
        { day: june30 + 1, month: "2026-07", amount: 700 },
      ],
    };
    expect(monthlyAmountOnDay(rows, d0)).toBe(1000);
    expect(monthlyAmountOnDay(rows, june30)).toBe(1500);
    // 1 July JST: a new month starts from what July's payments bring
    expect(monthlyAmountOnDay(rows, june30 + 1)).toBe(700);
  });
  it("percent, reached and status; a closed goal keeps its result whatever the rows say now", () => {
    const goal = {
      metric: "supporters" as const,
      target: 20,
      startsAt: start,
      deadline: start + 10 * DAY,
      closedAt: null,
      resultValue: null,
    };
    const rows = { baseline: 10, memberDays: [{ day: d0 + 1, joins: 5, leaves: 0 }], paymentDays: [] };
    const open = goalProgress(goal, rows, start + 2 * DAY);
    expect(open).toMatchObject({ value: 15, percent: 75, reached: false, status: "open" });
    expect(open.series.map((p) => p.value)).toEqual([10, 15, 15]);
    expect(open.series[0]!.day).toBe("6/1");
    expect(goalProgress(goal, rows, start + 11 * DAY).status).toBe("missed");
    const more = { ...rows, memberDays: [{ day: d0 + 1, joins: 30, leaves: 0 }] };
    expect(goalProgress(goal, more, start + 2 * DAY)).toMatchObject({ value: 40, percent: 100, reached: true, status: "reached" });
    const closed = goalProgress({ ...goal, closedAt: start + DAY, resultValue: 14 }, more, start + 5 * DAY);
    expect(closed).toMatchObject({ value: 14, status: "closed", reached: false });
  });
  it("a long goal is drawn with at most about 62 points, the last one today's value", () => {
    const goal = {
      metric: "supporters" as const,
      target: 5,
      startsAt: start,
      deadline: start + 400 * DAY,
      closedAt: null,
      resultValue: null,
    };
    const p = goalProgress(goal, { baseline: 3, memberDays: [], paymentDays: [] }, start + 300 * DAY);
    expect(p.series.length).toBeLessThanOrEqual(63);
    expect(p.series.at(-1)!.value).toBe(3);
  });
  it("the graph scales to the target or the top value", () => {
    expect(
      graphPoints(
        [
          { day: "6/1", value: 0 },
          { day: "6/2", value: 50 },
        ],
        100,
        200,
        100,
      ),
    ).toBe("0,100 200,50");
    expect(graphPoints([{ day: "6/1", value: 200 }], 100, 200, 100)).toBe("200,0");
  });
});

describe("campaigns: periods in JST and conditions", () => {
  const c = {
    id: 1,
    fanclubId: 101,
    condition: "join_plan" as const,
    startsAt: jstInstantOf(2026, 6, 1),
    endsAt: jstInstantOf(2026, 7, 1),
  };
  it("runs from 00:00 JST of its first day up to (not including) its end", () => {
    expect(campaignRunning(c, jstInstantOf(2026, 5, 31, 23, 59))).toBe(false);
    expect(campaignRunning(c, jstInstantOf(2026, 6, 1))).toBe(true);
    // 2026-06-30 15:00 UTC is already 1 July in Japan
    expect(campaignRunning(c, Date.UTC(2026, 5, 30, 15, 0))).toBe(false);
    expect(campaignRunning(c, Date.UTC(2026, 5, 30, 14, 59))).toBe(true);
    expect(campaignPhase(c, jstInstantOf(2026, 5, 1))).toBe("upcoming");
    expect(campaignPhase(c, jstInstantOf(2026, 8, 1))).toBe("ended");
  });
  it("a condition is met only by a line of the campaign's own fan club", () => {
    const plan = { type: "Plan", targetType: "join_plan_type", fanclubId: 101, price: 500 };
    expect(lineMeetsCondition("join_plan", 101, plan)).toBe(true);
    expect(lineMeetsCondition("join_plan", 102, plan)).toBe(false);
    expect(lineMeetsCondition("buy_product", 101, plan)).toBe(false);
    expect(lineMeetsCondition("buy_product", 101, { ...plan, type: "Product", targetType: "product" })).toBe(true);
    expect(lineMeetsCondition("tip", 101, { ...plan, type: "Tipping", targetType: "post_tipping" })).toBe(true);
  });
  it("a purchase earns the campaigns running when it was paid and met by one of its lines", () => {
    const tip = { ...c, id: 2, condition: "tip" as const };
    const lines = [{ type: "Plan", targetType: "join_plan_type", fanclubId: 101, price: 500 }];
    expect(earnedCampaigns([c, tip], lines, jstInstantOf(2026, 6, 10)).map((x) => x.id)).toEqual([1]);
    expect(earnedCampaigns([c, tip], lines, jstInstantOf(2026, 7, 10))).toEqual([]);
  });
  it("the plan-joining promotion needs a paid plan line", () => {
    expect(joinsPaidPlan([{ type: "Plan", targetType: "join_plan_type", fanclubId: 1, price: 0 }])).toBe(false);
    expect(joinsPaidPlan([{ type: "Plan", targetType: "join_plan_type", fanclubId: 1, price: 300 }])).toBe(true);
  });
});

describe("the goal graph drawn on the server", () => {
  it("draws the series as a polyline under the target line, escapes the label, colours a reached goal", () => {
    const svg = goalGraphSvg(
      {
        series: [
          { day: "6/1", value: 0 },
          { day: "6/2", value: 5 },
          { day: "6/3", value: 10 },
        ],
        target: 10,
        reached: true,
      },
      'ゴール <"30人">',
    );
    expect(svg).toContain('points="0,96 160,48 320,0"');
    expect(svg).toContain('aria-label="ゴール &#60;&#34;30人&#34;&#62;"');
    expect(svg).toContain("#2e7d32");
    expect(svg).toContain(">6/1</text>");
    expect(svg).toContain(">6/3</text>");
    const single = goalGraphSvg({ series: [{ day: "6/1", value: 1 }], target: 4, reached: false }, "x");
    // the target is the top: its dashed line at y 0, a quarter of it three quarters down the plot
    expect(single).toContain('y1="0" x2="320" y2="0"');
    expect(single).toContain('points="320,72"');
    expect(single).toContain("#e4007f");
  });
});

describe("the ticket issue form", () => {
  const t = translatorFor("ja");
  const base = { intent: "issue", typeId: "3", batchKey: "batch-key-1" };
  it("reads the recipients: a plan, every member, or member numbers in any separator", () => {
    expect(issueTicketsSchema(t).parse({ ...base, target: "plan", planId: "7" }).recipients).toEqual({ kind: "plan", planId: 7 });
    expect(issueTicketsSchema(t).parse({ ...base, target: "allMembers" }).recipients).toEqual({ kind: "allMembers" });
    expect(issueTicketsSchema(t).parse({ ...base, target: "memberNumbers", numbers: "1, 2　３、4" }).recipients).toEqual({
      kind: "memberNumbers",
      numbers: [1, 2, 3, 4],
    });
  });
  it("refuses a plan issue without a plan and numbers that are not member numbers, in the reader's language", () => {
    expect(issueTicketsSchema(t).safeParse({ ...base, target: "plan" }).success).toBe(false);
    const bad = issueTicketsSchema(t).safeParse({ ...base, target: "memberNumbers", numbers: "12, abc" });
    expect(bad.error?.issues[0]?.message).toContain("会員番号");
    expect(issueTicketsSchema(t).safeParse({ ...base, target: "allMembers", batchKey: "x" }).success).toBe(false);
  });
});
