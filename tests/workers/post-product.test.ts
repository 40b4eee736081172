import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { api, get, hosts, SSO_CHECKED } from "./helpers";
import { insertFanclub, insertPlan } from "./fanclub-fixture";

// spec §2 post detail "a linked product": set from the editor, shown on the post page and by the
// API (a locked post too), cleared with -1; another fan club's product is refused (decision 041).

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Json = { success: boolean; payload: Record<string, unknown> & { message?: string; errors?: { target: string }[] } };
type Detail = { post: { locked: boolean; linkedProduct: { id: number; title: string; price: number; href: string } | null } };

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

function create(b: TestBrowser, fields: Record<string, string>, lang = "ja") {
  return b.request(at(hosts.www, "/api/v1/me/fanclub/posts/picture"), {
    method: "POST",
    headers: { ...xhr, "accept-language": lang },
    body: form(fields),
  });
}

function update(b: TestBrowser, postId: number, fields: Record<string, string>) {
  return b.request(at(hosts.www, `/api/v1/me/fanclub/posts/picture/${postId}`), { method: "PATCH", headers: xhr, body: form(fields) });
}

const published = {
  "post[title]": "新作グッズのお知らせ",
  "post[comment]": "本文",
  "post[is_publish]": "1",
  "post[public_level]": "anyone",
};

async function linkCount() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM post_products").first<{ n: number }>())!.n;
}

