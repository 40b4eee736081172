import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createCoinCampaign } from "../factories";
import { createDb } from "../../db/client";
import { grantCampaignBonus } from "../../server/services/coin-campaigns";
import { creditCoins } from "../../server/services/coins";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

/**
 * The fan's wallet through the real Worker with the card sandbox (no Stripe key): card
 * registration, charging coins by card exactly once, 3-D Secure, declines, the balance APIs,
 * coin-for-renewal, and the pages.
 */

const db = createDb(env.DB);
const NUMBERS = { ok: "4242424242424242", declines: "4000000000000341", noFunds: "4000000000009995", auth: "4000002760003184" };
const EXPIRY = "12/40";

type Json = {
  success: boolean;
  payload: Record<string, unknown> & { message?: string; errors?: Array<{ message: string; target?: string }> };
};

async function call(b: TestBrowser, method: string, path: string, body?: unknown, host: string = hosts.user) {
  const url = at(host, `/api/v1${path}`);
  const res = await b.request(url, {
    method,
    headers: {
      "x-requested-with": "XMLHttpRequest",
      accept: "application/json",
      origin: new URL(url).origin,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Json };
}

let seq = 0;
const nonce = () => `test-nonce-${Date.now().toString(36)}-${seq++}-${Math.random().toString(36).slice(2, 10)}`;

async function fan(prefix = "wal") {
  return confirmedAccount({ prefix });
}

async function register(b: TestBrowser, number: string) {
  return call(b, "POST", "/me/card_registration", { number, expiry: EXPIRY, cvc: "123" });
}

async function coinRows(userId: number) {
  const { results } = await env.DB.prepare("SELECT kind, amount, idempotency_key, ref_type FROM coin_entries WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all<{
      kind: string;
      amount: number;
      idempotency_key: string;
      ref_type: string | null;
    }>();
  return results;
}

describe("card registration", () => {
  it("registers each sandbox test number, replaces the card, and refuses an unknown number with a field error", async () => {
    const { b, userId } = await fan();
    expect((await call(b, "GET", "/me/card_registration")).json.payload).toEqual({ registered: false, card: null });

    for (const [number, last4] of [
      [NUMBERS.ok, "4242"],
      [NUMBERS.declines, "0341"],
      [NUMBERS.noFunds, "9995"],
      [NUMBERS.auth, "3184"],
    ] as const) {
      const res = await register(b, number);
      expect(res.status, number).toBe(200);
      expect(res.json.payload.card).toMatchObject({ brand: "visa", last4, expMonth: 12, expYear: 2040 });
      const check = await call(b, "GET", "/me/card_registration");
      expect(check.json.payload).toMatchObject({ registered: true, card: { last4 } });
    }
    // one card at a time: the earlier ones are taken off the list, so removing the last brings none back
    const live = await env.DB.prepare("SELECT last4 FROM payment_cards WHERE user_id = ? AND deleted_at IS NULL")
      .bind(userId)
      .all<{ last4: string }>();
    expect(live.results.map((r) => r.last4)).toEqual(["3184"]);

    // a Luhn-valid number that is not a test card, as Stripe's test mode answers a real card
    const unknown = await register(b, "4111111111111111");
    expect(unknown.status).toBe(400);
    expect(unknown.json.payload.code).toBe("card_declined");
    expect(unknown.json.payload.errors).toEqual([
      { message: "このカードはご利用いただけません。別のカードをお試しください。", target: "number" },
    ]);
    const typo = await register(b, "4242424242424241");
    expect(typo.json.payload.errors).toEqual([{ message: "カード番号が正しくありません。", target: "number" }]);
    const past = await call(b, "POST", "/me/card_registration", { number: NUMBERS.ok, expiry: "01/20", cvc: "123" });
    expect(past.json.payload.errors).toEqual([{ message: "このカードは有効期限が切れています。", target: "expiry" }]);
    const shape = await call(b, "POST", "/me/card_registration", { number: NUMBERS.ok, expiry: "2040-12", cvc: "123" });
    expect(shape.status).toBe(400);
    expect(shape.json.payload.errors).toEqual([{ message: "有効期限は「月/年」の形（例：12/30）で入力してください。", target: "expiry" }]);
    // the refusals left the registered card alone
    expect((await call(b, "GET", "/me/card_registration")).json.payload).toMatchObject({ registered: true, card: { last4: "3184" } });

    expect((await call(b, "DELETE", "/me/card_registration")).status).toBe(200);
    expect((await call(b, "GET", "/me/card_registration")).json.payload).toEqual({ registered: false, card: null });
    expect((await call(b, "DELETE", "/me/card_registration")).status).toBe(404);
  });

  it("registers through the page's form and goes back to a same-origin returnTo, never to another site", async () => {
    const { b } = await fan();
    // served on the brand the fan is on, so returnTo stays a path of this very origin
    const page = at(hosts.www, "/me/card_registration");
    const empty = await b.get(`${page}?returnTo=${encodeURIComponent("/me/coins?amount=1000")}`);
    expect(empty.status).toBe(200);
    const html = await empty.text();
    expect(html).toContain("クレジットカードは登録されていません。");
    expect(html).toContain('name="returnTo" value="/me/coins?amount=1000"');
    expect(html).not.toContain("js.stripe.com");

    const refused = await b.post(page, {
      intent: "register",
      number: "4111 1111 1111 1111",
      expiry: EXPIRY,
      cvc: "123",
      returnTo: "/me/coins?amount=1000",
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("このカードはご利用いただけません。");
    // the number typed is not sent back into the page
    expect(refusedHtml).not.toContain("4111 1111 1111 1111");

    const done = await b.post(page, {
      intent: "register",
      number: "4242 4242 4242 4242",
      expiry: "12 / 40",
      cvc: "123",
      returnTo: "/me/coins?amount=1000",
    });
    expect(done.status).toBe(302);
    // /me/coins lives on the user domain: addressed there at once, so the message is not lost on the way
    expect(done.headers.get("location")).toBe(`http://${hosts.user}/me/coins?amount=1000`);
    const landed = await (await b.get(done.headers.get("location")!)).text();
    expect(landed).toContain("クレジットカードを登録しました。");
    expect(landed).toContain("VISA •••• 4242（有効期限 12/40） に 1,000円 を請求し");
    const shown = await (await b.get(page)).text();
    expect(shown).toContain("VISA");
    expect(shown).toContain("•••• 4242");
    expect(shown).toContain("有効期限 12/40");

    // a brand page stays a path of this host (the payment dialog's confirm page)
    const modal = await b.post(page, {
      intent: "register",
      number: NUMBERS.ok,
      expiry: EXPIRY,
      cvc: "123",
      returnTo: "/fanclubs/101?page=3",
    });
    expect(modal.headers.get("location")).toBe("/fanclubs/101?page=3");
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await b.post(page, { intent: "register", number: NUMBERS.ok, expiry: EXPIRY, cvc: "123", returnTo: evil });
      expect(res.headers.get("location"), evil).toBe("/me/card_registration");
    }
  });
});

describe("charging coins by card", () => {
  it("charges 4242 once and credits once for the same nonce, however often it is posted", async () => {
    const { b, userId } = await fan();
    await register(b, NUMBERS.ok);
    const n = nonce();
    const [first, second] = await Promise.all([
      call(b, "POST", "/me/coins/charge", { amount: 1000, nonce: n }),
      call(b, "POST", "/me/coins/charge", { amount: 1000, nonce: n }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.json.payload).toMatchObject({ status: "credited", coins: 1000, coinBalance: 1000 });
    expect(second.json.payload).toMatchObject({ status: "credited", coins: 1000, coinBalance: 1000 });
    const again = await call(b, "POST", "/me/coins/charge", { amount: 1000, nonce: n });
    expect(again.json.payload).toMatchObject({ status: "credited", replayed: true, coinBalance: 1000 });
    const rows = await coinRows(userId);
    expect(rows).toEqual([{ kind: "charge", amount: 1000, idempotency_key: `coin-charge:${userId}:${n}:1000`, ref_type: "card_charge" }]);

    // a new confirm step (a new nonce) is a new charge
    await call(b, "POST", "/me/coins/charge", { amount: 500, nonce: nonce() });
    expect((await call(b, "GET", "/me/coin_balance")).json.payload).toEqual({ coinBalance: 1500 });
    expect((await call(b, "GET", "/me/coin_balance_detail")).json.payload).toEqual({ coinBalance: 1500, paid: 1500, bonus: [] });
  });

  it("declines 0341 and 9995 with the fan's words and credits nothing", async () => {
    const { b, userId } = await fan();
    await register(b, NUMBERS.declines);
    const declined = await call(b, "POST", "/me/coins/charge", { amount: 3000, nonce: nonce() });
    expect(declined.status).toBe(400);
    expect(declined.json.success).toBe(false);
    expect(declined.json.payload.code).toBe("card_declined");
    expect(declined.json.payload.message).toBe("カードが承認されませんでした。別のカードをご登録のうえ、もう一度お試しください。");

    await register(b, NUMBERS.noFunds);
    const poor = await call(b, "POST", "/me/coins/charge", { amount: 3000, nonce: nonce() });
    expect(poor.status).toBe(400);
    expect(poor.json.payload.code).toBe("insufficient_funds");
    expect(poor.json.payload.message).toBe("カードのご利用可能額が不足しているため、お支払いできませんでした。");

    expect(await coinRows(userId)).toEqual([]);
    expect((await call(b, "GET", "/me/coin_balance")).json.payload).toEqual({ coinBalance: 0 });
  });

  it("asks 3184 for authentication, credits once after it passes, and nothing when it fails", async () => {
    const { b, userId } = await fan();
    await register(b, NUMBERS.auth);
    const n = nonce();
    const asked = await call(b, "POST", "/me/coins/charge", { amount: 5000, nonce: n });
    expect(asked.status).toBe(200);
    expect(asked.json.payload).toEqual({ status: "requires_action", provider: "sandbox" });
    expect(await coinRows(userId)).toEqual([]);

    const passed = await call(b, "POST", "/me/coins/charge/confirm", { amount: 5000, nonce: n, approve: true });
    expect(passed.json.payload).toMatchObject({ status: "credited", coins: 5000, replayed: false, coinBalance: 5000 });
    // the confirm again, and the first button again: the same attempt, already credited
    expect((await call(b, "POST", "/me/coins/charge/confirm", { amount: 5000, nonce: n, approve: true })).json.payload).toMatchObject({
      status: "credited",
      replayed: true,
    });
    expect((await call(b, "POST", "/me/coins/charge", { amount: 5000, nonce: n })).json.payload).toMatchObject({
      status: "credited",
      replayed: true,
    });
    expect((await coinRows(userId)).map((r) => r.amount)).toEqual([5000]);

    const other = nonce();
    await call(b, "POST", "/me/coins/charge", { amount: 500, nonce: other });
    const failed = await call(b, "POST", "/me/coins/charge/confirm", { amount: 500, nonce: other, approve: false });
    expect(failed.status).toBe(400);
    expect(failed.json.payload.code).toBe("authentication_required");
    expect((await coinRows(userId)).map((r) => r.amount)).toEqual([5000]);
  });

  it("refuses without a card, an amount not on offer, a malformed nonce, a visitor and a call without X-Requested-With", async () => {
    const { b, userId } = await fan();
    const noCard = await call(b, "POST", "/me/coins/charge", { amount: 1000, nonce: nonce() });
    expect(noCard.status).toBe(400);
    expect(noCard.json.payload.code).toBe("no_card");
    await register(b, NUMBERS.ok);
    expect((await call(b, "POST", "/me/coins/charge", { amount: 777, nonce: nonce() })).status).toBe(400);
    expect((await call(b, "POST", "/me/coins/charge", { amount: 1000, nonce: "short" })).status).toBe(400);
    const visitor = new TestBrowser();
    expect((await call(visitor, "POST", "/me/coins/charge", { amount: 1000, nonce: nonce() })).status).toBe(401);
    expect((await call(visitor, "GET", "/me/coin_balance")).status).toBe(401);
    const bare = await b.request(at(hosts.user, "/api/v1/me/coins/charge"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://${hosts.user}` },
      body: JSON.stringify({ amount: 1000, nonce: nonce() }),
    });
    expect(bare.status).toBe(403);
    expect(await coinRows(userId)).toEqual([]);
  });
});

describe("the wallet pages", () => {
  it("sends visitors to sign in", async () => {
    const visitor = new TestBrowser();
    for (const [host, path] of [
      [hosts.user, "/me/coins"],
      [hosts.user, "/me/coin_vesting_campaign"],
      [hosts.www, "/me/card_registration"],
    ] as const) {
      const res = await visitor.get(at(host, path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toContain("/auth/login");
    }
  });

  it("charges from the confirm step once for a double submit, then shows the balance, the history and the header balance", async () => {
    const { b, userId } = await fan();
    const coins = at(hosts.user, "/me/coins");
    const first = await (await b.get(coins)).text();
    expect(first).toContain("コイン残高");
    expect(first).toContain("0 C");
    expect(first).toContain("まだ履歴はありません。");

    // no card: the confirm step offers registration and comes back here
    const noCard = await (await b.get(`${coins}?amount=1000`)).text();
    expect(noCard).toContain(`/me/card_registration?returnTo=${encodeURIComponent("/me/coins?amount=1000")}`);
    await register(b, NUMBERS.ok);

    const confirm = await (await b.get(`${coins}?amount=1000`)).text();
    expect(confirm).toContain("チャージ内容の確認");
    expect(confirm).toContain("VISA •••• 4242（有効期限 12/40） に 1,000円 を請求し、1,000 C をチャージします。");
    expect(confirm).toContain("いかなる理由があっても、キャンセル・返品はお受けできません。");
    const formNonce = confirm.match(/name="nonce" value="([^"]+)"/)?.[1];
    expect(formNonce).toBeTruthy();

    const form = { intent: "charge", amount: "1000", nonce: formNonce! };
    const [one, two] = await Promise.all([b.post(`${coins}?amount=1000`, form), b.post(`${coins}?amount=1000`, form)]);
    expect([one.status, two.status]).toEqual([302, 302]);
    expect(one.headers.get("location")).toBe("/me/coins");
    expect((await coinRows(userId)).map((r) => [r.kind, r.amount])).toEqual([["charge", 1000]]);

    const afterRes = await b.get(coins);
    // the session's read, then the page's one batch (balance, history, card, setting)
    expect(Number(afterRes.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const after = await afterRes.text();
    expect(after).toContain("チャージが完了しました。");
    expect(after).toContain("1,000 C");
    expect(after).toContain("チャージ（クレジットカード）");
    expect(after).toContain('data-testid="header-coin-balance"');

    // the header on a brand page shows it too, read with the session
    const brand = await b.get(at(hosts.www, "/"));
    expect(await brand.text()).toContain("1,000 C");
  });

  it("walks 3-D Secure on the page with the sandbox's stand-in, and shows a decline on the confirm step", async () => {
    const { b, userId } = await fan();
    const coins = at(hosts.user, "/me/coins?amount=3000");
    await register(b, NUMBERS.auth);
    const n = (await (await b.get(coins)).text()).match(/name="nonce" value="([^"]+)"/)![1]!;
    const asked = await b.post(coins, { intent: "charge", amount: "3000", nonce: n });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("カード会社の本人認証");
    expect(html).toContain("認証して支払う");
    const passed = await b.post(coins, { intent: "confirm", amount: "3000", nonce: n, approve: "1" });
    expect(passed.status).toBe(302);
    expect((await coinRows(userId)).map((r) => r.amount)).toEqual([3000]);

    await register(b, NUMBERS.declines);
    const m = (await (await b.get(coins)).text()).match(/name="nonce" value="([^"]+)"/)![1]!;
    const declined = await b.post(coins, { intent: "charge", amount: "3000", nonce: m });
    expect(declined.status).toBe(400);
    const declinedHtml = await declined.text();
    expect(declinedHtml).toContain("カードが承認されませんでした。");
    // the next try gets a new nonce: the declined attempt moved no money and is not replayed
    const next = declinedHtml.match(/name="nonce" value="([^"]+)"/)?.[1];
    expect(next).toBeTruthy();
    expect(next).not.toBe(m);
    expect((await coinRows(userId)).map((r) => r.amount)).toEqual([3000]);
  });

  it("pages the history: 20 entries first, the rest on 'load more'", async () => {
    const { b, userId } = await fan();
    const now = Date.now();
    for (let i = 1; i <= 23; i++)
      await creditCoins(db, { userId, amount: i, kind: "charge", idempotencyKey: `test:history:${userId}:${i}`, now: now + i });
    const first = await call(b, "GET", "/me/coins/history");
    const items = first.json.payload.items as Array<{ amount: number }>;
    expect(items.map((i) => i.amount)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    expect(first.json.payload.next).toEqual(expect.any(Number));
    const second = await call(b, "GET", `/me/coins/history?cursor=${first.json.payload.next}`);
    expect((second.json.payload.items as Array<{ amount: number }>).map((i) => i.amount)).toEqual([3, 2, 1]);
    expect(second.json.payload.next).toBeNull();
    // without JavaScript the 'load more' link opens the next page
    const html = await (await b.get(at(hosts.user, "/me/coins"))).text();
    expect(html).toContain(`/me/coins?cursor=${first.json.payload.next}`);
    const paged = await (await b.get(at(hosts.user, `/me/coins?cursor=${first.json.payload.next}`))).text();
    expect(paged).toContain("最新の履歴に戻る");
  });

  it("lists running vesting campaigns with the fan's grant and bonus coins by expiry", async () => {
    const { b, userId } = await fan();
    const now = Date.now();
    const name = `テストキャンペーン${now}`;
    const row = await createCoinCampaign(env.DB, {
      name,
      description: "テストです",
      bonusAmount: 250,
      vestOn: "charge",
      startsAt: new Date(now - 1000),
      endsAt: null,
      expiresAfterDays: 30,
      createdAt: new Date(now - 1000),
    });
    const page = at(hosts.user, "/me/coin_vesting_campaign");
    const before = await (await b.get(page)).text();
    expect(before).toContain(name);
    expect(before).toContain("まだ受け取っていません");
    expect(before).toContain("ボーナスコインはありません。");

    const granted = await grantCampaignBonus(db, { campaignId: row!.id, userId, now });
    expect(granted.ok).toBe(true);
    const after = await (await b.get(page)).text();
    expect(after).toContain("250 C 受け取り済み（残り 250 C");
    expect((await call(b, "GET", "/me/coin_balance_detail")).json.payload).toMatchObject({
      coinBalance: 250,
      paid: 0,
      bonus: [{ amount: 250 }],
    });
    const list = await call(b, "GET", "/me/coin_vesting_campaigns");
    expect(list.json.payload.campaigns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: row!.id, bonusAmount: 250, grant: expect.objectContaining({ amount: 250, remaining: 250 }) }),
      ]),
    );
  });
});

describe("coin-for-renewal setting", () => {
  it("PUT /me/user with user[use_coin_subscription] saves it and answers the user and the auth user", async () => {
    const { b, userId } = await fan();
    const put = (value: string) =>
      b.request(at(hosts.www, "/api/v1/me/user"), {
        method: "PUT",
        headers: { "x-requested-with": "XMLHttpRequest", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "user[use_coin_subscription]": value }).toString(),
      });
    const on = await put("1");
    expect(on.status).toBe(200);
    const body = (await on.json()) as Json;
    expect(body.payload.user).toEqual({ useCoinSubscription: true });
    expect(body.payload.authUser).toMatchObject({ user: { useCoinSubscription: true } });
    const saved = () =>
      env.DB.prepare("SELECT use_coin_subscription FROM payment_profiles WHERE user_id = ?")
        .bind(userId)
        .first<number>("use_coin_subscription");
    expect(await saved()).toBe(1);

    const off = (await (await put("0")).json()) as Json;
    expect(off.payload.user).toEqual({ useCoinSubscription: false });
    expect(await saved()).toBe(0);
    expect((await put("yes")).status).toBe(400);
    expect(await saved()).toBe(0);

    // and from the coins page, in one click
    const res = await b.post(at(hosts.user, "/me/coins"), { intent: "coinSubscription", on: "1" });
    expect(res.status).toBe(200);
    expect(await saved()).toBe(1);
    expect(await res.text()).toContain('data-testid="coin-subscription-state">オン<');
  });
});
