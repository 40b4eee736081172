import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPurchase, createRaffle } from "../factories";
import { createDb } from "../../db/client";
import { drawWinners, RAFFLE_ALGORITHM } from "../../server/domain/raffles";
import { coinBalance } from "../../server/services/coins";
import { entryStatement } from "../../server/services/raffles";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub } from "./fanclub-fixture";
import { api, hosts, rows } from "./helpers";
import { callApi as call, giveCoins, payCart, registerSandboxCard as registerCard } from "./money-fixture";

const pay = async (fan: Account, coins: number) => (await payCart(fan, coins)).result;

/*
 * Raffles end to end through what a fan's and a creator's browser call: entering by coins and by
 * card through the cart, free entries purchased at once, the per-fan limit under concurrent
 * requests and in SQL, the window, the draw (seed recorded, reproducible, once, managers only),
 * and the results entrants see and are told.
 */

const db = createDb(env.DB);
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Account = Awaited<ReturnType<typeof confirmedAccount>>;

type CartJson = {
  carts: Array<{ type: string; target_type: string; price: number; quantity: number; title: string }>;
  cartVersion: number;
  total: number;
  purchase?: { id: number; total: number };
};

const enter = (fan: Account, id: number, quantity = 1) => call<CartJson>(fan, "POST", "/me/carts/raffle_purchase", { id, quantity });

const follow = async (fan: Account, fanclubId: number) =>
  expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);

const HOUR = 3_600_000;

async function insertRaffle(
  fanclubId: number,
  options: {
    title?: string;
    price?: number;
    winners?: number;
    max?: number;
    status?: "draft" | "published";
    start?: number;
    end?: number;
  } = {},
) {
  const now = Date.now();
  const row = await createRaffle(env.DB, {
    fanclubId,
    title: options.title ?? "サイン色紙プレゼント",
    description: "",
    prizeDescription: "サイン色紙",
    entryPrice: options.price ?? 300,
    winnerCount: options.winners ?? 1,
    entryStartAt: new Date(options.start ?? now - HOUR),
    entryEndAt: new Date(options.end ?? now + HOUR),
    maxEntriesPerFan: options.max ?? 3,
    status: options.status ?? "published",
  });
  return row.id;
}

/** Time passes: the raffle's entries closed a minute ago. */
const closeEntries = (raffleId: number) =>
  env.DB.prepare("UPDATE raffles SET entry_end_at = ? WHERE id = ?")
    .bind(Date.now() - 60_000, raffleId)
    .run();

const held = async (userId: number, raffleId: number) =>
  (await env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM raffle_entries WHERE user_id = ? AND raffle_id = ?")
    .bind(userId, raffleId)
    .first<{ n: number }>())!.n;

let owner: Account;
let fanclubId: number;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "抽選の主", prefix: "rafown" });
  fanclubId = await insertFanclub(owner.id, { name: "抽選テストの館" });
});

