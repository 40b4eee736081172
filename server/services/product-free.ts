import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productOrders, products, purchases } from "../../db/schema";
import type { PaymentProvider } from "../integrations/payments";
import type { CartItemView, CartProblem } from "./cart-items";
import type { OwedRefundSink } from "./payouts/owed-refunds";
import { purchaseCart, type PurchaseErrorCode, type PurchaseSummary } from "./cart-purchase";
import { addCartItem, cartView } from "./carts";
import { setFollowing } from "./follows";
import { productKind } from "./cart-items/product";
import { loadProductsForFan } from "./products";

/**
 * POST /me/carts/free_product_purchase {id} (spec §4, §7): follow the fan club when needed, put
 * the free product in the cart and pay its total of 0 at once. Safe against double clicks: the
 * order's free key (one per fan and product) lets only one line land, and a second click answers
 * the first result instead of an error.
 */
export type FreeResult =
  { ok: true; item: CartItemView; purchase: PurchaseSummary; replayed: boolean } | { ok: false; problem: CartProblem | PurchaseErrorCode };

export async function takeFreeProduct(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; productId: number; now: number; owedRefunds: OwedRefundSink },
): Promise<FreeResult> {
  const { userId, productId, now } = input;
  const product = await db
    .select({ fanclubId: products.fanclubId, price: products.price, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!product || product.status !== "published") return { ok: false, problem: "noProduct" };
  // the free action is for free products; a paid one goes through the cart and the payment pages
  if (product.price !== 0) return { ok: false, problem: "invalidItem" };

  const first = await existingFree(db, userId, productId);
  if (first) return first;

  // spec §4: following is required, and the button follows first
  const followed = await setFollowing(db, { userId, fanclubId: product.fanclubId, follow: true, now });
  if (!followed.ok && followed.reason !== "own")
    return { ok: false, problem: followed.reason === "notFound" ? "noProduct" : "followRequired" };

  const added = await addCartItem(db, { userId, type: "Product", targetType: "product", id: productId, quantity: 1, now });
  if (!added.ok) return (await existingFree(db, userId, productId)) ?? added;
  const view = await cartView(db, userId, now);
  const item = view.items.find((i) => i.type === "Product" && i.detail?.productId === productId);

  let outcome;
  try {
    outcome = await purchaseCart(db, provider, {
      userId,
      cartVersion: view.version,
      payload: { payment: "coin", isUsedCoin: false, toraCoin: 0 },
      sandboxAuthentication: null,
      owedRefunds: input.owedRefunds,
      now,
    });
  } catch (error) {
    // a twin click landed first (the free key refused this batch), or the last one went to someone else
    const twin = await existingFree(db, userId, productId);
    if (twin) return twin;
    const left = await loadProductsForFan(db, userId, [productId]);
    const row = left.products.get(productId)?.product;
    if (row && row.stock !== null && row.soldCount >= row.stock) return { ok: false, problem: "soldOut" };
    throw error;
  }
  if (outcome.status === "paid" && item) return { ok: true, item, purchase: outcome.purchase, replayed: outcome.replayed };
  const twin = await existingFree(db, userId, productId);
  if (twin) return twin;
  if (outcome.status === "error") return { ok: false, problem: outcome.code };
  return { ok: false, problem: "invalidItem" };
}

/** The fan's free line of this product, answered as the cart item it was (the first click's result). */
async function existingFree(db: Db, userId: number, productId: number): Promise<FreeResult | null> {
  const order = await db
    .select({
      purchaseId: productOrders.purchaseId,
      quantity: productOrders.quantity,
      price: productOrders.price,
      createdAt: productOrders.createdAt,
      fanclubId: productOrders.fanclubId,
    })
    .from(productOrders)
    .where(and(eq(productOrders.userId, userId), eq(productOrders.productId, productId)))
    .orderBy(desc(productOrders.id))
    .get();
  if (!order) return null;
  const ctx = await loadProductsForFan(db, userId, [productId]);
  const found = ctx.products.get(productId);
  const purchase = await db.select().from(purchases).where(eq(purchases.id, order.purchaseId)).get();
  if (!found || !purchase) return null;
  const p = found.product;
  const detail = {
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
    address: null,
  };
  const row = {
    id: 0,
    cartId: 0,
    type: "Product" as const,
    targetType: "product" as const,
    targetId: productId,
    fanclubId: order.fanclubId,
    price: order.price,
    quantity: order.quantity,
    note: null,
    createdAt: order.createdAt,
  };
  return {
    ok: true,
    item: productKind.view(row, order.price, detail),
    purchase: {
      id: purchase.id,
      total: purchase.total,
      coinAmount: purchase.coinAmount,
      cardAmount: purchase.cardAmount,
      createdAt: purchase.createdAt.getTime(),
      items: [
        {
          type: "Product",
          targetType: "product",
          targetId: productId,
          fanclubId: order.fanclubId,
          price: order.price,
          quantity: order.quantity,
          note: null,
          month: null,
        },
      ],
    },
    replayed: true,
  };
}
