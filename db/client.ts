import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const clients = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** One drizzle client per D1 binding: building the relational schema map on every request is waste. */
export function createDb(d1: D1Database) {
  let db = clients.get(d1);
  if (!db) {
    db = build(d1);
    clients.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
