import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * A raw SQL statement as an item of `db.batch([...])`. drizzle's `db.run(sql)` works alone, but in
 * a D1 batch its bound parameters go to a prepared statement it never made, and the batch throws
 * ("Cannot read properties of undefined (reading 'bind')"). This prepares it, so set-based
 * statements drizzle cannot build (INSERT ... SELECT over a subquery, UPDATE from aggregates) still
 * run in the batch's one transaction with their values bound, never spliced into the text.
 */
export function rawBatchItem(db: Db, query: SQL) {
  return withStatement(db, db.run(query));
}

/** `rawBatchItem` for a statement whose rows the batch answers with (`db.all`), typed as `T`. */
export function rawBatchRows<T>(db: Db, query: SQL) {
  return withStatement(db, db.all<T>(query));
}

/** The prepared statement drizzle's batch binds the raw query's values to. */
function withStatement<Item extends { getQuery(): { sql: string } }>(db: Db, item: Item) {
  return Object.assign(item, { stmt: db.$client.prepare(item.getQuery().sql) });
}
