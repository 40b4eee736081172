import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { CART_ITEM_TARGET_TYPES, CART_ITEM_TYPES, cartItems, carts, type CartItemRow } from "../../db/schema";
import { cartTotal } from "../domain/purchase";
import {
  cartItemKind,
  type AddRequest,
  type CartItemKind,
  type CartProblem,
  type CartItemView,
  type NewCartRow,
  type Stmt,
} from "./cart-items";

export type { CartItemView } from "./cart-items";

/**
 * The fan's cart (spec §3 cart item, §7 /me/carts). One cart per person, kept for good; its
 * `version` rises with every change of its items (and with every failed payment attempt), so
 * `purchase:{cartId}:{version}` names one attempt at one content (decision 014).
 *
 * The payment modal pays one thing at a time: adding replaces what the cart held, so an item left
 * from an abandoned attempt is never paid by surprise. Items are priced when added (the price the
 * thing costs this fan now) and checked again when paid. What each kind of item means (plans,
 * tickets, products, tips, raffle entries) lives in ./cart-items/.
 */

/** The cart row, created on first use (two tabs meet on the unique user id). */
async function ensureCart(db: Db, userId: number, now: number): Promise<{ id: number; version: number }> {
  const existing = await db.select({ id: carts.id, version: carts.version }).from(carts).where(eq(carts.userId, userId)).get();
  if (existing) return existing;
  await db
    .insert(carts)
    .values({ userId, version: 0, createdAt: new Date(now), updatedAt: new Date(now) })
    .onConflictDoNothing({ target: carts.userId });
  const row = await db.select({ id: carts.id, version: carts.version }).from(carts).where(eq(carts.userId, userId)).get();
  if (!row) throw new Error(`no cart for user ${userId}`);
  return row;
}

/** The statement that records a change of the cart: every change bumps the version. */
export function bumpCartVersion(db: Db, cartId: number, now: number): Stmt {
  return db
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: new Date(now) })
    .where(eq(carts.id, cartId));
}

/** The cart and its items, oldest first, in one round trip. */
export async function loadCart(db: Db, userId: number): Promise<{ cart: { id: number; version: number } | null; items: CartItemRow[] }> {
  const [cartRows, itemRows] = await db.batch([
    db.select({ id: carts.id, version: carts.version }).from(carts).where(eq(carts.userId, userId)),
    db
      .select()
      .from(cartItems)
      .where(sql`${cartItems.cartId} = (SELECT "id" FROM "carts" WHERE "user_id" = ${userId})`)
      .orderBy(asc(cartItems.id)),
  ]);
  return { cart: cartRows[0] ?? null, items: itemRows };
}

/** An item as it can be paid now: its price now, or why it cannot be. */
export type PricedItem =
  | { ok: true; row: CartItemRow; price: number; kind: CartItemKind; detail: unknown }
  | { ok: false; row: CartItemRow; problem: CartProblem };

/** Every item checked against its kind's rules at `now` (the kinds present load in parallel, one round trip each). */
export async function priceItems(db: Db, userId: number, items: readonly CartItemRow[], now: number): Promise<PricedItem[]> {
  const byType = new Map<string, CartItemRow[]>();
  for (const row of items) byType.set(row.type, [...(byType.get(row.type) ?? []), row]);
  const contexts = new Map(
    await Promise.all(
      [...byType].map(async ([type, rows]) => {
        const kind = cartItemKind(type);
        return [type, kind ? { kind, ctx: await kind.load(db, userId, rows, now) } : null] as const;
      }),
    ),
  );
  return items.map((row): PricedItem => {
    const loaded = contexts.get(row.type);
    // a row of a kind no longer sold cannot be paid; the cart drops it
    if (!loaded) return { ok: false, row, problem: "invalidItem" };
    const check = loaded.kind.check(loaded.ctx, row, now);
    if (!check.ok) return { ok: false, row, problem: check.problem };
    return { ok: true, row, price: check.price, kind: loaded.kind, detail: check.detail };
  });
}

/**
 * Drops items that can no longer be paid and re-prices the rest at what they cost now, bumping
 * the version. True when anything changed.
 */
