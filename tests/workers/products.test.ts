import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createAddress, createProduct } from "../factories";
import { createDb } from "../../db/client";
import { coinBalance } from "../../server/services/coins";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi as call, giveCoins, payCart, registerSandboxCard as registerCard } from "./money-fixture";

const pay = async (fan: Fan, coins: number) => (await payCart(fan, coins)).result;

/*
 * Products end to end through the API a fan's browser calls (spec §4 page 50, §7): the free action
 * once per fan even on a double click, paid products through the cart and the purchase by coins
 * and by the sandbox card, following required, the last one in stock going to exactly one of two
 * concurrent buyers, the download only for owners, and the creator's form refusing bad input in
 * the fan's language.
 */

const db = createDb(env.DB);
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Fan = Awaited<ReturnType<typeof confirmedAccount>>;

type CartJson = {
  carts: Array<{ id: number; type: string; price: number; quantity: number; title: string; detail: Record<string, unknown> | null }>;
  cartVersion: number;
  total: number;
};

async function follow(fan: Fan) {
  expect((await call(fan, "POST", `/fanclubs/${fanclubId}/follow`)).status).toBe(200);
}

async function addAddress(fan: Fan) {
  await createAddress(env.DB, {
    userId: fan.id,
    lastName: "山田",
    firstName: "花子",
    postalCode: "1500001",
    prefecture: "東京都",
    city: "渋谷区",
    street: "神宮前1-2-3",
    building: "テストビル4F",
    phone: "09012345678",
    isDefault: true,
  });
}

const FILE_BYTES = new TextEncoder().encode("PDF-ish bytes of the wallpaper pack");

async function insertProduct(values: {
  title: string;
  price: number;
  kind: "physical" | "digital";
  stock?: number | null;
  saleEndAt?: number | null;
  withFile?: boolean;
}) {
  const row = await createProduct(env.DB, {
    fanclubId,
    title: values.title,
    description: "",
    price: values.price,
    kind: values.kind,
    stock: values.stock ?? null,
    saleEndAt: values.saleEndAt == null ? null : new Date(values.saleEndAt),
    status: "published",
    createdBy: owner.id,
  });
  const id = row.id;
  if (values.withFile) {
    const key = `products/${fanclubId}/${id}/test-${id}`;
    await env.MEDIA.put(key, FILE_BYTES, { httpMetadata: { contentType: "application/pdf" } });
    await env.DB.prepare("UPDATE products SET file_key = ?, file_name = ?, file_size = ? WHERE id = ?")
      .bind(key, "壁紙セット.pdf", FILE_BYTES.byteLength, id)
      .run();
  }
  return id;
}

const ordersOf = (userId: number, productId: number) =>
  env.DB.prepare("SELECT quantity, price, shipping_address FROM product_orders WHERE user_id = ? AND product_id = ? ORDER BY id")
    .bind(userId, productId)
    .all<{ quantity: number; price: number; shipping_address: string | null }>();
const soldCount = (productId: number) =>
  env.DB.prepare("SELECT sold_count FROM products WHERE id = ?").bind(productId).first<number>("sold_count");

let owner: Fan;
let fanclubId: number;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "商品の主", prefix: "prodowner" });
  fanclubId = await insertFanclub(owner.id, { serviceId: 1, name: "商品テストの店" });
});

