import { and, desc, eq, exists, ne, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { userAddresses, users, type UserAddressRow } from "../../db/schema";
import { ADDRESS_LIMITS, type AddressInput } from "../domain/address";

/**
 * The delivery address book (/me/address). Every statement is scoped to the signed-in person's
 * id, so an id from someone else's book matches no row and reads as "not found".
 *
 * Invariant: when a person has any address, exactly one is the default. Each change and the
 * statement that restores the invariant run in one `db.batch` (one transaction in D1), and the
 * restoring statements are written so they are harmless when the change itself matched nothing.
 */

export type AddressResult = { ok: true; id: number } | { ok: false; reason: "not_found" | "limit" };

/** A second reference to the table, for sub-selects about the same person's other rows. */
const other = alias(userAddresses, "other");

const owned = (userId: number, id: number) => and(eq(userAddresses.id, id), eq(userAddresses.userId, userId));

/** Default first, then newest: the order of the page and of a shop's address picker. */
export function listAddresses(db: Db, userId: number): Promise<UserAddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt), desc(userAddresses.id))
    .all();
}

/**
 * Clears the default flag on every other row of the person, but only once `keep` (an id, or a
 * sub-select giving one) is theirs and is the default: if the statement before it in the batch
 * matched nothing, this one must not leave the person without a default.
 */
function clearOtherDefaults(db: Db, userId: number, keep: number | SQL, now: number) {
  const keepIsDefault = db
    .select({ one: sql`1` })
    .from(other)
    .where(and(eq(other.id, keep), eq(other.userId, userId), eq(other.isDefault, true)));
  return db
    .update(userAddresses)
    .set({ isDefault: false, updatedAt: new Date(now) })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, keep), exists(keepIsDefault)));
}

/**
 * Adds an address. The first one becomes the default whatever the checkbox said. The limit is
 * checked inside the insert itself (INSERT … SELECT … WHERE count < 10), so two tabs saving at
 * once cannot both slip in as the 10th.
 */
export async function createAddress(db: Db, userId: number, input: AddressInput, now: number): Promise<AddressResult> {
  const mine = eq(userAddresses.userId, userId);
  const insert = db
    .insert(userAddresses)
    .select((qb) =>
      qb
        // in the table's column order (drizzle checks it and throws on a mismatch); a query builder
        // wants every computed column aliased
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: users.id,
          lastName: sql<string>`${input.lastName}`.as("last_name"),
          firstName: sql<string>`${input.firstName}`.as("first_name"),
          postalCode: sql<string>`${input.postalCode}`.as("postal_code"),
          prefecture: sql<string>`${input.prefecture}`.as("prefecture"),
          city: sql<string>`${input.city}`.as("city"),
          street: sql<string>`${input.street}`.as("street"),
          building: sql<string | null>`${input.building}`.as("building"),
          phone: sql<string>`${input.phone}`.as("phone"),
          isDefault:
            sql<boolean>`CASE WHEN ${input.isDefault ? 1 : 0} = 1 OR NOT EXISTS (SELECT 1 FROM ${userAddresses} WHERE ${mine}) THEN 1 ELSE 0 END`.as(
              "is_default",
            ),
          createdAt: sql<Date>`${now}`.as("created_at"),
          updatedAt: sql<Date>`${now}`.as("updated_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), sql`(SELECT count(*) FROM ${userAddresses} WHERE ${mine}) < ${ADDRESS_LIMITS.perUser}`)),
    )
    .returning({ id: userAddresses.id });
  // the person's newest row is the one just inserted; if it is the default, the others step down
  const newest = sql`${db
    .select({ id: sql`max(${other.id})` })
    .from(other)
    .where(eq(other.userId, userId))}`;
  const [inserted] = await db.batch([insert, clearOtherDefaults(db, userId, newest, now)]);
  const row = inserted[0];
  return row ? { ok: true, id: row.id } : { ok: false, reason: "limit" };
}

/**
 * Rewrites an address. A ticked checkbox makes it the default; an unticked one leaves the flag as
 * it is, because the default only moves by choosing another one (never to "none").
 */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput, now: number): Promise<AddressResult> {
  const update = db
    .update(userAddresses)
    .set({
      lastName: input.lastName,
      firstName: input.firstName,
      postalCode: input.postalCode,
      prefecture: input.prefecture,
      city: input.city,
      street: input.street,
      building: input.building,
      phone: input.phone,
      ...(input.isDefault ? { isDefault: true } : {}),
      updatedAt: new Date(now),
    })
    .where(owned(userId, id))
    .returning({ id: userAddresses.id });
  const [updated] = await db.batch([update, clearOtherDefaults(db, userId, id, now)]);
  return updated.length ? { ok: true, id } : { ok: false, reason: "not_found" };
}

/** Makes one address the default and the others not, in one transaction. */
export async function setDefaultAddress(db: Db, userId: number, id: number, now: number): Promise<AddressResult> {
  const mark = db
    .update(userAddresses)
    .set({ isDefault: true, updatedAt: new Date(now) })
    .where(owned(userId, id))
    .returning({ id: userAddresses.id });
  const [marked] = await db.batch([mark, clearOtherDefaults(db, userId, id, now)]);
  return marked.length ? { ok: true, id } : { ok: false, reason: "not_found" };
}

/** Deletes an address; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number, now: number): Promise<AddressResult> {
  const remove = db.delete(userAddresses).where(owned(userId, id)).returning({ id: userAddresses.id });
  const newestRemaining = db
    .select({ id: other.id })
    .from(other)
    .where(eq(other.userId, userId))
    .orderBy(desc(other.createdAt), desc(other.id))
    .limit(1);
  const anyDefault = db
    .select({ one: sql`1` })
    .from(other)
    .where(and(eq(other.userId, userId), eq(other.isDefault, true)));
  // written as "no default left → promote the newest", so it is a no-op after any other delete
  const promote = db
    .update(userAddresses)
    .set({ isDefault: true, updatedAt: new Date(now) })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, sql`${newestRemaining}`), notExists(anyDefault)));
  const [removed] = await db.batch([remove, promote]);
  return removed.length ? { ok: true, id } : { ok: false, reason: "not_found" };
}
