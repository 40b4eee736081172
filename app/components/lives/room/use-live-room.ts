import { useCallback, useEffect, useRef, useState } from "react";
import type { RoomRole } from "../../../../server/domain/live-room";
import type { ChatMessage } from "../../../../server/live/live-room";
import { createLocalSession } from "../video/local-webrtc";
import type { LiveVideoSession, RoomMessage } from "../video/types";
import { LiveRoomConnection, type ConnectionState, type RoomTicketPayload, type TicketSource } from "./live-room-connection";

/** A chat message as the room relays it (server/live/live-room.ts). */
type ChatLine = ChatMessage;

export interface RoomView {
  connection: ConnectionState;
  role: RoomRole | null;
  userId: number | null;
  presence: number;
  onAir: boolean;
  /** viewers show the stream mirrored (the streamer's mirror mode) */
  mirror: boolean;
  /** this person may not chat in this live */
  muted: boolean;
  /** fans a moderator muted during this visit */
  mutedUsers: number[];
  messages: ChatLine[];
  /** the room's last refusal, in this person's language (spec: the socket stays open) */
  error: { code: string; message: string } | null;
  /** the room ended the owner's stream (its token expired) */
  streamEnded: string | null;
  /** how many times the room welcomed this page: each welcome is a new socket (a reconnect) */
  welcomes: number;
}

const INITIAL: RoomView = {
  connection: { kind: "connecting" },
  role: null,
  userId: null,
  presence: 0,
  onAir: false,
  mirror: false,
  muted: false,
  mutedUsers: [],
  messages: [],
  error: null,
  streamEnded: null,
  welcomes: 0,
};

/** The newest messages a page keeps (the room sends the last 100 to newcomers). */
const KEPT = 200;

function reduce(view: RoomView, m: RoomMessage): RoomView {
  switch (m.type) {
    case "welcome":
      return {
        ...view,
        role: m.role as RoomRole,
        userId: Number(m.userId),
        presence: Number(m.presence),
        onAir: m.onAir === true,
        mirror: m.mirror === true,
        muted: m.muted === true,
        messages: (m.history as ChatLine[]) ?? [],
        error: null,
        welcomes: view.welcomes + 1,
      };
    case "chat":
      return { ...view, messages: [...view.messages, m.message as ChatLine].slice(-KEPT) };
    case "deleted":
      return { ...view, messages: view.messages.filter((line) => line.id !== Number(m.id)) };
    case "presence":
      return { ...view, presence: Number(m.count) };
    case "onAir":
      return { ...view, onAir: m.onAir === true, mirror: m.mirror === true };
    case "muted": {
      const userId = Number(m.userId);
      const mutedUsers = m.muted === true ? [...new Set([...view.mutedUsers, userId])] : view.mutedUsers.filter((id) => id !== userId);
      return { ...view, mutedUsers, muted: userId === view.userId ? m.muted === true : view.muted };
    }
    case "error":
      return { ...view, error: { code: String(m.code), message: String(m.message) } };
    case "streamEnded":
      return { ...view, streamEnded: String(m.message) };
    default:
      return view;
  }
}

/**
 * A live event's room for a page: the connection (with reconnects), the chat, presence and on-air
 * state, and the video session the ticket's `video` join asks for (local WebRTC, or RealtimeKit
 * loaded only when a deployment uses it).
 */
export function useLiveRoom(source: TicketSource) {
  const [view, setView] = useState<RoomView>(INITIAL);
  const [ticket, setTicket] = useState<RoomTicketPayload | null>(null);
  const [session, setSession] = useState<LiveVideoSession | null>(null);
  const connectionRef = useRef<LiveRoomConnection | null>(null);
  const sessionRef = useRef<{ provider: string; session: Promise<LiveVideoSession> } | null>(null);

  useEffect(() => {
    const connection = new LiveRoomConnection(source);
    connectionRef.current = connection;
    const offMessage = connection.onMessage((m) => setView((v) => reduce(v, m)));
    const offState = connection.onState((s) => setView((v) => ({ ...v, connection: s })));
    const offTicket = connection.onTicket((payload) => {
      setTicket(payload);
      // one video session per page: reconnects keep it (the local one listens on the same connection)
      if (!payload.video || sessionRef.current?.provider === payload.video.provider) return;
      const join = payload.video;
      // the local session is made at once, before the socket opens: an offer may be its first message
      const created =
        join.provider === "local"
          ? Promise.resolve(
              createLocalSession(join, { send: (msg) => void connection.send(msg), subscribe: (l) => connection.onMessage(l) }),
            )
          : import("../video/realtimekit").then((m) => m.createRealtimeKitSession(join));
      sessionRef.current = { provider: join.provider, session: created };
      connection.withVideo = false;
      created.then(setSession, (error) => console.warn("live: the video could not start", error));
    });
    connection.start();
    return () => {
      offMessage();
      offState();
      offTicket();
      connection.close();
      void sessionRef.current?.session.then((s) => s.close()).catch(() => undefined);
      sessionRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the source is fixed for a page's life; switching it goes through switchTicket
  }, []);

  const send = useCallback((message: Record<string, unknown>) => connectionRef.current?.send(message) ?? false, []);
  const switchTicket = useCallback((next: TicketSource) => connectionRef.current?.switchTicket(next), []);
  const clearError = useCallback(() => setView((v) => ({ ...v, error: null, streamEnded: null })), []);

  return { view, ticket, session, send, switchTicket, clearError };
}