// pages render through the Remix build, whose first render in a fresh isolate takes a while
describe("entering a raffle through the cart", { timeout: 30_000 }, () => {
  it("requires following, then takes entries paid by coins", async () => {
    const raffleId = await insertRaffle(fanclubId, { price: 300, max: 3 });
    const fan = await confirmedAccount({ prefix: "rafcoin" });
    await giveCoins(fan, 1000);

    const notFollowing = await enter(fan, raffleId, 2);
    expect(notFollowing.status).toBe(400);
    expect(notFollowing.json.payload.message).toBe("購入の前にファンクラブをフォローしてください。");
    expect(await held(fan.id, raffleId)).toBe(0);

    await follow(fan, fanclubId);
    const added = await enter(fan, raffleId, 2);
    expect(added.status).toBe(200);
    expect(added.json.payload.carts).toMatchObject([
      { type: "Raffle", target_type: "raffle_entry", price: 600, quantity: 2, title: "サイン色紙プレゼント" },
    ]);
    expect(added.json.payload.total).toBe(600);
    expect(added.json.payload.purchase).toBeUndefined();

    const paid = await pay(fan, 600);
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 600, coinAmount: 600, cardAmount: 0 });
    expect(await held(fan.id, raffleId)).toBe(2);
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(400);
    const [entry] = await rows<{ purchase_id: number; fan_total: number; fan_limit: number; idempotency_key: string }>(
      "SELECT purchase_id, fan_total, fan_limit, idempotency_key FROM raffle_entries WHERE user_id = ?",
      fan.id,
    );
    expect(entry).toMatchObject({ purchase_id: paid.json.payload.purchase!.id, fan_total: 2, fan_limit: 3 });
    expect(entry!.idempotency_key).toMatch(/^purchase:\d+:\d+:raffle:\d+$/);

    // the fan's history shows the entry, what it cost and that it is not drawn yet
    const history = await fan.b.get(at(hosts.user, "/me/purchase_histories/raffles"));
    expect(history.status).toBe(200);
    const html = await history.text();
    expect(html).toContain("サイン色紙プレゼント");
    expect(html).toContain("¥600");
    // and how it was paid, as every purchase history says it
    expect(html).toContain("とらコイン 600 C");
    expect(html).not.toContain("カード ¥");
    expect(html).toContain("抽選待ち");
  });

  it("takes entries paid by card (sandbox 4242), and the creator sees the sale", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "カード払いの抽選", price: 500, max: 2 });
    const fan = await confirmedAccount({ name: "カードのファン", prefix: "rafcard" });
    await follow(fan, fanclubId);
    await registerCard(fan);
    expect((await enter(fan, raffleId, 1)).status).toBe(200);
    const paid = await pay(fan, 0);
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 500, coinAmount: 0, cardAmount: 500 });
    expect(await held(fan.id, raffleId)).toBe(1);

    const sales = await owner.b.get(at(hosts.www, "/me/fanclub/purchases/raffles"));
    expect(sales.status).toBe(200);
    const html = await sales.text();
    expect(html).toContain("カード払いの抽選");
    expect(html).toContain("カードのファン");
  });

  it("enters a free raffle at once, and refuses more than the per-fan limit", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "無料の抽選", price: 0, max: 2 });
    const fan = await confirmedAccount({ prefix: "raffree" });
    await follow(fan, fanclubId);
    const first = await enter(fan, raffleId, 2);
    expect(first.status).toBe(200);
    expect(first.json.payload.purchase).toMatchObject({ total: 0 });
    expect(first.json.payload.carts).toMatchObject([{ title: "無料の抽選", quantity: 2, price: 0 }]);
    expect(await held(fan.id, raffleId)).toBe(2);

    const over = await enter(fan, raffleId, 1);
    expect(over.status).toBe(400);
    expect(over.json.payload.message).toBe("この抽選の1人あたりの上限口数を超えています。");
    expect(await held(fan.id, raffleId)).toBe(2);
  });

  it("never lets concurrent entries pass the per-fan limit", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "同時応募", price: 0, max: 3 });
    const fan = await confirmedAccount({ prefix: "rafrace" });
    await follow(fan, fanclubId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => enter(fan, raffleId, 2)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 400]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.json.payload.message).toMatch(/./);
    expect(await held(fan.id, raffleId)).toBeLessThanOrEqual(3);
    expect(await held(fan.id, raffleId)).toBe(2);
  });

  it("refuses, in SQL, an entry row past the limit or outside the window even when the checks were passed", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "SQLの守り", price: 0, max: 3 });
    const fan = await confirmedAccount({ prefix: "rafsql" });
    const now = Date.now();
    const key = `raffle-sql-test:${fan.id}`;
    await createPurchase(env.DB, {
      userId: fan.id,
      idempotencyKey: key,
      status: "paid",
      total: 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    const purchaseId = sql`(SELECT "id" FROM "purchases" WHERE "idempotency_key" = ${key})`;
    const entry = (count: number, suffix: string, at = now) =>
      entryStatement(db, { userId: fan.id, raffleId, count, purchaseKey: `${key}${suffix}`, purchaseId, now: at });
    await db.batch([entry(2, ":a")]);
    await expect(db.batch([entry(2, ":b")])).rejects.toThrow(/CHECK constraint failed/);
    await expect(db.batch([entry(1, ":c", now + 2 * HOUR)])).rejects.toThrow(/CHECK constraint failed/);
    // the same purchase key again is one entry, not two
    await expect(db.batch([entry(1, ":a")])).rejects.toThrow(/UNIQUE/);
    await db.batch([entry(1, ":d")]);
    expect(await held(fan.id, raffleId)).toBe(3);
  });

  it("refuses entering after the window closed, in the fan's language, and a cart paid after the close", async () => {
    const fan = await confirmedAccount({ prefix: "rafclose" });
    await follow(fan, fanclubId);
    const ended = await insertRaffle(fanclubId, { title: "終わった抽選", start: Date.now() - 2 * HOUR, end: Date.now() - HOUR });
    const late = await enter(fan, ended, 1);
    expect(late.status).toBe(400);
    expect(late.json.payload.message).toBe("この抽選は受付を終了しました。");

    const englishFan = await confirmedAccount({ prefix: "rafen" });
    await follow(englishFan, fanclubId);
    await englishFan.b.get(at(hosts.www, "/fanclubs?locale=en"));
    const english = await enter(englishFan, ended, 1);
    expect(english.status).toBe(400);
    expect(english.json.payload.message).toBe("This raffle is no longer accepting entries.");

    const closing = await insertRaffle(fanclubId, { title: "途中で締切", price: 300 });
    await giveCoins(fan, 300);
    // the fan confirmed the cart on page 3 while entries were open; they closed before the click
    const confirmed = await enter(fan, closing, 1);
    expect(confirmed.status).toBe(200);
    await closeEntries(closing);
    const paid = await call(fan, "POST", "/me/carts/purchase", {
      payment: "coin",
      isUsedCoin: true,
      otherPayment: { toraCoin: 300 },
      cartVersion: confirmed.json.payload.cartVersion,
    });
    expect(paid.status).toBe(400);
    expect(paid.json.payload.message).toBe("この抽選は受付を終了しました。");
    expect(await held(fan.id, closing)).toBe(0);
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(300);
  });

  it("hides drafts from fans", async () => {
    const draft = await insertRaffle(fanclubId, { title: "下書きの抽選", status: "draft" });
    const fan = await confirmedAccount({ prefix: "rafdraft" });
    await follow(fan, fanclubId);
    expect((await enter(fan, draft, 1)).status).toBe(400);
    expect((await call(fan, "GET", `/raffles/${draft}`)).status).toBe(404);
    expect((await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/raffles/${draft}`))).status).toBe(404);
    expect(await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/raffles`))).text()).not.toContain("下書きの抽選");
  });
});

