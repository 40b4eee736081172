import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { coinBalance } from "../../server/services/coins";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertMembership, insertPlan, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi as call, giveCoins, payCart as pay, registerSandboxCard as registerCard } from "./money-fixture";

/*
 * Tips end to end through the API the tip page calls (POST /me/carts/tipping_purchase, then the
 * modal's GET /me/carts and POST /me/carts/purchase), with the sandbox card and coins through the
 * ledger; then what the post's tips page, the creator's pages and the fan's history show.
 */

const db = createDb(env.DB);
type Fan = Awaited<ReturnType<typeof confirmedAccount>>;
type CartJson = {
  carts: Array<{
    type: string;
    target_type: string;
    price: number;
    note: string | null;
    title: string;
    fanclub: { id: number; name: string };
  }>;
  cartVersion: number;
  total: number;
};
type PurchaseJson = { purchase?: { id: number; total: number; coinAmount: number; cardAmount: number }; replayed?: boolean };

const tipPost = (fan: Fan, postId: number, amount: unknown, message?: string | null) =>
  call<CartJson>(fan, "POST", "/me/carts/tipping_purchase", { target_type: "post_tipping", id: postId, amount, message });

async function tipsOf(userId: number) {
  return (
    await env.DB.prepare("SELECT post_id, fanclub_id, amount, message, purchase_id FROM tips WHERE user_id = ? ORDER BY id")
      .bind(userId)
      .all<{ post_id: number | null; fanclub_id: number; amount: number; message: string | null; purchase_id: number }>()
  ).results;
}

let owner: Fan;
let fanclubId: number;
let planId: number;
let openPost: number;
let lockedPost: number;
let noTipPost: number;

beforeAll(async () => {
  owner = await confirmedAccount({ prefix: "tipowner", name: "チップの主" });
  fanclubId = await insertFanclub(owner.id, { name: "チップの館" });
  planId = await insertPlan(fanclubId, { name: "ゴールド", price: 800 });
  openPost = await insertPostRow(fanclubId, owner.id, { title: "みんなへの投稿", allowTipping: true });
  lockedPost = await insertPostRow(fanclubId, owner.id, { title: "ゴールド限定", allowTipping: true, planId });
  noTipPost = await insertPostRow(fanclubId, owner.id, { title: "チップなしの投稿", allowTipping: false });
});

