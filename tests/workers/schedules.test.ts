import { env, SELF } from "cloudflare:test";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { jstDayKey, jstMonthOf, monthKey } from "../../server/domain/schedules";
import { createLiveEvent } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * Schedules through what browsers call (issue 21 item 2): the month calendar and day view of
 * /fanclubs/{id}/schedules, the tab's displaySchedule rule, the creator's /me/fanclub/schedules
 * (can_schedule_manage), the schedules API, and the iCalendar feed with its private addresses.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
const XHR = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const DAY = 86_400_000;

let fanclubId: number;
let owner: Account;
let scheduler: Account;
let plainEditor: Account;
let member: Account;
let fan: Account;
/** tomorrow in Japan, as the form's date */
let tomorrow: string;

const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const entryCount = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM schedules WHERE fanclub_id = ?", fanclubId))!.n;
const page = (who: Account | null, path: string) =>
  who ? who.b.get(at(hosts.www, path)) : SELF.fetch(at(hosts.www, path), { redirect: "manual", headers: { cookie: "sso_checked=1" } });

function entryForm(fields: Record<string, string> = {}) {
  return {
    title: "歌枠",
    description: "",
    startDate: tomorrow,
    startTime: "20:00",
    endDate: tomorrow,
    endTime: "21:30",
    link: "",
    ...fields,
  };
}

beforeAll(async () => {
  tomorrow = jstDayKey(Date.now() + DAY);
  owner = await confirmedAccount({ name: "予定主", prefix: "sco" });
  fanclubId = await insertFanclub(owner.id, { name: "予定のある部屋" });
  const planId = await insertPlan(fanclubId, { name: "メンバー", price: 500 });
  scheduler = await confirmedAccount({ prefix: "scs" });
  await insertEditor(fanclubId, scheduler.id, ["can_schedule_manage"]);
  plainEditor = await confirmedAccount({ prefix: "scp" });
  await insertEditor(fanclubId, plainEditor.id, ["can_talk_manage"]);
  member = await confirmedAccount({ prefix: "scm" });
  await insertMembership(member.id, fanclubId, planId);
  fan = await confirmedAccount({ prefix: "scf" });
});

