import { sql } from "drizzle-orm";
import { productOrders, products, type ProductRow, type ShippingSnapshot } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { productKeys, productProblem } from "../../domain/products";
import { formatShipping } from "../product-format";
import { loadProductsForFan, type ProductsForFan } from "../products";
import { defineKind, EMPTY_ITEM_FIELDS, type CartProblem, type ItemCheck } from "./kind";

/**
 * Products in the cart (spec §4 page 50): following required, on sale, in stock, a delivery
 * address for physical ones (the default address, copied into the order when paid), a free or
 * digital product once per fan. Paying writes the order and raises the sold count in the
 * purchase's batch; the products table's CHECK refuses a sold count above the stock, so when two
 * fans pay for the last one at once the later batch fails whole and nothing of it lands.
 */
type ProductDetail = {
  product: Pick<ProductRow, "id" | "title" | "price" | "kind" | "imageKey"> & { saleStartAt: number | null; saleEndAt: number | null };
  fanclub: { id: number; name: string; iconKey: string | null };
  address: ShippingSnapshot | null;
};

function checkRow(ctx: ProductsForFan, row: { targetId: number; quantity: number }, now: number): ItemCheck<ProductDetail> {
  const found = ctx.products.get(row.targetId);
  const p = found?.product;
  const problem = productProblem(
    p
      ? {
          status: p.status,
          saleStartAt: p.saleStartAt?.getTime() ?? null,
          saleEndAt: p.saleEndAt?.getTime() ?? null,
          kind: p.kind,
          price: p.price,
          stock: p.stock,
          soldCount: p.soldCount,
        }
      : null,
    {
      following: p ? ctx.following.has(p.fanclubId) : false,
      owned: ctx.owned.has(row.targetId),
      hasAddress: ctx.address !== null,
      quantity: row.quantity,
    },
    now,
  );
  if (problem || !found || !p) return { ok: false, problem: (problem ?? "noProduct") as CartProblem };
  return {
    ok: true,
    price: p.price * row.quantity,
    detail: {
      product: {
        id: p.id,
        title: p.title,
        price: p.price,
        kind: p.kind,
        imageKey: p.imageKey,
        saleStartAt: p.saleStartAt?.getTime() ?? null,
        saleEndAt: p.saleEndAt?.getTime() ?? null,
      },
      fanclub: found.fanclub,
      address: p.kind === "physical" ? ctx.address : null,
    },
  };
}

export const productKind = defineKind<ProductsForFan, ProductDetail>({
  type: "Product",
  targetTypes: ["product"],

  async prepare(db, request) {
    const ctx = await loadProductsForFan(db, request.userId, [request.id]);
    const check = checkRow(ctx, { targetId: request.id, quantity: request.quantity }, request.now);
    if (!check.ok) return check;
    return {
      ok: true,
      rows: [
        {
          type: "Product",
          targetType: "product",
          targetId: request.id,
          fanclubId: check.detail.fanclub.id,
          price: check.price,
          quantity: request.quantity,
          note: null,
        },
      ],
    };
  },

  load: (db, userId, rows) =>
    loadProductsForFan(
      db,
      userId,
      rows.map((r) => r.targetId),
    ),

  check: (ctx, row, now) => checkRow(ctx, row, now),

  view: (row, price, detail) => ({
    ...EMPTY_ITEM_FIELDS,
    id: row.id,
    type: "Product",
    target_type: "product",
    price,
    quantity: row.quantity,
    note: null,
    title: detail.product.title,
    fanclub: { id: detail.fanclub.id, name: detail.fanclub.name, iconImageUrl: mediaUrl(detail.fanclub.iconKey) },
    product: { title: detail.product.title, saleStartAt: detail.product.saleStartAt, saleEndAt: detail.product.saleEndAt },
    detail: {
      productId: detail.product.id,
      kind: detail.product.kind,
      unitPrice: detail.product.price,
      imageUrl: mediaUrl(detail.product.imageKey),
      shipTo: detail.address ? formatShipping(detail.address) : null,
    },
  }),

  effect(db, input) {
    const { row, detail, purchaseKey, now } = input;
    return [
      // the CHECK (sold_count <= stock) makes the whole purchase batch fail when this would oversell
      db
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${row.quantity}` })
        .where(sql`${products.id} = ${row.targetId}`),
      db.insert(productOrders).values({
        userId: input.userId,
        productId: row.targetId,
        fanclubId: row.fanclubId,
        purchaseId: input.purchaseId,
        quantity: row.quantity,
        price: input.price,
        shippingAddress: detail.address,
        orderKey: productKeys.order(purchaseKey, row.targetId),
        freeKey: detail.product.price === 0 ? productKeys.free(row.targetId, input.userId) : null,
        createdAt: new Date(now),
      }),
    ];
  },

  memo: (detail) => `${detail.fanclub.name} ${detail.product.title}`,
  month: () => null,
  earningSubject: (row) => ({ type: "product", id: row.targetId }),
});