describe("free products (spec §4: follow and get, the free action)", () => {
  it("follows first, gives the product once even on a double click, and answers the first result again", async () => {
    const freeId = await insertProduct({ title: "無料ボイス", price: 0, kind: "digital", withFile: true });
    const fan = await confirmedAccount({ prefix: "prodfree" });
    const before = await call<{ button: string; viewer: { following: boolean } }>(fan, "GET", `/products/${freeId}`);
    expect(before.json.payload.button).toBe("followAndGet");

    const [a, b] = await Promise.all([
      call<{ title: string; price: number; purchase: { total: number } }>(fan, "POST", "/me/carts/free_product_purchase", { id: freeId }),
      call<{ title: string; price: number; purchase: { total: number } }>(fan, "POST", "/me/carts/free_product_purchase", { id: freeId }),
    ]);
    for (const r of [a, b]) {
      expect(r.status).toBe(200);
      expect(r.json.payload).toMatchObject({
        title: "無料ボイス",
        price: 0,
        type: "Product",
        target_type: "product",
        purchase: { total: 0 },
      });
    }
    expect((await ordersOf(fan.id, freeId)).results).toHaveLength(1);
    expect(await soldCount(freeId)).toBe(1);
    const following = await env.DB.prepare("SELECT count(*) AS n FROM follows WHERE user_id = ? AND fanclub_id = ?")
      .bind(fan.id, fanclubId)
      .first<number>("n");
    expect(following).toBe(1);

    const after = await call<{ button: string; viewer: { following: boolean; owned: boolean } }>(fan, "GET", `/products/${freeId}`);
    expect(after.json.payload).toMatchObject({ button: "get", viewer: { following: true, owned: true } });
    // through the cart too, a second free line is refused
    const again = await call(fan, "POST", "/me/carts", { type: "Product", id: freeId, target_type: "product" });
    expect(again.status).toBe(400);
    expect(again.json.payload.message).toBe("すでに入手済みです。");
  });

  it("refuses the free action for a paid product and a missing one (spec §8 'No product selected')", async () => {
    const paidId = await insertProduct({ title: "有料ボイス", price: 300, kind: "digital", withFile: true });
    const fan = await confirmedAccount({ prefix: "prodfree2" });
    expect((await call(fan, "POST", "/me/carts/free_product_purchase", { id: paidId })).status).toBe(400);
    const missing = await call(fan, "POST", "/me/carts/free_product_purchase", { id: 99_999_999 });
    expect(missing.status).toBe(400);
    expect(missing.json.payload.message).toBe("商品が選択されていません。");
    expect((await call(fan, "GET", "/products/99999999")).json.payload.message).toBe("商品が選択されていません。");
  });
});

