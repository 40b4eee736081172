import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../hono-env";
import { entriesLeft, rafflePhase, RAFFLE_LIMITS } from "../domain/raffles";
import { paymentProviderFrom } from "../integrations/payments";
import { owedRefundSink } from "../services/payouts/owed-refunds";
import { purchaseCart } from "../services/cart-purchase";
import { addCartItem } from "../services/carts";
import { drawRaffle, loadFanRaffleStates, managesRaffles, raffleForViewer } from "../services/raffles";
import { cartPayload, problemError } from "./carts";
import { requireCreatorApi } from "./creator";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";
import { bodyOf } from "./body";

/**
 * Raffles over the API: what the payment modal's raffle page (70) shows, entering through the cart
 * (spec §7 POST /me/carts/raffle_purchase), and the creator's draw.
 */
export const rafflesApi = new Hono<AppEnv>();

function raffleIdParam(value: string | undefined, notFound: () => ApiError): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** GET /raffles/{id}: the raffle as the modal's page 70 shows it to this viewer. */
rafflesApi.get("/raffles/:id", async (c) => {
  const app = c.get("app");
  const notFound = () => new ApiError(404, app.t("api.notFound"));
  const id = raffleIdParam(c.req.param("id"), notFound);
  const user = requireApiUser(app);
  const state = (await loadFanRaffleStates(app.db, user.id, [id])).get(id);
  if (!state || (state.raffle.status === "draft" && !managesRaffles(app.session, state.raffle.fanclubId))) throw notFound();
  const { raffle, fanclub } = state;
  const times = { status: raffle.status, entryStartAt: raffle.entryStartAt.getTime(), entryEndAt: raffle.entryEndAt.getTime() };
  return ok(c, {
    id: raffle.id,
    title: raffle.title,
    prizeDescription: raffle.prizeDescription,
    fanclub: { id: fanclub.id, name: fanclub.name },
    entryPrice: raffle.entryPrice,
    winnerCount: raffle.winnerCount,
    entryStartAt: times.entryStartAt,
    entryEndAt: times.entryEndAt,
    maxEntriesPerFan: raffle.maxEntriesPerFan,
    phase: rafflePhase(times, Date.now()),
    held: state.held,
    left: entriesLeft(raffle.maxEntriesPerFan, state.held),
    following: state.following,
  });
});

const purchaseBody = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  quantity: z.coerce.number().int().min(1).max(RAFFLE_LIMITS.maxEntriesPerFan).default(1),
});

/**
 * POST /me/carts/raffle_purchase {id, quantity}: the cart now holds that many entries (payload:
 * the cart, for the modal's page 2). A free raffle is entered at once through the purchase (spec
 * §4 free flow: page 4 with the result as the cart), answered with `purchase` beside the cart.
 * Following is required (the modal follows first when the fan asked 'follow and enter').
 */
rafflesApi.post("/me/carts/raffle_purchase", async (c) => {
  const app = c.get("app");
  const userId = requireApiUser(app).id;
  const raw = await bodyOf(c);
  const body = purchaseBody.parse(raw);
  const now = Date.now();
  const added = await addCartItem(app.db, {
    userId,
    type: "Raffle",
    targetType: "raffle_entry",
    id: body.id,
    quantity: body.quantity,
    now,
  });
  if (!added.ok) throw problemError(app, added.problem);
  const cart = await cartPayload(app, userId);
  if (cart.total > 0) return ok(c, cart);
  let outcome;
  try {
    outcome = await purchaseCart(app.db, paymentProviderFrom(app.env), {
      owedRefunds: owedRefundSink(app),
      userId,
      cartVersion: cart.cartVersion,
      payload: { payment: "coin", isUsedCoin: false, toraCoin: 0 },
      sandboxAuthentication: null,
      now,
    });
  } catch (error) {
    // A twin request (a double click) entered first and the entry row's CHECK refused this batch:
    // the fan is told why, from the state the first one left.
    const state = (await loadFanRaffleStates(app.db, userId, [body.id])).get(body.id);
    if (!state) throw error;
    throw problemError(app, state.held + body.quantity > state.raffle.maxEntriesPerFan ? "raffleLimitReached" : "raffleClosed");
  }
  if (outcome.status === "error") throw problemError(app, outcome.code);
  if (outcome.status !== "paid") throw new ApiError(409, app.t("api.invalid"));
  return ok(c, { ...cart, purchase: outcome.purchase });
});

/** POST /me/fanclub/raffles/{id}/draw: draws the winners once entries have closed (manageRaffles). */
rafflesApi.post("/me/fanclub/raffles/:id/draw", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageRaffles");
  const notFound = () => new ApiError(404, app.t("api.notFound"));
  const raffleId = raffleIdParam(c.req.param("id"), notFound);
  const result = await drawRaffle(app.db, { fanclubId: op.fanclubId, raffleId, now: Date.now() });
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    throw new ApiError(409, app.t(`raffles:errors.${result.reason}`));
  }
  // the e-mails are stored with the result; the queue delivers them (50 per message)
  const chunks: number[][] = [];
  for (let i = 0; i < result.emailIds.length; i += 50) chunks.push(result.emailIds.slice(i, i + 50));
  for (let i = 0; i < chunks.length; i += 100) {
    const batch = chunks
      .slice(i, i + 100)
      .map((emailIds, k) => ({ body: { type: "emails" as const, key: `raffle-draw:${raffleId}:emails:${i + k}`, emailIds } }));
    c.executionCtx.waitUntil(c.env.JOBS.sendBatch(batch));
  }
  const view = await raffleForViewer(app.db, { fanclubId: op.fanclubId, raffleId, userId: app.user!.id, manages: true });
  return ok(c, { seed: result.seed, winners: view?.raffle.draw?.winners ?? [] });
});
