import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context";
import type { AppEnv } from "../hono-env";
import { MIN_CARD_PART_YEN } from "../domain/purchase";
import { paymentProviderFrom } from "../integrations/payments";
import { PLAN_FIELD_PROBLEMS, type CartProblem } from "../services/cart-items";
import { addCartItem, cartView, deleteCartItem } from "../services/carts";
import { coinBalance } from "../services/coins";
import { paymentProfile, usableCard } from "../services/payment-cards";
import { owedRefundSink } from "../services/payouts/owed-refunds";
import { purchaseCart, type PurchaseErrorCode } from "../services/cart-purchase";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";
import { kickDiscordSync } from "../http/discord-sync";

/**
 * The fan's cart and paying it (spec §7 carts and payment): GET/POST /me/carts, DELETE
 * /me/carts/{id}, POST /me/carts/purchase. Failures answer 400 with payload.message and the same
 * text under errors with target "cart" or "plan" (spec §8: the page toasts them).
 */
export const cartsApi = new Hono<AppEnv>();

/** spec §8 texts; the card minimum names its amount. */
export function problemError(app: AppContext, code: CartProblem | PurchaseErrorCode): ApiError {
  const key = code === "changed" ? "cartChanged" : code;
  const message = app.t(`payments:errors.${key}`, { min: String(MIN_CARD_PART_YEN) });
  return new ApiError(400, message, [{ message, target: PLAN_FIELD_PROBLEMS.has(code) ? "plan" : "cart" }]);
}

/**
 * What the payment modal opens with: the items (spec §3 shape, with the quote the confirm page
 * shows), total and version, and the fan's means: coin balance, the card a payment would use, the
 * coin-for-renewal setting.
 */
export async function cartPayload(app: AppContext, userId: number) {
  const now = Date.now();
  const provider = paymentProviderFrom(app.env);
  const [cart, balance, usable, profile] = await Promise.all([
    cartView(app.db, userId, now),
    coinBalance(app.db, userId, now),
    usableCard(app.db, provider, userId),
    paymentProfile(app.db, userId),
  ]);
  return {
    carts: cart.items,
    cartVersion: cart.version,
    total: cart.total,
    coinBalance: balance.balance,
    card: usable ? { brand: usable.card.brand, last4: usable.card.last4 } : null,
    useCoinSubscription: profile?.useCoinSubscription ?? false,
    minCardAmount: MIN_CARD_PART_YEN,
  };
}

cartsApi.get("/", async (c) => {
  const app = c.get("app");
  return ok(c, await cartPayload(app, requireApiUser(app).id));
});

const addBody = z.object({
  type: z.string().max(40),
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  target_type: z.string().max(40),
  /** kinds that sell more than one at a time (products); the kind checks its own limit */
  quantity: z.coerce.number().int().min(1).max(1000).optional(),
});

/** POST /me/carts {type, id, target_type}: the cart now holds that item (or every expired plan for subscribe_plan_type id 0). */
cartsApi.post("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const body = addBody.parse(await bodyOf(c));
  const result = await addCartItem(app.db, {
    userId: user.id,
    type: body.type,
    id: body.id,
    targetType: body.target_type,
    quantity: body.quantity,
    now: Date.now(),
  });
  if (!result.ok) throw problemError(app, result.problem);
  return ok(c, await cartPayload(app, user.id));
});

const tipBody = z.object({
  target_type: z.enum(["post_tipping", "fanclub_tipping"]).optional().nullable(),
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().nullable(),
  post_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().nullable(),
  fanclub_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().nullable(),
  amount: z
    .union([z.number(), z.string().max(20)])
    .optional()
    .nullable(),
  message: z.string().max(2000).optional().nullable(),
});

/**
 * POST /me/carts/tipping_purchase {target_type: post_tipping|fanclub_tipping, id, amount, message}
 * (or post_id / fanclub_id instead of target_type and id): the cart now holds the tip, answered
 * like POST /me/carts; the modal goes on to the payment method. The amount and message rules are
 * server/domain/tips.ts.
 */
cartsApi.post("/tipping_purchase", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const body = tipBody.parse(await bodyOf(c));
  const target = body.post_id
    ? { targetType: "post_tipping", id: body.post_id }
    : body.fanclub_id
      ? { targetType: "fanclub_tipping", id: body.fanclub_id }
      : body.target_type && body.id
        ? { targetType: body.target_type, id: body.id }
        : null;
  if (!target) throw problemError(app, "invalidItem");
  const amount =
    typeof body.amount === "string" ? (/^\s*\d{1,9}\s*$/.test(body.amount) ? Number(body.amount) : Number.NaN) : (body.amount ?? null);
  const result = await addCartItem(app.db, {
    userId: user.id,
    type: "Tipping",
    targetType: target.targetType,
    id: target.id,
    amount,
    note: body.message ?? null,
    now: Date.now(),
  });
  if (!result.ok) throw problemError(app, result.problem);
  return ok(c, await cartPayload(app, user.id));
});

const purchaseBody = z.object({
  payment: z.string().max(10).optional().nullable(),
  isUsedCoin: z
    .union([z.boolean(), z.string().max(10), z.number()])
    .optional()
    .nullable(),
  toraCoin: z
    .union([z.string().max(40), z.number()])
    .optional()
    .nullable(),
  cartVersion: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().nullable(),
  sandboxAuthentication: z.enum(["approve", "fail"]).optional().nullable(),
});

/**
 * POST /me/carts/purchase with payment, isUsedCoin, otherPayment.toraCoin (spec §3 purchase
 * payload; JSON, or form fields with `otherPayment[toraCoin]`), and the cartVersion the fan
 * confirmed. Posting the same again never charges twice: it answers the first result.
 */
cartsApi.post("/purchase", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const raw = await bodyOf(c);
  const other = raw.otherPayment && typeof raw.otherPayment === "object" ? (raw.otherPayment as Record<string, unknown>) : {};
  const body = purchaseBody.parse({ ...raw, toraCoin: other.toraCoin ?? raw["otherPayment[toraCoin]"] ?? null });
  const outcome = await purchaseCart(app.db, paymentProviderFrom(app.env), {
    owedRefunds: owedRefundSink(app),
    userId: user.id,
    cartVersion: body.cartVersion ?? null,
    payload: { payment: body.payment, isUsedCoin: body.isUsedCoin, toraCoin: body.toraCoin },
    sandboxAuthentication: body.sandboxAuthentication ?? null,
    now: Date.now(),
  });
  if (outcome.status === "error") throw problemError(app, outcome.code);
  if (outcome.status === "requires_action") {
    return ok(c, {
      requiresAction: { provider: outcome.provider, clientSecret: outcome.clientSecret, publishableKey: outcome.publishableKey },
    });
  }
  // a plan bought, upgraded or resumed: the fan's Discord role follows
  kickDiscordSync(app, user.id, Date.now());
  return ok(c, { purchase: outcome.purchase, replayed: outcome.replayed });
});

/** DELETE /me/carts/{id}: one item of the fan's own cart. */
cartsApi.delete("/:id", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1 || !(await deleteCartItem(app.db, user.id, id, Date.now())))
    throw new ApiError(404, app.t("api.notFound"));
  return ok(c, await cartPayload(app, user.id));
});
