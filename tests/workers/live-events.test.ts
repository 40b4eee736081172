import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createLiveEvent, createLiveEventPlan, createTicketType } from "../factories";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { coinBalance } from "../../server/services/coins";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi, giveCoins, registerSandboxCard as registerCard } from "./money-fixture";

/*
 * Live events through what a creator's and a fan's browser send (issue 7 creator pages, spec §7
 * live events, carts and free_ticket_purchase): the form's localized 4xx answers including the
 * spec §5 ticket price rule, tickets bought by coins and by card through the cart, a free ticket
 * taken once on a double click, the last ticket going to exactly one of two racing fans, and who
 * may watch.
 */

const db = createDb(env.DB);
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const host = hosts.indies;
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
const call = <T = Record<string, unknown>>(who: Account, method: string, path: string, body?: unknown) =>
  callApi<T>(who, method, path, body, host);

/** A fan with an account who follows the fan club (tickets need the follow, spec §4). */
async function follower(prefix: string) {
  const fan = await confirmedAccount({ prefix });
  expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);
  return fan;
}

type CartJson = {
  carts: Array<{
    type: string;
    price: number;
    liveEventTitle: string;
    liveEventTicket: { title: string; price: number };
    liveStartAt: number;
    liveEndAt: number;
  }>;
  total: number;
  cartVersion: number;
};

const addTicket = (fan: Account, typeId: number) =>
  call<CartJson>(fan, "POST", "/me/carts", { type: "LiveEventTicket", id: typeId, target_type: "live_event_ticket" });

async function pay(fan: Account, method: "coin" | "card") {
  const cart = (await call<CartJson>(fan, "GET", "/me/carts")).json.payload;
  return call<{ purchase?: { total: number; coinAmount: number; cardAmount: number } }>(fan, "POST", "/me/carts/purchase", {
    payment: method,
    isUsedCoin: method === "coin",
    otherPayment: { toraCoin: method === "coin" ? cart.total : 0 },
    cartVersion: cart.cartVersion,
  });
}

const first = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

