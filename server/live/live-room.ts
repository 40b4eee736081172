import { DurableObject } from "cloudflare:workers";
import { createDb } from "../../db/client";
import {
  CHAT_LIMITS,
  canBeMuted,
  canModerate,
  canPublish,
  chatText,
  isMirrorMode,
  isOnAir,
  mayRelaySignal,
  mirrorFor,
  nextRecheckAt,
  nextRoomAlarm,
  rateLimit,
} from "../domain/live-room";
import type { Locale } from "../domain/locale";
import { translatorFor } from "../i18n";
import { recordLiveOnAir } from "../services/live-events";
import { resolveLiveAccessMany } from "./live-access";
import { liveSocketEventId } from "./socket-route";
import { liveTicketSecret, ticketRefusalStatus, verifyRoomTicket, type RoomTicket } from "./live-ticket";

/**
 * Who a socket is: its ticket (without the expiry, which only gated the opening) and its state;
 * kept with the socket itself (serializeAttachment), so it survives hibernation.
 */
interface Peer extends Omit<RoomTicket, "exp"> {
  peerId: string;
  /** the owner's socket announced `publish` (spec §4 "published") */
  published: boolean;
  /** viewers see the published video mirrored (the streamer's mirror mode) */
  mirror: boolean;
}

export interface ChatMessage {
  id: number;
  userId: number;
  name: string;
  iconUrl: string | null;
  text: string;
  at: number;
}

export type RoomErrorCode =
  | "empty"
  | "tooLong"
  | "rateLimited"
  | "muted"
  | "notAllowed"
  | "publishNotAllowed"
  | "streamNotStarted"
  | "streamExpired"
  | "invalid"
  | "peerGone"
  | "accessEnded";

const SIGNALS = new Set(["offer", "answer", "ice"]);
/** Presence goes out at most this often, so a crowd arriving costs n messages a second, not n². */
const PRESENCE_INTERVAL_MS = 1_000;
const OPEN = 1;

/**
 * One instance per live event (`idFromName("live:{id}")`), decision 022. Sockets use the
 * hibernation API, so an idle room costs nothing; each socket's identity comes from the signed
 * ticket it opened with (re-verified here: the room trusts no caller) and lives in its attachment.
 * The room keeps the last 100 chat messages and the muted fans in its own SQLite; rate-limit
 * windows live in memory (an object only hibernates after the window has long passed).
 */
/**
 * What a room may touch: its own SQLite, the database for on-air reports and the ticket key. Named
 * here rather than taken from the Worker's Env, whose LIVE_ROOM binding refers back to this class.
 */
interface RoomEnv {
  DB: D1Database;
  ENVIRONMENT: string;
  LIVE_TICKET_SECRET?: string;
}

