import { ceilingWait, longestWait, type Ceiling } from "./throttle";
import { sniffImageType, type ImageType } from "./images";

/**
 * Rules of the messages between fans and fan clubs (issue 20). Pure: the service reads the rows,
 * these decide.
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** The longest text of one message, in characters (code points): a long letter, never a document. */
export const MESSAGE_TEXT_MAX = 2000;

/** Images follow the album rules of spec §5: jpg, jpeg, png, gif up to 20 MB, one per message. */
export const MESSAGE_IMAGE = {
  maxBytes: 20 * 1024 * 1024,
  mimes: ["image/jpeg", "image/png", "image/gif"] as const,
} as const;

/** Per sender: a burst allowance per minute and a ceiling per day, over every thread they write in. */
export const MESSAGE_RATE = {
  minute: { max: 10, window: MINUTE },
  day: { max: 200, window: DAY },
} as const satisfies Record<string, Ceiling>;

/** A fan club may send at most this many messages to many a day (each can reach 100,000 people). */
export const BULK_RATE = { max: 3, window: DAY } as const satisfies Ceiling;

/** Threads per page of the list, messages per page of a thread. */
export const THREADS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;
/** Recipients one queue message of a bulk delivery handles. */
export const BULK_CHUNK = 500;

export type MessageTextError = "empty" | "tooLong";

/** Normalises a message's text: line ends to \n, outer blank space trimmed. */
export function normaliseMessageText(raw: unknown): string {
  return typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
}

/** What is wrong with a message's text, if anything. A message with an image may have no text. */
export function messageTextError(text: string, hasImage: boolean): MessageTextError | null {
  if (!text && !hasImage) return "empty";
  if ([...text].length > MESSAGE_TEXT_MAX) return "tooLong";
  return null;
}

export type ImageError = "type" | "size";

/** Checks an uploaded image by its bytes (never by what the browser claims). */
export function messageImageCheck(head: Uint8Array, size: number): { ok: true; type: ImageType } | { ok: false; error: ImageError } {
  if (size > MESSAGE_IMAGE.maxBytes) return { ok: false, error: "size" };
  const type = sniffImageType(head);
  if (!type || !(MESSAGE_IMAGE.mimes as readonly string[]).includes(type.mime)) return { ok: false, error: "type" };
  return { ok: true, type };
}

export type Side = "fan" | "club";

export interface PairState {
  /** the fan club blocked this fan (spec §6 blocks) */
  blockedByClub: boolean;
  /** the fan blocked this fan club's messages */
  clubMutedByFan: boolean;
  /** the fan club is open */
  clubOpen: boolean;
  /** the fan's account still exists */
  fanActive: boolean;
}

export type WriteRefusal = "blocked" | "muted" | "closed" | "gone";

/**
 * Whether `side` may write in the pair's thread. A block works both ways: a fan the fan club
 * blocked can neither write nor receive, and a fan who blocked the fan club receives nothing from it
 * (but may lift the block and write again, so a fan's own writing stays open).
 */
export function writeRefusal(side: Side, state: PairState): WriteRefusal | null {
  if (!state.clubOpen) return "closed";
  if (!state.fanActive) return "gone";
  if (state.blockedByClub) return "blocked";
  if (side === "club" && state.clubMutedByFan) return "muted";
  return null;
}

/** How long a sender must wait before the next message, or null. `times`: their recent sends. */
export function messageRateWait(times: readonly number[], now: number): number | null {
  return longestWait(ceilingWait(MESSAGE_RATE.minute, times, now), ceilingWait(MESSAGE_RATE.day, times, now));
}

/** Whether a side has something unread: the other side wrote after what it last read. */
export function isUnread(
  side: Side,
  thread: { lastFanMessageId: number; lastClubMessageId: number; fanReadId: number; clubReadId: number },
) {
  return side === "fan" ? thread.lastClubMessageId > thread.fanReadId : thread.lastFanMessageId > thread.clubReadId;
}

/**
 * Threads page by (last message time, id), newest first; the cursor is the last row of a page.
 * Anything malformed reads as "from the start", never as an error.
 */
export function encodeThreadCursor(row: { lastMessageAt: number; id: number }): string {
  return `${row.lastMessageAt}_${row.id}`;
}

export function decodeThreadCursor(raw: string | null | undefined): { lastMessageAt: number; id: number } | null {
  const m = /^(\d{1,15})_(\d{1,12})$/.exec(raw ?? "");
  return m ? { lastMessageAt: Number(m[1]), id: Number(m[2]) } : null;
}

