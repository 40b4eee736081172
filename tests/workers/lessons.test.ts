import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { LESSON_CRON } from "../../server/domain/lessons";
import { paymentProviderFrom, type PaymentProvider } from "../../server/integrations/payments";
import { handleScheduled } from "../../server/jobs/scheduled";
import type { JobMessage } from "../../server/jobs/messages";
import { resolveLiveAccess } from "../../server/live/live-access";
import { coinBalance } from "../../server/services/coins";
import { finishLessonSlot, refundOwedSeats, sendLessonReminders } from "../../server/services/lessons";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub } from "./fanclub-fixture";
import { api, get, hosts, SSO_CHECKED, rows, count } from "./helpers";
import { callApi as call, giveCoins, payCart, registerSandboxCard } from "./money-fixture";

/*
 * Lessons with reservations (issue 22) through what the creator's and the fans' browsers call:
 * every page and API, who may do what, bad input, the capacity under racing fans, paying a seat
 * once, a creator's cancel refunding each paid seat once, the online room, the outside link, the
 * calendar file and the reminders.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A start `days` ahead on a Japan-time half hour, as the form's date and time choice. */
function startIn(days: number) {
  const ms = Math.ceil((Date.now() + days * DAY) / (30 * 60_000)) * 30 * 60_000;
  return jstParts(ms);
}

function slotForm(overrides: Record<string, string> = {}) {
  const start = startIn(2);
  return {
    title: "ボイトレ入門",
    description: "呼吸から",
    startDate: start.date,
    startTime: start.time,
    duration: "60",
    capacity: "3",
    method: "external",
    externalUrl: "https://meet.example.com/room-1",
    price: "0",
    ...overrides,
  };
}

async function openSlot(who: Account, overrides: Record<string, string> = {}): Promise<number> {
  const res = await call<{ id: number }>(who, "POST", "/me/fanclub/lesson_reserve", slotForm(overrides));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.payload.id;
}

type CartJson = { total: number; cartVersion: number; purchase?: { id: number; total: number } };
const reserve = (fan: Account, slotId: number) => call<CartJson>(fan, "POST", `/lessons/${slotId}/reserve`);

/** Time passes: the slot started `minutes` ago (its window closed at the start). */
const startedAgo = (slotId: number, minutes: number) => {
  const start = Date.now() - minutes * 60_000;
  return env.DB.prepare("UPDATE lesson_slots SET start_at = ?, reservation_end_at = ?, reservation_start_at = ? WHERE id = ?")
    .bind(start, start, start - DAY, slotId)
    .run();
};

const slotRow = async (slotId: number) =>
  (
    await rows<{ reserved_count: number; status: number; live_event_id: number | null }>(
      "SELECT reserved_count, status, live_event_id FROM lesson_slots WHERE id = ?",
      slotId,
    )
  )[0]!;

/** A provider that counts the refunds it is asked for (the sandbox answers the same for a repeated key). */
function countingProvider(): PaymentProvider & { refunds: string[] } {
  const inner = paymentProviderFrom(env);
  const refunds: string[] = [];
  return Object.assign(Object.create(inner) as PaymentProvider, {
    refunds,
    async refund(input: Parameters<PaymentProvider["refund"]>[0]) {
      refunds.push(input.idempotencyKey);
      return inner.refund(input);
    },
  });
}

let owner: Account;
let lessonEditor: Account;
let plainEditor: Account;
let fan: Account;
let fanclubId: number;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "先生", prefix: "lesown" });
  fanclubId = await insertFanclub(owner.id, { name: "レッスンの館" });
  lessonEditor = await confirmedAccount({ name: "レッスン係", prefix: "lesed" });
  await insertEditor(fanclubId, lessonEditor.id, ["can_lesson_manage"]);
  plainEditor = await confirmedAccount({ name: "投稿係", prefix: "lespl" });
  await insertEditor(fanclubId, plainEditor.id, ["postable"]);
  fan = await confirmedAccount({ name: "生徒", prefix: "lesfan" });
});

