import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../hono-env";
import { TICKET_LIMITS } from "../domain/special-tickets";
import { requireApiUser } from "../http/require-user";
import { addCartItem } from "../services/carts";
import { fanCampaignOf, fanCampaignsOf } from "../services/community/fan-campaigns";
import { openGoalOf } from "../services/community/share-goals";
import { heldTickets, redeemSpecialTicket, ticketShopOf } from "../services/community/special-tickets";
import { bodyOf } from "./body";
import { cartPayload, problemError } from "./carts";
import { ApiError, ok } from "./envelope";

/**
 * Special tickets, campaigns and share goals over the API (docs/decisions/037): the fan's tickets
 * and using one, buying a ticket through the cart, the fan's campaigns, a fan club's open goal.
 */
export const communityApi = new Hono<AppEnv>();

function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /me/special_tickets: the fan's tickets, usable first. */
communityApi.get("/me/special_tickets", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  return ok(c, { tickets: await heldTickets(app.db, user.id, Date.now()) });
});

const useBody = z.object({
  purpose: z.string().max(TICKET_LIMITS.purpose).default("self"),
  idempotencyKey: z.string().min(8).max(100),
});

/**
 * POST /me/special_tickets/{id}/use {purpose, idempotencyKey}: uses the ticket once. A retry
 * with the same key answers the first use; any other second use is a 409.
 */
communityApi.post("/me/special_tickets/:id/use", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const id = idParam(c.req.param("id"));
  if (!id) throw new ApiError(404, app.t("community:errors.notFound"));
  const body = useBody.parse(await bodyOf(c));
  const result = await redeemSpecialTicket(app.db, {
    ticketId: id,
    userId: user.id,
    purpose: body.purpose,
    idempotencyKey: body.idempotencyKey,
  });
  if (!result.ok) {
    const status = result.reason === "notFound" ? 404 : result.reason === "invalidPurpose" ? 400 : 409;
    throw new ApiError(status, app.t(`community:errors.${result.reason}`, { max: TICKET_LIMITS.purpose }));
  }
  return ok(c, {
    id: result.ticket.id,
    usedAt: result.ticket.usedAt?.getTime() ?? null,
    usedPurpose: result.ticket.usedPurpose,
    replayed: result.replayed,
  });
});

/**
 * GET /special_ticket_types/{id}: a ticket type on sale as the payment modal's ticket page shows it
 * (price, what it grants, validity, the viewer's usable tickets of it and what the button offers).
 * A type that is ended, not sold or of a fan club that is not open is a 404 that says so.
 */
communityApi.get("/special_ticket_types/:id", async (c) => {
  const app = c.get("app");
  const id = idParam(c.req.param("id"));
  const shop = id ? await ticketShopOf(app.db, { typeId: id }, app.user?.id ?? null, Date.now()) : null;
  const ticket = shop?.tickets[0];
  if (!shop || !ticket) throw new ApiError(404, app.t("community:errors.notOnSale"));
  return ok(c, { fanclub: shop.fanclub, ticket });
});

const purchaseBody = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  quantity: z.coerce.number().int().min(1).max(10).default(1),
});

/** POST /me/carts/special_ticket_purchase {id, quantity}: the cart now holds the tickets (payload: the cart, for the modal's page 2). */
communityApi.post("/me/carts/special_ticket_purchase", async (c) => {
  const app = c.get("app");
  const userId = requireApiUser(app).id;
  const body = purchaseBody.parse(await bodyOf(c));
  const added = await addCartItem(app.db, {
    userId,
    type: "SpecialTicket",
    targetType: "special_ticket",
    id: body.id,
    quantity: body.quantity,
    now: Date.now(),
  });
  if (!added.ok) throw problemError(app, added.problem);
  return ok(c, await cartPayload(app, userId));
});

/** GET /me/campaigns: the campaigns the fan took part in and the running ones they can join. */
communityApi.get("/me/campaigns", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  return ok(c, { campaigns: await fanCampaignsOf(app.db, user.id, Date.now()) });
});

/** GET /me/campaigns/{id}: one campaign and what this fan earned in it. */
communityApi.get("/me/campaigns/:id", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const id = idParam(c.req.param("id"));
  const campaign = id ? await fanCampaignOf(app.db, user.id, id) : null;
  if (!campaign) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, campaign);
});

/** GET /fanclubs/{id}/share_goal: the fan club's open goal and its progress (public). */
communityApi.get("/fanclubs/:id/share_goal", async (c) => {
  const app = c.get("app");
  const id = idParam(c.req.param("id"));
  if (!id) throw new ApiError(404, app.t("api.notFound"));
  const found = await openGoalOf(app.db, id, Date.now());
  return ok(c, {
    goal: found
      ? {
          id: found.goal.id,
          title: found.goal.title,
          metric: found.goal.metric,
          target: found.goal.target,
          deadline: found.goal.deadline.getTime(),
          reward: found.goal.reward,
          progress: found.progress,
        }
      : null,
  });
});
