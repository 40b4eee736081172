import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postProducts, products } from "../../db/schema";
import { mediaUrl } from "../domain/images";
import { linkedProductShown } from "../domain/post-product";

/**
 * The product a post links (spec §2 post detail): the editor's choices, the save's statements and
 * the reader's card. The link lives in `post_products`, one row per post.
 */

export interface LinkedProduct {
  id: number;
  title: string;
  /** yen, tax included */
  price: number;
  imageUrl: string | null;
  href: string;
}

/** The fan club's products the editor offers (drafts too, marked: a link shows once published). */
export function linkableProductsQuery(db: Db, fanclubId: number) {
  return db
    .select({ id: products.id, title: products.title, price: products.price, status: products.status })
    .from(products)
    .where(eq(products.fanclubId, fanclubId))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(200);
}

/** Whether the product may be linked from a post of this fan club (its own products only). */
export async function isOwnProduct(db: Db, fanclubId: number, productId: number): Promise<boolean> {
  const row = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.fanclubId, fanclubId)))
    .get();
  return row !== undefined;
}

/**
 * The save's statements that set or clear the link, for the post's batch. `postId` is SQL so a new
 * post can be named by subquery inside the same batch (decision 041).
 */
export function productLinkStatements(db: Db, postId: SQL, productId: number | null, now: number) {
  const clear = db.delete(postProducts).where(sql`${postProducts.postId} = ${postId}`);
  if (productId === null) return [clear] as const;
  return [clear, db.insert(postProducts).values({ postId: sql`${postId}`, productId, linkedAt: new Date(now) })] as const;
}

/** The linked product of a post, for a batch (no row: none). */
export function linkedProductIdQuery(db: Db, postId: number) {
  return db.select({ id: postProducts.productId }).from(postProducts).where(eq(postProducts.postId, postId)).limit(1);
}

/** The reader's card query, batched with the post page's other reads. */
export function linkedProductQuery(db: Db, postId: number) {
  return db
    .select({
      id: products.id,
      fanclubId: products.fanclubId,
      title: products.title,
      price: products.price,
      imageKey: products.imageKey,
      status: products.status,
    })
    .from(postProducts)
    .innerJoin(products, eq(products.id, postProducts.productId))
    .where(eq(postProducts.postId, postId));
}

export function linkedProductFrom(
  rows: { id: number; fanclubId: number; title: string; price: number; imageKey: string | null; status: string }[],
) {
  const row = rows[0] ?? null;
  if (!row || !linkedProductShown(row)) return null;
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    imageUrl: mediaUrl(row.imageKey),
    href: `/fanclubs/${row.fanclubId}/products/${row.id}`,
  } satisfies LinkedProduct;
}

export async function linkedProduct(db: Db, postId: number): Promise<LinkedProduct | null> {
  return linkedProductFrom(await linkedProductQuery(db, postId).all());
}
