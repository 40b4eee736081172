import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { createDb } from "../../db/client";
import { billingMonthOf, monthEndMs } from "../../server/domain/billing-month";
import { coinBalance } from "../../server/services/coins";
import { loadPostAccess } from "../../server/services/post-access";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub, insertMembership, insertPlan, insertPostRow } from "./fanclub-fixture";
import { api, hosts } from "./helpers";
import { callApi as call, giveCoins, registerSandboxCard as registerCard, type Envelope } from "./money-fixture";

/*
 * Carts and plan purchases through the API a signed-in fan's browser calls (spec §7), with the
 * sandbox card provider and Stripe's test cards, coins credited through the ledger service, and
 * what lands in D1 checked row by row: one charge and one paid month per attempt, nothing written
 * for a declined card, the paywall opening right after joining and closing at the month's end
 * after leaving.
 */

const db = createDb(env.DB);
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Fan = Awaited<ReturnType<typeof confirmedAccount>>;

type CartJson = {
  carts: Array<{
    id: number;
    type: string;
    target_type: string;
    price: number;
    fanclub: { id: number; name: string; iconImageUrl: string | null };
    plan: { id: number; name: string; price: number };
    expiresIn: number;
    expiresInNext: number;
    quote: { kind: string; chargeNow: number; month: string; nextRenewalAt: number; renewalPrice: number };
  }>;
  cartVersion: number;
  total: number;
  coinBalance: number;
  card: { brand: string; last4: string } | null;
};

const addPlan = (fan: Fan, planId: number, targetType = "join_plan_type") =>
  call<CartJson>(fan, "POST", "/me/carts", { type: "Plan", id: planId, target_type: targetType });

/** What the modal posts on page 3 (spec §3 purchase payload) for the cart version it shows. */
async function purchase(fan: Fan, coins: number, extra: Record<string, unknown> = {}) {
  const cart = (await call<CartJson>(fan, "GET", "/me/carts")).json.payload;
  return call<{
    purchase?: { id: number; total: number; coinAmount: number; cardAmount: number };
    replayed?: boolean;
    requiresAction?: { provider: string; clientSecret: string };
  }>(fan, "POST", "/me/carts/purchase", {
    payment: coins === cart.total ? "coin" : "card",
    isUsedCoin: coins > 0,
    otherPayment: { toraCoin: coins },
    cartVersion: cart.cartVersion,
    ...extra,
  });
}

async function rows<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

async function membershipsOf(userId: number, fanclubId: number) {
  return rows<{ id: number; plan_id: number; status: string; member_number: number; paid_through: string | null }>(
    "SELECT id, plan_id, status, member_number, paid_through FROM memberships WHERE user_id = ? AND fanclub_id = ? ORDER BY id",
    userId,
    fanclubId,
  );
}

async function paymentsOf(userId: number) {
  return rows<{ kind: string; amount: number; plan_id: number; month: string; purchase_id: number }>(
    "SELECT kind, amount, plan_id, month, purchase_id FROM membership_payments WHERE user_id = ? ORDER BY id",
    userId,
  );
}

async function purchasesOf(userId: number) {
  return rows<{
    id: number;
    status: string;
    total: number;
    coin_amount: number;
    card_amount: number;
    card_charge_id: string | null;
    coin_entry_id: number | null;
    failure_code: string | null;
  }>(
    "SELECT id, status, total, coin_amount, card_amount, card_charge_id, coin_entry_id, failure_code FROM purchases WHERE user_id = ? ORDER BY id",
    userId,
  );
}

async function counts(fanclubId: number, ...planIds: number[]) {
  const club = await env.DB.prepare("SELECT member_count FROM fanclubs WHERE id = ?").bind(fanclubId).first<number>("member_count");
  const planCounts = [];
  for (const id of planIds)
    planCounts.push(await env.DB.prepare("SELECT member_count FROM plans WHERE id = ?").bind(id).first<number>("member_count"));
  return { club, plans: planCounts };
}

let ownerId: number;
let fanclubId: number;
let light: number;
let gold: number;

let userSeq = 0;
async function insertOwner(): Promise<number> {
  const row = await createUser(env.DB, { name: "購入テストの主", identifyToken: `purchase-owner-${Date.now()}-${userSeq++}` });
  return row.id;
}

beforeAll(async () => {
  ownerId = await insertOwner();
  fanclubId = await insertFanclub(ownerId, { serviceId: 1, name: "購入テストの館" });
  light = await insertPlan(fanclubId, { name: "ライト", price: 500 });
  gold = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
});

