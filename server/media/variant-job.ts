import { decodeJpeg, encodeJpeg, MARKABLE_TYPES } from "./fan-marks";
import {
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