export class LiveRoom extends DurableObject<RoomEnv> {
  private readonly sentAt = new Map<number, number[]>();
  private lastPresenceAt = 0;
  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The muted fans, read from storage once per wake of the room and kept in step by mute and
   * unmute (only this instance writes them): every chat message asks, and a query each was a
   * storage read on the path of every message.
   */
  private mutedUsers: Set<number> | null = null;
  /** on-air reports to D1, one after another, so the last transition is the one that stays */
  private reports: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, name TEXT NOT NULL, icon_url TEXT, text TEXT NOT NULL, at INTEGER NOT NULL)",
      );
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS mutes (user_id INTEGER PRIMARY KEY, muted_by INTEGER NOT NULL, at INTEGER NOT NULL)",
      );
      // fans a moderator put out of this live for good (issue 17): they may not come back in
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS removed (user_id INTEGER PRIMARY KEY, removed_by INTEGER NOT NULL, at INTEGER NOT NULL)",
      );
      // the on-air state D1 last accepted from this room, and when the access re-check is due
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
    });
  }

  /** For tests and operators: what the room holds right now. */
  snapshot(): { presence: number; onAir: boolean; history: number; muted: number[] } {
    const history = Number(this.ctx.storage.sql.exec("SELECT COUNT(*) AS n FROM messages").one().n);
    const muted = this.ctx.storage.sql
      .exec("SELECT user_id FROM mutes ORDER BY user_id")
      .toArray()
      .map((r) => Number(r.user_id));
    return { presence: this.openSockets().length, onAir: isOnAir(this.peers()), history, muted };
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("expected a WebSocket upgrade", { status: 426 });
    const url = new URL(request.url);
    const liveEventId = liveSocketEventId(url.pathname);
    if (liveEventId === null) return new Response("Not Found", { status: 404 });
    const verified = await verifyRoomTicket(liveTicketSecret(this.env), url.searchParams.get("ticket"), liveEventId, Date.now());
    if (!verified.ok) return new Response(verified.problem, { status: ticketRefusalStatus(verified.problem) });

    const { ticket } = verified;
    if (canBeMuted(ticket.role) && this.isRemoved(ticket.userId)) return this.turnAway(ticket.locale);
    const { exp: _opened, ...who } = ticket;
    const peer: Peer = { ...who, peerId: crypto.randomUUID(), published: false, mirror: false };
    const pair = new WebSocketPair();
    const server = pair[1];
    // tags find a socket by peer id (signaling) and the owner's sockets without reading every attachment
    this.ctx.acceptWebSocket(server, [`peer:${peer.peerId}`, `role:${peer.role}`]);
    server.serializeAttachment(peer);

    const publisher = this.owners().find((p) => p.published) ?? null;
    // a restart (a deploy) drops sockets without close events: the lists must not keep saying
    // on air for a room nobody broadcasts in; a reconnecting owner reports on air again
    if (publisher === null && this.reportedOnAir()) this.reportOnAir(liveEventId, false);
    server.send(
      JSON.stringify({
        type: "welcome",
        peerId: peer.peerId,
        userId: peer.userId,
        role: peer.role,
        presence: this.presence(),
        onAir: publisher !== null,
        publisherPeerId: publisher?.peerId ?? null,
        mirror: publisher?.mirror ?? false,
        muted: canBeMuted(peer.role) && this.isMuted(peer.userId),
        history: this.history(),
      }),
    );
    if (peer.role !== "owner") this.toPublishers({ type: "peerJoined", peerId: peer.peerId, userId: peer.userId, name: peer.name });
    this.schedulePresence();
    await this.scheduleAlarm();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const peer = ws.deserializeAttachment() as Peer;
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = typeof raw === "string" ? JSON.parse(raw) : null;
      if (!parsed || typeof parsed !== "object") throw new Error("not an object");
      message = parsed as Record<string, unknown>;
    } catch {
      return this.refuse(ws, peer, "invalid");
    }
    const type = message.type;
    if (type === "ping") return ws.send(JSON.stringify({ type: "pong" }));
    if (type === "chat") return this.chat(ws, peer, message);
    if (type === "delete") return this.deleteMessage(ws, peer, message);
    if (type === "mute" || type === "unmute") return this.mute(ws, peer, message, type === "mute");
    if (type === "remove") return this.remove(ws, peer, message);
    if (type === "publish" || type === "unpublish") return this.publish(ws, peer, type === "publish", message);
    if (typeof type === "string" && SIGNALS.has(type)) return this.signal(ws, peer, type, message);
    this.refuse(ws, peer, "invalid");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 describe a close without a code; they cannot be sent back
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    this.left(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.left(ws);
  }

  // ---------------------------------------------------------------------------------------------

  private chat(ws: WebSocket, peer: Peer, message: Record<string, unknown>): void {
    if (message.liveEventId !== undefined && Number(message.liveEventId) !== peer.liveEventId) return this.refuse(ws, peer, "invalid");
    if (canBeMuted(peer.role) && this.isMuted(peer.userId)) return this.refuse(ws, peer, "muted");
    const { text, problem } = chatText(message.text);
    if (problem) return this.refuse(ws, peer, problem);
    const now = Date.now();
    const limit = rateLimit(this.sentAt.get(peer.userId) ?? [], now);
    this.sentAt.set(peer.userId, limit.sent);
    if (!limit.allowed) return this.refuse(ws, peer, "rateLimited");
    const row = this.ctx.storage.sql
      .exec(
        "INSERT INTO messages (user_id, name, icon_url, text, at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        peer.userId,
        peer.name,
        peer.iconUrl,
        text,
        now,
      )
      .one();
    const id = Number(row.id);
    // only the newest messages are ever read (a newcomer's history); older ones go
    this.ctx.storage.sql.exec("DELETE FROM messages WHERE id <= ?", id - CHAT_LIMITS.history);
    const chat: ChatMessage = { id, userId: peer.userId, name: peer.name, iconUrl: peer.iconUrl, text, at: now };
    this.broadcast({ type: "chat", message: chat });
  }

  private deleteMessage(ws: WebSocket, peer: Peer, message: Record<string, unknown>): void {
    if (!canModerate(peer.role)) return this.refuse(ws, peer, "notAllowed");
    const id = Number(message.id);
    if (!Number.isSafeInteger(id) || id < 1) return this.refuse(ws, peer, "invalid");
    this.ctx.storage.sql.exec("DELETE FROM messages WHERE id = ?", id);
    this.broadcast({ type: "deleted", id });
  }

  private mute(ws: WebSocket, peer: Peer, message: Record<string, unknown>, mute: boolean): void {
    if (!canModerate(peer.role)) return this.refuse(ws, peer, "notAllowed");
    const userId = Number(message.userId);
    if (!Number.isSafeInteger(userId) || userId < 1 || userId === peer.userId) return this.refuse(ws, peer, "invalid");
    if (mute) {
      this.ctx.storage.sql.exec(
        "INSERT INTO mutes (user_id, muted_by, at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO NOTHING",
        userId,
        peer.userId,
        Date.now(),
      );
      this.mutedUsers?.add(userId);
    } else {
      this.ctx.storage.sql.exec("DELETE FROM mutes WHERE user_id = ?", userId);
      this.mutedUsers?.delete(userId);
    }
    const notice = JSON.stringify({ type: "muted", userId, muted: mute });
    // moderators see the list change; the fan concerned learns it from their own socket's state
    for (const socket of this.openSockets()) {
      const p = socket.deserializeAttachment() as Peer;
      if (canModerate(p.role) || p.userId === userId) this.send(socket, notice);
    }
  }

  /**
   * A moderator puts a fan out of this live for good: their sockets close with the reason in their
   * language and a new ticket is turned away at the door. Only fans can be removed (never the
   * owner or an editor), and a removal is not undone from the room.
   */
  private remove(ws: WebSocket, peer: Peer, message: Record<string, unknown>): void {
    if (!canModerate(peer.role)) return this.refuse(ws, peer, "notAllowed");
    const userId = Number(message.userId);
    if (!Number.isSafeInteger(userId) || userId < 1 || userId === peer.userId) return this.refuse(ws, peer, "invalid");
    const sockets = this.openSockets().filter((s) => (s.deserializeAttachment() as Peer).userId === userId);
    if (sockets.some((s) => !canBeMuted((s.deserializeAttachment() as Peer).role))) return this.refuse(ws, peer, "notAllowed");
    this.ctx.storage.sql.exec(
      "INSERT INTO removed (user_id, removed_by, at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO NOTHING",
      userId,
      peer.userId,
      Date.now(),
    );
    for (const socket of sockets) this.revoke(socket, (socket.deserializeAttachment() as Peer).locale, "removed");
    const notice = JSON.stringify({ type: "removed", userId });
    for (const socket of this.openSockets()) if (canModerate((socket.deserializeAttachment() as Peer).role)) this.send(socket, notice);
    if (sockets.length) this.schedulePresence();
  }

  /** Tells a socket why it may no longer be here, then closes it (the client stays closed). */
  private revoke(socket: WebSocket, locale: Locale, code: "accessEnded" | "removed"): void {
    const t = translatorFor(locale, "live");
    this.send(socket, JSON.stringify({ type: "revoked", code, message: t(`live:errors.${code}`) }));
    try {
      socket.close(4003, code === "removed" ? "removed" : "access ended");
    } catch {
      // already closing
    }
  }

  /** A removed fan's new socket: accepted only to say why, then closed (the browser shows no status of a refused upgrade). */
  private turnAway(locale: Locale): Response {
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, ["turned-away"]);
    this.revoke(server, locale, "removed");
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  private isRemoved(userId: number): boolean {
    return this.ctx.storage.sql.exec("SELECT 1 FROM removed WHERE user_id = ?", userId).toArray().length > 0;
  }

  private publish(ws: WebSocket, peer: Peer, publish: boolean, message: Record<string, unknown>): void {
    if (!canPublish(peer.role)) return this.refuse(ws, peer, "publishNotAllowed");
    // publishing needs the stream token of the start-live call, and only until it expires (spec §4)
    if (publish && peer.streamUntil === null) return this.refuse(ws, peer, "streamNotStarted");
    if (publish && peer.streamUntil !== null && peer.streamUntil <= Date.now()) return this.refuse(ws, peer, "streamExpired");
    const wasOnAir = isOnAir(this.owners());
    const mirror = publish && isMirrorMode(message.mirrorMode) ? mirrorFor(message.mirrorMode, "viewers") : false;
    ws.serializeAttachment({ ...peer, published: publish, mirror });
    if (publish) {
      // the publisher offers to every viewer already in the room, then to each newcomer (peerJoined)
      const viewers = this.peers().filter((p) => p.role !== "owner");
      ws.send(JSON.stringify({ type: "peers", peers: viewers.map((p) => ({ peerId: p.peerId, userId: p.userId, name: p.name })) }));
      void this.scheduleAlarm();
    }
    this.announceOnAir(peer.liveEventId, wasOnAir);
  }

  /**
   * One alarm serves two clocks (nextRoomAlarm): the earliest expiry among publishing streams, and
   * while fans are in the room, the next re-check of their right to watch.
   */
  private async scheduleAlarm(): Promise<void> {
    const owners = this.owners();
    const stored = this.roomValue("recheck_at");
    const recheckAt = nextRecheckAt({ stored, guests: this.presence() - owners.length, now: Date.now() });
    // every join asks; only a change is written, so a crowd arriving costs the room one write,
    // not one each (each write holds the room's outgoing messages until it is on disk)
    if (recheckAt !== stored) this.setRoomValue("recheck_at", recheckAt);
    const next = nextRoomAlarm({
      streamUntils: owners.filter((p) => p.published && p.streamUntil !== null).map((p) => p.streamUntil as number),
      recheckAt,
    });
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** Spec §4: the creator's stream stops when its token expires (the socket stays for the chat); and the access re-check. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const wasOnAir = isOnAir(this.owners());
    for (const socket of this.ctx.getWebSockets("role:owner")) {
      if (socket.readyState !== OPEN) continue;
      const p = socket.deserializeAttachment() as Peer;
      if (!p.published || p.streamUntil === null || p.streamUntil > now) continue;
      socket.serializeAttachment({ ...p, published: false, mirror: false });
      const t = translatorFor(p.locale, "live");
      this.send(socket, JSON.stringify({ type: "streamEnded", reason: "expired", message: t("live:errors.streamExpired") }));
    }
    // only a room with a publisher can go off air here, and every peer's ticket names the event
    const liveEventId = this.peers()[0]?.liveEventId;
    if (liveEventId !== undefined) this.announceOnAir(liveEventId, wasOnAir);
    const recheckAt = this.roomValue("recheck_at");
    try {
      if (recheckAt !== null && recheckAt <= now) {
        this.setRoomValue("recheck_at", null);
        await this.recheckAccess();
      }
    } finally {
      await this.scheduleAlarm();
    }
  }

  /**
   * Asks D1 again whether each fan in the room (or only `userIds`) may still watch, with the rule
   * that admitted them (resolveLiveAccessMany, in batches): a membership that ended, a ticket
   * refunded in full, a block. Their sockets are told why, in their language, and closed; the page
   * does not reconnect. The owner is never closed. Answers how many sockets were closed.
   */
  async recheckAccess(userIds?: readonly number[]): Promise<number> {
    const only = userIds ? new Set(userIds) : null;
    const byUser = new Map<number, { socket: WebSocket; peer: Peer }[]>();
    // every socket in a room holds a ticket of its one event: one batched question for all of them
    let liveEventId: number | undefined;
    for (const socket of this.openSockets()) {
      const peer = socket.deserializeAttachment() as Peer;
      if (peer.role === "owner" || (only && !only.has(peer.userId))) continue;
      liveEventId = peer.liveEventId;
      const sockets = byUser.get(peer.userId);
      if (sockets) sockets.push({ socket, peer });
      else byUser.set(peer.userId, [{ socket, peer }]);
    }
    if (liveEventId === undefined) return 0;
    const access = await resolveLiveAccessMany(createDb(this.env.DB), liveEventId, [...byUser.keys()], Date.now());
    let closed = 0;
    for (const [userId, sockets] of byUser) {
      if (access.get(userId)) continue;
      for (const { socket, peer } of sockets) {
        this.revoke(socket, peer.locale, "accessEnded");
        closed++;
      }
    }
    // the fan's close answer reaches webSocketClose, which tells the publisher (peerLeft)
    if (closed) this.schedulePresence();
    return closed;
  }

  private signal(ws: WebSocket, peer: Peer, type: string, message: Record<string, unknown>): void {
    const to = typeof message.to === "string" ? message.to : "";
    const target = to ? this.ctx.getWebSockets(`peer:${to}`).find((s) => s.readyState === OPEN) : undefined;
    if (!target) return this.refuse(ws, peer, "peerGone");
    const recipient = target.deserializeAttachment() as Peer;
    if (!mayRelaySignal(peer, recipient)) return this.refuse(ws, peer, "notAllowed");
    this.send(target, JSON.stringify({ type, from: peer.peerId, data: message.data ?? null }));
  }

  private left(ws: WebSocket): void {
    const peer = ws.deserializeAttachment() as Peer | null;
    if (!peer) return;
    if (peer.role === "owner" && peer.published && !isOnAir(this.owners(ws))) {
      this.broadcast({ type: "onAir", onAir: false, publisherPeerId: null, mirror: false }, ws);
      this.reportOnAir(peer.liveEventId, false);
    }
    if (peer.role !== "owner") this.toPublishers({ type: "peerLeft", peerId: peer.peerId }, ws);
    this.schedulePresence();
  }

  private announceOnAir(liveEventId: number, wasOnAir: boolean): void {
    const owners = this.owners();
    const onAir = isOnAir(owners);
    if (onAir === wasOnAir) return;
    const publisher = owners.find((p) => p.published);
    this.broadcast({ type: "onAir", onAir, publisherPeerId: publisher?.peerId ?? null, mirror: publisher?.mirror ?? false });
    this.reportOnAir(liveEventId, onAir);
  }

  /**
   * Tells D1 (live_events.on_air_at) so lists show what is really on air (decision 024). A failed
   * write is logged and the room goes on; the next join finds the stored state behind and retries
   * going off air, and no list trusts the value past the stream's deadline.
   */
  private reportOnAir(id: number, onAir: boolean): void {
    const at = onAir ? Date.now() : null;
    this.reports = this.reports
      .then(async () => {
        await recordLiveOnAir(createDb(this.env.DB), id, at);
        this.ctx.storage.sql.exec(
          "INSERT INTO room (key, value) VALUES ('on_air', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          onAir ? 1 : 0,
        );
      })
      .catch((error: unknown) => console.error(`[live-room] event ${id}: on-air report failed`, error));
    this.ctx.waitUntil(this.reports);
  }

  private reportedOnAir(): boolean {
    return this.roomValue("on_air") === 1;
  }

  private roomValue(key: string): number | null {
    const row = this.ctx.storage.sql.exec("SELECT value FROM room WHERE key = ?", key).toArray()[0];
    return row ? Number(row.value) : null;
  }

  private setRoomValue(key: string, value: number | null): void {
    if (value === null) this.ctx.storage.sql.exec("DELETE FROM room WHERE key = ?", key);
    else
      this.ctx.storage.sql.exec(
        "INSERT INTO room (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        key,
        value,
      );
  }

  /** For tests: resolves once every on-air report so far reached D1 (or failed and was logged). */
  reported(): Promise<void> {
    return this.reports;
  }

  // ---------------------------------------------------------------------------------------------

  private isMuted(userId: number): boolean {
    this.mutedUsers ??= new Set(
      this.ctx.storage.sql
        .exec("SELECT user_id FROM mutes")
        .toArray()
        .map((r) => Number(r.user_id)),
    );
    return this.mutedUsers.has(userId);
  }

  private history(): ChatMessage[] {
    return this.ctx.storage.sql
      .exec("SELECT id, user_id, name, icon_url, text, at FROM messages ORDER BY id DESC LIMIT ?", CHAT_LIMITS.history)
      .toArray()
      .reverse()
      .map((r) => ({
        id: Number(r.id),
        userId: Number(r.user_id),
        name: String(r.name),
        iconUrl: r.icon_url === null ? null : String(r.icon_url),
        text: String(r.text),
        at: Number(r.at),
      }));
  }

  /** The error goes to this socket only, in its own language; the socket stays open. */
  private refuse(ws: WebSocket, peer: Peer, code: RoomErrorCode): void {
    const t = translatorFor(peer.locale, "live");
    const message = t(`errors.${code}`, { max: CHAT_LIMITS.textMax, seconds: CHAT_LIMITS.rateWindowMs / 1000 });
    this.send(ws, JSON.stringify({ type: "error", code, message }));
  }

  private openSockets(except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((s) => s !== except && s.readyState === OPEN);
  }

  /**
   * How many are in the room, asked by every join: the room's socket list as it is, without asking
   * each socket its state (a socket closing is in it until its close handler has run, which then
   * schedules a presence update of its own).
   */
  private presence(): number {
    return this.ctx.getWebSockets().length;
  }

  private peers(except?: WebSocket): Peer[] {
    return this.openSockets(except).map((s) => s.deserializeAttachment() as Peer);
  }

  /**
   * The owner's open sockets, found by their tag without reading every fan's attachment: a join,
   * a leave and the alarm ask who is on air, and reading a thousand attachments for each made a
   * crowd arriving at a live start cost the room time in the square of its size.
   */
  private owners(except?: WebSocket): Peer[] {
    return this.ctx
      .getWebSockets("role:owner")
      .filter((s) => s !== except && s.readyState === OPEN)
      .map((s) => s.deserializeAttachment() as Peer);
  }

  private broadcast(payload: unknown, except?: WebSocket): void {
    const text = JSON.stringify(payload);
    for (const socket of this.openSockets(except)) this.send(socket, text);
  }

  private toPublishers(payload: unknown, except?: WebSocket): void {
    const text = JSON.stringify(payload);
    for (const socket of this.ctx.getWebSockets("role:owner")) {
      if (socket === except || socket.readyState !== OPEN) continue;
      if ((socket.deserializeAttachment() as Peer).published) this.send(socket, text);
    }
  }

  /** A socket that closed between listing and sending is simply skipped. */
  private send(socket: WebSocket, text: string): void {
    try {
      socket.send(text);
    } catch {
      // closing; its close handler updates the room
    }
  }

  private schedulePresence(): void {
    if (this.presenceTimer) return;
    const wait = this.lastPresenceAt + PRESENCE_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.sendPresence();
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.sendPresence();
    }, wait);
  }

  private sendPresence(): void {
    this.lastPresenceAt = Date.now();
    this.broadcast({ type: "presence", count: this.presence() });
  }
}
