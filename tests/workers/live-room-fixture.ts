import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import type { RoomRole } from "../../server/domain/live-room";
import type { Locale } from "../../server/domain/locale";
import { LOCAL_LIVE_TICKET_SECRET, signRoomTicket } from "../../server/live/live-ticket";
import { createLiveEvent, createLiveEventPlan, createLiveTicket, createTicketType } from "../factories";
import { hosts } from "./helpers";

export async function insertLiveEvent(
  fanclubId: number,
  ownerId: number,
  options: { visibility?: "plan" | "ticket" | "both"; status?: number; planIds?: number[]; endAt?: number } = {},
) {
  const now = Date.now();
  const event = await createLiveEvent(env.DB, {
    fanclubId,
    ownerId,
    title: "ライブ",
    startAt: new Date(now - 3_600_000),
    endAt: new Date(options.endAt ?? now + 3_600_000),
    visibility: options.visibility ?? "both",
    status: options.status ?? 0,
  });
  for (const planId of options.planIds ?? []) await createLiveEventPlan(env.DB, { liveEventId: event.id, planId });
  return event.id;
}

/** A bought (free) ticket: the purchase row the ticket points at, then the ticket. */
export async function insertLiveTicket(liveEventId: number, userId: number) {
  const type = await createTicketType(env.DB, { liveEventId, title: "一般", price: 0 });
  await createLiveTicket(env.DB, { liveEventId, ticketTypeId: type.id, userId, idempotencyKey: `test-ticket:${liveEventId}:${userId}` });
}

/** A ticket as the Worker signs it, made directly (the room tests are about the room, not the access rule). */
export function roomTicket(
  liveEventId: number,
  userId: number,
  role: RoomRole,
  options: { name?: string; iconUrl?: string | null; locale?: Locale; exp?: number; streamUntil?: number | null } = {},
) {
  return signRoomTicket(LOCAL_LIVE_TICKET_SECRET, {
    liveEventId,
    userId,
    role,
    name: options.name ?? `user${userId}`,
    iconUrl: options.iconUrl ?? null,
    locale: options.locale ?? "ja",
    exp: options.exp ?? Date.now() + 60_000,
    // the owner's ticket from the start-live call carries the stream's expiry; others none
    streamUntil: options.streamUntil !== undefined ? options.streamUntil : role === "owner" ? Date.now() + 3_600_000 : null,
  });
}

export function openSocket(liveEventId: number, ticket: string | null) {
  const query = ticket === null ? "" : `?ticket=${encodeURIComponent(ticket)}`;
  return SELF.fetch(`http://${hosts.www}/live/${liveEventId}/ws${query}`, { headers: { upgrade: "websocket" } });
}

type Message = Record<string, unknown> & { type: string };

/** One person's socket in a room: every message it received, and a way to wait for the next of a kind. */
export class RoomClient {
  readonly received: Message[] = [];
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  closed = false;

  constructor(readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    socket.addEventListener("close", () => {
      this.closed = true;
    });
  }

  static async join(liveEventId: number, userId: number, role: RoomRole, options: Parameters<typeof roomTicket>[3] = {}) {
    const res = await openSocket(liveEventId, await roomTicket(liveEventId, userId, role, options));
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const client = new RoomClient(socket);
    socket.accept();
    await client.next((m) => m.type === "welcome");
    return client;
  }

  get welcome() {
    return this.received.find((m) => m.type === "welcome")!;
  }

  send(message: Record<string, unknown>) {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message (already received or still to come) matching `match`, that no earlier call took. */
  next(match: (m: Message) => boolean, timeoutMs = 3_000): Promise<Message> {
    const seen = this.received.find((m) => match(m) && !this.taken.has(m));
    if (seen) {
      this.taken.add(seen);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(this.received.map((m) => m.type))}`)),
        timeoutMs,
      );
      this.waiters.push({
        match: (m) => match(m) && !this.taken.has(m),
        resolve: (m) => {
          clearTimeout(timer);
          this.taken.add(m);
          resolve(m);
        },
      });
    });
  }

  private readonly taken = new Set<Message>();

  /** Sends a ping and waits for its pong: everything the room sent before it has arrived. */
  async settle() {
    this.send({ type: "ping" });
    await this.next((m) => m.type === "pong");
  }

  close() {
    this.socket.close(1000, "bye");
  }
}