// pages render through the Remix build, whose first render in a fresh isolate takes a while
describe("lesson pages and API", { timeout: 60_000 }, () => {
  it("the creator opens a slot; the tab, the creator's pages, the fan's history, seat page and calendar file show it", async () => {
    const slotId = await openSlot(owner, { title: "はじめてのギター", capacity: "2" });
    const reserved = await reserve(fan, slotId);
    expect(reserved.status).toBe(200);
    expect(reserved.json.payload.purchase).toMatchObject({ total: 0 });
    const [seat] = await rows<{ id: number; status: number }>("SELECT id, status FROM lesson_reservations WHERE slot_id = ?", slotId);
    expect(seat).toMatchObject({ status: 0 });

    const tab = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/lessons`))).text();
    expect(tab).toContain("はじめてのギター");
    expect(tab).toContain("残り1席");
    expect(tab).toContain("予約済み");

    for (const path of [
      "/me/fanclub/lesson_reserve/show",
      "/me/fanclub/lesson_reserve/show/calendar",
      `/me/fanclub/lesson_reserve/${slotId}/edit`,
    ]) {
      const res = await owner.b.get(at(hosts.www, path));
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("はじめてのギター");
    }
    const show = await (await owner.b.get(at(hosts.www, "/me/fanclub/lesson_reserve/show"))).text();
    expect(show).toContain("生徒");
    expect(show).toContain("1 / 2席");
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/lesson_reserve/new"))).status).toBe(200);

    const history = await (await fan.b.get(at(hosts.user, "/me/purchase_histories/lesson_reservation"))).text();
    expect(history).toContain("はじめてのギター");
    expect(history).toContain("受講前");
    const seatPage = await fan.b.get(at(hosts.www, `/me/lesson_reservations/${seat!.id}`));
    expect(seatPage.status).toBe(200);
    expect(await seatPage.text()).toContain("https://meet.example.com/room-1");

    const list = await call<{ slots: Array<{ id: number; reservedCount: number }> }>(owner, "GET", "/me/fanclub/lesson_reserve");
    expect(list.json.payload.slots.find((s) => s.id === slotId)).toMatchObject({ reservedCount: 1 });
    const publicList = await api(hosts.www, `/fanclubs/${fanclubId}/lessons`, { headers: { accept: "application/json" } });
    const publicJson = (await publicList.json()) as { payload: { slots: Array<{ id: number; seatsLeft: number; reservation: unknown }> } };
    expect(publicJson.payload.slots.find((s) => s.id === slotId)).toMatchObject({ seatsLeft: 1, reservation: null });
  });

  it("answers the calendar file as one VEVENT that parses, with the lesson's times in UTC", async () => {
    const start = startIn(3);
    const slotId = await openSlot(owner, { title: "夜の, 作曲; 講座", startDate: start.date, startTime: start.time, duration: "90" });
    expect((await reserve(fan, slotId)).status).toBe(200);
    const [seat] = await rows<{ id: number }>("SELECT id FROM lesson_reservations WHERE slot_id = ? AND user_id = ?", slotId, fan.id);
    const res = await fan.b.get(at(hosts.www, `/me/lesson_reservations/${seat!.id}/calendar.ics`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const ics = await res.text();
    expect(ics.endsWith("\r\n")).toBe(true);
    // RFC 5545: unfold (CRLF + one space), then every line is NAME[;params]:value
    const lines = ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^[A-Z-]+(;[^:]*)?:/);
    const props = new Map(lines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1)]));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines.filter((l) => l === "BEGIN:VEVENT").length).toBe(1);
    const [slot] = await rows<{ start_at: number }>("SELECT start_at FROM lesson_slots WHERE id = ?", slotId);
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(props.get("DTSTART")).toBe(stamp(slot!.start_at));
    expect(props.get("DTEND")).toBe(stamp(slot!.start_at + 90 * 60_000));
    expect(props.get("SUMMARY")).toBe("夜の\\, 作曲\\; 講座");
    expect(props.get("STATUS")).toBe("CONFIRMED");
    // someone else's seat is not theirs to download
    const other = await confirmedAccount({ prefix: "lesics" });
    expect((await other.b.get(at(hosts.www, `/me/lesson_reservations/${seat!.id}/calendar.ics`))).status).toBe(404);
  });
});

describe("who may manage lessons", { timeout: 60_000 }, () => {
  it("the owner and an editor with can_lesson_manage; not a plain editor, a fan or a visitor", async () => {
    const slotId = await openSlot(owner);
    const byEditor = await openSlot(lessonEditor, { title: "係が作った枠" });
    expect((await rows<{ fanclub_id: number }>("SELECT fanclub_id FROM lesson_slots WHERE id = ?", byEditor))[0]!.fanclub_id).toBe(
      fanclubId,
    );
    const before = await count("SELECT count(*) AS n FROM lesson_slots");

    for (const who of [owner, lessonEditor]) {
      for (const path of ["/me/fanclub/lesson_reserve/new", "/me/fanclub/lesson_reserve/show", `/me/fanclub/lesson_reserve/${slotId}/edit`])
        expect((await who.b.get(at(hosts.www, path))).status, path).toBe(200);
    }
    for (const path of ["/me/fanclub/lesson_reserve/new", "/me/fanclub/lesson_reserve/show", `/me/fanclub/lesson_reserve/${slotId}/edit`]) {
      expect((await plainEditor.b.get(at(hosts.www, path))).status, path).toBe(403);
      // a fan with no fan club is sent to open one
      const byFan = await fan.b.get(at(hosts.www, path));
      expect(byFan.status).toBe(302);
      expect(byFan.headers.get("location")).toContain("/me/fanclub/new");
      const byVisitor = await fetchAnonymous(path);
      expect(byVisitor.status).toBe(302);
      expect(byVisitor.headers.get("location")).toContain("/auth/login");
    }

    for (const who of [plainEditor, fan]) {
      expect((await call(who, "GET", "/me/fanclub/lesson_reserve")).status).toBe(403);
      expect((await call(who, "POST", "/me/fanclub/lesson_reserve", slotForm())).status).toBe(403);
      expect((await call(who, "PUT", `/me/fanclub/lesson_reserve/${slotId}`, slotForm({ title: "乗っ取り" }))).status).toBe(403);
      expect((await call(who, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`)).status).toBe(403);
    }
    const visitor = await api(hosts.www, "/me/fanclub/lesson_reserve", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", accept: "application/json" },
      body: JSON.stringify(slotForm()),
    });
    expect(visitor.status).toBe(401);
    expect(
      (await api(hosts.www, `/lessons/${slotId}/reserve`, { method: "POST", headers: { "x-requested-with": "XMLHttpRequest" } })).status,
    ).toBe(401);

    // another fan club's owner cannot reach this fan club's slot
    const stranger = await confirmedAccount({ prefix: "lesstr" });
    await insertFanclub(stranger.id, { name: "よその館" });
    expect((await call(stranger, "PUT", `/me/fanclub/lesson_reserve/${slotId}`, slotForm({ title: "乗っ取り" }))).status).toBe(404);
    expect((await call(stranger, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`)).status).toBe(404);
    expect((await stranger.b.get(at(hosts.www, `/me/fanclub/lesson_reserve/${slotId}/edit`))).status).toBe(404);

    expect(await count("SELECT count(*) AS n FROM lesson_slots")).toBe(before);
    expect((await slotRow(slotId)).status).toBe(0);
    expect((await rows<{ title: string }>("SELECT title FROM lesson_slots WHERE id = ?", slotId))[0]!.title).toBe("ボイトレ入門");

    // the editor with the right saves and cancels
    expect((await call(lessonEditor, "PUT", `/me/fanclub/lesson_reserve/${slotId}`, slotForm({ title: "改題" }))).status).toBe(200);
    expect((await call(lessonEditor, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`)).status).toBe(200);
    expect((await slotRow(slotId)).status).toBe(2);
  });
});

