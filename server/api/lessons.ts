import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { lessonSlots } from "../../db/schema";
import { type z } from "zod";
import type { AppEnv } from "../hono-env";
import { lessonSlotSchema, type TicketSeatRefusal } from "../domain/lessons";
import { paymentProviderFrom } from "../integrations/payments";
import { purchaseCart } from "../services/cart-purchase";
import { owedRefundSink } from "../services/payouts/owed-refunds";
import { addCartItem } from "../services/carts";
import {
  createLessonSlot,
  finishLessonSlot,
  listCreatorSlots,
  listPublicSlots,
  loadHeldSlot,
  reserveWithTicket,
  updateLessonSlot,
} from "../services/lessons";
import { requireApiUser } from "../http/require-user";
import { bodyOf } from "./body";
import { cartPayload, problemError } from "./carts";
import { requireCreatorApi } from "./creator";
import { ApiError, ok } from "./envelope";

/**
 * Lessons over the API (spec §7 lessons: index, reserve): a fan club's slots, one slot for the
 * modal's page 80, reserving a seat through the cart, and the creator's slots (can_lesson_manage).
 */
export const lessonsApi = new Hono<AppEnv>();

function idParam(value: string | undefined, notFound: () => ApiError): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/**
 * GET /fanclubs/{id}/lessons[?post={postId}]: the lesson tab's slots with the viewer's seats (no
 * outside links); with `post`, only the slots of that lesson post (what the post page offers).
 */
lessonsApi.get("/fanclubs/:id/lessons", async (c) => {
  const app = c.get("app");
  const notFound = () => new ApiError(404, app.t("api.notFound"));
  const fanclubId = idParam(c.req.param("id"), notFound);
  const post = c.req.query("post");
  const postId = post === undefined ? undefined : idParam(post, notFound);
  const list = await listPublicSlots(app.db, { fanclubId, postId }, app.user?.id ?? null, Date.now());
  if (!list.fanclub) throw notFound();
  return ok(c, list);
});

/** GET /lessons/{id}: one slot as the modal's page 80 shows it, with the viewer's seat and, for a seat holder, the link. */
lessonsApi.get("/lessons/:id", async (c) => {
  const app = c.get("app");
  const notFound = () => new ApiError(404, app.t("lessons:errors.notFound"));
  const slotId = idParam(c.req.param("id"), notFound);
  const user = requireApiUser(app);
  const now = Date.now();
  const held = await loadHeldSlot(app.db, slotId, user.id, now);
  if (held) return ok(c, held);
  const fanclubId = Number(c.req.query("fanclubId") ?? "0");
  const scope = await app.db.select({ fanclubId: lessonSlots.fanclubId }).from(lessonSlots).where(eq(lessonSlots.id, slotId)).get();
  if (!scope || (fanclubId && fanclubId !== scope.fanclubId)) throw notFound();
  const list = await listPublicSlots(app.db, { fanclubId: scope.fanclubId }, user.id, now);
  const slot = list.slots.find((s) => s.id === slotId);
  if (!slot || !list.fanclub) throw notFound();
  return ok(c, { slot, fanclub: { id: list.fanclub.id, name: list.fanclub.name }, reservation: null, manages: false, externalUrl: null });
});

/**
 * POST /lessons/{id}/reserve: the cart now holds the seat (payload: the cart, for the modal's page
 * 2). A free lesson is reserved at once through the purchase (total 0) and answered with
 * `purchase` beside the cart. The seat count is the database's: two fans on the last seat, one
 * gets it and the other is told it is full.
 */
lessonsApi.post("/lessons/:id/reserve", async (c) => {
  const app = c.get("app");
  const userId = requireApiUser(app).id;
  const slotId = idParam(c.req.param("id"), () => new ApiError(404, app.t("lessons:errors.notFound")));
  const now = Date.now();
  const added = await addCartItem(app.db, { userId, type: "LessonReservation", targetType: "lesson_slot", id: slotId, now });
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
    // a twin request (a double click) took the seat first: the one-seat-per-fan index refused this batch
    if (await loadHeldSlot(app.db, slotId, userId, now)) throw problemError(app, "alreadyOwned");
    throw error;
  }
  if (outcome.status === "error") throw problemError(app, outcome.code);
  if (outcome.status !== "paid") throw new ApiError(409, app.t("api.invalid"));
  return ok(c, { ...cart, purchase: outcome.purchase });
});

