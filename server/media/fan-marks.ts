import jpeg from "jpeg-js";
import type { Db } from "../../db/client";
import { fanMarkDeliveries } from "../../db/schema";
import { drawFanCode, embedFanMark, fanCodeFrom, type MarkKey, type Rgba } from "../domain/fan-mark";
import { hmacSha256 } from "../security/crypto";
import { sql } from "drizzle-orm";

/**
 * Marks on the images a fan receives (docs/decisions/042): the JPEG codec (jpeg-js, pure JS, so
 * no wasm or native part in the Worker), the keys, and the per-fan cache.
 */

/** Only JPEG is marked: the codec is JPEG's, and a photo is what leaks. */
export const MARKABLE_TYPES = new Set(["image/jpeg", "image/jpg"]);
/** Bigger pictures are served unmarked rather than risk the Worker's memory (about 4 bytes a pixel, twice). */
const MAX_MARK_PIXELS = 16_000_000;
/** Quality of the marked copy: close to what creators upload, and far above the q70 the mark survives. */
const MARKED_QUALITY = 90;

/** The fan club's mark key: nobody without the media secret can compute, forge or test a pattern. */
export async function markKeyFor(secret: string, fanclubId: number): Promise<MarkKey> {
  const mac = await hmacSha256(secret, `fan-mark|${fanclubId}`);
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  return [view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)];
}

/** The 8-digit code a fan's images show in this fan club: unlinkable across fan clubs, reveals no id. */
export async function fanCodeFor(secret: string, fanclubId: number, userId: number): Promise<string> {
  return fanCodeFrom(await hmacSha256(secret, `fan-code|${fanclubId}|${userId}`));
}

export function decodeJpeg(bytes: Uint8Array): Rgba {
  const img = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_MARK_PIXELS / 1e6,
    maxMemoryUsageInMB: 512,
  });
  return { width: img.width, height: img.height, data: img.data };
}

export function encodeJpeg(img: Rgba, quality: number, comments: string[] = []): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    jpeg.encode({ width: img.width, height: img.height, data: img.data, comments } as jpeg.RawImageData<Uint8Array>, quality).data,
  );
}

/**
 * The fan's copy of a JPEG: the visible code when the fan club asks for it, the invisible mark,
 * and the code in a JPEG comment (what metadata-aware tools show; strippers drop it, the pixels
 * keep the mark). Returns null for a picture the codec cannot read or too big to mark.
 */
export async function markJpeg(
  bytes: Uint8Array,
  input: { secret: string; fanclubId: number; userId: number; visible: boolean; quality?: number },
): Promise<Uint8Array<ArrayBuffer> | null> {
  let img: Rgba;
  try {
    img = decodeJpeg(bytes);
  } catch {
    return null;
  }
  if (img.width * img.height > MAX_MARK_PIXELS) return null;
  const code = await fanCodeFor(input.secret, input.fanclubId, input.userId);
  if (input.visible) drawFanCode(img, code);
  embedFanMark(img, await markKeyFor(input.secret, input.fanclubId), input.userId);
  return encodeJpeg(img, input.quality ?? MARKED_QUALITY, [`fan-code:${code}`]);
}

/** Notes that the fan received marked images of the fan club (a candidate for tracing). */
export async function recordDelivery(db: Db, fanclubId: number, userId: number, now: number): Promise<void> {
  await db
    .insert(fanMarkDeliveries)
    .values({ fanclubId, userId, firstDeliveredAt: new Date(now), lastDeliveredAt: new Date(now) })
    .onConflictDoUpdate({
      target: [fanMarkDeliveries.fanclubId, fanMarkDeliveries.userId],
      set: { lastDeliveredAt: new Date(now) },
      // at most one write a day per fan and fan club
      setWhere: sql`${fanMarkDeliveries.lastDeliveredAt} < ${now - 24 * 60 * 60 * 1000}`,
    });
}

/**
 * The Cache API key of a fan's copy: object (by its etag, so a replaced file is never served
 * stale), fan, and whether the visible code is on. A synthetic URL: it is never fetched.
 */
export function markedCacheKey(origin: string, key: string, etag: string, userId: number, visible: boolean): string {
  return `${origin}/__fan-marks/${key}?etag=${encodeURIComponent(etag)}&fan=${userId}&visible=${visible ? 1 : 0}`;
}
