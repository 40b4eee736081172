import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One instance per live event (id derived from the event id). Viewers' WebSockets use the
 * hibernation API so an idle room costs nothing. The live events issue adds tickets, chat and
 * signaling; the foundation proves the object is wired: it counts presence and keeps its own
 * SQLite heartbeat.
 */
export class LiveRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS room_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
      );
    });
  }

  /** Connected sockets right now (hibernated ones included). */
  presence(): number {
    return this.ctx.getWebSockets().length;
  }

  /** Records that the room was touched and returns its status. */
  async status(liveEventId: string): Promise<{ liveEventId: string; presence: number; touchedAt: number }> {
    const touchedAt = Date.now();
    this.ctx.storage.sql.exec(
      "INSERT INTO room_meta (key, value) VALUES ('touched_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      String(touchedAt),
    );
    return { liveEventId, presence: this.presence(), touchedAt };
  }

  lastTouchedAt(): number | null {
    const row = this.ctx.storage.sql.exec("SELECT value FROM room_meta WHERE key = 'touched_at'").toArray()[0];
    return row ? Number(row.value) : null;
  }

  /**
   * Accepts a WebSocket that the Worker has already authorized. Not routed publicly until the
   * live events issue adds signed viewer tickets.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") {
      return new Response("expected a WebSocket upgrade", { status: 426 });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    this.broadcastPresence();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send(JSON.stringify({ type: "pong", presence: this.presence() }));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 ? 1000 : code, "closing");
    this.broadcastPresence(ws);
  }

  private broadcastPresence(except?: WebSocket): void {
    const sockets = this.ctx.getWebSockets().filter((s) => s !== except);
    const message = JSON.stringify({ type: "presence", count: sockets.length });
    for (const socket of sockets) socket.send(message);
  }
}
