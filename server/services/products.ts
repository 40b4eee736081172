import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  fanclubs,
  follows,
  productOrders,
  products,
  purchases,
  userAddresses,
  users,
  type ProductRow,
  type ShippingSnapshot,
  type UserAddressRow,
} from "../../db/schema";
import { mediaUrl } from "../domain/images";
import { formatShipping } from "./product-format";
import { productSaveProblem, saleState, stockLeft, type ProductInput, type ProductSaveProblem, type SaleState } from "../domain/products";

/**
 * Products of a fan club: the creator's pages (list, create, edit, image and file), the public
 * lists and detail, ownership and the order histories. Paying lives in the cart kind
 * (./cart-items/product.ts); the free action in ./product-free.ts.
 */

/**
 * The fan club's columns beside a whole product row in a D1 batch: batch results are keyed by
 * column name, so these are aliased away from the product's own id, status and so on.
 */
const fanclubColumns = {
  name: sql<string>`${fanclubs.name}`.as("fanclub_name"),
  iconKey: sql<string | null>`${fanclubs.iconKey}`.as("fanclub_icon_key"),
  status: sql<"open" | "closed">`${fanclubs.status}`.as("fanclub_status"),
  serviceId: sql<number>`${fanclubs.serviceId}`.as("fanclub_service_id"),
  ownerId: sql<number>`${fanclubs.ownerId}`.as("fanclub_owner_id"),
};

// ----- creator side

export function listCreatorProducts(db: Db, fanclubId: number): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.fanclubId, fanclubId)).orderBy(desc(products.createdAt), desc(products.id)).all();
}

export async function getCreatorProduct(db: Db, fanclubId: number, productId: number): Promise<ProductRow | null> {
  return (
    (await db
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.fanclubId, fanclubId)))
      .get()) ?? null
  );
}

function productValues(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    price: input.price,
    kind: input.kind,
    stock: input.stock,
    saleStartAt: input.saleStartAt === null ? null : new Date(input.saleStartAt),
    saleEndAt: input.saleEndAt === null ? null : new Date(input.saleEndAt),
    status: input.publish ? ("published" as const) : ("draft" as const),
  };
}

export type SaveResult =
  { ok: true; id: number } | { ok: false; reason: "notFound" } | { ok: false; reason: ProductSaveProblem; sold: number };

export async function createProduct(
  db: Db,
  input: { fanclubId: number; userId: number; values: ProductInput; now: number },
): Promise<SaveResult> {
  const problem = productSaveProblem(input.values, { soldCount: 0, hasFile: false });
  if (problem) return { ok: false, reason: problem, sold: 0 };
  const at = new Date(input.now);
  const [row] = await db
    .insert(products)
    .values({ ...productValues(input.values), fanclubId: input.fanclubId, createdBy: input.userId, createdAt: at, updatedAt: at })
    .returning({ id: products.id });
  return { ok: true, id: row!.id };
}

function isStockCheck(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /CHECK constraint failed/i.test(text) && /products_stock_capacity/.test(text);
}

/**
 * Saves the form over the product. A purchase landing between the read and the write cannot
 * leave stock below the sold count: the table's CHECK refuses the update, answered as stockBelowSold.
 */
export async function updateProduct(db: Db, fanclubId: number, productId: number, values: ProductInput, now: number): Promise<SaveResult> {
  const current = await getCreatorProduct(db, fanclubId, productId);
  if (!current) return { ok: false, reason: "notFound" };
  const problem = productSaveProblem(values, { soldCount: current.soldCount, hasFile: current.fileKey !== null });
  if (problem) return { ok: false, reason: problem, sold: current.soldCount };
  try {
    await db
      .update(products)
      .set({ ...productValues(values), updatedAt: new Date(now) })
      .where(and(eq(products.id, productId), eq(products.fanclubId, fanclubId)));
  } catch (error) {
    if (!isStockCheck(error)) throw error;
    const fresh = await getCreatorProduct(db, fanclubId, productId);
    return { ok: false, reason: "stockBelowSold", sold: fresh?.soldCount ?? current.soldCount };
  }
  return { ok: true, id: productId };
}

