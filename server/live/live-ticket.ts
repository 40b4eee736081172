import { ROOM_ROLES, type RoomRole } from "../domain/live-room";
import { isLocale, type Locale } from "../domain/locale";
import type { Env } from "../env";
import { constantTimeEqual, fromBase64Url, hmacSha256, toBase64Url } from "../security/crypto";

/**
 * Room tickets (decision 022): the Worker checks a viewer's right to watch against D1 once, then
 * hands the browser a short-lived HMAC-signed ticket; the socket upgrade and the Durable Object
 * trust only the ticket, so the room never reads D1 and a copied ticket dies within a minute.
 *
 * Format: `<base64url(JSON payload)>.<base64url(HMAC-SHA256(secret, "live-room-ticket|" + payload part))>`.
 * bench/live-chat.mjs signs the same format with the local secret (refused in production).
 */
export interface RoomTicket {
  liveEventId: number;
  userId: number;
  role: RoomRole;
  name: string;
  iconUrl: string | null;
  /** the language the room answers this socket's errors in */
  locale: Locale;
  /** expiry, ms since the epoch */
  exp: number;
  /**
   * Only in the ticket the start-live call gives the event's owner: the socket may publish until
   * this instant (the stream token's expiry, spec §4). Null in every other ticket.
   */
  streamUntil: number | null;
}

export const LOCAL_LIVE_TICKET_SECRET = "local-development-live-ticket-secret";

/** Production refuses to run on the local key: anyone could read it here and mint tickets. */
export function liveTicketSecret(env: Pick<Env, "ENVIRONMENT" | "LIVE_TICKET_SECRET">): string {
  const secret = env.LIVE_TICKET_SECRET;
  if (env.ENVIRONMENT === "production" && (!secret || secret === LOCAL_LIVE_TICKET_SECRET || secret.length < 32)) {
    throw new Error("LIVE_TICKET_SECRET must be set to a secret of at least 32 characters in production");
  }
  return secret || LOCAL_LIVE_TICKET_SECRET;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function mac(secret: string, payloadPart: string): Promise<Uint8Array> {
  return hmacSha256(secret, `live-room-ticket|${payloadPart}`);
}

export async function signRoomTicket(secret: string, ticket: RoomTicket): Promise<string> {
  const payload = {
    e: ticket.liveEventId,
    u: ticket.userId,
    r: ticket.role,
    n: ticket.name,
    i: ticket.iconUrl,
    l: ticket.locale,
    x: ticket.exp,
    s: ticket.streamUntil,
  };
  const payloadPart = toBase64Url(encoder.encode(JSON.stringify(payload)));
  return `${payloadPart}.${toBase64Url(await mac(secret, payloadPart))}`;
}

/** missing/forged/expired: 401 (ask for a new ticket); otherEvent: 403 (this ticket opens another room). */
export type TicketProblem = "missing" | "forged" | "expired" | "otherEvent";

export async function verifyRoomTicket(
  secret: string,
  token: string | null,
  liveEventId: number,
  now: number,
): Promise<{ ok: true; ticket: RoomTicket } | { ok: false; problem: TicketProblem }> {
  if (!token) return { ok: false, problem: "missing" };
  const [payloadPart, signaturePart, extra] = token.split(".");
  if (!payloadPart || !signaturePart || extra !== undefined) return { ok: false, problem: "forged" };
  let ticket: RoomTicket;
  try {
    if (!constantTimeEqual(fromBase64Url(signaturePart), await mac(secret, payloadPart))) return { ok: false, problem: "forged" };
    const p = JSON.parse(decoder.decode(fromBase64Url(payloadPart))) as Record<string, unknown>;
    if (
      !Number.isSafeInteger(p.e) ||
      !Number.isSafeInteger(p.u) ||
      !ROOM_ROLES.includes(p.r as RoomRole) ||
      typeof p.n !== "string" ||
      !(p.i === null || typeof p.i === "string") ||
      !isLocale(p.l) ||
      !Number.isSafeInteger(p.x) ||
      !(p.s === undefined || p.s === null || Number.isSafeInteger(p.s))
    ) {
      return { ok: false, problem: "forged" };
    }
    ticket = {
      liveEventId: p.e as number,
      userId: p.u as number,
      role: p.r as RoomRole,
      name: p.n,
      iconUrl: p.i as string | null,
      locale: p.l,
      exp: p.x as number,
      streamUntil: (p.s as number | null | undefined) ?? null,
    };
  } catch {
    return { ok: false, problem: "forged" };
  }
  if (ticket.exp <= now) return { ok: false, problem: "expired" };
  if (ticket.liveEventId !== liveEventId) return { ok: false, problem: "otherEvent" };
  return { ok: true, ticket };
}

export function ticketRefusalStatus(problem: TicketProblem): 401 | 403 {
  return problem === "otherEvent" ? 403 : 401;
}
