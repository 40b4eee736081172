/**
 * Rules of a live event's room (issue 7, decision 022): who may say what in the chat, who
 * moderates, who publishes, which signaling messages may pass between two sockets. Pure: the
 * Durable Object holds the state and the clock and asks these functions.
 */

/** owner = the event's owner (the one person who publishes, spec §4); editor = moderates; viewer = watches and chats. */
export type RoomRole = "owner" | "editor" | "viewer";

export const ROOM_ROLES: readonly RoomRole[] = ["owner", "editor", "viewer"];

export const CHAT_LIMITS = {
  /** characters of one message, counted as the reader sees them (code points) */
  textMax: 200,
  /** a fan may send this many messages ... */
  rateCount: 5,
  /** ... inside this window */
  rateWindowMs: 10_000,
  /** the messages a newcomer receives */
  history: 100,
} as const;

/** A room ticket lives this long: enough to open the socket right after the page asked for it. */
export const ROOM_TICKET_TTL_MS = 60_000;

export type ChatProblem = "empty" | "tooLong";

/** Trimmed text and its problem, if any. */
export function chatText(raw: unknown): { text: string; problem: ChatProblem | null } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { text, problem: "empty" };
  if ([...text].length > CHAT_LIMITS.textMax) return { text, problem: "tooLong" };
  return { text, problem: null };
}

/**
 * Sliding-window rate limit: `sent` holds the times of this fan's recent messages. Answers whether
 * one more message at `now` is allowed and the times to keep (the new one included when allowed).
 */
export function rateLimit(sent: readonly number[], now: number): { allowed: boolean; sent: number[] } {
  const recent = sent.filter((at) => now - at < CHAT_LIMITS.rateWindowMs);
  if (recent.length >= CHAT_LIMITS.rateCount) return { allowed: false, sent: recent };
  return { allowed: true, sent: [...recent, now] };
}

/** The owner and the fan club's editors delete messages and mute fans. */
export function canModerate(role: RoomRole): boolean {
  return role === "owner" || role === "editor";
}

/** Spec §4/§6: only the event owner publishes audio and video. */
export function canPublish(role: RoomRole): boolean {
  return role === "owner";
}

/** A moderator cannot be muted: the owner and editors are the ones keeping the chat in order. */
export function canBeMuted(role: RoomRole): boolean {
  return role === "viewer";
}

/**
 * WebRTC signaling (the local video, decision 022): the owner publishes and each viewer receives,
 * so an offer, answer or ICE candidate passes only between the owner and one viewer, never between
 * two viewers, and never from a socket to itself.
 */
export function mayRelaySignal(from: { peerId: string; role: RoomRole }, to: { peerId: string; role: RoomRole }): boolean {
  if (from.peerId === to.peerId) return false;
  return from.role === "owner" || to.role === "owner";
}

/** Spec §4: the room is on air while an owner's socket publishes; off air when none does. */
export function isOnAir(sockets: readonly { role: RoomRole; published: boolean }[]): boolean {
  return sockets.some((s) => s.role === "owner" && s.published);
}