/** Points the product at a newly stored image; answers the previous key (the caller deletes it). */
export async function setProductImage(db: Db, fanclubId: number, productId: number, key: string, now: number): Promise<string | null> {
  const current = await getCreatorProduct(db, fanclubId, productId);
  if (!current) return null;
  await db
    .update(products)
    .set({ imageKey: key, updatedAt: new Date(now) })
    .where(and(eq(products.id, productId), eq(products.fanclubId, fanclubId)));
  return current.imageKey;
}

/** Points a digital product at a newly stored file; answers the previous key. */
export async function setProductFile(
  db: Db,
  fanclubId: number,
  productId: number,
  file: { key: string; name: string; size: number },
  now: number,
): Promise<string | null> {
  const current = await getCreatorProduct(db, fanclubId, productId);
  if (!current) return null;
  await db
    .update(products)
    .set({ fileKey: file.key, fileName: file.name, fileSize: file.size, updatedAt: new Date(now) })
    .where(and(eq(products.id, productId), eq(products.fanclubId, fanclubId)));
  return current.fileKey;
}

// ----- public side

export type ProductCard = {
  id: number;
  title: string;
  price: number;
  kind: "physical" | "digital";
  imageUrl: string | null;
  state: SaleState;
  soldOut: boolean;
  stockLeft: number | null;
  saleStartAt: number | null;
  saleEndAt: number | null;
  fanclub: { id: number; name: string; iconImageUrl: string | null };
  href: string;
};

function cardOf(row: ProductRow, fanclub: { id: number; name: string; iconKey: string | null }, now: number): ProductCard {
  const left = stockLeft(row);
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    kind: row.kind,
    imageUrl: mediaUrl(row.imageKey),
    state: saleState(
      { status: row.status, saleStartAt: row.saleStartAt?.getTime() ?? null, saleEndAt: row.saleEndAt?.getTime() ?? null },
      now,
    ),
    soldOut: left === 0,
    stockLeft: left,
    saleStartAt: row.saleStartAt?.getTime() ?? null,
    saleEndAt: row.saleEndAt?.getTime() ?? null,
    fanclub: { id: fanclub.id, name: fanclub.name, iconImageUrl: mediaUrl(fanclub.iconKey) },
    href: `/fanclubs/${fanclub.id}/products/${row.id}`,
  };
}

const PRODUCT_PAGE_SIZE = 24;

/**
 * Published products of open fan clubs, newest first: of one brand (/products) or of one fan
 * club (its tab). `before` is the id of the last card shown (ids grow with creation).
 */
export async function listPublishedProducts(
  db: Db,
  scope: { serviceId: number } | { fanclubId: number },
  options: { before: number | null; now: number; limit?: number },
): Promise<{ products: ProductCard[]; next: number | null }> {
  const limit = options.limit ?? PRODUCT_PAGE_SIZE;
  // a batch of one: under the fan club tab's merged reads it rides with the layout's batch. Batch
  // rows are keyed by column name, so the fan club's columns are aliased away from the product's
  const [rows] = await db.batch([
    db
      .select({
        product: products,
        fanclub: {
          id: sql<number>`${fanclubs.id}`.as("card_fanclub_id"),
          name: sql<string>`${fanclubs.name}`.as("card_fanclub_name"),
          iconKey: sql<string | null>`${fanclubs.iconKey}`.as("card_fanclub_icon_key"),
        },
      })
      .from(products)
      .innerJoin(fanclubs, eq(fanclubs.id, products.fanclubId))
      .where(
        and(
          eq(products.status, "published"),
          eq(fanclubs.status, "open"),
          "serviceId" in scope ? eq(fanclubs.serviceId, scope.serviceId) : eq(products.fanclubId, scope.fanclubId),
          options.before !== null ? lt(products.id, options.before) : undefined,
        ),
      )
      .orderBy(desc(products.id))
      .limit(limit + 1),
  ]);
  const page = rows.slice(0, limit);
  return {
    products: page.map((r) => cardOf(r.product, r.fanclub, options.now)),
    next: rows.length > limit ? page[page.length - 1]!.product.id : null,
  };
}

export type ProductDetail = ProductCard & {
  description: string;
  stock: number | null;
  fileName: string | null;
  fileSize: number | null;
  fanclubServiceId: number;
  fanclubOwnerId: number;
};

export type ProductViewer = { signedIn: boolean; following: boolean; owned: boolean; address: ShippingSnapshot | null };