/** An event inserted directly: starting in a day, for ticket holders, with the given ticket types. */
async function insertEvent(
  options: {
    title?: string;
    visibility?: "plan" | "ticket" | "both";
    status?: number;
    planIds?: number[];
    tickets?: Array<{ title: string; price: number; capacity?: number | null }>;
    startAt?: number;
    endAt?: number;
  } = {},
) {
  const now = Date.now();
  const start = options.startAt ?? now + 86_400_000;
  const row = await createLiveEvent(env.DB, {
    fanclubId,
    ownerId: creator.id,
    title: options.title ?? "テスト配信",
    description: "",
    startAt: new Date(start),
    endAt: new Date(options.endAt ?? start + 3_600_000),
    visibility: options.visibility ?? "ticket",
    status: options.status ?? 0,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  const types: number[] = [];
  for (const [i, tt] of (options.tickets ?? [{ title: "一般", price: 500 }]).entries()) {
    const t = await createTicketType(env.DB, {
      liveEventId: row.id,
      title: tt.title,
      price: tt.price,
      capacity: tt.capacity ?? null,
      sortOrder: i,
    });
    types.push(t.id);
  }
  for (const planId of options.planIds ?? []) await createLiveEventPlan(env.DB, { liveEventId: row.id, planId });
  return { id: row.id, types };
}

let creator: Account;
let fanclubId: number;
let planId: number;

beforeAll(async () => {
  creator = await confirmedAccount({ prefix: "livecr", name: "配信者" });
  fanclubId = await insertFanclub(creator.id, { serviceId: 2, name: "ライブの館" });
  planId = await insertPlan(fanclubId, { name: "ライブ会員", price: 800 });
});

describe("the creator's live events (issue 7, spec §2 /me/fanclub/live_events)", () => {
  const tomorrow = jstParts(Date.now() + 86_400_000).date;
  const form = {
    title: "夏の配信",
    description: "歌います",
    startDate: tomorrow,
    startTime: "20:00",
    endDate: tomorrow,
    endTime: "21:30",
    visibility: "both",
    status: "0",
    planIds: "",
  };

  it("refuses invalid forms in the creator's language (the ticket price rule, the schedule, what visibility needs) and creates, lists and edits a valid one", async () => {
    const cheap = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      planIds: String(planId),
      "tickets[0].title": "一般",
      "tickets[0].price": "50",
    });
    expect(cheap.status).toBe(400);
    expect(await cheap.text()).toContain("0円または100円以上100,000円以下にしてください。");
    const tooDear = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      planIds: String(planId),
      "tickets[0].title": "一般",
      "tickets[0].price": "100001",
    });
    expect(tooDear.status).toBe(400);
    const backwards = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      endTime: "19:00",
      planIds: String(planId),
      "tickets[0].title": "一般",
      "tickets[0].price": "500",
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("終了日時は開始日時より後にしてください。");
    const offChoice = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      startTime: "20:15",
      planIds: String(planId),
      "tickets[0].title": "一般",
      "tickets[0].price": "500",
    });
    expect(offChoice.status).toBe(400);
    const noPlan = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      "tickets[0].title": "一般",
      "tickets[0].price": "500",
    });
    expect(noPlan.status).toBe(400);
    expect(await noPlan.text()).toContain("視聴できるプランを1つ以上選んでください。");
    const english = await creator.b.post(
      at(host, "/me/fanclub/live_events/new"),
      { ...form, planIds: String(planId), "tickets[0].title": "一般", "tickets[0].price": "50" },
      { cookie: `locale=en; ${creator.b.cookieHeader(new URL(at(host, "/")).hostname)}` },
    );
    expect(await english.text()).toContain("Enter 0円 or between 100円 and 100,000円.");
    const foreignPlan = await insertPlan(await insertFanclub((await confirmedAccount({ prefix: "other" })).id, { serviceId: 2 }), {
      price: 500,
    });
    const notOwned = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      planIds: String(foreignPlan),
      "tickets[0].title": "一般",
      "tickets[0].price": "500",
    });
    expect(notOwned.status).toBe(409);
    expect(await first("SELECT COUNT(*) AS n FROM live_events WHERE fanclub_id = ?", fanclubId)).toEqual({ n: 0 });

    const created = await creator.b.post(at(host, "/me/fanclub/live_events/new"), {
      ...form,
      planIds: String(planId),
      "tickets[0].title": "一般",
      "tickets[0].price": "１,５００円",
      "tickets[0].capacity": "50",
      "tickets[1].title": "",
      "tickets[1].price": "",
      "tickets[2].title": "無料枠",
      "tickets[2].price": "0",
    });
    expect(created.status).toBe(302);
    const id = Number(created.headers.get("location")!.split("/").pop());
    const event = await first<{ owner_id: number; start_at: number; end_at: number; visibility: string }>(
      "SELECT owner_id, start_at, end_at, visibility FROM live_events WHERE id = ?",
      id,
    );
    expect(event).toMatchObject({ owner_id: creator.id, visibility: "both" });
    expect(jstParts(event!.start_at)).toEqual({ date: tomorrow, time: "20:00" });
    expect(event!.end_at - event!.start_at).toBe(90 * 60_000);
    const types = await env.DB.prepare(
      "SELECT id, title, price, capacity FROM live_event_ticket_types WHERE live_event_id = ? ORDER BY sort_order",
    )
      .bind(id)
      .all<{ id: number; title: string; price: number; capacity: number | null }>();
    expect(types.results.map((r) => [r.title, r.price, r.capacity])).toEqual([
      ["一般", 1500, 50],
      ["無料枠", 0, null],
    ]);

    const list = await (await creator.b.get(at(host, "/me/fanclub/live_events"))).text();
    expect(list).toContain("夏の配信");
    const detail = await (await creator.b.get(at(host, `/me/fanclub/live_events/${id}`))).text();
    expect(detail).toContain("チケットの販売状況");
    const edit = await creator.b.get(at(host, `/me/fanclub/live_events/edit/${id}`));
    expect(edit.status).toBe(200);

    const saved = await creator.b.post(at(host, `/me/fanclub/live_events/edit/${id}`), {
      ...form,
      title: "夏の配信(改)",
      planIds: String(planId),
      "tickets[0].id": String(types.results[0]!.id),
      "tickets[0].title": "一般",
      "tickets[0].price": "2000",
    });
    expect(saved.status).toBe(302);
    const after = await env.DB.prepare("SELECT id, price FROM live_event_ticket_types WHERE live_event_id = ?")
      .bind(id)
      .all<{ id: number; price: number }>();
    // the free type left the form and had no sales: it is gone; the kept one has its new price
    expect(after.results).toEqual([{ id: types.results[0]!.id, price: 2000 }]);
    expect(await first("SELECT title FROM live_events WHERE id = ?", id)).toEqual({ title: "夏の配信(改)" });

    // once sold, a ticket type keeps its price
    await env.DB.prepare("UPDATE live_event_ticket_types SET sold_count = 1 WHERE id = ?").bind(types.results[0]!.id).run();
    const repriced = await creator.b.post(at(host, `/me/fanclub/live_events/edit/${id}`), {
      ...form,
      planIds: String(planId),
      "tickets[0].id": String(types.results[0]!.id),
      "tickets[0].title": "一般",
      "tickets[0].price": "3000",
    });
    expect(repriced.status).toBe(409);
    expect(await repriced.text()).toContain("販売済みのチケットは価格の変更や削除ができません。");

    const cover = await creator.b.request(at(host, `/api/v1/me/fanclub/live_events/${id}/cover`), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/png" },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    });
    expect(cover.status).toBe(200);
    const coverKey = await first<{ cover_key: string }>("SELECT cover_key FROM live_events WHERE id = ?", id);
    expect(coverKey!.cover_key).toMatch(new RegExp(`^public/fanclubs/${fanclubId}/live-${id}-`));
  });

  it("keeps fans out of the creator pages and the cover call", async () => {
    const fan = await confirmedAccount({ prefix: "livefan" });
    const { id } = await insertEvent();
    const page = await fan.b.get(at(host, "/me/fanclub/live_events"));
    expect([302, 403]).toContain(page.status);
    const cover = await fan.b.request(at(host, `/api/v1/me/fanclub/live_events/${id}/cover`), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/png" },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(cover.status).toBe(403);
  });
});