describe("the cart API (spec §7 /me/carts)", () => {
  it("adds a plan with its price and quote, replaces the cart on the next add, deletes items, and bumps the version on every change", async () => {
    const fan = await confirmedAccount({ prefix: "cart" });
    const empty = await call<CartJson>(fan, "GET", "/me/carts");
    expect(empty.status).toBe(200);
    expect(empty.json.payload).toMatchObject({ carts: [], total: 0, coinBalance: 0, card: null });

    const added = await addPlan(fan, light);
    expect(added.status).toBe(200);
    const item = added.json.payload.carts[0]!;
    const now = Date.now();
    const month = billingMonthOf(now);
    expect(item).toMatchObject({
      type: "Plan",
      target_type: "join_plan_type",
      price: 500,
      fanclub: { id: fanclubId, name: "購入テストの館", iconImageUrl: null },
      plan: { id: light, name: "ライト", price: 500 },
      expiresIn: monthEndMs(month),
      quote: { kind: "join", chargeNow: 500, month, nextRenewalAt: monthEndMs(month), renewalPrice: 500 },
      liveEventTicket: null,
      product: null,
    });
    expect(item.expiresInNext).toBeGreaterThan(item.expiresIn);
    expect(added.json.payload.total).toBe(500);
    const v1 = added.json.payload.cartVersion;

    // the modal pays one thing at a time: the next add replaces the cart
    const replaced = await addPlan(fan, gold);
    expect(replaced.json.payload.carts.map((i) => i.plan.name)).toEqual(["ゴールド"]);
    expect(replaced.json.payload.total).toBe(1000);
    expect(replaced.json.payload.cartVersion).toBe(v1 + 1);

    const goldItem = replaced.json.payload.carts[0]!.id;
    const deleted = await call<CartJson>(fan, "DELETE", `/me/carts/${goldItem}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.payload).toMatchObject({ carts: [], total: 0, cartVersion: v1 + 2 });
    expect((await call(fan, "DELETE", `/me/carts/${goldItem}`)).status).toBe(404);
    expect((await call<CartJson>(fan, "GET", "/me/carts")).json.payload.cartVersion).toBe(v1 + 2);
  });

  it("answers 400 with the message under errors (target plan or cart) for what cannot be added", async () => {
    const fan = await confirmedAccount({ prefix: "carterr" });
    const closed = await insertPlan(fanclubId, { name: "締切", price: 800, closed: true });
    const full = await insertPlan(fanclubId, { name: "満員", price: 900, joinLimit: 1 });
    await insertMembership(await insertOwner(), fanclubId, full);

    for (const planId of [closed, full]) {
      const res = await addPlan(fan, planId);
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.payload.message).toBe("現在このプランには加入できません。");
      expect(res.json.payload.errors).toEqual([{ message: "現在このプランには加入できません。", target: "plan" }]);
    }
    // an upgrade without a membership, a product (not sold through the cart yet), expired plans when none are
    const upgrade = await addPlan(fan, gold, "upgrade_plan_type");
    expect(upgrade.status).toBe(400);
    expect(upgrade.json.payload.errors).toEqual([{ message: "カートに追加できない内容です。", target: "cart" }]);
    const product = await call(fan, "POST", "/me/carts", { type: "Product", id: 1, target_type: "product" });
    expect(product.json.payload.errors?.[0]?.target).toBe("cart");
    const expired = await addPlan(fan, 0, "subscribe_plan_type");
    expect(expired.json.payload.message).toBe("お支払いが必要なプランはありません。");
    // an unknown plan
    expect((await addPlan(fan, 999_999)).json.payload.errors?.[0]?.target).toBe("plan");

    // the header is required for changes, and a visitor has no cart
    const noHeader = await fan.b.request(at(hosts.www, "/api/v1/me/carts"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ type: "Plan", id: light, target_type: "join_plan_type" }),
    });
    expect(noHeader.status).toBe(403);
    expect((await api(hosts.www, "/me/carts", { headers: xhr })).status).toBe(401);
    // plans info for a visitor: no membership, so every open plan is a join with no quote yet
    const info = (await (await api(hosts.www, `/fanclubs/${fanclubId}/plans`, { headers: xhr })).json()) as Envelope<{
      plans: Array<{ id: number; planGrade: string; quote: unknown; disabledAt: number | null }>;
      joining_plan_id: number | null;
    }>;
    expect(info.payload.joining_plan_id).toBeNull();
    expect(info.payload.plans.find((p) => p.id === light)).toMatchObject({ planGrade: "noJoin", quote: null, disabledAt: null });
  });
});

describe("joining a plan (spec §4 purchase)", () => {
  it("by card: one charge, the membership with its number and paid month, counters, the cart cleared; the same POST again charges nothing", async () => {
    const fan = await confirmedAccount({ prefix: "card" });
    await registerCard(fan, "4242424242424242");
    const before = await counts(fanclubId, light);
    const cart = (await addPlan(fan, light)).json.payload;
    expect(cart.card).toEqual({ brand: "visa", last4: "4242" });

    const body = { payment: "card", isUsedCoin: false, otherPayment: { toraCoin: 0 }, cartVersion: cart.cartVersion };
    const first = await call<{ purchase: { id: number; total: number; cardAmount: number; coinAmount: number }; replayed: boolean }>(
      fan,
      "POST",
      "/me/carts/purchase",
      body,
    );
    expect(first.status).toBe(200);
    expect(first.json.payload.purchase).toMatchObject({ total: 500, cardAmount: 500, coinAmount: 0 });
    expect(first.json.payload.replayed).toBe(false);

    const month = billingMonthOf(Date.now());
    const [membership] = await membershipsOf(fan.id, fanclubId);
    expect(membership).toMatchObject({ plan_id: light, status: "active", paid_through: month });
    expect(membership!.member_number).toBeGreaterThan(0);
    expect(await paymentsOf(fan.id)).toEqual([
      { kind: "join", amount: 500, plan_id: light, month, purchase_id: first.json.payload.purchase.id },
    ]);
    const [paid] = await purchasesOf(fan.id);
    expect(paid).toMatchObject({ status: "paid", total: 500, card_amount: 500, coin_amount: 0, coin_entry_id: null });
    expect(paid!.card_charge_id).toMatch(/^pi_sandbox_/);
    expect(await counts(fanclubId, light)).toEqual({ club: before.club! + 1, plans: [before.plans[0]! + 1] });
    expect((await call<CartJson>(fan, "GET", "/me/carts")).json.payload.carts).toEqual([]);

    // a double click, a retried request: the first result, no second charge or month
    const again = await call<{ purchase: { id: number }; replayed: boolean }>(fan, "POST", "/me/carts/purchase", body);
    expect(again.status).toBe(200);
    expect(again.json.payload).toMatchObject({ replayed: true, purchase: { id: first.json.payload.purchase.id } });
    expect(await purchasesOf(fan.id)).toHaveLength(1);
    expect(await paymentsOf(fan.id)).toHaveLength(1);
    expect(await membershipsOf(fan.id, fanclubId)).toHaveLength(1);
    expect(await counts(fanclubId, light)).toEqual({ club: before.club! + 1, plans: [before.plans[0]! + 1] });
  });

  it("two purchase requests at once for the same cart version: one purchase, one paid month", async () => {
    const fan = await confirmedAccount({ prefix: "twin" });
    await registerCard(fan, "4242424242424242");
    const cart = (await addPlan(fan, gold)).json.payload;
    const body = { payment: "card", isUsedCoin: false, otherPayment: { toraCoin: 0 }, cartVersion: cart.cartVersion };
    const results = await Promise.all([call(fan, "POST", "/me/carts/purchase", body), call(fan, "POST", "/me/carts/purchase", body)]);
    expect(results.some((r) => r.status === 200)).toBe(true);
    // the loser either answers the winner's purchase or asks to try again (the provider was still busy with the key)
    for (const r of results) if (r.status !== 200) expect(r.json.payload.message).toMatch(/もう一度/);
    const retry = await call<{ replayed: boolean }>(fan, "POST", "/me/carts/purchase", body);
    expect(retry.json.payload.replayed).toBe(true);
    expect((await purchasesOf(fan.id)).filter((p) => p.status === "paid")).toHaveLength(1);
    expect(await paymentsOf(fan.id)).toHaveLength(1);
    expect(await membershipsOf(fan.id, fanclubId)).toHaveLength(1);
  });

  it("two fans paying for a plan's last seat at once: one member; the other is told the plan is full and is not left charged", async () => {
    const limited = await insertPlan(fanclubId, { name: "限定1名", price: 800, joinLimit: 1 });
    const [a, b] = [await confirmedAccount({ prefix: "seat-a" }), await confirmedAccount({ prefix: "seat-b" })];
    for (const fan of [a, b]) {
      await registerCard(fan, "4242424242424242");
      expect((await addPlan(fan, limited)).status).toBe(200);
    }
    // both passed the seat check when adding; both confirm at the same moment
    const results = await Promise.all([purchase(a, 0), purchase(b, 0)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results[0]!.status === 400 ? a : b;
    expect(results.find((r) => r.status === 400)!.json.payload.message).toBe("現在このプランには加入できません。");
    expect(await env.DB.prepare("SELECT member_count FROM plans WHERE id = ?").bind(limited).first<number>("member_count")).toBe(1);
    expect(await membershipsOf(loser.id, fanclubId)).toEqual([]);
    // refused before paying, or charged and given back in full: never charged without the seat
    for (const p of await purchasesOf(loser.id))
      expect(p.status === "refunded" || (p.status === "failed" && p.card_charge_id === null)).toBe(true);
    const refunded = await rows<{ refund_id: string | null; status: string }>(
      "SELECT refund_id, status FROM purchases WHERE user_id = ? AND status = 'refunded'",
      loser.id,
    );
    for (const r of refunded) expect(r.refund_id).toMatch(/^re_sandbox_/);
  });

  it("the database holds a plan's join limit: a count growing past it is refused, a lowered limit is not", async () => {
    const limited = await insertPlan(fanclubId, { name: "限定2名", price: 300, joinLimit: 2 });
    await env.DB.prepare("UPDATE plans SET member_count = 2 WHERE id = ?").bind(limited).run();
    await expect(env.DB.prepare("UPDATE plans SET member_count = member_count + 1 WHERE id = ?").bind(limited).run()).rejects.toThrow(
      /capacity_exceeded/,
    );
    await env.DB.prepare("UPDATE plans SET join_limit = 1 WHERE id = ?").bind(limited).run();
    await env.DB.prepare("UPDATE plans SET member_count = member_count - 1 WHERE id = ?").bind(limited).run();
    expect(await env.DB.prepare("SELECT member_count FROM plans WHERE id = ?").bind(limited).first<number>("member_count")).toBe(1);
  });

  it("all in coins: the coins and the membership land in one batch", async () => {
    const fan = await confirmedAccount({ prefix: "coin" });
    await giveCoins(fan, 1200);
    await addPlan(fan, gold);
    const res = await purchase(fan, 1000);
    expect(res.status).toBe(200);
    expect(res.json.payload.purchase).toMatchObject({ total: 1000, coinAmount: 1000, cardAmount: 0 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(200);
    const [paid] = await purchasesOf(fan.id);
    expect(paid).toMatchObject({ status: "paid", coin_amount: 1000, card_amount: 0, card_charge_id: null });
    const entry = await env.DB.prepare("SELECT idempotency_key, amount, kind FROM coin_entries WHERE id = ?")
      .bind(paid!.coin_entry_id)
      .first();
    expect(entry).toMatchObject({ amount: 1000, kind: "spend" });
    expect(String(entry!.idempotency_key)).toMatch(/^purchase:\d+:\d+$/);
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: gold, status: "active" }]);
  });

  it("part coins, part card; refuses a card part under 50 yen, more coins than held, and an amount outside 0..total, writing nothing", async () => {
    const fan = await confirmedAccount({ prefix: "part" });
    await registerCard(fan, "4242424242424242");
    await giveCoins(fan, 300);
    await addPlan(fan, gold);

    const tooSmall = await purchase(fan, 951);
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.json.payload.errors).toEqual([
      {
        message:
          "カードでお支払いいただく部分は50円以上にしてください。全額をとらコインでお支払いいただくか、とらコインの金額を減らしてください。",
        target: "cart",
      },
    ]);
    const shortage = await purchase(fan, 500);
    expect(shortage.json.payload.message).toBe("とらコイン残高が不足しています。とらコインサイトでチャージしてください。");
    const invalid = await purchase(fan, 1001);
    expect(invalid.json.payload.message).toBe("とらコイン支払い金額が不正です。");
    const fraction = await purchase(fan, "1.5" as unknown as number);
    expect(fraction.json.payload.message).toBe("とらコイン支払い金額が不正です。");
    expect(await purchasesOf(fan.id)).toEqual([]);
    expect(await membershipsOf(fan.id, fanclubId)).toEqual([]);

    const res = await purchase(fan, 300);
    expect(res.status).toBe(200);
    expect(res.json.payload.purchase).toMatchObject({ total: 1000, coinAmount: 300, cardAmount: 700 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(0);
    const [paid] = await purchasesOf(fan.id);
    expect(paid).toMatchObject({ status: "paid", coin_amount: 300, card_amount: 700 });
    expect(paid!.card_charge_id).toMatch(/^pi_sandbox_/);
    expect(paid!.coin_entry_id).not.toBeNull();
    expect(await paymentsOf(fan.id)).toMatchObject([{ kind: "join", amount: 1000 }]);

    // the fan's purchase history names the plan, the month and both means; another fan's is empty
    const history = await (await fan.b.request(at(hosts.user, "/me/purchase_histories"))).text();
    expect(history).toContain('data-testid="plan-payments"');
    expect(history).toContain("購入テストの館");
    expect(history).toContain("ゴールド");
    expect(history).toContain("とらコイン＋クレジットカード");
    expect(history).toContain("1,000");
    // with what each paid
    expect(history).toContain("カード ¥700 / とらコイン 300 C");
    const other = await confirmedAccount({ prefix: "part-other" });
    const otherHistory = await (await other.b.request(at(hosts.user, "/me/purchase_histories"))).text();
    expect(otherHistory).not.toContain("購入テストの館");
    expect(otherHistory).toContain("プランのお支払いはまだありません。");
  });

  it("a declined card (4000000000000341) writes no membership, no month, no coins; the attempt is failed and the next try is a new one", async () => {
    const fan = await confirmedAccount({ prefix: "decline" });
    await registerCard(fan, "4000000000000341");
    await giveCoins(fan, 200);
    const cart = (await addPlan(fan, gold)).json.payload;
    const res = await purchase(fan, 200);
    expect(res.status).toBe(400);
    expect(res.json.payload.errors).toEqual([{ message: "カードが承認されませんでした。別のカードをお試しください。", target: "cart" }]);
    expect(await membershipsOf(fan.id, fanclubId)).toEqual([]);
    expect(await paymentsOf(fan.id)).toEqual([]);
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(200);
    expect(await purchasesOf(fan.id)).toMatchObject([
      { status: "failed", failure_code: "card_declined", coin_amount: 200, card_amount: 800 },
    ]);
    // the cart keeps its item under a new version; the old version is answered as changed
    const after = (await call<CartJson>(fan, "GET", "/me/carts")).json.payload;
    expect(after.carts).toHaveLength(1);
    expect(after.cartVersion).toBe(cart.cartVersion + 1);
    const stale = await call(fan, "POST", "/me/carts/purchase", {
      payment: "card",
      isUsedCoin: true,
      otherPayment: { toraCoin: 200 },
      cartVersion: cart.cartVersion,
    });
    expect(stale.json.payload.message).toBe("カートの内容が変わりました。内容をご確認のうえ、もう一度お試しください。");

    // a working card afterwards pays under the new version
    await registerCard(fan, "4242424242424242");
    const ok = await purchase(fan, 200);
    expect(ok.status).toBe(200);
    expect((await purchasesOf(fan.id)).map((p) => p.status)).toEqual(["failed", "paid"]);
    expect(await paymentsOf(fan.id)).toHaveLength(1);
  });

  it("3-D Secure (4000002760003184): requires action, then the purchase posted again with the sandbox's answer finishes it", async () => {
    const fan = await confirmedAccount({ prefix: "tds" });
    await registerCard(fan, "4000002760003184");
    await addPlan(fan, light);
    const first = await purchase(fan, 0);
    expect(first.status).toBe(200);
    expect(first.json.payload.requiresAction).toMatchObject({ provider: "sandbox" });
    expect(await purchasesOf(fan.id)).toMatchObject([{ status: "requires_action" }]);
    expect(await membershipsOf(fan.id, fanclubId)).toEqual([]);

    const done = await purchase(fan, 0, { sandboxAuthentication: "approve" });
    expect(done.status).toBe(200);
    expect(done.json.payload.purchase).toMatchObject({ total: 500, cardAmount: 500 });
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: light, status: "active" }]);
    expect(await purchasesOf(fan.id)).toMatchObject([{ status: "paid" }]);
  });
});

describe("changing and leaving (decision 012)", () => {
  it("an upgrade charges the difference now; a downgrade charges nothing; upgrading again the same month costs nothing more", async () => {
    const fan = await confirmedAccount({ prefix: "grade" });
    await registerCard(fan, "4242424242424242");
    await addPlan(fan, light);
    expect((await purchase(fan, 0)).status).toBe(200);
    const before = await counts(fanclubId, light, gold);

    const info = await call<{
      plans: Array<{ id: number; planGrade: string; quote: { kind: string; chargeNow: number } }>;
      joining_plan_id: number;
    }>(fan, "GET", `/fanclubs/${fanclubId}/plans`);
    expect(info.json.payload.joining_plan_id).toBe(light);
    const byId = new Map(info.json.payload.plans.map((p) => [p.id, p]));
    expect(byId.get(light)).toMatchObject({ planGrade: "current", quote: { kind: "current" } });
    expect(byId.get(gold)).toMatchObject({ planGrade: "upgrade", quote: { kind: "upgrade", chargeNow: 500 } });

    const cart = (await addPlan(fan, gold, "upgrade_plan_type")).json.payload;
    expect(cart.carts[0]).toMatchObject({ target_type: "upgrade_plan_type", price: 500 });
    const up = await purchase(fan, 0);
    expect(up.json.payload.purchase).toMatchObject({ total: 500, cardAmount: 500 });
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: gold, status: "active" }]);
    expect((await paymentsOf(fan.id)).map((p) => `${p.kind}:${p.amount}`)).toEqual(["join:500", "upgrade:500"]);
    expect(await counts(fanclubId, light, gold)).toEqual({ club: before.club, plans: [before.plans[0]! - 1, before.plans[1]! + 1] });

    const down = await call<{ kind: string; chargeNow: number }>(fan, "POST", `/plans/${light}/downgrade`);
    expect(down.status).toBe(200);
    expect(down.json.payload).toMatchObject({ kind: "downgrade", chargeNow: 0 });
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: light, status: "active" }]);
    expect(await purchasesOf(fan.id)).toHaveLength(2);
    expect(await paymentsOf(fan.id)).toHaveLength(2);
    expect(await counts(fanclubId, light, gold)).toEqual(before);
    // a downgrade to a dearer plan is no downgrade
    expect((await call(fan, "POST", `/plans/${gold}/downgrade`)).status).toBe(400);

    // this month was paid at 1000 already: back to gold costs nothing now
    const again = (await addPlan(fan, gold, "upgrade_plan_type")).json.payload;
    expect(again.total).toBe(0);
    const free = await purchase(fan, 0);
    expect(free.json.payload.purchase).toMatchObject({ total: 0, cardAmount: 0, coinAmount: 0 });
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: gold }]);
  });

  it("leaving keeps the plan's posts to the end of the paid month and paid months' posts for good; re-joining the same month charges again with a new number", async () => {
    const fan = await confirmedAccount({ prefix: "leave" });
    await registerCard(fan, "4242424242424242");
    const now = Date.now();
    const old = await insertPostRow(fanclubId, ownerId, {
      title: "昔のゴールド投稿",
      comment: "昔のゴールド本文",
      planId: gold,
      publishedAt: now - 400 * 86_400_000,
    });
    const fresh = await insertPostRow(fanclubId, ownerId, { title: "今月のゴールド投稿", planId: gold, publishedAt: now - 1000 });
    await addPlan(fan, gold);
    expect((await purchase(fan, 0)).status).toBe(200);
    const [joined] = await membershipsOf(fan.id, fanclubId);
    const before = await counts(fanclubId, gold);

    const left = await call<{ kind: string; accessEndsAt: number }>(fan, "POST", `/plans/${gold}/leave`);
    expect(left.status).toBe(200);
    const month = billingMonthOf(Date.now());
    expect(left.json.payload).toMatchObject({ kind: "leave", accessEndsAt: monthEndMs(month) });
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ status: "left" }]);
    expect(await counts(fanclubId, gold)).toEqual({ club: before.club! - 1, plans: [before.plans[0]! - 1] });
    expect((await call(fan, "POST", `/plans/${gold}/leave`)).status).toBe(400);

    const viewer = { userId: fan.id, ownFanclubId: null, editing: new Map() };
    const canView = async (postId: number, at: number) => (await loadPostAccess(db, postId, viewer, at))!.canView;
    expect(await canView(old, Date.now())).toBe(true);
    expect(await canView(fresh, Date.now())).toBe(true);
    // from 00:00 JST on the 1st: the plan is closed to them, the month they paid for stays theirs
    expect(await canView(old, monthEndMs(month))).toBe(false);
    expect(await canView(fresh, monthEndMs(month))).toBe(true);
    // the post page agrees right now
    expect(await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${old}`))).text()).toContain("昔のゴールド本文");

    // spec §4: re-joining in the same month is charged again, with a new member number
    await addPlan(fan, gold);
    expect((await purchase(fan, 0)).json.payload.purchase).toMatchObject({ total: 1000, cardAmount: 1000 });
    const all = await membershipsOf(fan.id, fanclubId);
    expect(all.map((m) => m.status)).toEqual(["left", "active"]);
    expect(all[1]!.member_number).not.toBe(joined!.member_number);
    expect((await paymentsOf(fan.id)).map((p) => `${p.kind}:${p.amount}:${p.month}`)).toEqual([`join:1000:${month}`, `join:1000:${month}`]);
  });

  it("a locked post unlocks right after joining", async () => {
    const fan = await confirmedAccount({ prefix: "unlock" });
    await giveCoins(fan, 500);
    const postId = await insertPostRow(fanclubId, ownerId, { title: "ライトの秘密", comment: "ライト会員だけの本文です", planId: light });
    const locked = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
    expect(locked).not.toContain("ライト会員だけの本文です");
    await addPlan(fan, light);
    expect((await purchase(fan, 500)).status).toBe(200);
    const open = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
    expect(open).toContain("ライト会員だけの本文です");
  });

  it("an expired (unpaid) plan opens nothing, blocks changing plan, and is paid through the subscribe_plan_type cart with id 0 (page 20)", async () => {
    const fan = await confirmedAccount({ prefix: "expired" });
    await giveCoins(fan, 1000);
    await addPlan(fan, gold);
    expect((await purchase(fan, 1000)).status).toBe(200);
    const postId = await insertPostRow(fanclubId, ownerId, {
      title: "ゴールドの便り",
      comment: "ゴールドだけの便りです",
      planId: gold,
      publishedAt: Date.now() - 400 * 86_400_000,
    });
    // the renewal of this month failed (what the renewal run writes): an expired plan
    const month = billingMonthOf(Date.now());
    const lastMonth = billingMonthOf(monthEndMs(month) - 40 * 86_400_000);
    await env.DB.prepare("UPDATE memberships SET status = 'unpaid', paid_through = ?, expired_at = ? WHERE user_id = ? AND fanclub_id = ?")
      .bind(lastMonth, Date.now(), fan.id, fanclubId)
      .run();
    const page = () => fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`)).then((r) => r.text());
    expect(await page()).not.toContain("ゴールドだけの便りです");

    const other = await addPlan(fan, light, "upgrade_plan_type");
    expect(other.json.payload.errors).toEqual([
      { message: "お支払いが済んでいないプランがあります。先にお支払いください。", target: "plan" },
    ]);

    const cart = await addPlan(fan, 0, "subscribe_plan_type");
    expect(cart.status).toBe(200);
    expect(cart.json.payload.carts).toMatchObject([
      { target_type: "subscribe_plan_type", price: 1000, plan: { id: gold }, quote: { kind: "resume", month } },
    ]);
    await giveCoins(fan, 1000);
    expect((await purchase(fan, 1000)).status).toBe(200);
    expect(await membershipsOf(fan.id, fanclubId)).toMatchObject([{ plan_id: gold, status: "active", paid_through: month }]);
    expect((await paymentsOf(fan.id)).map((p) => p.kind)).toEqual(["join", "subscribe"]);
    expect(await page()).toContain("ゴールドだけの便りです");
  });

  it("the current plan's history and number for page 30", async () => {
    const fan = await confirmedAccount({ prefix: "hist" });
    await giveCoins(fan, 500);
    await addPlan(fan, light);
    await purchase(fan, 500);
    const res = await call<{
      membership: {
        planId: number;
        memberNumber: number;
        status: string;
        nextRenewalAt: number;
        payments: Array<{ kind: string; amount: number; planName: string }>;
      };
    }>(fan, "GET", `/fanclubs/${fanclubId}/membership`);
    expect(res.json.payload.membership).toMatchObject({
      planId: light,
      status: "active",
      nextRenewalAt: monthEndMs(billingMonthOf(Date.now())),
      payments: [{ kind: "join", amount: 500, planName: "ライト" }],
    });
  });
});