/** One published product of an open fan club with what the viewer needs for its button, in one round trip. Null when there is none. */
export async function productForViewer(
  db: Db,
  productId: number,
  userId: number | null,
  now: number,
): Promise<{ product: ProductDetail; viewer: ProductViewer } | null> {
  const uid = userId ?? 0;
  const [rows, followRows, ownRows, addressRows] = await db.batch([
    db
      .select({ product: products, fanclub: fanclubColumns })
      .from(products)
      .innerJoin(fanclubs, eq(fanclubs.id, products.fanclubId))
      .where(and(eq(products.id, productId), eq(products.status, "published"), eq(fanclubs.status, "open"))),
    db
      .select({ one: sql<number>`1` })
      .from(follows)
      .where(
        and(
          eq(follows.userId, uid),
          sql`${follows.fanclubId} = (SELECT "fanclub_id" FROM "products" WHERE "products"."id" = ${productId})`,
        ),
      ),
    db
      .select({ id: productOrders.id })
      .from(productOrders)
      .where(and(eq(productOrders.userId, uid), eq(productOrders.productId, productId)))
      .limit(1),
    defaultAddressQuery(db, uid),
  ]);
  const found = rows[0];
  if (!found) return null;
  const row = { product: found.product, fanclub: { ...found.fanclub, id: found.product.fanclubId } };
  const card = cardOf(row.product, row.fanclub, now);
  return {
    product: {
      ...card,
      description: row.product.description,
      stock: row.product.stock,
      fileName: row.product.fileName,
      fileSize: row.product.fileSize,
      fanclubServiceId: row.fanclub.serviceId,
      fanclubOwnerId: row.fanclub.ownerId,
    },
    viewer: {
      signedIn: userId !== null,
      following: followRows.length > 0,
      owned: ownRows.length > 0,
      address: addressRows[0] ? shippingSnapshot(addressRows[0]) : null,
    },
  };
}

export { formatShipping };

// ----- addresses and ownership

/** The fan's default delivery address (the address book keeps exactly one default when it has any). */
function defaultAddressQuery(db: Db, userId: number) {
  return db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)))
    .limit(1);
}

function shippingSnapshot(a: UserAddressRow): ShippingSnapshot {
  return {
    name: `${a.lastName} ${a.firstName}`,
    postalCode: a.postalCode,
    prefecture: a.prefecture,
    city: a.city,
    street: a.street,
    building: a.building,
    phone: a.phone,
  };
}

export type DownloadCheck =
  { ok: true; key: string; name: string; size: number | null } | { ok: false; reason: "notFound" | "notOwner" | "noFile" };

/** Whether the person may download the product's file: an order of theirs must exist (checked on every download). */
export async function downloadFor(db: Db, userId: number, productId: number): Promise<DownloadCheck> {
  const [productRows, ownRows] = await db.batch([
    db
      .select({ fileKey: products.fileKey, fileName: products.fileName, fileSize: products.fileSize, kind: products.kind })
      .from(products)
      .where(eq(products.id, productId)),
    db
      .select({ id: productOrders.id })
      .from(productOrders)
      .where(and(eq(productOrders.userId, userId), eq(productOrders.productId, productId)))
      .limit(1),
  ]);
  const product = productRows[0];
  if (!product) return { ok: false, reason: "notFound" };
  if (!ownRows.length) return { ok: false, reason: "notOwner" };
  if (product.kind !== "digital" || !product.fileKey) return { ok: false, reason: "noFile" };
  return { ok: true, key: product.fileKey, name: product.fileName ?? "download", size: product.fileSize };
}

// ----- histories

const ORDER_PAGE_SIZE = 50;

export type OrderLine = {
  id: number;
  productId: number;
  title: string;
  kind: "physical" | "digital";
  quantity: number;
  price: number;
  createdAt: number;
  shippingAddress: ShippingSnapshot | null;
  fanclub: { id: number; name: string };
  buyerName: string | null;
  downloadable: boolean;
  /** the fan's own history only: what coins and the card each paid (the purchase held this line alone) */
  coinAmount: number;
  cardAmount: number;
};

const orderColumns = {
  id: productOrders.id,
  productId: productOrders.productId,
  title: products.title,
  kind: products.kind,
  fileKey: products.fileKey,
  quantity: productOrders.quantity,
  price: productOrders.price,
  createdAt: productOrders.createdAt,
  shippingAddress: productOrders.shippingAddress,
  fanclubId: fanclubs.id,
  fanclubName: fanclubs.name,
  buyerName: users.name,
  coinAmount: purchases.coinAmount,
  cardAmount: purchases.cardAmount,
};