describe("drawing the winners", { timeout: 30_000 }, () => {
  it("only managers draw, only after the close; the seed is recorded, reproduces the winners, and a second draw is refused", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "本番の抽選", price: 0, winners: 2, max: 3 });
    const fans: Account[] = [];
    for (let i = 0; i < 4; i++) {
      const fan = await confirmedAccount({ name: `応募者${i + 1}`, prefix: `rafdraw${i}` });
      await follow(fan, fanclubId);
      expect((await enter(fan, raffleId, 1 + (i % 3))).status).toBe(200);
      fans.push(fan);
    }
    const outsider = await confirmedAccount({ prefix: "rafout" });
    const plainEditor = await confirmedAccount({ prefix: "rafed" });
    await insertEditor(fanclubId, plainEditor.id, ["postable"]);
    const raffleEditor = await confirmedAccount({ prefix: "rafmgr" });
    await insertEditor(fanclubId, raffleEditor.id, ["can_raffle_manage"]);

    expect((await call(owner, "POST", `/me/fanclub/raffles/${raffleId}/draw`)).status).toBe(409);
    await closeEntries(raffleId);
    expect((await call(fans[0]!, "POST", `/me/fanclub/raffles/${raffleId}/draw`)).status).toBe(403);
    expect((await call(outsider, "POST", `/me/fanclub/raffles/${raffleId}/draw`)).status).toBe(403);
    expect((await call(plainEditor, "POST", `/me/fanclub/raffles/${raffleId}/draw`)).status).toBe(403);
    expect((await rows("SELECT 1 FROM raffle_winners WHERE raffle_id = ?", raffleId)).length).toBe(0);

    const drawn = await call<{ seed: string; winners: Array<{ rank: number; userId: number; name: string }> }>(
      raffleEditor,
      "POST",
      `/me/fanclub/raffles/${raffleId}/draw`,
    );
    expect(drawn.status).toBe(200);
    const [raffle] = await rows<{ status: string; seed: string; algorithm: string; drawn_ticket_count: number; drawn_at: number }>(
      "SELECT status, seed, algorithm, drawn_ticket_count, drawn_at FROM raffles WHERE id = ?",
      raffleId,
    );
    expect(raffle).toMatchObject({ status: "drawn", algorithm: RAFFLE_ALGORITHM, drawn_ticket_count: 1 + 2 + 3 + 1 });
    expect(raffle!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.json.payload.seed).toBe(raffle!.seed);

    // anyone with the seed and the entries recomputes exactly the recorded winners
    const entries = await rows<{ id: number; userId: number; count: number }>(
      "SELECT id, user_id AS userId, count FROM raffle_entries WHERE raffle_id = ? ORDER BY id DESC",
      raffleId,
    );
    const recorded = await rows<{ rank: number; entryId: number; userId: number }>(
      "SELECT rank, entry_id AS entryId, user_id AS userId FROM raffle_winners WHERE raffle_id = ? ORDER BY rank",
      raffleId,
    );
    expect(recorded.length).toBe(2);
    expect(new Set(recorded.map((w) => w.userId)).size).toBe(2);
    expect(await drawWinners(raffle!.seed, entries, 2)).toEqual(recorded);

    const again = await call(owner, "POST", `/me/fanclub/raffles/${raffleId}/draw`);
    expect(again.status).toBe(409);
    expect(again.json.payload.message).toBe("この抽選はすでに抽選済みです。記録された結果が有効です。");
    const [after] = await rows<{ seed: string }>("SELECT seed FROM raffles WHERE id = ?", raffleId);
    expect(after!.seed).toBe(raffle!.seed);
    expect(
      await rows("SELECT rank, entry_id AS entryId, user_id AS userId FROM raffle_winners WHERE raffle_id = ? ORDER BY rank", raffleId),
    ).toEqual(recorded);

    // entering a drawn raffle is refused
    expect((await enter(fans[0]!, raffleId, 1)).status).toBe(400);

    // every entrant is told once, won or lost, on the bell and by e-mail
    const winnerIds = new Set(recorded.map((w) => w.userId));
    for (const fan of fans) {
      const notes = await rows<{ kind: string; url: string }>(
        "SELECT kind, url FROM notifications WHERE user_id = ? AND kind LIKE 'raffle%'",
        fan.id,
      );
      expect(notes).toEqual([
        {
          kind: winnerIds.has(fan.id) ? "raffleWon" : "raffleLost",
          url: expect.stringContaining(`/fanclubs/${fanclubId}/raffles/${raffleId}`),
        },
      ]);
      const mails = await rows<{ subject: string; template: string }>(
        "SELECT subject, template FROM emails WHERE to_address = ? AND template LIKE 'raffles.%'",
        fan.email,
      );
      expect(mails.length).toBe(1);
      expect(mails[0]!.template).toBe(winnerIds.has(fan.id) ? "raffles.won" : "raffles.lost");
      expect(mails[0]!.subject).toContain("本番の抽選");
    }
    expect((await rows("SELECT 1 FROM notifications WHERE user_id = ? AND kind LIKE 'raffle%'", outsider.id)).length).toBe(0);

    // entrants see their own result and the winners; everyone sees the seed and the algorithm
    const winner = fans.find((f) => winnerIds.has(f.id))!;
    const loser = fans.find((f) => !winnerIds.has(f.id))!;
    const page = (who: Account) => who.b.get(at(hosts.www, `/fanclubs/${fanclubId}/raffles/${raffleId}`)).then((r) => r.text());
    const winnerHtml = await page(winner);
    expect(winnerHtml).toContain("おめでとうございます！当選しました。");
    expect(winnerHtml).toContain(raffle!.seed);
    expect(winnerHtml).toContain(RAFFLE_ALGORITHM);
    const loserHtml = await page(loser);
    expect(loserHtml).toContain("残念ながら落選しました。");
    for (const w of drawn.json.payload.winners) expect(loserHtml).toContain(`data-winner="${w.name}"`);
    const outsiderHtml = await page(outsider);
    expect(outsiderHtml).toContain(raffle!.seed);
    expect(outsiderHtml).not.toContain("data-winner=");
    expect(outsiderHtml).toContain("当選者は応募した方にのみ表示されます。");

    const history = await (await winner.b.get(at(hosts.user, "/me/purchase_histories/raffles"))).text();
    expect(history).toContain(">当選<");
  });

  it("draws a raffle nobody entered without winners", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "誰も来ない抽選" });
    await closeEntries(raffleId);
    const drawn = await call<{ winners: unknown[] }>(owner, "POST", `/me/fanclub/raffles/${raffleId}/draw`);
    expect(drawn.status).toBe(200);
    expect(drawn.json.payload.winners).toEqual([]);
    expect((await rows<{ status: string }>("SELECT status FROM raffles WHERE id = ?", raffleId))[0]!.status).toBe("drawn");
  });
});

