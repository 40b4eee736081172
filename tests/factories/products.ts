import { products } from "../../db/schema";
import { defined, factoryDb, type Fields } from "./db";

/** A published 500-yen digital product with unlimited stock unless told otherwise. */
export async function createProduct(d1: D1Database, fields: Fields<typeof products.$inferInsert, "fanclubId" | "createdBy">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(products)
    .values({ title: "テスト商品", price: 500, kind: "digital", status: "published", createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}
