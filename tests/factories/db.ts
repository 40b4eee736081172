import { createDb } from "../../db/client";

/** The same drizzle client the Worker uses, so factories write through the typed schema. */
export const factoryDb = (d1: D1Database) => createDb(d1);

let seq = 0;
/** A string no other row of this test run has: tokens, e-mail addresses, idempotency keys. */
export const unique = (prefix = "t") => `${prefix}${Date.now()}${seq++}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A row's fields as a factory takes them: the `Required` ones (usually the foreign keys the row
 * belongs to) must be given, the rest have defaults.
 */
export type Fields<TInsert, TRequired extends keyof TInsert = never> = Pick<TInsert, TRequired> & Partial<Omit<TInsert, TRequired>>;

/** The fields that were given: a key passed as `undefined` keeps the factory's default instead of clearing it. */
export function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
