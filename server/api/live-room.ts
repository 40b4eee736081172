import { Hono } from "hono";
import { ROOM_TICKET_TTL_MS } from "../domain/live-room";
import type { AppEnv } from "../hono-env";
import { idParam } from "../http/params";
import { resolveLiveAccess } from "../live/live-access";
import { liveTicketSecret, signRoomTicket } from "../live/live-ticket";
import { ApiError, ok } from "./envelope";

/**
 * `POST /api/v1/live_events/{id}/room_ticket`: the viewer's right to watch is checked here, once,
 * against D1; the answer is a ticket for `/live/{id}/ws` valid for a minute (decision 022).
 */
export const liveRoomApi = new Hono<AppEnv>();

liveRoomApi.post("/:id/room_ticket", async (c) => {
  const app = c.get("app");
  if (!app.user) throw new ApiError(401, app.t("api.signInRequired"));
  let liveEventId: number;
  try {
    liveEventId = idParam(c.req.param("id"));
  } catch {
    throw new ApiError(404, app.t("api.notFound"));
  }
  const now = Date.now();
  const access = await resolveLiveAccess(app.db, liveEventId, app.user.id, now);
  // an event the viewer may not watch and one that does not exist answer alike: private events stay unseen
  if (!access) throw new ApiError(403, app.t("api.forbidden"));
  const exp = now + ROOM_TICKET_TTL_MS;
  const ticket = await signRoomTicket(liveTicketSecret(app.env), { ...access, locale: app.locale, exp });
  return ok(c, { ticket, expiresAt: exp, role: access.role, url: `/live/${liveEventId}/ws?ticket=${encodeURIComponent(ticket)}` });
});
