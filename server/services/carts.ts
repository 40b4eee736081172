import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { cartItems, carts, type CartItemRow } from "../../db/schema";
import type { PlanCartTargetType } from "../domain/plan-grade";
import { cartTotal } from "../domain/purchase";
import type { HeldMembershipRow } from "./memberships";
import { checkPlanItem, loadPlanContext, planItemView, planTargetsToAdd, type PayableQuote, type PlanInfo, type PlanProblem } from "./plan-cart";

/**
 * The fan's cart (spec §3 cart item, §7 /me/carts). One cart per person, kept for good; its
 * `version` rises with every change of its items (and with every failed payment attempt), so
 * `purchase:{cartId}:{version}` names one attempt at one content (decision 014).
 *
 * The payment modal pays one thing at a time: adding replaces what the cart held, so an item left
 * from an abandoned attempt is never paid by surprise. Items are priced when added (the price a
 * plan change costs this fan now) and checked again when paid.
 *
 * Plans are the only item type so far; tickets and products add a module like ./plan-cart.ts
 * (check, view, effect) and a branch in `pricedCart` and `addCartItem`.
 */

type Stmt = BatchItem<"sqlite">;

export const CART_TYPES = ["Plan", "LiveEventTicket", "Product"] as const;
export type CartType = (typeof CART_TYPES)[number];
export const CART_TARGET_TYPES = ["join_plan_type", "upgrade_plan_type", "subscribe_plan_type", "live_event_ticket", "product"] as const;
export type CartTargetType = (typeof CART_TARGET_TYPES)[number];

const PLAN_TARGETS: readonly string[] = ["join_plan_type", "upgrade_plan_type", "subscribe_plan_type"];

export type CartProblem =
  | PlanProblem
  /** type and target_type do not belong together, or no such item */
  | "invalidItem"
  /** an item type that cannot be bought through the cart yet */
  | "unsupported"
  /** subscribe_plan_type id 0 with no expired plan */
  | "noExpiredPlans";

/** The cart row, created on first use (two tabs meet on the unique user id). */
export async function ensureCart(db: Db, userId: number, now: number): Promise<{ id: number; version: number }> {
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
  | { ok: true; row: CartItemRow; price: number; kind: "Plan"; plan: PlanInfo; quote: PayableQuote; membership: HeldMembershipRow | null }
  | { ok: false; row: CartItemRow; problem: CartProblem };

/** Every item checked against the rules at `now` (one round trip per item type present). */
export async function priceItems(db: Db, userId: number, items: readonly CartItemRow[], now: number): Promise<PricedItem[]> {
  const planRows = items.filter((i) => i.type === "Plan");
  const ctx = planRows.length ? await loadPlanContext(db, userId, planRows.map((i) => i.targetId)) : null;
  return items.map((row): PricedItem => {
    if (row.type !== "Plan" || !ctx) return { ok: false, row, problem: "unsupported" };
    const check = checkPlanItem(ctx, row, now);
    if (!check.ok) return { ok: false, row, problem: check.problem };
    return { ok: true, row, price: check.quote.chargeNow, kind: "Plan", plan: check.plan, quote: check.quote, membership: check.membership };
  });
}

export type CartItemView = ReturnType<typeof planItemView>;

/**
 * Drops items that can no longer be paid and re-prices the rest at what they cost now, bumping
 * the version. True when anything changed.
 */
export async function refreshStaleItems(db: Db, cartId: number, priced: readonly PricedItem[], now: number): Promise<boolean> {
  // an item of a type this module cannot price is not stale: it stays for the module that sells it
  const stale = priced.filter((p) => (!p.ok && p.problem !== "unsupported") || (p.ok && p.price !== p.row.price));
  if (!stale.length) return false;
  await db.batch([
    bumpCartVersion(db, cartId, now),
    ...stale.map((p) => (p.ok ? db.update(cartItems).set({ price: p.price }).where(eq(cartItems.id, p.row.id)) : db.delete(cartItems).where(eq(cartItems.id, p.row.id)))),
  ]);
  return true;
}

/**
 * GET /me/carts: the items as spec §3 shapes them, with the total and the version the purchase
 * names. An item that can no longer be paid as it stands (the plan closed, the fan joined
 * meanwhile) is dropped and one whose price moved is re-priced, bumping the version, so what the
 * fan sees is what a purchase pays. Items of types without a module here are left alone and not
 * shown (a purchase refuses them).
 */
export async function cartView(db: Db, userId: number, now: number): Promise<{ cartId: number | null; version: number; items: CartItemView[]; total: number }> {
  const { cart, items } = await loadCart(db, userId);
  if (!cart) return { cartId: null, version: 0, items: [], total: 0 };
  const priced = await priceItems(db, userId, items, now);
  const version = (await refreshStaleItems(db, cart.id, priced, now)) ? cart.version + 1 : cart.version;
  const views = priced.flatMap((p) => (p.ok ? [planItemView({ id: p.row.id, type: "Plan", targetType: p.row.targetType, price: p.price }, p.plan, p.quote)] : []));
  return { cartId: cart.id, version, items: views, total: cartTotal(views) };
}

export type AddResult = { ok: true; itemIds: number[] } | { ok: false; problem: CartProblem };

/**
 * POST /me/carts {type, id, target_type}: replaces the cart's content with the item asked for,
 * priced now. Plans: join_plan_type and upgrade_plan_type take a plan id; subscribe_plan_type
 * takes the id of an expired plan, or 0 for all of them (spec §4 page 20).
 */
export async function addCartItem(db: Db, input: { userId: number; type: string; id: number; targetType: string; now: number }): Promise<AddResult> {
  const { userId, now } = input;
  if (!(CART_TYPES as readonly string[]).includes(input.type) || !(CART_TARGET_TYPES as readonly string[]).includes(input.targetType)) return { ok: false, problem: "invalidItem" };
  if (input.type !== "Plan") return { ok: false, problem: "unsupported" };
  if (!PLAN_TARGETS.includes(input.targetType)) return { ok: false, problem: "invalidItem" };
  const targetType = input.targetType as PlanCartTargetType;
  if (input.id === 0 && targetType !== "subscribe_plan_type") return { ok: false, problem: "invalidItem" };

  const ctx = await loadPlanContext(db, userId, input.id > 0 ? [input.id] : [], { withHeld: targetType === "subscribe_plan_type" });
  const planIds = planTargetsToAdd(ctx, { id: input.id, targetType });
  if (planIds.length === 0) return { ok: false, problem: "noExpiredPlans" };
  const rows = [];
  for (const planId of planIds) {
    const check = checkPlanItem(ctx, { targetType, targetId: planId }, now);
    // asked for a kind of change that is not this fan's (an upgrade without a membership, a downgrade through the cart)
    if (!check.ok) return { ok: false, problem: check.problem === "changed" ? "invalidItem" : check.problem };
    rows.push({ type: "Plan" as const, targetType, targetId: planId, fanclubId: check.plan.fanclubId, price: check.quote.chargeNow });
  }
  const cart = await ensureCart(db, userId, now);
  const [, inserted] = await db.batch([
    db.delete(cartItems).where(eq(cartItems.cartId, cart.id)),
    db
      .insert(cartItems)
      .values(rows.map((r) => ({ ...r, cartId: cart.id, createdAt: new Date(now) })))
      .returning({ id: cartItems.id }),
    bumpCartVersion(db, cart.id, now),
  ]);
  return { ok: true, itemIds: inserted.map((r) => r.id) };
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
  return [db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, [...itemIds]))), bumpCartVersion(db, cartId, now)];
}
