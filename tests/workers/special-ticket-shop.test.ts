import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { archiveTicketType, createTicketType } from "../../server/services/community/special-tickets";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi as call, giveCoins, payCart } from "./money-fixture";

/*
 * Where fans buy special tickets (decision 037): the fan club's tickets tab (only while some are on
 * sale), the payment modal's ticket page API, the answers for a visitor, the creator, a ticket no
 * longer sold and a blocked fan, and the whole way from buying a ticket to a lesson seat taken
 * with it, in the page budget of two D1 round trips.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
const DAY = 24 * 3_600_000;
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

let owner: Account;
let fanclubId: number;
let soldId: number;
let issuedOnlyId: number;
let endedId: number;

async function count(query: string, ...binds: unknown[]): Promise<number> {
  return Number(
    await env.DB.prepare(query)
      .bind(...binds)
      .first("n"),
  );
}

beforeAll(async () => {
  owner = await confirmedAccount({ name: "チケット売りの先生", prefix: "tsown" });
  fanclubId = await insertFanclub(owner.id, { name: "チケット売り場のある教室" });
  const now = Date.now();
  soldId = (
    await createTicketType(db, fanclubId, { name: "30分レッスン券", grants: "30分の個別レッスン1回", validDays: 90, price: 1200 }, now)
  ).id;
  issuedOnlyId = (await createTicketType(db, fanclubId, { name: "配布だけの券", grants: "会員に配る", validDays: null, price: 0 }, now)).id;
  endedId = (await createTicketType(db, fanclubId, { name: "終わった券", grants: "もう売らない", validDays: null, price: 800 }, now)).id;
  await archiveTicketType(db, fanclubId, endedId, now);
});

describe("the fan club's special tickets page", { timeout: 60_000 }, () => {
  it("shows a visitor the tickets on sale with price, use and validity, and a sign-in button; nothing ended or only issued", async () => {
    const res = await new TestBrowser().get(at(hosts.www, `/fanclubs/${fanclubId}/special_tickets`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("30分レッスン券");
    expect(html).toContain("30分の個別レッスン1回");
    expect(html).toContain("¥1,200");
    expect(html).toContain("発行から90日");
    expect(html).toContain("ログインして購入する");
    expect(html).not.toContain("配布だけの券");
    expect(html).not.toContain("終わった券");
    // the tab is on the fan club page while a ticket is on sale
    const home = await (await new TestBrowser().get(at(hosts.www, `/fanclubs/${fanclubId}`))).text();
    expect(home).toContain(`href="/fanclubs/${fanclubId}/special_tickets"`);
  });

  it("has no tab for a fan club that sells none, and its page says so", async () => {
    const other = await confirmedAccount({ prefix: "tsnone" });
    const otherClub = await insertFanclub(other.id, { name: "チケットのない館" });
    await createTicketType(db, otherClub, { name: "配るだけ", grants: "配布", validDays: null, price: 0 }, Date.now());
    const home = await (await new TestBrowser().get(at(hosts.www, `/fanclubs/${otherClub}`))).text();
    expect(home).not.toContain(`href="/fanclubs/${otherClub}/special_tickets"`);
    const page = await (await new TestBrowser().get(at(hosts.www, `/fanclubs/${otherClub}/special_tickets`))).text();
    expect(page).toContain("販売中の特別チケットはありません。");
    expect((await new TestBrowser().get(at(hosts.www, "/fanclubs/99999999/special_tickets"))).status).toBe(404);
  });

  it("answers the modal's ticket page: follow-and-buy for a new fan, own for the creator, a localized 404 when not on sale", async () => {
    const fan = await confirmedAccount({ prefix: "tsmodal" });
    const seen = await call<{ ticket: { name: string; price: number; button: string; held: number } }>(
      fan,
      "GET",
      `/special_ticket_types/${soldId}`,
    );
    expect(seen.status).toBe(200);
    expect(seen.json.payload.ticket).toMatchObject({ name: "30分レッスン券", price: 1200, button: "followAndBuy", held: 0 });
    expect((await call<{ ticket: { button: string } }>(owner, "GET", `/special_ticket_types/${soldId}`)).json.payload.ticket.button).toBe(
      "own",
    );
    for (const id of [issuedOnlyId, endedId, 99_999_999]) {
      const res = await call<{ message: string }>(fan, "GET", `/special_ticket_types/${id}`);
      expect(res.status).toBe(404);
      expect(res.json.payload.message).toBe("このチケットは販売していません。");
    }
    const visitor = await new TestBrowser().request(at(hosts.www, `/api/v1/special_ticket_types/${soldId}`), { headers: xhr });
    expect(((await visitor.json()) as { payload: { ticket: { button: string } } }).payload.ticket.button).toBe("signIn");
    // the cart refuses what the page does not sell, and writes nothing
    expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);
    const refused = await call<{ message: string }>(fan, "POST", "/me/carts/special_ticket_purchase", { id: issuedOnlyId });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await count("SELECT count(*) AS n FROM carts WHERE user_id = ?", fan.id)).toBe(0);
  });

  it("a fan buys two tickets, holds them on the page, and takes a lesson seat with one", async () => {
    const fan = await confirmedAccount({ prefix: "tsbuy" });
    await giveCoins(fan, 5000);
    expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);
    const added = await call<{ total: number }>(fan, "POST", "/me/carts/special_ticket_purchase", { id: soldId, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.json.payload.total).toBe(2400);
    const paid = await payCart(fan, 2400);
    expect(paid.result.status).toBe(200);
    // paying the same cart again issues nothing more
    await call(fan, "POST", "/me/carts/purchase", paid.body);
    expect(await count("SELECT count(*) AS n FROM special_tickets WHERE user_id = ? AND type_id = ?", fan.id, soldId)).toBe(2);
    const page = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/special_tickets`))).text();
    expect(page).toContain("2枚お持ちです。");
    expect(page).toContain("購入する");

    const start = jstParts(Math.ceil((Date.now() + 2 * DAY) / (30 * 60_000)) * 30 * 60_000);
    const slot = await call<{ id: number }>(owner, "POST", "/me/fanclub/lesson_reserve", {
      title: "買ったチケットで受けるレッスン",
      description: "",
      startDate: start.date,
      startTime: start.time,
      duration: "30",
      capacity: "2",
      method: "external",
      externalUrl: "https://meet.example.com/bought",
      price: "0",
      priceType: "ticket",
      ticketTypeId: String(soldId),
    });
    expect(slot.status).toBe(200);
    const slotId = slot.json.payload.id;
    // a fan without a ticket is sent to the ticket page from the lesson tab
    const stranger = await confirmedAccount({ prefix: "tsstr" });
    const tab = await (await stranger.b.get(at(hosts.www, `/fanclubs/${fanclubId}/lessons`))).text();
    expect(tab).toContain(`href="/fanclubs/${fanclubId}/special_tickets"`);

    const seat = await call(fan, "POST", `/lessons/${slotId}/reserve_with_ticket`);
    expect(seat.status).toBe(200);
    expect(
      await count(
        "SELECT count(*) AS n FROM special_tickets WHERE user_id = ? AND used_purpose IS NOT NULL AND used_at IS NOT NULL",
        fan.id,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ? AND user_id = ?", slotId, fan.id)).toBe(1);
    const after = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/special_tickets`))).text();
    expect(after).toContain("1枚お持ちです。");
  });

  it("renders in 2 D1 round trips signed in (the session, then the fan club frame and the tickets in one batch)", async () => {
    const fan = await confirmedAccount({ prefix: "tsrt" });
    for (const [b, budget] of [
      [new TestBrowser(), 1],
      [fan.b, 2],
    ] as const) {
      const res = await b.get(at(hosts.www, `/fanclubs/${fanclubId}/special_tickets?n=${Math.random()}`));
      expect(res.status).toBe(200);
      expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(budget);
    }
  });
});
