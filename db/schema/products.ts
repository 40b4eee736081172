import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { purchases } from "./money";

// Products (issue 6 purchases: spec §2 /products, /fanclubs/{id}/products, §4 page 50)

export const PRODUCT_KINDS = ["physical", "digital"] as const;
export const PRODUCT_STATUSES = ["draft", "published"] as const;

/**
 * What a fan club sells besides plans. `stock` null means unlimited; `soldCount` rises in the
 * purchase's own batch and the CHECK refuses a count above the stock, so two fans paying for the
 * last one at once cannot both land (the losing batch fails whole). A digital product's file is a
 * private R2 object (`fileKey`), streamed only to owners.
 */
export const products = sqliteTable(
  "products",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** yen, tax included; 0 is a free product (got through the free action) */
    price: integer("price").notNull(),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    stock: integer("stock"),
    soldCount: integer("sold_count").notNull().default(0),
    saleStartAt: timestamp("sale_start_at"),
    saleEndAt: timestamp("sale_end_at"),
    imageKey: text("image_key"),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    index("products_fanclub_created").on(t.fanclubId, t.createdAt),
    index("products_status_created").on(t.status, t.createdAt),
    check("products_price_not_negative", sql`${t.price} >= 0`),
    check("products_stock_capacity", sql`${t.soldCount} >= 0 AND (${t.stock} IS NULL OR ${t.soldCount} <= ${t.stock})`),
  ],
);

/** The recipient a physical order ships to, copied from the fan's default address when paid. */
export type ShippingSnapshot = {
  name: string;
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  building: string | null;
  phone: string;
};

/**
 * A fan's paid (or free) product line: what they own. `orderKey` is derived from the purchase key
 * (`product:{purchaseKey}:{productId}`) so a replayed purchase writes nothing twice; `freeKey`
 * (`free-product:{productId}:{userId}`, null for paid lines) keeps a free product to one per fan
 * even when two clicks race.
 */
export const productOrders = sqliteTable(
  "product_orders",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    quantity: integer("quantity").notNull(),
    /** the line's price: unit price times quantity (yen) */
    price: integer("price").notNull(),
    /** JSON ShippingSnapshot for physical products, null for digital ones */
    shippingAddress: text("shipping_address", { mode: "json" }).$type<ShippingSnapshot>(),
    orderKey: text("order_key").notNull(),
    freeKey: text("free_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("product_orders_key_unique").on(t.orderKey),
    uniqueIndex("product_orders_free_unique").on(t.freeKey),
    index("product_orders_user_created").on(t.userId, t.createdAt),
    index("product_orders_fanclub_created").on(t.fanclubId, t.createdAt),
    index("product_orders_product_user").on(t.productId, t.userId),
    check("product_orders_quantity_positive", sql`${t.quantity} > 0`),
    check("product_orders_price_not_negative", sql`${t.price} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductOrderRow = typeof productOrders.$inferSelect;
