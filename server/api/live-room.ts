import { Hono, type Context } from "hono";
import { z } from "zod";
import { MIRROR_MODES, ROOM_TICKET_TTL_MS, roomOpen, streamDeadline } from "../domain/live-room";
import type { AppEnv } from "../hono-env";
import { idParam } from "../http/params";
import { liveVideoProviderFrom } from "../integrations/live-video";
import { LiveVideoUnavailableError } from "../integrations/live-video/errors";
import type { LiveVideoJoin, LiveVideoRole } from "../integrations/live-video/types";
import { resolveLiveAccess, type LiveAccess } from "../live/live-access";
import { liveTicketSecret, signRoomTicket } from "../live/live-ticket";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

/**
 * The live page's two calls into a live event (decision 022, spec §7):
 * - `POST /api/v1/live_events/{id}/room_ticket`: the right to watch is checked here, once, against
 *   D1; the answer is a ticket for `/live/{id}/ws` valid for a minute, and, for everyone but the
 *   owner, how to receive the video.
 * - `POST /api/v1/live_events/{id}/start_live {camera_id, microphone_id, mirror_mode}`: the owner's
 *   start; the answer carries the publishing ticket whose stream token expires at the event's end
 *   plus the grace (the room then ends the stream), and how to publish the video.
 */
export const liveRoomApi = new Hono<AppEnv>();

/** The person's access to an open room, or the refusal a person can read. */
async function openRoomAccess(c: Context<AppEnv>): Promise<LiveAccess> {
  const app = c.get("app");
  const user = requireApiUser(app);
  let liveEventId: number;
  try {
    liveEventId = idParam(c.req.param("id"));
  } catch {
    throw new ApiError(404, app.t("api.notFound"));
  }
  const access = await resolveLiveAccess(app.db, liveEventId, user.id, Date.now());
  // an event the viewer may not watch and one that does not exist answer alike: private events stay unseen
  if (!access) throw new ApiError(403, app.t("api.forbidden"));
  if (!roomOpen(access.event, Date.now())) throw new ApiError(410, app.t("lives:public.ended"));
  return access;
}

/** Joining the video never breaks the page: a provider outage is a 503 the page shows beside a working chat. */
async function videoJoin(c: Context<AppEnv>, access: LiveAccess, role: LiveVideoRole): Promise<LiveVideoJoin> {
  const app = c.get("app");
  try {
    return await liveVideoProviderFrom(app.env, app.db).join({
      liveEventId: access.liveEventId,
      userId: access.userId,
      name: access.name,
      iconUrl: access.iconUrl,
      role,
    });
  } catch (error) {
    if (error instanceof LiveVideoUnavailableError) throw new ApiError(503, app.t("lives:watch.videoUnavailable"));
    throw error;
  }
}

async function ticketFor(c: Context<AppEnv>, access: LiveAccess, streamUntil: number | null) {
  const app = c.get("app");
  const exp = Date.now() + ROOM_TICKET_TTL_MS;
  const { event: _event, ...who } = access;
  const ticket = await signRoomTicket(liveTicketSecret(app.env), { ...who, locale: app.locale, exp, streamUntil });
  return { ticket, expiresAt: exp, role: access.role, url: `/live/${access.liveEventId}/ws?ticket=${encodeURIComponent(ticket)}` };
}

liveRoomApi.post("/:id/room_ticket", async (c) => {
  const access = await openRoomAccess(c);
  // the owner's video is the publishing side: it joins through start_live, not here; a page that
  // already has its video (a socket reconnect) asks without, so no provider join is made twice
  const wantsVideo = (await bodyOf(c)).video !== false;
  const video = access.role === "owner" || !wantsVideo ? null : await videoJoin(c, access, "viewer");
  return ok(c, { ...(await ticketFor(c, access, null)), liveEventId: access.liveEventId, liveEventUserId: access.userId, video });
});

/** Device ids are the browser's own opaque strings; the server only bounds them (they are not stored). */
const startBody = z.object({
  camera_id: z.string().max(512).optional().default(""),
  microphone_id: z.string().max(512).optional().default(""),
  mirror_mode: z.enum(MIRROR_MODES),
  /** false on a publishing page's reconnect: it keeps the video session it has */
  video: z.boolean().optional().default(true),
});

liveRoomApi.post("/:id/start_live", async (c) => {
  const app = c.get("app");
  const access = await openRoomAccess(c);
  // spec §4: only the event's owner (user id equals event owner id) publishes
  if (access.role !== "owner") throw new ApiError(403, app.t("live:errors.publishNotAllowed"));
  const parsed = startBody.safeParse(await bodyOf(c));
  if (!parsed.success) {
    const message = app.t("lives:watch.mirrorInvalid");
    throw new ApiError(400, message, [{ message, target: "mirror_mode" }]);
  }
  const streamUntil = streamDeadline(access.event);
  const video = parsed.data.video ? await videoJoin(c, access, "host") : null;
  return ok(c, {
    ...(await ticketFor(c, access, streamUntil)),
    liveEventId: access.liveEventId,
    liveEventOwnerId: access.userId,
    streamUntil,
    mirrorMode: parsed.data.mirror_mode,
    video,
  });
});