function fetchAnonymous(path: string) {
  return get(hosts.www, path, SSO_CHECKED);
}

describe("bad input", { timeout: 60_000 }, () => {
  it("answers each bad slot field with its message in the person's language and a 400, writing nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM lesson_slots");
    const past = jstParts(Math.floor((Date.now() - DAY) / (30 * 60_000)) * 30 * 60_000);
    const other = await confirmedAccount({ prefix: "lesoth" });
    const otherFanclub = await insertFanclub(other.id);
    const otherPost = (
      await rows<{ id: number }>(
        "INSERT INTO posts (fanclub_id, author_id, type, title, comment, is_publish, created_at, updated_at) VALUES (?, ?, 6, 'よそのレッスン', '', 1, ?, ?) RETURNING id",
        otherFanclub,
        other.id,
        Date.now(),
        Date.now(),
      ).catch(() => [{ id: 999_999_999 }])
    )[0]!.id;
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "" }, "タイトルを入力してください"],
      [{ duration: "15" }, "レッスン時間は10分から300分まで、10分刻みで選んでください"],
      [{ duration: "310" }, "レッスン時間は10分から300分まで、10分刻みで選んでください"],
      [{ duration: "0" }, "レッスン時間は10分から300分まで、10分刻みで選んでください"],
      [{ startTime: "10:15" }, "日時を正しく選んでください"],
      [{ startDate: "2026-02-30" }, "日時を正しく選んでください"],
      [{ startDate: past.date, startTime: past.time }, "開始日時は現在より後にしてください"],
      [{ capacity: "0" }, "定員は1から1,000までの整数で入力してください"],
      [{ capacity: "1001" }, "定員は1から1,000までの整数で入力してください"],
      [{ capacity: "2.5" }, "定員は1から1,000までの整数で入力してください"],
      [{ price: "50" }, "以上"],
      [{ price: "100001" }, "以上"],
      [{ price: "-100" }, "以上"],
      [{ method: "zoom" }, ""],
      [{ externalUrl: "javascript:alert(1)" }, "http:// または https:// で始まるURLを入力してください"],
      [{ externalUrl: "" }, "http:// または https:// で始まるURLを入力してください"],
      [{ reservationEndDate: startIn(5).date, reservationEndTime: "12:00" }, "予約受付終了はレッスン開始までにしてください"],
      [
        {
          reservationStartDate: startIn(1).date,
          reservationStartTime: "12:00",
          reservationEndDate: startIn(1).date,
          reservationEndTime: "11:00",
        },
        "予約受付終了は受付開始より後にしてください",
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await call(owner, "POST", "/me/fanclub/lesson_reserve", slotForm(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.payload.message, JSON.stringify(fields)).toContain(message);
    }
    const wrongPost = await call(owner, "POST", "/me/fanclub/lesson_reserve", slotForm({ postId: String(otherPost) }));
    expect(wrongPost.status).toBe(400);
    expect(wrongPost.json.payload.message).toBe("このファンクラブのレッスン投稿を選んでください。");
    expect(await count("SELECT count(*) AS n FROM lesson_slots")).toBe(before);

    // in English for an English reader (the locale sticks to the browser: a creator of its own)
    const englishOwner = await confirmedAccount({ prefix: "lesen" });
    await insertFanclub(englishOwner.id, { name: "English lessons" });
    const english = await englishOwner.b.request(at(hosts.www, "/api/v1/me/fanclub/lesson_reserve?locale=en"), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        accept: "application/json",
        "accept-language": "en",
      },
      body: JSON.stringify(slotForm({ duration: "15" })),
    });
    expect(english.status).toBe(400);
    const englishJson = (await english.json()) as { payload: { message: string } };
    expect(englishJson.payload.message).not.toMatch(/[ぁ-んァ-ン]/);

    // ids that cannot name a slot, and a slot that does not exist
    for (const id of ["abc", "0", "-1", "1e3", "99999999"]) {
      const res = await reserve(fan, id as unknown as number);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      expect((await call(owner, "PUT", `/me/fanclub/lesson_reserve/${id}`, slotForm())).status, id).toBe(404);
      expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${id}/done`)).status, id).toBe(404);
      expect((await call(fan, "GET", `/lessons/${id}`)).status, id).toBe(404);
    }
    expect((await fan.b.get(at(hosts.www, "/me/lesson_reservations/abc"))).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE user_id = ? AND slot_id > 90000000", fan.id)).toBe(0);
  });

  it("refuses a seat outside the window, twice for one fan, and changes to the schedule once a seat is taken", async () => {
    const slotId = await openSlot(owner, { capacity: "5" });
    const first = await confirmedAccount({ prefix: "lesdup" });
    expect((await reserve(first, slotId)).status).toBe(200);
    const again = await reserve(first, slotId);
    expect(again.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ?", slotId)).toBe(1);

    const moved = await call(owner, "PUT", `/me/fanclub/lesson_reserve/${slotId}`, slotForm({ duration: "120", capacity: "5" }));
    expect(moved.status).toBe(409);
    expect(moved.json.payload.message).toBe("予約があるため、日時・時間・定員・開催方法・価格は変更できません。");
    expect((await rows<{ d: number }>("SELECT duration_minutes AS d FROM lesson_slots WHERE id = ?", slotId))[0]!.d).toBe(60);
    // the title still changes
    expect((await call(owner, "PUT", `/me/fanclub/lesson_reserve/${slotId}`, slotForm({ title: "新しい題", capacity: "5" }))).status).toBe(
      200,
    );

    // marking done is refused before the start
    expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/done`)).status).toBe(409);

    await startedAgo(slotId, 5);
    const late = await confirmedAccount({ prefix: "leslate" });
    const closed = await reserve(late, slotId);
    expect(closed.status).toBe(400);
    expect(closed.json.payload.message).toBe("このレッスンは予約を受け付けていません。");
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ?", slotId)).toBe(1);
  });
});

