import { callApi } from "~/lib/api";
import { reconnectDelay } from "../../../../server/domain/live-room";
import type { LiveVideoJoin, RoomMessage } from "../video/types";

/** What the room_ticket and start_live calls answer (server/api/live-room.ts). */
export interface RoomTicketPayload {
  ticket: string;
  url: string;
  role: "owner" | "editor" | "viewer";
  video: LiveVideoJoin | null;
  streamUntil?: number;
  mirrorMode?: string;
}

export type ConnectionState =
  | { kind: "connecting" }
  | { kind: "open" }
  /** dropped (a deploy, the network); trying again after `inMs` */
  | { kind: "retrying"; inMs: number }
  /** the Worker said no (signed out, no right to watch, ended): trying again would not help */
  | { kind: "refused"; status: number; message: string }
  | { kind: "closed" };

/**
 * `withVideo`: whether the answer should carry a video join. A provider may create a participant
 * per join (RealtimeKit), so a page asks for one only while it has no video session; a reconnect
 * of the room's socket keeps the video it has.
 */
export type TicketSource = (request: {
  withVideo: boolean;
}) => Promise<{ ok: true; payload: RoomTicketPayload } | { ok: false; status: number; message: string }>;

/** The room ticket of one event, through the API (the Worker checks the right to watch). */
export function ticketFrom(liveEventId: number, call: "room_ticket" | "start_live", body?: Record<string, unknown>): TicketSource {
  return async ({ withVideo }) => {
    const res = await callApi<RoomTicketPayload>(`/live_events/${liveEventId}/${call}`, {
      method: "POST",
      body: { ...body, video: withVideo },
      timeoutMs: 15_000,
    });
    if (res.success) return { ok: true, payload: res.payload };
    return { ok: false, status: res.status, message: res.payload?.message ?? "" };
  };
}

/**
 * One browser's socket into a live event's room (decision 022). It asks the Worker for a ticket,
 * opens `/live/{id}/ws`, and when the socket drops it tries again with exponential backoff and
 * jitter (reconnectDelay), asking for a fresh ticket each time (tickets live a minute). A 4xx from
 * the ticket call stops it: the person may no longer watch, or the live ended.
 */
export class LiveRoomConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly messageListeners = new Set<(m: RoomMessage) => void>();
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private readonly ticketListeners = new Set<(p: RoomTicketPayload) => void>();
  state: ConnectionState = { kind: "connecting" };
  /** set by the page once it has a video session (see TicketSource) */
  withVideo = true;

  constructor(private source: TicketSource) {}

  start(): void {
    this.stopped = false;
    void this.open();
  }

  /** Opens again with another ticket source (the owner's start_live ticket, which may publish). */
  switchTicket(source: TicketSource): void {
    this.source = source;
    this.attempt = 0;
    this.dropSocket();
    void this.open();
  }

  send(message: Record<string, unknown>): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  onMessage(listener: (m: RoomMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onState(listener: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Every ticket the connection opened with: the video join and the role come with it. */
  onTicket(listener: (p: RoomTicketPayload) => void): () => void {
    this.ticketListeners.add(listener);
    return () => this.ticketListeners.delete(listener);
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dropSocket();
    this.setState({ kind: "closed" });
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, "leaving");
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const l of this.stateListeners) l(state);
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    this.setState({ kind: "connecting" });
    let answer: Awaited<ReturnType<TicketSource>>;
    try {
      answer = await this.source({ withVideo: this.withVideo });
    } catch {
      return this.retry();
    }
    if (this.stopped) return;
    if (!answer.ok) {
      if (answer.status >= 400 && answer.status < 500)
        return this.setState({ kind: "refused", status: answer.status, message: answer.message });
      return this.retry();
    }
    for (const l of this.ticketListeners) l(answer.payload);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${answer.payload.url}`);
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      let message: RoomMessage;
      try {
        message = JSON.parse(String(event.data)) as RoomMessage;
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.attempt = 0;
        this.setState({ kind: "open" });
      }
      if (message.type === "revoked") {
        // the room found this person may no longer watch (a membership ended, a refund, a block):
        // say why and stay closed; a new ticket would be refused anyway
        this.socket = null;
        this.setState({ kind: "refused", status: 403, message: String(message.message) });
        socket.close(1000, "revoked");
        return;
      }
      for (const l of this.messageListeners) l(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const l of this.messageListeners) l({ type: "disconnected" });
      this.retry();
    });
  }

  private retry(): void {
    if (this.stopped) return;
    const inMs = reconnectDelay(this.attempt++, Math.random());
    this.setState({ kind: "retrying", inMs });
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.open();
    }, inMs);
  }
}