describe("the creator's raffle pages", { timeout: 30_000 }, () => {
  it("creates a raffle through the form, lists it with its entry counts, and refuses a window that ends before it starts", async () => {
    const form = {
      title: "フォームの抽選",
      description: "説明",
      prizeDescription: "ポスター",
      entryPrice: "200",
      winnerCount: "3",
      maxEntriesPerFan: "5",
      entryStartAt: "2030-01-01T10:00",
      entryEndAt: "2030-01-08T10:00",
      publish: "on",
    };
    const bad = await owner.b.post(at(hosts.www, "/me/fanclub/raffles/new"), { ...form, entryEndAt: "2029-12-31T10:00" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("受付終了は受付開始より後にしてください");
    const created = await owner.b.post(at(hosts.www, "/me/fanclub/raffles/new"), form);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/me/fanclub/raffles");
    const [row] = await rows<{ entry_start_at: number; status: string; entry_price: number }>(
      "SELECT entry_start_at, status, entry_price FROM raffles WHERE title = 'フォームの抽選'",
    );
    // the window is Japan time
    expect(row).toMatchObject({ entry_start_at: Date.UTC(2030, 0, 1, 1, 0), status: "published", entry_price: 200 });
    const list = await (await owner.b.get(at(hosts.www, "/me/fanclub/raffles"))).text();
    expect(list).toContain("フォームの抽選");
    expect(list).toContain("0口・0人");

    const fan = await confirmedAccount({ prefix: "rafform" });
    expect((await fan.b.get(at(hosts.www, "/me/fanclub/raffles/new"))).status).not.toBe(200);
  });

  it("keeps the price once fans entered", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "値段固定", price: 0, max: 2 });
    const fan = await confirmedAccount({ prefix: "raflock" });
    await follow(fan, fanclubId);
    expect((await enter(fan, raffleId, 1)).status).toBe(200);
    const res = await owner.b.post(at(hosts.www, `/me/fanclub/raffles/${raffleId}/edit`), {
      title: "値段固定",
      entryPrice: "100",
      winnerCount: "1",
      maxEntriesPerFan: "2",
      entryStartAt: "2020-01-01T10:00",
      entryEndAt: "2040-01-01T10:00",
      publish: "on",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("応募があるため価格は変更できません");
    expect((await rows<{ entry_price: number }>("SELECT entry_price FROM raffles WHERE id = ?", raffleId))[0]!.entry_price).toBe(0);
  });
});

// keeps `api` from the helpers in use for a signed-out call: the modal's summary needs a session
describe("signed out", () => {
  it("cannot read the modal's summary or enter", async () => {
    const raffleId = await insertRaffle(fanclubId, { title: "ログインが必要" });
    expect((await api(hosts.www, `/raffles/${raffleId}`)).status).toBe(401);
    expect(
      (
        await api(hosts.www, "/me/carts/raffle_purchase", {
          method: "POST",
          headers: { ...xhr, "content-type": "application/json" },
          body: JSON.stringify({ id: raffleId }),
        })
      ).status,
    ).toBe(401);
  });
});
