import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { paymentProviderFrom } from "../../server/integrations/payments";
import { createTicketType, ticketIssueStatement, ticketTypesOf } from "../../server/services/community/special-tickets";
import { finishLessonSlot } from "../../server/services/lessons";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { api, hosts, rows } from "./helpers";
import { callApi as call } from "./money-fixture";

/*
 * Lesson seats taken with a special ticket (issue 22's third price kind, decision 038): the slot
 * form's ticket price, the fan told when they hold no ticket, the ticket used once in the seat's
 * own batch (races for one ticket and for the last seat), the cart refusing a ticket slot, and a
 * creator's cancel giving the ticket back.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
const DAY = 24 * 3_600_000;

function slotForm(overrides: Record<string, string>) {
  const start = jstParts(Math.ceil((Date.now() + 2 * DAY) / (30 * 60_000)) * 30 * 60_000);
  return {
    title: "チケットで受けるレッスン",
    description: "",
    startDate: start.date,
    startTime: start.time,
    duration: "30",
    capacity: "3",
    method: "external",
    externalUrl: "https://meet.example.com/ticket",
    price: "0",
    ...overrides,
  };
}

let owner: Account;
let fanclubId: number;
let typeId: number;
let otherTypeId: number;

async function openTicketSlot(overrides: Record<string, string> = {}): Promise<number> {
  const res = await call<{ id: number }>(
    owner,
    "POST",
    "/me/fanclub/lesson_reserve",
    slotForm({ priceType: "ticket", ticketTypeId: String(typeId), ...overrides }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.payload.id;
}

async function giveTicket(fan: Account, n: number, type = typeId): Promise<void> {
  await ticketIssueStatement(db, {
    type: { id: type, fanclubId, validDays: null },
    userId: fan.id,
    source: "issued",
    issueKey: `test:lesson-ticket:${fan.id}:${type}:${n}`,
    now: Date.now(),
  });
}

const withTicket = (fan: Account, slotId: number) =>
  call<{ reservationId: number; message: string }>(fan, "POST", `/lessons/${slotId}/reserve_with_ticket`);
const usedTickets = async (fan: Account) =>
  rows<{ id: number; used_purpose: string | null }>(
    "SELECT id, used_purpose FROM special_tickets WHERE user_id = ? AND used_at IS NOT NULL",
    fan.id,
  );
const seatsOf = async (slotId: number) =>
  rows<{ user_id: number; status: number; price: number }>(
    "SELECT user_id, status, price FROM lesson_reservations WHERE slot_id = ?",
    slotId,
  );
const reservedCount = async (slotId: number) =>
  (await rows<{ n: number }>("SELECT reserved_count AS n FROM lesson_slots WHERE id = ?", slotId))[0]!.n;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "チケット先生", prefix: "ltown" });
  fanclubId = await insertFanclub(owner.id, { name: "チケットの教室" });
  typeId = (
    await createTicketType(db, fanclubId, { name: "個別レッスン券", grants: "30分の個別レッスン", validDays: null, price: 0 }, Date.now())
  ).id;
  const otherOwner = await confirmedAccount({ prefix: "ltoth" });
  const otherClub = await insertFanclub(otherOwner.id, { name: "よその教室" });
  otherTypeId = (await createTicketType(db, otherClub, { name: "よその券", grants: "よそ", validDays: null, price: 0 }, Date.now())).id;
});

describe("lesson seats with a special ticket", { timeout: 60_000 }, () => {
  it("the slot form takes a ticket type of the fan club only, and a ticket price without a type is a localized 400", async () => {
    const slotId = await openTicketSlot({ price: "3000" });
    // the yen price is ignored for a ticket slot: the seat costs the ticket alone
    expect(
      (await rows<{ price: number; ticket_type_id: number }>("SELECT price, ticket_type_id FROM lesson_slots WHERE id = ?", slotId))[0],
    ).toEqual({
      price: 0,
      ticket_type_id: typeId,
    });
    const before = (await rows<{ n: number }>("SELECT count(*) AS n FROM lesson_slots"))[0]!.n;
    const foreign = await call(
      owner,
      "POST",
      "/me/fanclub/lesson_reserve",
      slotForm({ priceType: "ticket", ticketTypeId: String(otherTypeId) }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.json.payload.message).toContain("このファンクラブの");
    const missing = await call(owner, "POST", "/me/fanclub/lesson_reserve", slotForm({ priceType: "ticket", ticketTypeId: "" }));
    expect(missing.status).toBe(400);
    expect(missing.json.payload.message).toBe("特別チケットの種類を選んでください");
    expect((await rows<{ n: number }>("SELECT count(*) AS n FROM lesson_slots"))[0]!.n).toBe(before);
  });

  it("a fan without a ticket is told so and gets no seat; the cart refuses a ticket slot; a visitor must sign in", async () => {
    const slotId = await openTicketSlot();
    const fan = await confirmedAccount({ prefix: "ltnone" });
    const res = await withTicket(fan, slotId);
    expect(res.status).toBe(409);
    expect(res.json.payload.message).toBe("このレッスンに使える特別チケットを持っていません。");
    // a ticket of another fan club's type does not count
    await giveTicket(fan, 1, otherTypeId);
    expect((await withTicket(fan, slotId)).status).toBe(409);
    const cart = await call(fan, "POST", `/lessons/${slotId}/reserve`);
    expect(cart.status).toBeGreaterThanOrEqual(400);
    expect(cart.status).toBeLessThan(500);
    expect(cart.json.payload.message).toBe("このレッスンは特別チケットで予約します。");
    expect(await seatsOf(slotId)).toEqual([]);
    expect(await reservedCount(slotId)).toBe(0);

    const tab = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/lessons`))).text();
    expect(tab).toContain("特別チケット「個別レッスン券」1枚");
    expect(tab).toContain("このレッスンに使える特別チケットを持っていません。");
    const visitor = await api(hosts.www, `/lessons/${slotId}/reserve_with_ticket`, {
      method: "POST",
      headers: { "x-requested-with": "XMLHttpRequest", origin: `http://${hosts.www}` },
    });
    expect(visitor.status).toBe(401);
  });

  it("uses the ticket once with the seat; a retry answers the same seat; the tab shows the seat and the tickets left", async () => {
    const slotId = await openTicketSlot();
    const fan = await confirmedAccount({ prefix: "ltone" });
    await giveTicket(fan, 1);
    await giveTicket(fan, 2);
    const tabBefore = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/lessons`))).text();
    expect(tabBefore).toContain("使えるチケット: 2枚");
    const first = await withTicket(fan, slotId);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.payload.message).toBe("特別チケットを1枚使って予約しました。");
    const again = await withTicket(fan, slotId);
    expect(again.status).toBe(200);
    expect(again.json.payload.reservationId).toBe(first.json.payload.reservationId);
    expect(await usedTickets(fan)).toEqual([expect.objectContaining({ used_purpose: `lesson:${slotId}` })]);
    expect(await seatsOf(slotId)).toEqual([{ user_id: fan.id, status: 0, price: 0 }]);
    expect(await reservedCount(slotId)).toBe(1);
    // the creator's ticket page counts this type's tickets (two issued, one used), not those of the same id
    expect((await ticketTypesOf(db, fanclubId)).find((t) => t.id === typeId)).toMatchObject({ issued: 2, used: 1 });
    const history = await (await fan.b.get(at(hosts.user, "/me/purchase_histories/lesson_reservation"))).text();
    expect(history).toContain("チケットで受けるレッスン");
  });

  it("one ticket raced for two lessons gives one seat", async () => {
    const a = await openTicketSlot({ title: "レースA" });
    const b = await openTicketSlot({ title: "レースB" });
    const fan = await confirmedAccount({ prefix: "ltrace" });
    await giveTicket(fan, 1);
    const results = await Promise.all([withTicket(fan, a), withTicket(fan, b), withTicket(fan, a), withTicket(fan, b)]);
    const seats = [...(await seatsOf(a)), ...(await seatsOf(b))];
    expect(seats).toHaveLength(1);
    const used = await usedTickets(fan);
    expect(used).toHaveLength(1);
    const wonSlot = (await seatsOf(a)).length ? a : b;
    expect(used[0]!.used_purpose).toBe(`lesson:${wonSlot}`);
    expect((await reservedCount(a)) + (await reservedCount(b))).toBe(1);
    // the losers were told they hold no ticket; the twin of the winner got the same seat
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.json.payload.message === "このレッスンに使える特別チケットを持っていません。"),
    ).toBe(true);
  });

  it("fans racing for the last seat: one seat, and the others keep their tickets", async () => {
    const slotId = await openTicketSlot({ capacity: "1", title: "最後の1席" });
    const fans = await Promise.all([1, 2, 3, 4].map((n) => confirmedAccount({ prefix: `ltlast${n}` })));
    for (const f of fans) await giveTicket(f, 1);
    const results = await Promise.all(fans.map((f) => withTicket(f, slotId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.json.payload.message).toBe("満席のため予約できませんでした。チケットは使われていません。");
    }
    expect(await seatsOf(slotId)).toHaveLength(1);
    expect(await reservedCount(slotId)).toBe(1);
    const used = await Promise.all(fans.map((f) => usedTickets(f)));
    expect(used.flat()).toHaveLength(1);
  });

  it("a creator's cancel gives the ticket back, usable for another lesson, once", async () => {
    const slotId = await openTicketSlot({ title: "中止になる回" });
    const next = await openTicketSlot({ title: "次の回" });
    const fan = await confirmedAccount({ prefix: "ltback" });
    await giveTicket(fan, 1);
    expect((await withTicket(fan, slotId)).status).toBe(200);
    expect((await withTicket(fan, next)).status).toBe(409);
    const provider = paymentProviderFrom(env);
    // a ticket seat has no card part: nothing can be owed
    const owedRefunds = { url: "/me/transfer", enqueue: () => {} };
    const input = {
      fanclubId,
      slotId,
      action: "cancel" as const,
      now: Date.now(),
      url: "/me/purchase_histories/lesson_reservation",
      owedRefunds,
    };
    const [one, two] = await Promise.all([finishLessonSlot(db, provider, input), finishLessonSlot(db, provider, input)]);
    expect([one.ok, two.ok]).toContain(true);
    expect(await seatsOf(slotId)).toEqual([{ user_id: fan.id, status: 2, price: 0 }]);
    expect(await usedTickets(fan)).toEqual([]);
    const moved = await withTicket(fan, next);
    expect(moved.status).toBe(200);
    expect(await usedTickets(fan)).toEqual([expect.objectContaining({ used_purpose: `lesson:${next}` })]);
    // the cancelled lesson's seat stays cancelled and cannot be taken again with the ticket
    expect((await withTicket(fan, slotId)).status).toBe(409);
  });
});

describe("the creator's done and cancel notice", { timeout: 60_000 }, () => {
  it("shows after the redirect and again after a reload, true to the slot's state; a refused action says why", async () => {
    const slotId = await openTicketSlot({ title: "開催する回" });
    await env.DB.prepare("UPDATE lesson_slots SET start_at = ?, reservation_end_at = ?, reservation_start_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, Date.now() - 60_000, Date.now() - DAY, slotId)
      .run();
    const show = at(hosts.www, "/me/fanclub/lesson_reserve/show");
    const posted = await owner.b.post(show, { intent: "done", slotId: String(slotId) }, { origin: `http://${hosts.www}` });
    expect(posted.status).toBe(302);
    const landed = await owner.b.follow(posted, show);
    expect(landed.url).toContain(`finished=${slotId}`);
    expect(await landed.res.text()).toContain("レッスンを開催済みにしました。");
    // a reload of the same address says it again (a one-time cookie had been spent by then)
    const reloaded = await (await owner.b.get(landed.url)).text();
    expect(reloaded).toContain("レッスンを開催済みにしました。");
    expect(reloaded).not.toContain("レッスンを中止しました。");
    // a slot still before says nothing, whatever the address claims
    const before = await openTicketSlot({ title: "まだの回" });
    const forged = await (await owner.b.get(at(hosts.www, `/me/fanclub/lesson_reserve/show?finished=${before}`))).text();
    expect(forged).not.toContain("レッスンを開催済みにしました。");
    expect(forged).not.toContain("レッスンを中止しました。");
    // cancelling says so, and a second cancel of the finished slot is refused with the reason
    const cancelled = await owner.b.post(show, { intent: "cancel", slotId: String(before) }, { origin: `http://${hosts.www}` });
    const cancelPage = await owner.b.follow(cancelled, show);
    expect(await (await owner.b.get(cancelPage.url)).text()).toContain("レッスンを中止しました。");
    const again = await owner.b.post(show, { intent: "cancel", slotId: String(before) }, { origin: `http://${hosts.www}` });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("このレッスンはもう変更できません。");
  });
});
