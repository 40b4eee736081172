import { decodeJpeg, encodeJpeg, MARKABLE_TYPES } from "./fan-marks";
import type { JobMessage } from "../jobs/messages";
import {
  allVariantKeys,
  hasVariants,
  downscale,
  scaledHeight,
  variantKey,
  variantWidthsFor,
  VARIANT_QUALITY,
  VARIANT_WIDTHS,
  hasWebpCopy,
  webpCopyKey,
  type VariantKind,
} from "../domain/image-variants";
import { encodeWebp } from "./webp";

/**
 * Stores the smaller variants of the image at `key` beside it (docs/decisions/044), at the widths
 * of its kind. The pixels are decoded and encoded afresh, so no metadata block (EXIF with GPS,
 * XMP, comments) of the upload survives into a variant. Only JPEG is decoded (the pure-JS codec
 * the marks use); another type keeps being served as its original. A public image's variants
 * also get a WebP copy each, which `/media` serves to browsers that accept it. Returns the widths
 * stored.
 */
export async function storeVariants(bucket: R2Bucket, key: string, kind: VariantKind = "cover"): Promise<number[]> {
  const object = await bucket.get(key);
  if (!object) return [];
  const type = object.httpMetadata?.contentType ?? "";
  if (!MARKABLE_TYPES.has(type)) return [];
  const source = decodeJpeg(new Uint8Array(await object.arrayBuffer()));
  const stored: number[] = [];
  // public images only: a paid album picture is marked per fan as a JPEG (decision 042)
  const webpCopy = hasWebpCopy(key);
  for (const width of variantWidthsFor(source.width, VARIANT_WIDTHS[kind])) {
    const small = downscale(source, width, scaledHeight(source.width, source.height, width));
    const bytes = encodeJpeg({ width: small.width, height: small.height, data: small.data }, VARIANT_QUALITY);
    await bucket.put(variantKey(key, width), bytes, { httpMetadata: { contentType: "image/jpeg" } });
    // the WebP copy, from the same downscaled pixels, is put after its JPEG: a copy never exists
    // without the variant it stands in for, and should encoding fail, the JPEG is served meanwhile
    // and the job's retry puts both again
    if (webpCopy) {
      const webp = await encodeWebp(small);
      await bucket.put(webpCopyKey(variantKey(key, width)), webp, { httpMetadata: { contentType: "image/webp" } });
    }
    stored.push(width);
  }
  return stored;
}

/** Deletes an original and whatever variants it has (deleting a key that is absent is no error). */
export async function deleteWithVariants(bucket: R2Bucket, key: string): Promise<void> {
  await deleteAllWithVariants(bucket, [key]);
}

/** R2 deletes at most 1,000 keys a call. */
const R2_DELETE_MAX = 1000;

/**
 * Deletes originals and every variant each may have, in calls R2 accepts: each original brings
 * ten keys now, so a page of 100 files is already at R2's limit and one more width would pass it.
 */
export async function deleteAllWithVariants(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  const all = keys.flatMap((key) => [key, ...allVariantKeys(key)]);
  for (let i = 0; i < all.length; i += R2_DELETE_MAX) await bucket.delete(all.slice(i, i + R2_DELETE_MAX));
}

/**
 * Queues the variant job of each stored image (docs/decisions/044): after an upload completes and
 * after a post copy wrote its new keys. Images the job cannot decode (PNG, GIF, static files) are
 * left out; a redelivered or repeated job stores the same bytes again, so no key is needed.
 */
export async function queueVariants(jobs: Queue<JobMessage>, images: readonly { key: string; kind: VariantKind }[]): Promise<void> {
  const messages = images
    .filter((image) => hasVariants(image.key))
    .map((image) => ({
      body: { type: "image-variants", key: `image-variants:${image.key}`, objectKey: image.key, variant: image.kind } satisfies JobMessage,
    }));
  // sendBatch takes at most 100 messages; a post holds at most a few hundred images
  for (let i = 0; i < messages.length; i += 100) await jobs.sendBatch(messages.slice(i, i + 100));
}
