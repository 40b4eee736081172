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

/**
 * How often a room asks D1 again whether each person in it may still watch (issue 17): a
 * membership that ends with its paid month, a refunded ticket or a block closes the socket within
 * this time even when nothing tells the room (a block tells it at once).
 */
export const ACCESS_RECHECK_MS = 60_000;

/**
 * When the room re-checks access next: while anyone but the owner is in the room, the time already
 * set, or a full interval from now; with only the owner (or nobody), never.
 */
export function nextRecheckAt(input: { stored: number | null; guests: number; now: number }): number | null {
  if (input.guests === 0) return null;
  return input.stored ?? input.now + ACCESS_RECHECK_MS;
}

/** The room's next alarm: the earliest expiry of a publishing stream or the next access re-check; null for none. */
export function nextRoomAlarm(input: { streamUntils: readonly number[]; recheckAt: number | null }): number | null {
  const due = [...input.streamUntils, ...(input.recheckAt === null ? [] : [input.recheckAt])];
  return due.length ? Math.min(...due) : null;
}

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

/**
 * A live may run over its scheduled end a little (the last song, the goodbyes): the room stays
 * open and the owner's stream keeps its right to publish for this long after the end time.
 */
export const STREAM_GRACE_MS = 30 * 60_000;

/**
 * Whether the room of an event is open: not ended by the creator (status 2) and not past its end
 * plus the grace. A room opens before the start so fans can wait and chat; a private event's room
 * opens to those the watch rule admits.
 */
export function roomOpen(event: { status: number; endAt: number }, now: number): boolean {
  return event.status !== 2 && now < streamDeadline(event);
}

/**
 * When the owner's stream token expires (spec §4 "the creator's stream stops when the token
 * expires"): the room ends a stream still publishing at this instant.
 */
export function streamDeadline(event: { endAt: number }): number {
  return event.endAt + STREAM_GRACE_MS;
}

/**
 * Mirror mode chosen in the streamer view (spec §7 start-live): `auto` mirrors the streamer's own
 * preview only (what a front camera user expects) and sends viewers the true image; `on` mirrors
 * both; `off` neither.
 */
export const MIRROR_MODES = ["auto", "on", "off"] as const;
export type MirrorMode = (typeof MIRROR_MODES)[number];

export function isMirrorMode(value: unknown): value is MirrorMode {
  return typeof value === "string" && (MIRROR_MODES as readonly string[]).includes(value);
}

export function mirrorFor(mode: MirrorMode, who: "preview" | "viewers"): boolean {
  return mode === "on" || (mode === "auto" && who === "preview");
}

/**
 * Clients reconnect after a dropped socket (a deploy drops every one) with exponential backoff and
 * full jitter, so a thousand viewers do not all knock at the same instant: attempt 0 waits up to
 * 1 s, then 2, 4, … up to 30 s. `random` is in [0, 1).
 */
const RECONNECT = { baseMs: 1_000, maxMs: 30_000 } as const;

export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT.maxMs, RECONNECT.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * random);
}