/** Older messages of a thread page by id: `before` is the oldest id shown. */
export function parseBeforeId(raw: string | null | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

export type Audience = { kind: "followers" } | { kind: "plans"; planIds: number[] };

/**
 * Reads the audience of a message to many from its form: "followers", or "plans" with at least one
 * of the fan club's own plans. Unknown plan ids are refused, not dropped, so nobody is surprised by
 * who got it.
 */
export function parseAudience(kind: unknown, planIds: readonly unknown[], ownPlanIds: readonly number[]): Audience | null {
  if (kind === "followers") return { kind: "followers" };
  if (kind !== "plans") return null;
  const ids = [...new Set(planIds.map((v) => (typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : NaN)))];
  if (ids.length === 0 || ids.some((id) => !ownPlanIds.includes(id))) return null;
  return { kind: "plans", planIds: ids.sort((a, b) => a - b) };
}

/**
 * Removes metadata an image may carry about where and how it was taken (EXIF with GPS, XMP,
 * IPTC, comments, text chunks) before it is stored, leaving the pixels and colour data as they are.
 * JPEG: drops APP1 (EXIF, XMP), APP3–APP13 and APP15 segments and comments; keeps APP0 (JFIF),
 * APP2 (ICC colour profile) and APP14 (Adobe colour transform). PNG: drops eXIf, tEXt, zTXt, iTXt
 * and tIME chunks. GIF carries no location data and passes unchanged. Input that does not parse is
 * returned as null, and the upload is refused rather than stored with its metadata.
 */
export function stripImageMetadata(bytes: Uint8Array, mime: string): Uint8Array | null {
  if (mime === "image/jpeg") return stripJpeg(bytes);
  if (mime === "image/png") return stripPng(bytes);
  if (mime === "image/gif") return bytes;
  return null;
}

const KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(b: Uint8Array): Uint8Array | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // start of scan: everything from here on is image data
    if (marker === 0xda) {
      parts.push(b.subarray(i));
      return concat(parts);
    }
    // fill bytes and markers without a length
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return null;
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const drop = (isApp && !KEPT_APP.has(marker)) || marker === 0xfe;
    if (!drop) parts.push(b.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  return null;
}

const DROPPED_PNG_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function stripPng(b: Uint8Array): Uint8Array | null {
  if (b.length < 8 || b[0] !== 0x89 || b[1] !== 0x50) return null;
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    const end = i + 12 + length;
    if (end > b.length) return null;
    if (!DROPPED_PNG_CHUNKS.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === "IEND") return concat(parts);
  }
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * How long a message to many may show no progress before the hourly sweep hands its delivery on
 * again from the stored cursor. A healthy chain writes a chunk every few seconds, so ten quiet
 * minutes mean its job was lost (retries exhausted, a crash, a runtime restart) or sits in the
 * queue's backoff; resuming is safe either way (`bulkChunkStep`: a second job at the same cursor
 * writes nothing and dies out), so the threshold only needs to keep the sweep off chains that are
 * merely between two chunks.
 */
export const BULK_STALE_MS = 10 * MINUTE;

/** Where a message to many stands, as the chunk job and the sweep read it. */
export interface BulkProgress {
  status: "sending" | "sent";
  /** the last recipient user id whose message is written */
  cursorUserId: number;
  /** the cursor from which the next chunk job has been claimed (sent, or being sent) */
  handedOnUserId: number;
  /** the last progress, ms since epoch */
  updatedAt: number;
}

/**
 * What a chunk job that starts after `afterUserId` does. Only the job standing at the cursor writes
 * (and its write is conditional on the cursor still being there), so two chains at once can
 * neither deliver twice nor skip anyone:
 * - "run": write the next chunk, then hand on from its last recipient;
 * - "handOn": the chunk was written but the next job was never claimed (the worker failed between
 *   the two), so send the next job from the cursor;
 * - "drop": delivered already, or another job has the chain from here.
 */
export function bulkChunkStep(progress: BulkProgress, afterUserId: number): "run" | "handOn" | "drop" {
  if (progress.status !== "sending") return "drop";
  if (afterUserId === progress.cursorUserId) return "run";
  if (afterUserId < progress.cursorUserId && progress.handedOnUserId < progress.cursorUserId) return "handOn";
  return "drop";
}

/** Whether the hourly sweep resumes a message to many: still sending, with no progress for BULK_STALE_MS. */
export function bulkNeedsResume(progress: Pick<BulkProgress, "status" | "updatedAt">, now: number): boolean {
  return progress.status === "sending" && now - progress.updatedAt >= BULK_STALE_MS;
}