describe("capacity under racing fans", { timeout: 120_000 }, () => {
  it("free seats: many fans at once on a few seats never take more than the capacity", async () => {
    for (const capacity of [1, 3]) {
      const slotId = await openSlot(owner, { capacity: String(capacity) });
      const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => confirmedAccount({ prefix: `lesrace${capacity}${i}` })));
      const results = await Promise.all(fans.map((f) => reserve(f, slotId)));
      const won = results.filter((r) => r.status === 200 && r.json.payload.purchase);
      expect(won.length).toBe(capacity);
      for (const r of results) expect(r.status).toBeLessThan(500);
      expect(results.filter((r) => r.status !== 200).every((r) => r.json.payload.message === "売り切れました。")).toBe(true);
      expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ?", slotId)).toBe(capacity);
      expect((await slotRow(slotId)).reserved_count).toBe(capacity);
    }
  });

  it("paid seats: fans who all hold the last seat in their carts pay at once; one gets it, the others keep their coins", async () => {
    const slotId = await openSlot(owner, { capacity: "1", price: "1500" });
    const fans = await Promise.all(Array.from({ length: 5 }, (_, i) => confirmedAccount({ prefix: `lespaid${i}` })));
    for (const f of fans) {
      await giveCoins(f, 2000);
      const carted = await reserve(f, slotId);
      expect(carted.status).toBe(200);
      expect(carted.json.payload.total).toBe(1500);
    }
    const results = await Promise.all(fans.map((f) => payCart(f, 1500).then((p) => p.result)));
    expect(results.filter((r) => r.status === 200 && r.json.payload.purchase).length).toBe(1);
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ?", slotId)).toBe(1);
    expect((await slotRow(slotId)).reserved_count).toBe(1);
    const balances = await Promise.all(fans.map((f) => coinBalance(db, f.id, Date.now())));
    expect(balances.map((b) => b.balance).sort((a, b) => a - b)).toEqual([500, 2000, 2000, 2000, 2000]);
  });
});