describe("buying tickets through the cart (spec §3 LiveEventTicket, §4 live ticket flow)", () => {
  it("wants the follow first, shows the spec §3 ticket fields in the cart, sells by coins, and lists the ticket for fan and creator", async () => {
    const { id, types } = await insertEvent({ title: "コイン配信", tickets: [{ title: "S席", price: 1200 }] });
    const fan = await confirmedAccount({ prefix: "livecoin", name: "コイン太郎" });
    const unfollowed = await addTicket(fan, types[0]!);
    expect(unfollowed.status).toBe(400);
    expect(unfollowed.json.payload.message).toBe("購入の前にファンクラブをフォローしてください。");
    expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);

    const added = await addTicket(fan, types[0]!);
    expect(added.status).toBe(200);
    expect(added.json.payload.carts[0]).toMatchObject({
      type: "LiveEventTicket",
      price: 1200,
      liveEventTitle: "コイン配信",
      liveEventTicket: { title: "S席", price: 1200 },
    });
    expect(added.json.payload.carts[0]!.liveEndAt - added.json.payload.carts[0]!.liveStartAt).toBe(3_600_000);

    expect((await pay(fan, "coin")).json.payload.message).toBe("とらコイン残高が不足しています。とらコインサイトでチャージしてください。");
    await giveCoins(fan, 2000);
    const paid = await pay(fan, "coin");
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 1200, coinAmount: 1200, cardAmount: 0 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(800);
    expect(await first("SELECT sold_count FROM live_event_ticket_types WHERE id = ?", types[0])).toEqual({ sold_count: 1 });
    expect(await first("SELECT COUNT(*) AS n FROM live_event_tickets WHERE live_event_id = ? AND user_id = ?", id, fan.id)).toEqual({
      n: 1,
    });

    // one ticket per fan and event
    const again = await addTicket(fan, types[0]!);
    expect(again.json.payload.message).toBe("すでに入手済みです。");

    const history = await (await fan.b.get(at(hosts.user, "/me/purchase_histories/live_event_tickets"))).text();
    expect(history).toContain("コイン配信");
    expect(history).toContain("S席");
    const sales = await (await creator.b.get(at(host, "/me/fanclub/purchases/live_events"))).text();
    expect(sales).toContain("コイン太郎");
    const page = await (await fan.b.get(at(host, `/fanclubs/${fanclubId}/lives/${id}`))).text();
    expect(page).toContain("購入済みのチケット: S席");
  });

  it("sells by card with the sandbox's 4242 and writes nothing for a declined card", async () => {
    const { types } = await insertEvent({ title: "カード配信", tickets: [{ title: "一般", price: 3000 }] });
    const fan = await follower("livecard");
    await registerCard(fan, "4000000000000341");
    expect((await addTicket(fan, types[0]!)).status).toBe(200);
    const declined = await pay(fan, "card");
    expect(declined.status).toBe(400);
    expect(await first("SELECT sold_count FROM live_event_ticket_types WHERE id = ?", types[0])).toEqual({ sold_count: 0 });

    const other = await follower("livecard2");
    await registerCard(other, "4242424242424242");
    expect((await addTicket(other, types[0]!)).status).toBe(200);
    const paid = await pay(other, "card");
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 3000, cardAmount: 3000 });
    expect(await first("SELECT price, user_id FROM live_event_tickets WHERE ticket_type_id = ?", types[0])).toEqual({
      price: 3000,
      user_id: other.id,
    });
  });

  it("gives a free ticket once when the button is double-clicked, and refuses the free call for a paid ticket", async () => {
    const { id, types } = await insertEvent({
      title: "無料配信",
      tickets: [
        { title: "無料", price: 0 },
        { title: "有料", price: 500 },
      ],
    });
    const fan = await follower("livefree");
    const [a, b] = await Promise.all([
      call(fan, "POST", "/me/carts/free_ticket_purchase", { id: types[0] }),
      call(fan, "POST", "/me/carts/free_ticket_purchase", { id: types[0] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.payload).toMatchObject({
      type: "LiveEventTicket",
      liveEventTitle: "無料配信",
      liveEventTicket: { title: "無料", price: 0 },
    });
    expect(await first("SELECT COUNT(*) AS n FROM live_event_tickets WHERE live_event_id = ?", id)).toEqual({ n: 1 });
    expect(await first("SELECT sold_count FROM live_event_ticket_types WHERE id = ?", types[0])).toEqual({ sold_count: 1 });
    const third = await call(fan, "POST", "/me/carts/free_ticket_purchase", { id: types[0] });
    expect(third.status).toBe(200);
    expect(await first("SELECT COUNT(*) AS n FROM live_event_tickets WHERE live_event_id = ?", id)).toEqual({ n: 1 });

    const other = await follower("livefree2");
    const paidThroughFree = await call(other, "POST", "/me/carts/free_ticket_purchase", { id: types[1] });
    expect(paidThroughFree.status).toBe(400);
    expect(await first("SELECT COUNT(*) AS n FROM live_event_tickets WHERE user_id = ?", other.id)).toEqual({ n: 0 });
  });

  it("gives the last ticket to exactly one of two fans paying at the same moment; the other keeps their coins", async () => {
    const { types } = await insertEvent({ title: "残り1枚", tickets: [{ title: "最後の1枚", price: 500, capacity: 1 }] });
    const fans = [await follower("liverace1"), await follower("liverace2")];
    for (const fan of fans) {
      await giveCoins(fan, 1000);
      expect((await addTicket(fan, types[0]!)).status).toBe(200);
    }
    const results = await Promise.all(fans.map((fan) => pay(fan, "coin")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await first("SELECT sold_count FROM live_event_ticket_types WHERE id = ?", types[0])).toEqual({ sold_count: 1 });
    const tickets = await env.DB.prepare("SELECT user_id FROM live_event_tickets WHERE ticket_type_id = ?")
      .bind(types[0])
      .all<{ user_id: number }>();
    expect(tickets.results).toHaveLength(1);
    const balances = await Promise.all(fans.map(async (fan) => (await coinBalance(db, fan.id, Date.now())).balance));
    expect(balances.sort((x, y) => x - y)).toEqual([500, 1000]);
    const winner = fans.find((f) => f.id === tickets.results[0]!.user_id)!;
    expect((await coinBalance(db, winner.id, Date.now())).balance).toBe(500);

    // the database itself refuses a sale past the capacity, whatever the code before it read
    await expect(
      env.DB.prepare("UPDATE live_event_ticket_types SET sold_count = sold_count + 1 WHERE id = ?").bind(types[0]).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    // afterwards the sold-out type answers sold out, before any money moves
    const late = await follower("liverace3");
    const refused = await addTicket(late, types[0]!);
    expect(refused.json.payload.message).toBe("売り切れました。");
  });
});

describe("public lives and who may watch (spec §7 live events)", () => {
  it("answers index, show and now_on_air, and tells each viewer whether they may watch", async () => {
    const both = await insertEvent({
      title: "会員とチケット",
      visibility: "both",
      planIds: [planId],
      tickets: [{ title: "一般", price: 0 }],
    });
    const now = Date.now();
    const onAir = await createLiveEvent(env.DB, {
      fanclubId,
      ownerId: creator.id,
      title: "配信中の回",
      startAt: new Date(now - 60_000),
      endAt: new Date(now + 3_600_000),
      visibility: "plan",
      status: 0,
    });
    await createLiveEventPlan(env.DB, { liveEventId: onAir.id, planId });
    const hidden = await insertEvent({ title: "非公開の回", status: 1 });

    const member = await confirmedAccount({ prefix: "livemem" });
    await insertMembership(member.id, fanclubId, planId);
    const holder = await follower("liveholder");
    expect((await call(holder, "POST", "/me/carts/free_ticket_purchase", { id: both.types[0] })).status).toBe(200);
    const stranger = await confirmedAccount({ prefix: "livestr" });

    const reason = async (who: Account, id: number) =>
      (await call<{ viewer: { watchReason: string | null } }>(who, "GET", `/live_events/${id}`)).json.payload.viewer.watchReason;
    expect(await reason(creator, both.id)).toBe("owner");
    expect(await reason(member, both.id)).toBe("plan");
    expect(await reason(holder, both.id)).toBe("ticket");
    expect(await reason(stranger, both.id)).toBeNull();
    expect(await reason(holder, onAir!.id)).toBeNull();
    expect(await reason(member, onAir!.id)).toBe("plan");

    const index = await call<{ coming: Array<{ title: string; timing: string }>; past: unknown[] }>(
      stranger,
      "GET",
      `/live_events?fanclubId=${fanclubId}`,
    );
    const titles = index.json.payload.coming.map((l) => l.title);
    expect(titles).toContain("会員とチケット");
    expect(titles).not.toContain("非公開の回");
    const nowOnAir = async () =>
      (
        await call<{ liveEvents: Array<{ id: number; timing: string }> }>(stranger, "GET", `/live_events/now_on_air?fanclubId=${fanclubId}`)
      ).json.payload.liveEvents.map((l) => l.id);
    // inside its window but nobody broadcasts yet: starting, not on air
    expect(index.json.payload.coming.find((l) => l.title === "配信中の回")?.timing).toBe("starting");
    expect(await nowOnAir()).toEqual([]);
    expect(await (await stranger.b.get(at(host, `/fanclubs/${fanclubId}/lives`))).text()).not.toContain('data-section="now-on-air"');
    expect((await call(stranger, "GET", `/live_events/${hidden.id}`)).status).toBe(404);
    expect((await call(creator, "GET", `/live_events/${hidden.id}`)).status).toBe(200);

    // the room reports the owner on air; one live ran 10 minutes over its end and still broadcasts,
    // another's room last said on air 40 minutes after its end, past any stream's deadline
    const overrun = await insertEvent({ title: "延長中の回", startAt: now - 7_200_000, endAt: now - 600_000 });
    const stale = await insertEvent({ title: "古い記録の回", startAt: now - 7_200_000, endAt: now - 2_400_000 });
    for (const id of [onAir!.id, overrun.id, stale.id])
      await env.DB.prepare("UPDATE live_events SET on_air_at = ? WHERE id = ?")
        .bind(now - 60_000, id)
        .run();
    expect((await nowOnAir()).sort()).toEqual([onAir!.id, overrun.id].sort());
    const lists = await call<{ coming: Array<{ title: string; timing: string }>; past: Array<{ title: string; timing: string }> }>(
      stranger,
      "GET",
      `/live_events?fanclubId=${fanclubId}`,
    );
    expect(
      lists.json.payload.coming
        .filter((l) => l.timing === "onAir")
        .map((l) => l.title)
        .sort(),
    ).toEqual(["延長中の回", "配信中の回"].sort());
    expect(lists.json.payload.past.map((l) => l.title)).toContain("古い記録の回");
    expect(lists.json.payload.past.find((l) => l.title === "古い記録の回")?.timing).toBe("ended");

    const tab = await (await stranger.b.get(at(host, `/fanclubs/${fanclubId}/lives`))).text();
    const onAirSection = tab.slice(tab.indexOf('data-section="now-on-air"'), tab.indexOf('data-section="coming"'));
    expect(onAirSection).toContain("配信中");
    expect(onAirSection).toContain("配信中の回");
    expect(onAirSection).toContain("延長中の回");
    expect(onAirSection).not.toContain("古い記録の回");
    const page = await (await stranger.b.get(at(host, `/fanclubs/${fanclubId}/lives/${both.id}`))).text();
    expect(page).toContain("フォローして入手する");
    expect(page).toContain('data-can-watch="none"');
    const memberPage = await (await member.b.get(at(host, `/fanclubs/${fanclubId}/lives/${both.id}`))).text();
    expect(memberPage).toContain('data-can-watch="plan"');
  });
});