async function setUp(prefix: string) {
  const owner = await confirmedAccount({ name: "オーナー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `商品リンク${prefix}` });
  const product = await createProduct(env.DB, { fanclubId, createdBy: owner.id, title: "アクリルスタンド", price: 1800 });
  return { owner, fanclubId, product };
}

describe("a post's linked product", () => {
  it("is set by the editor, shown on the post page and in the API, kept by other saves, and cleared with -1", async () => {
    const { owner, fanclubId, product } = await setUp("pp1");
    const res = await create(owner.b, { ...published, product_id: String(product.id) });
    expect(res.status).toBe(200);
    const postId = ((await res.json()) as Json).payload.postId as number;

    // the editor's data names the choice
    const edit = (await (await owner.b.get(at(hosts.www, `/api/v1/me/fanclub/posts/${postId}/edit`), xhr)).json()) as {
      payload: { post: { setting: { selectedProductId: number } } };
    };
    expect(edit.payload.post.setting.selectedProductId).toBe(product.id);
    const formData = (await (await owner.b.get(at(hosts.www, "/api/v1/me/fanclub/posts/new_data"), xhr)).json()) as {
      payload: { products: { id: number; title: string }[] };
    };
    expect(formData.payload.products.map((p) => p.title)).toEqual(["アクリルスタンド"]);

    // a signed-out visitor sees the card on the page: title, price and the product page's link
    const page = await get(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, SSO_CHECKED).then((r) => r.text());
    expect(page).toContain('data-testid="linked-product"');
    expect(page).toContain("アクリルスタンド");
    expect(page).toContain("¥1,800");
    expect(page).toContain(`href="/fanclubs/${fanclubId}/products/${product.id}"`);
    const detail = (await (await api(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, { headers: xhr })).json()) as {
      payload: Detail;
    };
    expect(detail.payload.post.linkedProduct).toEqual({
      id: product.id,
      title: "アクリルスタンド",
      price: 1800,
      imageUrl: null,
      href: `/fanclubs/${fanclubId}/products/${product.id}`,
    });

    // a save that does not name the product (an older client) keeps the link
    expect((await update(owner.b, postId, { ...published, "post[title]": "改題" })).status).toBe(200);
    const kept = (await (await api(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, { headers: xhr })).json()) as {
      payload: Detail;
    };
    expect(kept.payload.post.linkedProduct?.id).toBe(product.id);

    // -1 clears it: no card, no row
    expect((await update(owner.b, postId, { ...published, product_id: "-1" })).status).toBe(200);
    // read as the owner: a signed-out visitor may get the render shared for a few seconds
    const cleared = await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`)).then((r) => r.text());
    expect(cleared).not.toContain('data-testid="linked-product"');
    expect(cleared).not.toContain("アクリルスタンド");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM post_products WHERE post_id = ?").bind(postId).first("n")).toBe(0);
  });

  it("shows on a locked post to a visitor who cannot open it, without the body", async () => {
    const { owner, fanclubId, product } = await setUp("pp2");
    const planId = await insertPlan(fanclubId, { price: 1000 });
    const res = await create(owner.b, {
      ...published,
      "post[comment]": "会員だけの秘密の本文",
      "post[public_level]": "over_paid_member",
      plan_id: String(planId),
      product_id: String(product.id),
    });
    const postId = ((await res.json()) as Json).payload.postId as number;
    const page = await get(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, SSO_CHECKED).then((r) => r.text());
    expect(page).toContain('data-testid="linked-product"');
    expect(page).toContain("アクリルスタンド");
    expect(page).not.toContain("会員だけの秘密の本文");
    const detail = (await (await api(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, { headers: xhr })).json()) as {
      payload: Detail;
    };
    expect(detail.payload.post.locked).toBe(true);
    expect(detail.payload.post.linkedProduct?.id).toBe(product.id);
  });

  it("hides an unpublished product from readers until it is published", async () => {
    const { owner, fanclubId } = await setUp("pp3");
    const hidden = await createProduct(env.DB, { fanclubId, createdBy: owner.id, title: "準備中の新商品", status: "draft" });
    const res = await create(owner.b, { ...published, product_id: String(hidden.id) });
    const postId = ((await res.json()) as Json).payload.postId as number;
    const page = await get(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`, SSO_CHECKED).then((r) => r.text());
    expect(page).not.toContain("準備中の新商品");
    await env.DB.prepare("UPDATE products SET status = 'published' WHERE id = ?").bind(hidden.id).run();
    const after = await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`)).then((r) => r.text());
    expect(after).toContain("準備中の新商品");
  });

  it("refuses another fan club's product (or a wrong value) with a localized 400 and writes nothing", async () => {
    const { owner } = await setUp("pp4");
    const other = await setUp("pp5");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM posts").first<{ n: number }>();
    const links = await linkCount();

    const ja = await create(owner.b, { ...published, product_id: String(other.product.id) });
    expect(ja.status).toBe(400);
    const jaBody = (await ja.json()) as Json;
    expect(jaBody.payload.message).toBe("この投稿に紐付けられない商品です。ファンクラブの商品から選んでください。");

    const en = await create(owner.b, { ...published, product_id: String(other.product.id) }, "en");
    expect(en.status).toBe(400);
    expect(((await en.json()) as Json).payload.message).toBe(
      "This product cannot be linked to the post. Choose one of the fan club's products.",
    );

    const wrong = await create(owner.b, { ...published, product_id: "abc" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).payload.errors?.[0]?.target).toBe("productId");

    expect(await env.DB.prepare("SELECT count(*) AS n FROM posts").first<{ n: number }>()).toEqual(before);
    expect(await linkCount()).toBe(links);
  });

  it("goes with the post when it is copied into a draft", async () => {
    const { owner, fanclubId, product } = await setUp("pp6");
    const res = await create(owner.b, { ...published, product_id: String(product.id) });
    const postId = ((await res.json()) as Json).payload.postId as number;
    const copy = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/posts/${postId}/copy`), { method: "POST", headers: xhr });
    expect(copy.status).toBe(200);
    const copied = ((await copy.json()) as Json).payload;
    expect(copied.postTypeStr).toBe("picture");
    const edit = (await (await owner.b.get(at(hosts.www, `/api/v1/me/fanclub/posts/${copied.postId}/edit`), xhr)).json()) as {
      payload: { post: { setting: { selectedProductId: number } } };
    };
    expect(edit.payload.post.setting.selectedProductId).toBe(product.id);
    expect(fanclubId).toBeGreaterThan(0);
  });
});