describe("paying for a seat and the creator's cancel", { timeout: 120_000 }, () => {
  it("a paid seat goes through the payment with its key, charged once however often the payment is sent", async () => {
    const slotId = await openSlot(owner, { capacity: "4", price: "2000" });
    const payer = await confirmedAccount({ prefix: "lespay" });
    await registerSandboxCard(payer);
    const carted = await reserve(payer, slotId);
    expect(carted.json.payload).toMatchObject({ total: 2000 });
    expect(carted.json.payload.purchase).toBeUndefined();
    expect(await count("SELECT count(*) AS n FROM lesson_reservations WHERE slot_id = ?", slotId)).toBe(0);

    const { body, result } = await payCart(payer, 0);
    expect(result.status).toBe(200);
    expect(result.json.payload.purchase).toMatchObject({ total: 2000, cardAmount: 2000, coinAmount: 0 });
    // the same payment sent again (a double click, a retry): the same purchase, nothing new
    const replay = await call<{ purchase?: { id: number }; replayed?: boolean }>(payer, "POST", "/me/carts/purchase", body);
    expect(replay.status).toBeLessThan(500);
    if (replay.status === 200) expect(replay.json.payload.purchase?.id).toBe(result.json.payload.purchase!.id);
    const purchases = await rows<{ id: number; idempotency_key: string; card_charge_id: string }>(
      "SELECT p.id, p.idempotency_key, p.card_charge_id FROM purchases p JOIN purchase_items i ON i.purchase_id = p.id WHERE p.user_id = ? AND i.target_type = 'lesson_slot' AND p.status = 'paid'",
      payer.id,
    );
    expect(purchases.length).toBe(1);
    expect(purchases[0]!.card_charge_id).toMatch(/^pi_sandbox_/);
    const seats = await rows<{ idempotency_key: string; price: number; purchase_id: number }>(
      "SELECT idempotency_key, price, purchase_id FROM lesson_reservations WHERE slot_id = ?",
      slotId,
    );
    expect(seats).toEqual([
      { idempotency_key: `${purchases[0]!.idempotency_key}:lesson:${slotId}`, price: 2000, purchase_id: purchases[0]!.id },
    ]);
    expect(
      await count("SELECT count(*) AS n FROM earning_entries WHERE source_key = ? AND type = 'sale'", purchases[0]!.idempotency_key),
    ).toBe(1);
    expect((await slotRow(slotId)).reserved_count).toBe(1);
  });

  it("a cancel refunds every paid seat exactly once (card and coins), even when cancel is sent twice, and tells the fans", async () => {
    const slotId = await openSlot(owner, { capacity: "5", price: "1200" });
    const byCard = await confirmedAccount({ prefix: "lesrfc" });
    await registerSandboxCard(byCard);
    await reserve(byCard, slotId);
    expect((await payCart(byCard, 0)).result.status).toBe(200);
    const byCoins = await confirmedAccount({ prefix: "lesrfk" });
    await giveCoins(byCoins, 1500);
    await reserve(byCoins, slotId);
    expect((await payCart(byCoins, 1200)).result.status).toBe(200);
    expect((await coinBalance(db, byCoins.id, Date.now())).balance).toBe(300);

    const provider = countingProvider();
    const now = Date.now();
    const url = "/me/purchase_histories/lesson_reservation";
    // the sandbox refunds every card part, so nothing is owed by bank here (tests/workers/owed-refunds.test.ts)
    const owedRefunds = { url: "/me/transfer", enqueue: () => {} };
    const [first, second] = await Promise.all([
      finishLessonSlot(db, provider, { fanclubId, slotId, action: "cancel", now, url, owedRefunds }),
      finishLessonSlot(db, provider, { fanclubId, slotId, action: "cancel", now, url, owedRefunds }),
    ]);
    expect([first, second].filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
    // through the API a third time: refused, nothing more happens
    const third = await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`);
    expect(third.status).toBe(409);
    await refundOwedSeats(db, provider, owedRefunds, Date.now());

    expect(new Set(provider.refunds)).toEqual(new Set([expect.stringMatching(/^refund:lesson:\d+$/)]));
    const seats = await rows<{ user_id: number; status: number; refunded_at: number | null; refund_id: string | null }>(
      "SELECT user_id, status, refunded_at, refund_id FROM lesson_reservations WHERE slot_id = ? ORDER BY id",
      slotId,
    );
    expect(seats.map((s) => s.status)).toEqual([2, 2]);
    expect(seats.every((s) => s.refunded_at !== null)).toBe(true);
    expect(seats[0]!.refund_id).toMatch(/^re_sandbox_/);
    expect((await coinBalance(db, byCoins.id, Date.now())).balance).toBe(1500);
    expect(
      await count("SELECT count(*) AS n FROM coin_entries WHERE idempotency_key LIKE 'refund:lesson:%' AND user_id = ?", byCoins.id),
    ).toBe(1);
    // the earnings took each sale back once
    for (const fanAccount of [byCard, byCoins]) {
      const net = await rows<{ gross: number }>(
        "SELECT SUM(e.gross) AS gross FROM earning_entries e JOIN purchases p ON p.idempotency_key = e.source_key WHERE p.user_id = ? AND e.subject_type = 'lesson_slot'",
        fanAccount.id,
      );
      expect(net[0]!.gross).toBe(0);
      expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'lessonCancelled'", fanAccount.id)).toBe(1);
    }
    const history = await (await byCoins.b.get(at(hosts.user, "/me/purchase_histories/lesson_reservation"))).text();
    expect(history).toContain("キャンセル");
    expect(history).toContain("返金済み");
  });

  it("marking the lesson done moves every seat to done, which the fan's history shows", async () => {
    const slotId = await openSlot(owner, { title: "修了する講座" });
    const student = await confirmedAccount({ prefix: "lesdone" });
    await reserve(student, slotId);
    await startedAgo(slotId, 70);
    expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/done`)).status).toBe(200);
    expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/done`)).status).toBe(409);
    expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`)).status).toBe(409);
    expect((await rows<{ status: number }>("SELECT status FROM lesson_reservations WHERE slot_id = ?", slotId))[0]!.status).toBe(1);
    const history = await (await student.b.get(at(hosts.user, "/me/purchase_histories/lesson_reservation"))).text();
    expect(history).toContain("修了する講座");
    expect(history).toContain("受講済み");
  });
});

