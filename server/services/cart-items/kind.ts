import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import type { CART_ITEM_TARGET_TYPES, CART_ITEM_TYPES, CartItemRow } from "../../../db/schema";
import type { PlanProblem } from "../plan-cart";

/**
 * One kind of thing the cart sells (plans, live tickets, products, tips, raffle entries). The cart
 * and the purchase are written once against this shape (./index.ts holds the kinds); each kind
 * says how it is added, what it costs this fan now, how the modal shows it, and what paying it
 * writes inside the purchase's single batch. Money, idempotency and the card/coin split stay in
 * the purchase (server/services/cart-purchase.ts); a kind never charges anything itself.
 */

export type Stmt = BatchItem<"sqlite">;
type CartItemType = (typeof CART_ITEM_TYPES)[number];
export type CartTargetType = (typeof CART_ITEM_TARGET_TYPES)[number];

/**
 * Why an item cannot be added or paid as asked. Each code is a text under `payments:errors.{code}`
 * in every locale; `changed` is shown as cartChanged (the fan looks at the cart again). A kind adds
 * its own codes here.
 */
export type CartProblem =
  | PlanProblem
  /** type and target_type do not belong together, or no such item */
  | "invalidItem"
  /** subscribe_plan_type id 0 with no expired plan */
  | "noExpiredPlans"
  /** spec §8 'No product selected' */
  | "noProduct"
  /** spec §4: following is required before buying or getting a product or ticket */
  | "followRequired"
  | "soldOut"
  | "notOnSale"
  | "alreadyOwned"
  | "addressRequired"
  | "invalidAmount"
  | "tippingClosed"
  /** a tip's message is longer than the tip page allows */
  | "messageTooLong"
  | "raffleClosed"
  /** the fan would hold more entries of a raffle than it allows per fan */
  | "raffleLimitReached"
  /** the lesson's reservation window is not open (not yet, or closed) */
  | "lessonClosed"
  /** the lesson's seats are taken with a special ticket, not through the cart */
  | "lessonTicketOnly";

/** Problems that belong to the plan field of the modal (spec §8 errors.plan); the rest go to errors.cart. */
export const PLAN_FIELD_PROBLEMS: ReadonlySet<string> = new Set(["planUnavailable", "planUnpaid"]);

/** What the fan asked to add: spec §7 POST /me/carts {type, id, target_type}, plus what some kinds take. */
export type AddRequest = {
  userId: number;
  type: CartItemType;
  targetType: CartTargetType;
  /** the plan, ticket type, product, post, fan club or raffle */
  id: number;
  /** a kind that sells more than one at a time (products); 1 otherwise */
  quantity: number;
  /** tips: the amount the fan chose (yen); null for kinds priced by the seller */
  amount: number | null;
  /** tips: the optional message */
  note: string | null;
  now: number;
};

/** A row the kind wants in the cart (the cart fills in cart id and time). */
export type NewCartRow = Pick<CartItemRow, "type" | "targetType" | "targetId" | "fanclubId" | "price" | "quantity" | "note">;

/**
 * Spec §3 cart item, as GET /me/carts answers it: the common fields every kind fills, and the
 * spec's per-kind fields (null where they do not apply). `title` and `subtitle` are what a generic
 * line shows (the plan or product name and its fan club); `detail` carries a kind's extras for its
 * own confirm-page lines.
 */
export type CartItemView = {
  id: number;
  type: CartItemType;
  target_type: CartTargetType;
  price: number;
  quantity: number;
  note: string | null;
  title: string;
  fanclub: { id: number; name: string; iconImageUrl: string | null };
  plan: { id: number; name: string; price: number; iconImageUrl: string | null } | null;
  expiresIn: number | null;
  expiresInNext: number | null;
  quote: {
    kind: "join" | "upgrade" | "resume";
    chargeNow: number;
    effectiveAt: number;
    month: string;
    nextRenewalAt: number;
    renewalPrice: number;
  } | null;
  liveEventTitle: string | null;
  liveEventTicket: { title: string; price: number } | null;
  liveStartAt: number | null;
  liveEndAt: number | null;
  product: { title: string; saleStartAt: number | null; saleEndAt: number | null } | null;
  detail: Record<string, string | number | boolean | null> | null;
};

