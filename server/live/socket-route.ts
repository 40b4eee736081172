import type { Env } from "../env";
import { liveTicketSecret, ticketRefusalStatus, verifyRoomTicket } from "./live-ticket";

const SOCKET_PATH = /^\/live\/([1-9]\d{0,14})\/ws$/;

/** The live event of a room socket path (`/live/{id}/ws`), or null for any other path. */
export function liveSocketEventId(pathname: string): number | null {
  const m = SOCKET_PATH.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** The room of a live event: one Durable Object per event, named after it. */
export function liveRoomStub(env: Pick<Env, "LIVE_ROOM">, liveEventId: number) {
  return env.LIVE_ROOM.get(env.LIVE_ROOM.idFromName(`live:${liveEventId}`));
}

/**
 * `GET /live/{id}/ws?ticket=`: refused before any socket opens (401 without a valid ticket, 403
 * with another event's), then handed to the event's room, which checks the ticket again. Served
 * ahead of the page app: a 101 response must not pass through middleware that rebuilds responses.
 */
export async function handleLiveSocket(request: Request, env: Env, liveEventId: number): Promise<Response> {
  if (request.method !== "GET" || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return new Response("expected a WebSocket upgrade", { status: 426, headers: { upgrade: "websocket" } });
  }
  const ticket = new URL(request.url).searchParams.get("ticket");
  const verified = await verifyRoomTicket(liveTicketSecret(env), ticket, liveEventId, Date.now());
  if (!verified.ok) return new Response(verified.problem, { status: ticketRefusalStatus(verified.problem) });
  return liveRoomStub(env, liveEventId).fetch(request);
}