describe("holding the lesson: the room and the link", { timeout: 60_000 }, () => {
  it("the online lesson's room admits its reserved fans and the creator only", async () => {
    const slotId = await openSlot(owner, { method: "online", externalUrl: "" });
    const { live_event_id: liveEventId } = await slotRow(slotId);
    expect(liveEventId).not.toBeNull();
    const student = await confirmedAccount({ prefix: "lesroom" });
    const outsider = await confirmedAccount({ prefix: "lesout" });
    await reserve(student, slotId);
    const now = Date.now();
    expect(await resolveLiveAccess(db, liveEventId!, owner.id, now)).toMatchObject({ role: "owner" });
    expect(await resolveLiveAccess(db, liveEventId!, student.id, now)).toMatchObject({ role: "viewer" });
    expect(await resolveLiveAccess(db, liveEventId!, outsider.id, now)).toBeNull();
    // the lesson's event is not on sale to anyone: no ticket types
    expect(await count("SELECT count(*) AS n FROM live_event_ticket_types WHERE live_event_id = ?", liveEventId)).toBe(0);
    const held = await call<{ slot: { liveEventId: number } }>(student, "GET", `/lessons/${slotId}`);
    expect(held.json.payload.slot.liveEventId).toBe(liveEventId);
    // once cancelled the seat no longer opens the room
    expect((await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`)).status).toBe(200);
    expect(await resolveLiveAccess(db, liveEventId!, student.id, Date.now())).toBeNull();
  });

  it("the outside tool's link is shown to reserved fans and the lesson's managers only", async () => {
    const link = "https://meet.example.com/secret-room-42";
    const slotId = await openSlot(owner, { externalUrl: link });
    const student = await confirmedAccount({ prefix: "leslnk" });
    const outsider = await confirmedAccount({ prefix: "lesnol" });
    const reserved = await reserve(student, slotId);
    expect(reserved.status, JSON.stringify(reserved.json)).toBe(200);
    const mine = await call<{ externalUrl: string | null }>(student, "GET", `/lessons/${slotId}`);
    expect(mine.json.payload.externalUrl).toBe(link);
    const theirs = await call<{ externalUrl: string | null }>(outsider, "GET", `/lessons/${slotId}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json.payload.externalUrl).toBeNull();
    expect(JSON.stringify(theirs.json)).not.toContain("secret-room-42");
    const byPlainEditor = await call<{ externalUrl: string | null }>(plainEditor, "GET", `/lessons/${slotId}`);
    expect(JSON.stringify(byPlainEditor.json)).not.toContain("secret-room-42");
    expect((await call<{ externalUrl: string | null }>(lessonEditor, "GET", `/lessons/${slotId}`)).json.payload.externalUrl).toBe(link);
    for (const who of [outsider, student]) {
      const tab = await (await who.b.get(at(hosts.www, `/fanclubs/${fanclubId}/lessons`))).text();
      expect(tab).not.toContain("secret-room-42");
    }
    const anonymous = await api(hosts.www, `/fanclubs/${fanclubId}/lessons`, { headers: { accept: "application/json" } });
    expect(await anonymous.text()).not.toContain("secret-room-42");
    const [seat] = await rows<{ id: number }>("SELECT id FROM lesson_reservations WHERE slot_id = ?", slotId);
    expect((await outsider.b.get(at(hosts.www, `/me/lesson_reservations/${seat!.id}`))).status).toBe(404);
  });
});

describe("reminders", { timeout: 60_000 }, () => {
  it("the hourly cron queues the lesson job, and each seat is reminded once however often it runs", async () => {
    const sent: JobMessage[] = [];
    await handleScheduled({ cron: LESSON_CRON, scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, {
      send: async (m: JobMessage) => void sent.push(m),
      sendBatch: async (batch: Array<{ body: JobMessage }>) => void sent.push(...batch.map((b) => b.body)),
    } as never);
    expect(sent.map((m) => m.type)).toEqual(["lessons"]);

    const slotId = await openSlot(owner, { title: "明日の講座" });
    const students = [await confirmedAccount({ prefix: "lesrem1" }), await confirmedAccount({ prefix: "lesrem2" })];
    for (const s of students) await reserve(s, slotId);
    // the lesson starts in three hours
    const start = Date.now() + 3 * HOUR;
    await env.DB.prepare("UPDATE lesson_slots SET start_at = ?, reservation_end_at = ? WHERE id = ?").bind(start, start, slotId).run();

    const now = Date.now();
    const [a, b] = await Promise.all([sendLessonReminders(db, now), sendLessonReminders(db, now)]);
    await sendLessonReminders(db, now + HOUR);
    for (const s of students) {
      expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'lessonReminder'", s.id)).toBe(1);
      const mails = await rows<{ subject: string }>(
        "SELECT subject FROM emails WHERE to_address = ? AND template = 'lessons.reminder'",
        s.email,
      );
      expect(mails.length).toBe(1);
      expect(mails[0]!.subject).toContain("明日の講座");
    }
    expect(a.emailIds.length + b.emailIds.length).toBe(2);
  });
});
