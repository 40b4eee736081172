import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { purchases } from "./money";
import { posts } from "./posts";

// Tips

/**
 * Tips a fan paid through the cart (Tipping items): on a post (`postId`), or to the fan club
 * itself (`postId` null). `idempotencyKey` is derived from the purchase key
 * (`purchase:{cartId}:{version}:tip:{target}:{id}`), so a purchase applied twice cannot tip twice.
 * The message is the cart item's note, kept here for the post's tips page and the creator's list.
 */
export const tips = sqliteTable(
  "tips",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    postId: integer("post_id").references(() => posts.id),
    /** yen, tax included (docs/decisions/019 for the range) */
    amount: integer("amount").notNull(),
    message: text("message"),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tips_key_unique").on(t.idempotencyKey),
    index("tips_post_created").on(t.postId, t.id),
    index("tips_fanclub_created").on(t.fanclubId, t.id),
    index("tips_user_created").on(t.userId, t.id),
    check("tips_amount_positive", sql`${t.amount} > 0`),
  ],
);

export type TipRow = typeof tips.$inferSelect;