describe("the creator's schedule pages", () => {
  it("let in the owner and an editor with can_schedule_manage; an editor without it and a fan are refused", async () => {
    for (const path of ["/me/fanclub/schedules", "/me/fanclub/schedules/new"]) {
      expect((await owner.b.get(at(hosts.www, path))).status).toBe(200);
      expect((await scheduler.b.get(at(hosts.www, path))).status).toBe(200);
      expect((await plainEditor.b.get(at(hosts.www, path))).status).toBe(403);
      expect((await member.b.get(at(hosts.www, path))).status).toBe(302);
      expect((await page(null, path)).status).toBe(302);
    }
  });

  it("offers the half-hour choices of 00:00 to 24:00 in Japan time", async () => {
    const html = await (await owner.b.get(at(hosts.www, "/me/fanclub/schedules/new"))).text();
    const choices = [...html.slice(html.indexOf('name="startTime"')).matchAll(/<option value="(\d\d:\d\d)"/g)].map((m) => m[1]);
    expect(choices.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
    expect(choices.slice(0, 49).at(-1)).toBe("24:00");
    expect(choices.slice(0, 49)).not.toContain("10:15");
  });

  it("refuses bad input with a localized 400 and writes nothing", async () => {
    const before = await entryCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "" }, "タイトルは必須項目です。"],
      [{ endTime: "19:00" }, "終了日時は開始日時より後にしてください。"],
      [{ startTime: "10:15" }, "開始日時を選んでください。"],
      [{ endDate: "2026-02-30" }, "終了日時を選んでください。"],
      [{ link: "post:abc" }, "リンク先を選び直してください。"],
      [{ title: "あ".repeat(101) }, "100文字以内"],
    ];
    for (const [fields, message] of cases) {
      const res = await owner.b.post(at(hosts.www, "/me/fanclub/schedules/new"), entryForm(fields));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    // a post of another fan club cannot be linked
    const other = await insertFanclub(fan.id, { name: "よその部屋" });
    const { insertPost } = await import("./fanclub-fixture");
    const foreignPost = await insertPost(other, fan.id, { title: "よその投稿" });
    const foreign = await owner.b.post(at(hosts.www, "/me/fanclub/schedules/new"), entryForm({ link: `post:${foreignPost}` }));
    expect(foreign.status).toBe(400);
    expect(await entryCount()).toBe(before);
  });

  it("creates, edits and deletes an entry; an editor without the permission and another creator change nothing", async () => {
    const created = await scheduler.b.post(
      at(hosts.www, "/me/fanclub/schedules/new"),
      entryForm({ title: "作成テスト", description: "説明文" }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/me/fanclub/schedules");
    const row = await one<{ id: number; start_at: number; end_at: number }>(
      "SELECT id, start_at, end_at FROM schedules WHERE fanclub_id = ? AND title = '作成テスト'",
      fanclubId,
    );
    // 20:00 to 21:30 in Japan is 11:00 to 12:30 UTC
    expect(new Date(row!.start_at).toISOString()).toBe(`${tomorrow}T11:00:00.000Z`);
    expect(row!.end_at - row!.start_at).toBe(90 * 60_000);

    const refused = await plainEditor.b.post(at(hosts.www, "/me/fanclub/schedules/new"), entryForm({ title: "権限なし" }));
    expect(refused.status).toBe(403);
    const edited = await owner.b.post(
      at(hosts.www, `/me/fanclub/schedules/${row!.id}/edit`),
      entryForm({ title: "編集後", endTime: "24:00" }),
    );
    expect(edited.status).toBe(302);
    expect(await one("SELECT title FROM schedules WHERE id = ?", row!.id)).toEqual({ title: "編集後" });

    const stranger = await confirmedAccount({ prefix: "scx" });
    await insertFanclub(stranger.id, { name: "別の部屋" });
    expect((await stranger.b.get(at(hosts.www, `/me/fanclub/schedules/${row!.id}/edit`))).status).toBe(404);
    expect((await stranger.b.post(at(hosts.www, "/me/fanclub/schedules"), { intent: "delete", id: String(row!.id) })).status).toBe(404);
    expect(await one("SELECT title FROM schedules WHERE id = ?", row!.id)).toEqual({ title: "編集後" });
    expect(await entryCount()).toBeGreaterThan(0);

    expect((await owner.b.post(at(hosts.www, "/me/fanclub/schedules"), { intent: "delete", id: String(row!.id) })).status).toBe(302);
    expect(await one("SELECT id FROM schedules WHERE id = ?", row!.id)).toBeNull();
  });
});

describe("the calendar pages", () => {
  it("stay hidden (no tab, 404) until the creator turns displaySchedule on, except to the staff", async () => {
    await env.DB.prepare("UPDATE fanclubs SET display_schedule = 0 WHERE id = ?").bind(fanclubId).run();
    const home = await (await page(member, `/fanclubs/${fanclubId}`)).text();
    expect(home).not.toContain(`/fanclubs/${fanclubId}/schedules"`);
    expect((await page(member, `/fanclubs/${fanclubId}/schedules`)).status).toBe(404);
    expect((await page(null, `/fanclubs/${fanclubId}/schedules`)).status).toBe(404);
    expect((await page(owner, `/fanclubs/${fanclubId}/schedules`)).status).toBe(200);
    expect(await (await page(owner, `/fanclubs/${fanclubId}`)).text()).toContain(`/fanclubs/${fanclubId}/schedules"`);
    await env.DB.prepare("UPDATE fanclubs SET display_schedule = 1 WHERE id = ?").bind(fanclubId).run();
    expect(await (await page(null, `/fanclubs/${fanclubId}`)).text()).toContain(`/fanclubs/${fanclubId}/schedules"`);
  });

  it("show the month with its entries and live events, members-only ones locked for those without access, and a day view", async () => {
    await env.DB.prepare("UPDATE fanclubs SET display_schedule = 1 WHERE id = ?").bind(fanclubId).run();
    await owner.b.post(at(hosts.www, "/me/fanclub/schedules/new"), entryForm({ title: "公開の予定" }));
    await owner.b.post(
      at(hosts.www, "/me/fanclub/schedules/new"),
      entryForm({ title: "会員だけの予定", description: "会員だけの説明", membersOnly: "on", startTime: "22:00", endTime: "23:00" }),
    );
    await createLiveEvent(env.DB, {
      fanclubId,
      ownerId: owner.id,
      title: "自動で載る配信",
      startAt: new Date(Date.parse(`${tomorrow}T03:00:00Z`)),
    });
    const month = monthKey(jstMonthOf(Date.parse(`${tomorrow}T03:00:00Z`)));
    for (const who of [fan, null]) {
      const html = await (await page(who, `/fanclubs/${fanclubId}/schedules?month=${month}`)).text();
      expect(html).toContain("公開の予定");
      expect(html).toContain("自動で載る配信");
      expect(html).toContain("メンバー限定の予定");
      expect(html).not.toContain("会員だけの予定");
      const day = await (await page(who, `/fanclubs/${fanclubId}/schedules/${tomorrow}`)).text();
      expect(day).toContain("20:00");
      expect(day).not.toContain("会員だけの説明");
      if (who) {
        const apiText = await (await who.b.get(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/schedules?month=${month}`), XHR)).text();
        expect(apiText).toContain("公開の予定");
        expect(apiText).not.toContain("会員だけ");
      }
    }
    for (const who of [member, owner, scheduler]) {
      const day = await (await page(who, `/fanclubs/${fanclubId}/schedules/${tomorrow}`)).text();
      expect(day).toContain("会員だけの予定");
      expect(day).toContain("会員だけの説明");
    }
  });

  it("links the previous and next months (across a year), refuses a bad month with 400 and a date that does not exist with 404", async () => {
    const html = await (await page(null, `/fanclubs/${fanclubId}/schedules?month=2027-01`)).text();
    expect(html).toContain("?month=2026-12");
    expect(html).toContain("?month=2027-02");
    // January 2027 starts on a Friday: the grid opens on Sunday 27 December
    expect(html).toContain(`/fanclubs/${fanclubId}/schedules/2026-12-27`);
    expect((await page(null, `/fanclubs/${fanclubId}/schedules?month=2027-13`)).status).toBe(400);
    expect((await page(null, `/fanclubs/${fanclubId}/schedules/2027-02-30`)).status).toBe(404);
    const apiBad = await SELF.fetch(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/schedules?month=1999`), { headers: XHR });
    expect(apiBad.status).toBe(400);
  });

  it("render the month and the day in 2 D1 round trips, visitor or signed-in member (the session, then the fan club frame and the calendar in one batch)", async () => {
    for (const path of [`/fanclubs/${fanclubId}/schedules`, `/fanclubs/${fanclubId}/schedules/${tomorrow}`]) {
      for (const [b, budget] of [
        [new TestBrowser(), 1],
        [member.b, 2],
      ] as const) {
        const res = await b.get(at(hosts.www, path));
        expect(res.status).toBe(200);
        expect(Number(res.headers.get("x-d1-round-trips")), path).toBeLessThanOrEqual(budget);
      }
    }
  });
});

describe("the iCalendar feed", () => {
  function events(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  }

  it("parses as iCalendar, with public entries and live events but no members-only entry", async () => {
    await env.DB.prepare("UPDATE fanclubs SET display_schedule = 1 WHERE id = ?").bind(fanclubId).run();
    const res = await SELF.fetch(at(hosts.www, `/fanclubs/${fanclubId}/schedules.ics`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const text = await res.text();
    const titles = events(text).map((e) => e.summary);
    expect(titles).toEqual(expect.arrayContaining(["公開の予定", "自動で載る配信"]));
    expect(text).not.toContain("会員だけ");
  });

  it("gives a member a private address with members-only entries; a fan without access and a visitor cannot get one; revoking ends it", async () => {
    expect((await fan.b.post(at(hosts.www, `/fanclubs/${fanclubId}/schedules`), { intent: "issueFeed" })).status).toBe(403);
    expect(await one("SELECT id FROM schedule_feed_tokens WHERE user_id = ?", fan.id)).toBeNull();
    const anon = await new TestBrowser().post(at(hosts.www, `/fanclubs/${fanclubId}/schedules`), { intent: "issueFeed" });
    expect(anon.status).toBe(401);

    expect((await member.b.post(at(hosts.www, `/fanclubs/${fanclubId}/schedules`), { intent: "issueFeed" })).status).toBe(200);
    const html = await (await member.b.get(at(hosts.www, `/fanclubs/${fanclubId}/schedules`))).text();
    const url = /value="([^"]*schedules\.ics\?token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(url).toBeTruthy();
    const path = new URL(url!).pathname + new URL(url!).search;
    const privateFeed = await SELF.fetch(at(hosts.www, path));
    expect(privateFeed.status).toBe(200);
    expect(privateFeed.headers.get("cache-control")).toContain("no-store");
    expect(events(await privateFeed.text()).map((e) => e.summary)).toContain("会員だけの予定");

    expect((await member.b.post(at(hosts.www, `/fanclubs/${fanclubId}/schedules`), { intent: "revokeFeed" })).status).toBe(200);
    expect((await SELF.fetch(at(hosts.www, path))).status).toBe(404);
    expect((await SELF.fetch(at(hosts.www, `/fanclubs/${fanclubId}/schedules.ics?token=guess`))).status).toBe(404);
  });
});