/** The spec §3 fields a kind leaves empty; spread first, then fill in its own. */
export const EMPTY_ITEM_FIELDS = {
  plan: null,
  expiresIn: null,
  expiresInNext: null,
  quote: null,
  liveEventTitle: null,
  liveEventTicket: null,
  liveStartAt: null,
  liveEndAt: null,
  product: null,
  detail: null,
} satisfies Partial<CartItemView>;

/** plan, product, live event, raffle, or for tips the post or the fan club */
type EarningSubject = {
  type: "plan" | "product" | "live_event" | "raffle" | "post" | "fanclub" | "special_ticket_type" | "lesson_slot";
  id: number;
};

export type ItemCheck<Detail> = { ok: true; price: number; detail: Detail } | { ok: false; problem: CartProblem };

type EffectInput<Detail> = {
  userId: number;
  row: CartItemRow;
  price: number;
  detail: Detail;
  /** the purchase's key (`purchase:{cartId}:{version}`): a kind derives its own UNIQUE keys from it */
  purchaseKey: string;
  /** the purchase row's id inside the batch (a subquery on the key) */
  purchaseId: SQL;
  now: number;
};

export interface CartItemKind<Ctx = unknown, Detail = unknown> {
  type: CartItemType;
  targetTypes: readonly CartTargetType[];
  /** the rows an add puts in the cart (replacing what it held), priced now; or why not */
  prepare(db: Db, request: AddRequest): Promise<{ ok: true; rows: NewCartRow[] } | { ok: false; problem: CartProblem }>;
  /** everything `check` needs for these rows of this fan, in one round trip */
  load(db: Db, userId: number, rows: readonly CartItemRow[], now: number): Promise<Ctx>;
  /** whether the row can be paid now and at what price (the line's price, quantity included) */
  check(ctx: Ctx, row: CartItemRow, now: number): ItemCheck<Detail>;
  view(row: CartItemRow, price: number, detail: Detail): CartItemView;
  /** what paying the row writes, inside the purchase's batch; must be safe under the purchase key (UNIQUE keys) */
  effect(db: Db, input: EffectInput<Detail>): Stmt[];
  /** the coin ledger's memo for the row ('fan club / plan') */
  memo(detail: Detail): string;
  /** the billing month a plan row pays for; null for other kinds */
  month(detail: Detail): string | null;
  /** what the sale counts under on the creator's sales page (earnings ledger, decision 029) */
  earningSubject(row: CartItemRow, detail: Detail): EarningSubject;
}

/** Declares a kind with its context and detail types checked, stored without them. */
export function defineKind<Ctx, Detail>(kind: CartItemKind<Ctx, Detail>): CartItemKind {
  return kind as unknown as CartItemKind;
}

/**
 * How a one-seat kind is added, loaded and checked: the line is one seat of one target (a live
 * ticket type, a lesson slot) at the target's price, and the same check judges it when it is
 * added and again when it is paid. The kinds differ only in how targets are read and judged.
 */
export function oneSeatLine<Ctx, Info extends { fanclubId: number; price: number }>(spec: {
  type: CartItemType;
  targetType: CartTargetType;
  loadTargets(db: Db, userId: number, targetIds: readonly number[]): Promise<Ctx>;
  checkTarget(ctx: Ctx, targetId: number, now: number): { ok: true; info: Info } | { ok: false; problem: CartProblem };
}): Pick<CartItemKind<Ctx, Info>, "type" | "targetTypes" | "prepare" | "load" | "check"> {
  return {
    type: spec.type,
    targetTypes: [spec.targetType],
    async prepare(db, request) {
      const check = spec.checkTarget(await spec.loadTargets(db, request.userId, [request.id]), request.id, request.now);
      if (!check.ok) return check;
      const row: NewCartRow = {
        type: spec.type,
        targetType: spec.targetType,
        targetId: request.id,
        fanclubId: check.info.fanclubId,
        price: check.info.price,
        quantity: 1,
        note: null,
      };
      return { ok: true, rows: [row] };
    },
    load: (db, userId, rows) =>
      spec.loadTargets(
        db,
        userId,
        rows.map((r) => r.targetId),
      ),
    check(ctx, row, now) {
      const check = spec.checkTarget(ctx, row.targetId, now);
      if (!check.ok) return check;
      return { ok: true, price: check.info.price, detail: check.info };
    },
  };
}
