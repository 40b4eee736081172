import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { liveEventTicketTypes } from "../../db/schema";
import type { AppContext } from "../context";
import type { AppEnv } from "../hono-env";
import { PUBLIC_MEDIA_PREFIX, mediaUrl } from "../domain/images";
import { paymentProviderFrom } from "../integrations/payments";
import { randomToken } from "../security/crypto";
import { heldTicketItem } from "../services/cart-items/live-ticket";
import { owedRefundSink } from "../services/payouts/owed-refunds";
import { purchaseCart, type PurchaseSummary } from "../services/cart-purchase";
import { addCartItem } from "../services/carts";
import { listFanclubLives, listNowOnAir, listUpcomingLives, loadLiveDetail, setLiveEventCover } from "../services/live-events";
import { readImage, requireCreatorApi } from "./creator";
import { bodyOf } from "./body";
import { problemError } from "./carts";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

/**
 * Live events (spec §7 'live events (index, show, now_on_air)'), the free ticket call of spec §7
 * carts (POST /me/carts/free_ticket_purchase {id}) and the creator's cover upload. Paid tickets go
 * through POST /me/carts {type: LiveEventTicket, id: ticket type id, target_type: live_event_ticket}
 * and the purchase like any cart item.
 */
export const liveEventsApi = new Hono<AppEnv>();
export const liveTicketCartApi = new Hono<AppEnv>();
export const creatorLiveEventsApi = new Hono<AppEnv>();

const pageQuery = (value: string | undefined) => {
  const n = Number(value ?? "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

const idOf = (app: AppContext, value: string | undefined) => {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  return id;
};

function brandOf(app: AppContext): number {
  return (app.service ?? app.primaryService)?.id ?? 1;
}

/** GET /live_events: `?fanclubId=` gives that fan club's lives (coming, then past, `?page=`); otherwise the brand's coming lives. */
liveEventsApi.get("/", async (c) => {
  const app = c.get("app");
  const now = Date.now();
  const fanclubId = c.req.query("fanclubId");
  if (fanclubId !== undefined) return ok(c, await listFanclubLives(app.db, idOf(app, fanclubId), now, pageQuery(c.req.query("page"))));
  return ok(c, { liveEvents: await listUpcomingLives(app.db, brandOf(app), now) });
});

/** GET /live_events/now_on_air: inside their time window now (of `?fanclubId=`, or the brand). */
liveEventsApi.get("/now_on_air", async (c) => {
  const app = c.get("app");
  const fanclubId = c.req.query("fanclubId");
  const scope = fanclubId !== undefined ? { fanclubId: idOf(app, fanclubId) } : { serviceId: brandOf(app) };
  return ok(c, { liveEvents: await listNowOnAir(app.db, scope, Date.now()) });
});

/** GET /live_events/ticket_types/{id}: the event of a ticket type as the show call answers it, with `ticketTypeId` (modal page 10). */
liveEventsApi.get("/ticket_types/:id", async (c) => {
  const app = c.get("app");
  const typeId = idOf(app, c.req.param("id"));
  const type = await app.db
    .select({ eventId: liveEventTicketTypes.liveEventId })
    .from(liveEventTicketTypes)
    .where(eq(liveEventTicketTypes.id, typeId))
    .get();
  const detail = type ? await loadLiveDetail(app.db, type.eventId, app.user?.id ?? null, Date.now()) : null;
  if (!detail) throw new ApiError(404, app.t("lives:modal.missing"));
  return ok(c, { ...detail, ticketTypeId: typeId });
});

/** GET /live_events/{id}: the event, its ticket types and this viewer's ticket and right to watch. */
liveEventsApi.get("/:id", async (c) => {
  const app = c.get("app");
  const detail = await loadLiveDetail(app.db, idOf(app, c.req.param("id")), app.user?.id ?? null, Date.now());
  if (!detail) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, detail);
});

const freeBody = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * POST /me/carts/free_ticket_purchase {id}: gets a free ticket at once (spec §4 free flow) through
 * the cart and the purchase (total 0). The payload is the cart item with the purchase. A double
 * click, or a retry after the ticket landed, answers the ticket the fan already holds: one ticket
 * per fan and event is the database's rule, so the second request never makes another.
 */
liveTicketCartApi.post("/free_ticket_purchase", async (c) => {
  const app = c.get("app");
  const userId = requireApiUser(app).id;
  const { id } = freeBody.parse(await bodyOf(c));
  const now = Date.now();
  const held = async (purchase: PurchaseSummary | null) => {
    const item = await heldTicketItem(app.db, userId, id);
    return item ? ok(c, { ...item, purchase }) : null;
  };

  const type = await app.db
    .select({ price: liveEventTicketTypes.price })
    .from(liveEventTicketTypes)
    .where(eq(liveEventTicketTypes.id, id))
    .get();
  if (!type) throw problemError(app, "noProduct");
  // a paid ticket goes through the cart and the payment pages, never through this call
  if (type.price > 0) throw problemError(app, "invalidItem");

  const added = await addCartItem(app.db, { userId, type: "LiveEventTicket", targetType: "live_event_ticket", id, now });
  if (!added.ok) {
    if (added.problem === "alreadyOwned") {
      const again = await held(null);
      if (again) return again;
    }
    throw problemError(app, added.problem);
  }
  let outcome;
  try {
    outcome = await purchaseCart(app.db, paymentProviderFrom(app.env), {
      owedRefunds: owedRefundSink(app),
      userId,
      cartVersion: null,
      payload: { payment: "coin", isUsedCoin: false, toraCoin: 0 },
      sandboxAuthentication: null,
      now,
    });
  } catch (error) {
    // a twin request's purchase took the ticket first (the one-per-fan index failed this batch)
    const again = await held(null);
    if (again) return again;
    throw error;
  }
  if (outcome.status === "paid") {
    const answer = await held(outcome.purchase);
    if (answer) return answer;
  }
  const again = await held(null);
  if (again) return again;
  throw problemError(app, outcome.status === "error" ? outcome.code : "invalidItem");
});

/** PUT /me/fanclub/live_events/{id}/cover: the cropped 1200×630 cover, stored first and pointed at second. */
creatorLiveEventsApi.put("/:id/cover", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageLiveEvents");
  const id = idOf(app, c.req.param("id"));
  const { bytes, type } = await readImage(c);
  const key = `${PUBLIC_MEDIA_PREFIX}fanclubs/${op.fanclubId}/live-${id}-${randomToken(9)}.${type.ext}`;
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  const previous = await setLiveEventCover(app.db, op.fanclubId, id, key, Date.now());
  if (previous === undefined) {
    c.executionCtx.waitUntil(c.env.MEDIA.delete(key));
    throw new ApiError(404, app.t("api.notFound"));
  }
  if (previous && !previous.startsWith("/")) c.executionCtx.waitUntil(c.env.MEDIA.delete(previous));
  return ok(c, { url: mediaUrl(key) });
});