const TICKET_SEAT_STATUS: Record<TicketSeatRefusal, 400 | 404 | 409> = {
  notFound: 404,
  notTicketSlot: 400,
  alreadyReserved: 409,
  soldOut: 409,
  closed: 409,
  noTicket: 409,
};

/**
 * POST /lessons/{id}/reserve_with_ticket: takes a seat of a ticket slot with one of the fan's
 * usable tickets of its type (the oldest expiry first). The ticket is used in the seat's own batch:
 * a full slot keeps the ticket, one ticket never pays two seats, a retry answers the same seat.
 */
lessonsApi.post("/lessons/:id/reserve_with_ticket", async (c) => {
  const app = c.get("app");
  const userId = requireApiUser(app).id;
  const slotId = idParam(c.req.param("id"), () => new ApiError(404, app.t("lessons:ticketSeat.notFound")));
  const result = await reserveWithTicket(app.db, { slotId, userId, now: Date.now() });
  if (!result.ok) throw new ApiError(TICKET_SEAT_STATUS[result.reason], app.t(`lessons:ticketSeat.${result.reason}`));
  return ok(c, { reservationId: result.reservationId, replayed: result.replayed, message: app.t("lessons:ticketSeat.reserved") });
});

/** GET /me/fanclub/lesson_reserve: the creator's slots. */
lessonsApi.get("/me/fanclub/lesson_reserve", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageLessons");
  return ok(c, { slots: await listCreatorSlots(app.db, op.fanclubId, Date.now()) });
});

function formErrors(issues: z.ZodIssue[]) {
  return issues.map((i) => ({ message: i.message, target: String(i.path[0] ?? "base") }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route of this API
async function slotInput(c: Context<AppEnv, any>) {
  const app = c.get("app");
  const raw = await bodyOf(c);
  const parsed = lessonSlotSchema(app.t, Date.now()).safeParse(raw);
  if (!parsed.success) {
    const errors = formErrors(parsed.error.issues);
    throw new ApiError(400, errors[0]?.message ?? app.t("api.invalid"), errors);
  }
  return parsed.data;
}

/** POST /me/fanclub/lesson_reserve: opens a slot. */
lessonsApi.post("/me/fanclub/lesson_reserve", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageLessons");
  const input = await slotInput(c);
  const saved = await createLessonSlot(app.db, { fanclubId: op.fanclubId, ownerId: op.role.ownerId }, input, Date.now());
  if (!saved.ok) throw new ApiError(400, app.t(`lessons:errors.${saved.reason}`));
  return ok(c, { id: saved.id });
});

/** PUT /me/fanclub/lesson_reserve/{id}: saves a slot (the schedule is locked once a seat is taken). */
lessonsApi.put("/me/fanclub/lesson_reserve/:id", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageLessons");
  const slotId = idParam(c.req.param("id"), () => new ApiError(404, app.t("lessons:errors.notFound")));
  const input = await slotInput(c);
  const saved = await updateLessonSlot(app.db, op.fanclubId, slotId, input, Date.now());
  if (!saved.ok) throw new ApiError(saved.reason === "notFound" ? 404 : 409, app.t(`lessons:errors.${saved.reason}`));
  return ok(c, { id: saved.id });
});

/** POST /me/fanclub/lesson_reserve/{id}/{done|cancel}: holds the lesson to its end; a cancel refunds every paid seat. */
lessonsApi.post("/me/fanclub/lesson_reserve/:id/:action{done|cancel}", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageLessons");
  const slotId = idParam(c.req.param("id"), () => new ApiError(404, app.t("lessons:errors.notFound")));
  const action = c.req.param("action") as "done" | "cancel";
  // the route guard sends this path to the user domain from any host
  const url = "/me/purchase_histories/lesson_reservation";
  const result = await finishLessonSlot(app.db, paymentProviderFrom(app.env), {
    fanclubId: op.fanclubId,
    slotId,
    action,
    now: Date.now(),
    url,
    owedRefunds: owedRefundSink(app),
  });
  if (!result.ok) throw new ApiError(result.reason === "notFound" ? 404 : 409, app.t(`lessons:errors.${result.reason}`));
  return ok(c, result);
});