describe("tipping a post through the cart", () => {
  it("by card: the cart holds the tip with its message, the purchase charges the card once and writes one tip; paying again changes nothing", async () => {
    const fan = await confirmedAccount({ prefix: "tipcard", name: "カードのファン" });
    await registerCard(fan);
    const added = await tipPost(fan, openPost, 1000, "  いつも応援しています！ ");
    expect(added.status).toBe(200);
    expect(added.json.payload.total).toBe(1000);
    expect(added.json.payload.carts).toEqual([
      expect.objectContaining({
        type: "Tipping",
        target_type: "post_tipping",
        price: 1000,
        note: "いつも応援しています！",
        title: "みんなへの投稿",
      }),
    ]);

    const { body, result } = await pay(fan, 0);
    expect(result.status).toBe(200);
    expect(result.json.payload.purchase).toMatchObject({ total: 1000, coinAmount: 0, cardAmount: 1000 });
    // the same confirmed cart posted again (a double click): the first result, no second tip or charge
    const again = await call<PurchaseJson>(fan, "POST", "/me/carts/purchase", body);
    expect(again.json.payload).toMatchObject({ replayed: true, purchase: { id: result.json.payload.purchase!.id } });
    expect(await tipsOf(fan.id)).toEqual([
      {
        post_id: openPost,
        fanclub_id: fanclubId,
        amount: 1000,
        message: "いつも応援しています！",
        purchase_id: result.json.payload.purchase!.id,
      },
    ]);
    const charges = await env.DB.prepare("SELECT count(*) AS n FROM purchases WHERE user_id = ? AND card_charge_id IS NOT NULL")
      .bind(fan.id)
      .first<number>("n");
    expect(charges).toBe(1);
    // the owner hears of it
    const notice = await env.DB.prepare(
      "SELECT kind, params FROM notifications WHERE user_id = ? AND kind = 'postTipReceived' ORDER BY id DESC",
    )
      .bind(owner.id)
      .first<{ kind: string; params: string }>();
    expect(JSON.parse(notice!.params)).toMatchObject({ post: "みんなへの投稿", amount: "¥1,000" });
  });

  it("by coins, and part coins part card: the ledger pays its share and the tip is the whole amount", async () => {
    const fan = await confirmedAccount({ prefix: "tipcoin", name: "コインのファン" });
    await giveCoins(fan, 1000);
    await tipPost(fan, openPost, 300, null);
    const byCoins = await pay(fan, 300);
    expect(byCoins.result.json.payload.purchase).toMatchObject({ total: 300, coinAmount: 300, cardAmount: 0 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(700);

    await registerCard(fan);
    await tipPost(fan, openPost, 3000, "半分ずつ");
    const split = await pay(fan, 700);
    expect(split.result.json.payload.purchase).toMatchObject({ total: 3000, coinAmount: 700, cardAmount: 2300 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(0);
    expect((await tipsOf(fan.id)).map((t) => [t.amount, t.message])).toEqual([
      [300, null],
      [3000, "半分ずつ"],
    ]);
  });

  it("a fan club tip (no post) is paid the same way", async () => {
    const fan = await confirmedAccount({ prefix: "tipclub" });
    await giveCoins(fan, 500);
    const added = await call<CartJson>(fan, "POST", "/me/carts/tipping_purchase", {
      fanclub_id: fanclubId,
      amount: "500",
      message: "ファンクラブへ",
    });
    expect(added.json.payload.carts[0]).toMatchObject({ target_type: "fanclub_tipping", title: "チップの館", price: 500 });
    await pay(fan, 500);
    expect(await tipsOf(fan.id)).toEqual([
      expect.objectContaining({ post_id: null, fanclub_id: fanclubId, amount: 500, message: "ファンクラブへ" }),
    ]);
  });
});

describe("what cannot be tipped", () => {
  it("a post without allowTipping is refused with a localized 400, and the cart stays as it was", async () => {
    const fan = await confirmedAccount({ prefix: "tipno" });
    const ja = await tipPost(fan, noTipPost, 500);
    expect(ja.status).toBe(400);
    expect(ja.json.payload.message).toBe("この投稿にはチップを送れません。");
    const en = await call(fan, "POST", "/me/carts/tipping_purchase?locale=en", { post_id: noTipPost, amount: 500 });
    expect(en.status).toBe(400);
    expect(en.json.payload.message).toBe("Tips cannot be sent to this post.");
    expect((await call<CartJson>(fan, "GET", "/me/carts")).json.payload.carts).toEqual([]);
  });

  it("a locked post cannot be tipped by a non-member; a member of the plan can", async () => {
    const outsider = await confirmedAccount({ prefix: "tipout" });
    const refused = await tipPost(outsider, lockedPost, 500);
    expect(refused.status).toBe(400);
    expect(refused.json.payload.message).toBe("この投稿にはチップを送れません。");

    const member = await confirmedAccount({ prefix: "tipmember" });
    await insertMembership(member.id, fanclubId, planId);
    expect((await tipPost(member, lockedPost, 500)).status).toBe(200);
  });

  it("amounts outside 100–100,000 yen or not whole yen, and too long messages, are refused", async () => {
    const fan = await confirmedAccount({ prefix: "tipamt" });
    for (const amount of [99, 100_001, 150.5, "abc", null]) {
      const res = await tipPost(fan, openPost, amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.json.payload.message).toBe("金額が不正です。");
    }
    const long = await tipPost(fan, openPost, 500, "あ".repeat(201));
    expect(long.status).toBe(400);
    expect(long.json.payload.message).toBe("メッセージが長すぎます。");
    expect((await tipPost(fan, openPost, 100_000, "あ".repeat(200))).status).toBe(200);
  });

  it("the owner and the editors do not tip their own fan club or its posts", async () => {
    expect((await tipPost(owner, openPost, 500)).status).toBe(400);
    expect((await call(owner, "POST", "/me/carts/tipping_purchase", { fanclub_id: fanclubId, amount: 500 })).status).toBe(400);
    const editor = await confirmedAccount({ prefix: "tipeditor" });
    await insertEditor(fanclubId, editor.id, ["postable_drafts"]);
    expect((await tipPost(editor, openPost, 500)).status).toBe(400);
  });

  it("a tip added while allowed is not paid once the post stops taking tips", async () => {
    const fan = await confirmedAccount({ prefix: "tipclosed" });
    await giveCoins(fan, 500);
    const post = await insertPostRow(fanclubId, owner.id, { title: "途中で締切", allowTipping: true });
    expect((await tipPost(fan, post, 500)).status).toBe(200);
    await env.DB.prepare("UPDATE posts SET allow_tipping = 0 WHERE id = ?").bind(post).run();
    const { result } = await pay(fan, 500);
    expect(result.status).toBe(400);
    expect(await tipsOf(fan.id)).toEqual([]);
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(500);
  });
});

describe("where tips show", () => {
  it("the post's tips page lists tipper, amount and message, newest first; its tips stay hidden from a viewer the post is locked for", async () => {
    const fan = await confirmedAccount({ prefix: "tipview", name: "見るファン" });
    await giveCoins(fan, 200);
    await tipPost(fan, openPost, 200, "最新のチップ");
    await pay(fan, 200);
    const page = await (await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${openPost}/post_tippings`))).text();
    expect(page).toContain("最新のチップ");
    expect(page).toContain("いつも応援しています！");
    expect(page.indexOf("最新のチップ")).toBeLessThan(page.indexOf("いつも応援しています！"));
    expect(page).toContain("見るファン");

    const member = await confirmedAccount({ prefix: "tiplockmember" });
    await insertMembership(member.id, fanclubId, planId);
    await giveCoins(member, 700);
    await tipPost(member, lockedPost, 700, "限定投稿への秘密のチップ");
    await pay(member, 700);
    const outsider = await confirmedAccount({ prefix: "tiplockout" });
    const hidden = await (await outsider.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPost}/post_tippings`))).text();
    expect(hidden).not.toContain("限定投稿への秘密のチップ");
    const shown = await (await member.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPost}/post_tippings`))).text();
    expect(shown).toContain("限定投稿への秘密のチップ");
    // a post that takes no tips has no tips page
    expect((await fan.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${noTipPost}/post_tippings`))).status).toBe(404);
  });

  it("the creator sees each tip with its message and the totals; per post on /me/fanclub/tippings", async () => {
    const tips = await owner.b.get(at(hosts.www, "/me/fanclub/tips"));
    expect(tips.status).toBe(200);
    const html = await tips.text();
    expect(html).toContain("いつも応援しています！");
    expect(html).toContain("カードのファン");
    expect(html).toContain("ファンクラブへ");
    const tippings = await (await owner.b.get(at(hosts.www, "/me/fanclub/tippings"))).text();
    expect(tippings).toContain("みんなへの投稿");
    expect(tippings).toContain("ファンクラブへのチップ");
    // a fan is not let in
    const fan = await confirmedAccount({ prefix: "tipnosales" });
    expect((await fan.b.get(at(hosts.www, "/me/fanclub/tips"))).status).not.toBe(200);
  });

  it("the fan's history lists their tips with the payment split", async () => {
    const fan = await confirmedAccount({ prefix: "tiphistory" });
    await giveCoins(fan, 150);
    await tipPost(fan, openPost, 150, "履歴に残るチップ");
    await pay(fan, 150);
    const res = await fan.b.get(at(hosts.user, "/me/purchase_histories/tippings"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("履歴に残るチップ");
    expect(html).toContain("チップの館");
    expect(html).toContain("とらコイン 150 C");
    const other = await confirmedAccount({ prefix: "tiphistoryother" });
    expect(await (await other.b.get(at(hosts.user, "/me/purchase_histories/tippings"))).text()).not.toContain("履歴に残るチップ");
  });
});
