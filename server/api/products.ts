import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppContext } from "../context";
import type { AppEnv } from "../hono-env";
import { formatLimit } from "../domain/uploads";
import {
  attachmentDisposition,
  buttonLabel,
  cleanFileName,
  maxQuantity,
  PRODUCT_LIMITS,
  productFileKey,
  productImageKey,
} from "../domain/products";
import { mediaUrl } from "../domain/images";
import { paymentProviderFrom } from "../integrations/payments";
import { randomToken } from "../security/crypto";
import type { CartProblem } from "../services/cart-items";
import type { PurchaseErrorCode } from "../services/cart-purchase";
import { takeFreeProduct } from "../services/product-free";
import { owedRefundSink } from "../services/payouts/owed-refunds";
import {
  downloadFor,
  formatShipping,
  getCreatorProduct,
  listPublishedProducts,
  productForViewer,
  setProductFile,
  setProductImage,
} from "../services/products";
import { readImage, requireCreatorApi } from "./creator";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";
import { bodyOf } from "./body";

/**
 * Products (spec §7 'other public calls: products'): the brand's and a fan club's published
 * products, one product with the viewer's button, the free action (POST
 * /me/carts/free_product_purchase), the owner-only download, and the creator's image and file
 * uploads. Thin: the rules are in server/domain/products.ts and the services.
 */
export const productsApi = new Hono<AppEnv>();

function idOf(app: AppContext, value: string | undefined): number {
  const id = Number(value ?? "");
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  return id;
}

function beforeOf(c: Context<AppEnv>): number | null {
  const raw = c.req.query("before");
  const n = Number(raw ?? "");
  return raw && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** GET /products: the published products of this brand's fan clubs, newest first. */
productsApi.get("/products", async (c) => {
  const app = c.get("app");
  if (!app.service) return ok(c, { products: [], next: null });
  return ok(c, await listPublishedProducts(app.db, { serviceId: app.service.id }, { before: beforeOf(c), now: Date.now() }));
});

/** GET /fanclubs/{id}/products: one fan club's published products. */
productsApi.get("/fanclubs/:id/products", async (c) => {
  const app = c.get("app");
  return ok(c, await listPublishedProducts(app.db, { fanclubId: idOf(app, c.req.param("id")) }, { before: beforeOf(c), now: Date.now() }));
});

/** GET /products/{id}: one product with what the viewer's button says (spec §4 page 50); 404 (noProduct) when there is none. */
productsApi.get("/products/:id", async (c) => {
  const app = c.get("app");
  const found = await productForViewer(app.db, idOf(app, c.req.param("id")), app.user?.id ?? null, Date.now());
  if (!found) throw new ApiError(404, app.t("payments:errors.noProduct"));
  const { product, viewer } = found;
  return ok(c, {
    product: { ...product, maxQuantity: maxQuantity({ kind: product.kind, price: product.price, stock: product.stockLeft, soldCount: 0 }) },
    viewer: {
      signedIn: viewer.signedIn,
      following: viewer.following,
      owned: viewer.owned,
      isOwner: app.user?.id === product.fanclubOwnerId,
      shipTo: viewer.address ? formatShipping(viewer.address) : null,
    },
    button: buttonLabel(product, viewer.following),
  });
});

function problemError(app: AppContext, code: CartProblem | PurchaseErrorCode): ApiError {
  const message = app.t(`payments:errors.${code === "changed" ? "cartChanged" : code}`, { min: "" });
  return new ApiError(400, message, [{ message, target: "cart" }]);
}

/** POST /me/carts/free_product_purchase {id}: follows when needed and takes the free product; payload is the cart item (spec §7) with its purchase. */
productsApi.post("/me/carts/free_product_purchase", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const raw = await bodyOf(c);
  const body = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).parse(raw);
  const result = await takeFreeProduct(app.db, paymentProviderFrom(app.env), {
    userId: user.id,
    productId: body.id,
    now: Date.now(),
    owedRefunds: owedRefundSink(app),
  });
  if (!result.ok) throw problemError(app, result.problem);
  return ok(c, { ...result.item, purchase: result.purchase, replayed: result.replayed });
});

/**
 * GET /me/products/{id}/download: the digital file, streamed from the private bucket to a fan who
 * owns the product (checked on every request; the object never has a public URL).
 */
productsApi.get("/me/products/:id/download", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const check = await downloadFor(app.db, user.id, idOf(app, c.req.param("id")));
  if (!check.ok) {
    if (check.reason === "notOwner") throw new ApiError(403, app.t("products:errors.notOwner"));
    throw new ApiError(404, app.t(check.reason === "noFile" ? "products:errors.noFile" : "api.notFound"));
  }
  const object = await c.env.MEDIA.get(check.key);
  if (!object) throw new ApiError(404, app.t("products:errors.noFile"));
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "content-length": String(object.size),
      "content-disposition": attachmentDisposition(check.name),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

/** PUT /me/fanclub/products/{id}/image: a cropped image as the raw body, like plan icons. */
productsApi.put("/me/fanclub/products/:id/image", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageProducts");
  const productId = idOf(app, c.req.param("id"));
  if (!(await getCreatorProduct(app.db, op.fanclubId, productId))) throw new ApiError(404, app.t("api.notFound"));
  const { bytes, type } = await readImage(c);
  const key = productImageKey(op.fanclubId, productId, randomToken(9), type.ext);
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  const previous = await setProductImage(app.db, op.fanclubId, productId, key, Date.now());
  if (previous && !previous.startsWith("/")) c.executionCtx.waitUntil(c.env.MEDIA.delete(previous));
  return ok(c, { url: mediaUrl(key), key });
});

/**
 * PUT /me/fanclub/products/{id}/file?name=…: a digital product's file as the raw body, up to
 * PRODUCT_LIMITS.fileMaxBytes (one request through the Worker; large media goes through posts'
 * multipart uploads). Stored under a private key, then the product points at it.
 */
productsApi.put("/me/fanclub/products/:id/file", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageProducts");
  const productId = idOf(app, c.req.param("id"));
  const product = await getCreatorProduct(app.db, op.fanclubId, productId);
  if (!product) throw new ApiError(404, app.t("api.notFound"));
  const name = cleanFileName(c.req.query("name") ?? "");
  if (!name) throw new ApiError(400, app.t("products:errors.fileName"));
  const tooLarge = () => new ApiError(413, app.t("products:errors.fileTooLarge", { size: formatLimit(PRODUCT_LIMITS.fileMaxBytes) }));
  if (Number(c.req.header("content-length") ?? "0") > PRODUCT_LIMITS.fileMaxBytes) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw new ApiError(400, app.t("products:errors.fileEmpty"));
  if (bytes.byteLength > PRODUCT_LIMITS.fileMaxBytes) throw tooLarge();
  const key = productFileKey(op.fanclubId, productId, randomToken(12));
  const contentType = c.req.header("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
  await c.env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: /^[\w.+-]+\/[\w.+-]+$/.test(contentType) ? contentType : "application/octet-stream" },
  });
  const previous = await setProductFile(app.db, op.fanclubId, productId, { key, name, size: bytes.byteLength }, Date.now());
  if (previous) c.executionCtx.waitUntil(c.env.MEDIA.delete(previous));
  return ok(c, { name, size: bytes.byteLength });
});