export async function refreshStaleItems(db: Db, cartId: number, priced: readonly PricedItem[], now: number): Promise<boolean> {
  const stale = priced.filter((p) => !p.ok || p.price !== p.row.price);
  if (!stale.length) return false;
  await db.batch([
    bumpCartVersion(db, cartId, now),
    ...stale.map((p) =>
      p.ok
        ? db.update(cartItems).set({ price: p.price }).where(eq(cartItems.id, p.row.id))
        : db.delete(cartItems).where(eq(cartItems.id, p.row.id)),
    ),
  ]);
  return true;
}

/**
 * GET /me/carts: the items as spec §3 shapes them, with the total and the version the purchase
 * names. An item that can no longer be paid as it stands (the plan closed, the fan joined
 * meanwhile) is dropped and one whose price moved is re-priced, bumping the version, so what the
 * fan sees is what a purchase pays.
 */
export async function cartView(
  db: Db,
  userId: number,
  now: number,
): Promise<{ cartId: number | null; version: number; items: CartItemView[]; total: number }> {
  const { cart, items } = await loadCart(db, userId);
  if (!cart) return { cartId: null, version: 0, items: [], total: 0 };
  const priced = await priceItems(db, userId, items, now);
  const version = (await refreshStaleItems(db, cart.id, priced, now)) ? cart.version + 1 : cart.version;
  const views = priced.flatMap((p) => (p.ok ? [p.kind.view(p.row, p.price, p.detail)] : []));
  return { cartId: cart.id, version, items: views, total: cartTotal(views) };
}

export type AddResult = { ok: true; itemIds: number[] } | { ok: false; problem: CartProblem };

export type AddInput = Omit<AddRequest, "type" | "targetType" | "quantity" | "amount" | "note"> & {
  type: string;
  targetType: string;
  quantity?: number;
  amount?: number | null;
  note?: string | null;
};

/**
 * POST /me/carts {type, id, target_type} (and the kinds' own add calls): replaces the cart's
 * content with what the kind makes of the request, priced now.
 */
export async function addCartItem(db: Db, input: AddInput): Promise<AddResult> {
  if (
    !(CART_ITEM_TYPES as readonly string[]).includes(input.type) ||
    !(CART_ITEM_TARGET_TYPES as readonly string[]).includes(input.targetType)
  )
    return { ok: false, problem: "invalidItem" };
  const kind = cartItemKind(input.type);
  if (!kind || !(kind.targetTypes as readonly string[]).includes(input.targetType)) return { ok: false, problem: "invalidItem" };
  const request: AddRequest = {
    userId: input.userId,
    type: kind.type,
    targetType: input.targetType as AddRequest["targetType"],
    id: input.id,
    quantity: input.quantity ?? 1,
    amount: input.amount ?? null,
    note: input.note ?? null,
    now: input.now,
  };
  const prepared = await kind.prepare(db, request);
  if (!prepared.ok) return prepared;
  return { ok: true, itemIds: await replaceCartContent(db, input.userId, prepared.rows, input.now) };
}

/** The cart now holds exactly these rows (one batch; the version moves on). */
async function replaceCartContent(db: Db, userId: number, rows: readonly NewCartRow[], now: number): Promise<number[]> {
  const cart = await ensureCart(db, userId, now);
  const [, inserted] = await db.batch([
    db.delete(cartItems).where(eq(cartItems.cartId, cart.id)),
    db
      .insert(cartItems)
      .values(cartRowValues(rows, cart.id, now))
      .returning({ id: cartItems.id }),
    bumpCartVersion(db, cart.id, now),
  ]);
  return inserted.map((r) => r.id);
}

function cartRowValues(rows: readonly NewCartRow[], cartId: number, now: number) {
  return rows.map((r) => ({ ...r, cartId, createdAt: new Date(now) }));
}

/** DELETE /me/carts/{id}: removes one of the fan's own items. False when there is no such item in their cart. */
export async function deleteCartItem(db: Db, userId: number, itemId: number, now: number): Promise<boolean> {
  const cart = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).get();
  if (!cart) return false;
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    .returning({ id: cartItems.id });
  if (!deleted.length) return false;
  // bumped only when something was removed: a stray delete does not make a confirmed cart stale
  await db.batch([bumpCartVersion(db, cart.id, now)]);
  return true;
}

/** Statements removing paid items and recording the change (inside the purchase batch). */
export function clearItemsStatements(db: Db, cartId: number, itemIds: readonly number[], now: number): Stmt[] {
  if (!itemIds.length) return [bumpCartVersion(db, cartId, now)];
  return [
    db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, [...itemIds]))),
    bumpCartVersion(db, cartId, now),
  ];
}