describe("paid products through the cart", () => {
  it("requires following before the cart takes the product", async () => {
    const id = await insertProduct({ title: "アクスタ", price: 1500, kind: "physical" });
    const fan = await confirmedAccount({ prefix: "prodfollow" });
    await addAddress(fan);
    const refused = await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" });
    expect(refused.status).toBe(400);
    expect(refused.json.payload.message).toBe("購入の前にファンクラブをフォローしてください。");
    await follow(fan);
    expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" })).status).toBe(200);
  });

  it("needs a delivery address for physical products and copies it into the order; paid by coins with a quantity", async () => {
    const id = await insertProduct({ title: "缶バッジ", price: 400, kind: "physical", stock: 10 });
    const fan = await confirmedAccount({ prefix: "prodcoins" });
    await follow(fan);
    const noAddress = await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product", quantity: 2 });
    expect(noAddress.json.payload.message).toBe("お届け先の住所を登録してください。");
    await addAddress(fan);
    const added = await call<CartJson>(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product", quantity: 2 });
    expect(added.json.payload).toMatchObject({ total: 800, carts: [{ type: "Product", quantity: 2, price: 800, title: "缶バッジ" }] });
    expect(added.json.payload.carts[0]!.detail).toMatchObject({
      kind: "physical",
      unitPrice: 400,
      shipTo: expect.stringContaining("〒150-0001 東京都渋谷区神宮前1-2-3"),
    });
    await giveCoins(fan, 1000);
    const paid = await pay(fan, 800);
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 800, coinAmount: 800, cardAmount: 0 });
    expect((await coinBalance(db, fan.id, Date.now())).balance).toBe(200);
    const orders = (await ordersOf(fan.id, id)).results;
    expect(orders).toEqual([expect.objectContaining({ quantity: 2, price: 800 })]);
    expect(JSON.parse(orders[0]!.shipping_address!)).toMatchObject({ name: "山田 花子", postalCode: "1500001", building: "テストビル4F" });
    expect(await soldCount(id)).toBe(2);
    // more than is left, or more than one order may take
    expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product", quantity: 9 })).json.payload.message).toBe(
      "売り切れました。",
    );
  });

  it("is paid by the sandbox card, and the digital file downloads for the owner only (403 for others)", async () => {
    const id = await insertProduct({ title: "壁紙セット", price: 800, kind: "digital", withFile: true });
    const fan = await confirmedAccount({ prefix: "prodcard" });
    await follow(fan);
    await registerCard(fan);
    const stranger = await confirmedAccount({ prefix: "prodstranger" });
    const denied = await stranger.b.request(at(hosts.user, `/api/v1/me/products/${id}/download`), {
      headers: { accept: "application/json" },
    });
    expect(denied.status).toBe(403);

    expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" })).status).toBe(200);
    const paid = await pay(fan, 0);
    expect(paid.status).toBe(200);
    expect(paid.json.payload.purchase).toMatchObject({ total: 800, cardAmount: 800, coinAmount: 0 });

    const file = await fan.b.request(at(hosts.user, `/api/v1/me/products/${id}/download`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''%E5%A3%81%E7%B4%99");
    // the fan's history says the card paid it (each purchase history shows the split the same way)
    const history = await (await fan.b.get(at(hosts.user, "/me/purchase_histories/products"))).text();
    expect(history).toContain("壁紙セット");
    expect(history).toContain("カード ¥800");
    expect(history).not.toContain("とらコイン 800 C");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(FILE_BYTES);
    // owning a digital item once is enough
    expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" })).json.payload.message).toBe(
      "すでに入手済みです。",
    );
    const anonymous = await fetchAnonymous(`/api/v1/me/products/${id}/download`);
    expect(anonymous).toBe(401);
  });

  it("sells the last one in stock to exactly one of two fans paying at the same moment", async () => {
    const id = await insertProduct({ title: "サイン色紙(限定1枚)", price: 500, kind: "physical", stock: 1 });
    const fans = await Promise.all([confirmedAccount({ prefix: "prodrace1" }), confirmedAccount({ prefix: "prodrace2" })]);
    for (const fan of fans) {
      await follow(fan);
      await addAddress(fan);
      await giveCoins(fan, 500);
      expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" })).status).toBe(200);
    }
    const results = await Promise.all(fans.map((fan) => pay(fan, 500).catch(() => ({ status: 500, json: null }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await soldCount(id)).toBe(1);
    const orders = await env.DB.prepare("SELECT user_id FROM product_orders WHERE product_id = ?").bind(id).all<{ user_id: number }>();
    expect(orders.results).toHaveLength(1);
    // the loser keeps every coin
    const balances = await Promise.all(fans.map(async (f) => (await coinBalance(db, f.id, Date.now())).balance));
    expect(balances.sort()).toEqual([0, 500]);
  });

  it("refuses products out of their sale period", async () => {
    const id = await insertProduct({ title: "過去の商品", price: 100, kind: "digital", saleEndAt: Date.now() - 60_000, withFile: true });
    const fan = await confirmedAccount({ prefix: "prodended" });
    await follow(fan);
    expect((await call(fan, "POST", "/me/carts", { type: "Product", id, target_type: "product" })).json.payload.message).toBe(
      "現在は販売期間外です。",
    );
  });
});

async function fetchAnonymous(path: string) {
  const { SELF } = await import("cloudflare:test");
  return (await SELF.fetch(`http://${hosts.user}${path}`, { headers: { accept: "application/json" } })).status;
}

describe("public lists", () => {
  it("list published products of the brand and of the fan club, newest first, drafts left out", async () => {
    const draft = (
      await createProduct(env.DB, { fanclubId, title: "下書き商品", price: 100, kind: "digital", status: "draft", createdBy: owner.id })
    ).id;
    const newest = await insertProduct({ title: "最新の商品", price: 200, kind: "digital" });
    const fan = await confirmedAccount({ prefix: "prodlist" });
    const club = await call<{ products: Array<{ id: number; title: string }> }>(fan, "GET", `/fanclubs/${fanclubId}/products`);
    expect(club.json.payload.products[0]).toMatchObject({ id: newest, title: "最新の商品" });
    expect(club.json.payload.products.map((p) => p.id)).not.toContain(draft);
    const brand = await call<{ products: Array<{ id: number }> }>(fan, "GET", "/products");
    expect(brand.json.payload.products.map((p) => p.id)).toContain(newest);
    const otherBrand = await call<{ products: Array<{ id: number }> }>(fan, "GET", "/products", undefined, hosts.indies);
    expect(otherBrand.json.payload.products.map((p) => p.id)).not.toContain(newest);
  });
});

describe("the creator's product pages", () => {
  it("refuse bad input with 4xx and the messages in the fan's language, then create and list the product", async () => {
    const bad = await owner.b.post(at(hosts.www, "/me/fanclub/products/new"), {
      title: "",
      price: "-1",
      kind: "physical",
      stock: "",
      description: "",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("商品名は必須項目です。");
    expect(html).toContain("価格は0〜1,000,000円の整数で入力してください。");

    const digital = await owner.b.post(at(hosts.www, "/me/fanclub/products/new"), {
      title: "デジタル写真集",
      price: "1200",
      kind: "digital",
      stock: "",
      description: "",
      publish: "on",
    });
    expect(digital.status).toBe(400);
    expect(await digital.text()).toContain("デジタル商品を公開するには、先にダウンロードファイルを登録してください。");

    const created = await owner.b.post(at(hosts.www, "/me/fanclub/products/new"), {
      title: "Tシャツ",
      price: "3,500",
      kind: "physical",
      stock: "30",
      description: "綿100%",
      publish: "on",
      saleStartAt: "2026-01-01T10:00",
      saleEndAt: "",
    });
    expect(created.status).toBe(302);
    const row = await env.DB.prepare(
      "SELECT id, price, stock, status, sale_start_at FROM products WHERE fanclub_id = ? AND title = 'Tシャツ'",
    )
      .bind(fanclubId)
      .first<{ id: number; price: number; stock: number; status: string; sale_start_at: number }>();
    expect(row).toMatchObject({ price: 3500, stock: 30, status: "published", sale_start_at: Date.parse("2026-01-01T10:00:00+09:00") });
    const list = await owner.b.get(at(hosts.www, "/me/fanclub/products"));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Tシャツ");

    const fan = await confirmedAccount({ prefix: "prodnotcreator" });
    const notCreator = await fan.b.get(at(hosts.www, "/me/fanclub/products"));
    expect(notCreator.status).toBe(302);
    expect(notCreator.headers.get("location")).toContain("/me/fanclub/new");
  });

  it("uploads a digital file (bounded) and then publishes the product", async () => {
    const created = await owner.b.post(at(hosts.www, "/me/fanclub/products/new"), {
      title: "ボイスドラマ",
      price: "500",
      kind: "digital",
      stock: "",
      description: "",
    });
    expect(created.status).toBe(302);
    const id = (await env.DB.prepare("SELECT id FROM products WHERE fanclub_id = ? AND title = 'ボイスドラマ'")
      .bind(fanclubId)
      .first<number>("id"))!;
    const upload = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/products/${id}/file?name=${encodeURIComponent("drama.mp3")}`), {
      method: "PUT",
      headers: { ...xhr, "content-type": "audio/mpeg" },
      body: new Uint8Array([1, 2, 3, 4]),
    });
    expect(upload.status).toBe(200);
    const published = await owner.b.post(at(hosts.www, `/me/fanclub/products/${id}/edit`), {
      title: "ボイスドラマ",
      price: "500",
      kind: "digital",
      stock: "",
      description: "",
      publish: "on",
    });
    expect(published.status).toBe(302);
    expect(await env.DB.prepare("SELECT status, file_name FROM products WHERE id = ?").bind(id).first()).toMatchObject({
      status: "published",
      file_name: "drama.mp3",
    });
    const tooBig = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/products/${id}/file?name=big.bin`), {
      method: "PUT",
      headers: xhr,
      body: new Uint8Array(21 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
  });
});
