import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { posts } from "./posts";
import { products } from "./products";

// The product a post links (spec §2 post detail "a linked product").

/**
 * At most one product per post, of the post's own fan club (the save checks it; decision 041). A
 * row of its own rather than a column on posts: products come after posts in the schema's order,
 * and a post with no link has no row. Clearing the link deletes the row in the save's batch.
 */
export const postProducts = sqliteTable(
  "post_products",
  {
    postId: integer("post_id")
      .primaryKey()
      .references(() => posts.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    linkedAt: timestamp("linked_at").notNull(),
  },
  (t) => [index("post_products_product").on(t.productId)],
);