type OrderRow = {
  id: number;
  productId: number;
  title: string;
  kind: "physical" | "digital";
  fileKey: string | null;
  quantity: number;
  price: number;
  createdAt: Date;
  shippingAddress: ShippingSnapshot | null;
  fanclubId: number;
  fanclubName: string;
  buyerName: string | null;
  coinAmount: number;
  cardAmount: number;
};

function lineOf(r: OrderRow, withBuyer: boolean): OrderLine {
  return {
    id: r.id,
    productId: r.productId,
    title: r.title,
    kind: r.kind,
    quantity: r.quantity,
    price: r.price,
    createdAt: r.createdAt.getTime(),
    shippingAddress: r.shippingAddress,
    fanclub: { id: r.fanclubId, name: r.fanclubName },
    buyerName: withBuyer ? r.buyerName : null,
    downloadable: r.kind === "digital" && r.fileKey !== null,
    // how a fan paid is theirs: the fan club's sales list shows what it earned, not the means
    coinAmount: withBuyer ? 0 : r.coinAmount,
    cardAmount: withBuyer ? 0 : r.cardAmount,
  };
}

/**
 * Order lines, newest first, a page at a time (`before` = the last id shown): the fan's own
 * (/me/purchase_histories/products) or a fan club's (/me/fanclub/purchases/products). One query.
 */
export async function listOrders(
  db: Db,
  scope: { userId: number } | { fanclubId: number },
  before: number | null,
): Promise<{ lines: OrderLine[]; next: number | null }> {
  const rows = (await db
    .select(orderColumns)
    .from(productOrders)
    .innerJoin(products, eq(products.id, productOrders.productId))
    .innerJoin(fanclubs, eq(fanclubs.id, productOrders.fanclubId))
    .innerJoin(users, eq(users.id, productOrders.userId))
    .innerJoin(purchases, eq(purchases.id, productOrders.purchaseId))
    .where(
      and(
        "userId" in scope ? eq(productOrders.userId, scope.userId) : eq(productOrders.fanclubId, scope.fanclubId),
        before !== null ? lt(productOrders.id, before) : undefined,
      ),
    )
    .orderBy(desc(productOrders.id))
    .limit(ORDER_PAGE_SIZE + 1)) as OrderRow[];
  const page = rows.slice(0, ORDER_PAGE_SIZE);
  return {
    lines: page.map((r) => lineOf(r, "fanclubId" in scope)),
    next: rows.length > ORDER_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/** For the cart kind: the products, their fan clubs, which the fan follows and owns, and the default address, in one round trip. */
export async function loadProductsForFan(db: Db, userId: number, productIds: readonly number[]) {
  const ids = productIds.length ? [...new Set(productIds)] : [0];
  const [rows, followRows, ownRows, addressRows] = await db.batch([
    db
      .select({ product: products, fanclub: fanclubColumns })
      .from(products)
      .innerJoin(fanclubs, eq(fanclubs.id, products.fanclubId))
      .where(inArray(products.id, ids)),
    db
      .select({ fanclubId: follows.fanclubId })
      .from(follows)
      .where(
        and(eq(follows.userId, userId), sql`${follows.fanclubId} IN (SELECT "fanclub_id" FROM "products" WHERE "products"."id" IN ${ids})`),
      ),
    db
      .selectDistinct({ productId: productOrders.productId })
      .from(productOrders)
      .where(and(eq(productOrders.userId, userId), inArray(productOrders.productId, ids))),
    defaultAddressQuery(db, userId),
  ]);
  return {
    products: new Map(
      rows
        .filter((r) => r.fanclub.status === "open")
        .map(
          (r) =>
            [
              r.product.id,
              { product: r.product, fanclub: { id: r.product.fanclubId, name: r.fanclub.name, iconKey: r.fanclub.iconKey } },
            ] as const,
        ),
    ),
    following: new Set(followRows.map((r) => r.fanclubId)),
    owned: new Set(ownRows.map((r) => r.productId)),
    address: addressRows[0] ? shippingSnapshot(addressRows[0]) : null,
  };
}

export type ProductsForFan = Awaited<ReturnType<typeof loadProductsForFan>>;
