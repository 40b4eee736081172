import { decodeJpeg, encodeJpeg, MARKABLE_TYPES } from "./fan-marks";
import {
  allVariantKeys,
  downscale,
  scaledHeight,
  variantKey,
  variantWidthsFor,
  VARIANT_QUALITY,
  VARIANT_WIDTHS,
  type VariantKind,
} from "../domain/image-variants";

/**
 * Stores the smaller variants of the image at `key` beside it (docs/decisions/044), at the widths
 * of its kind. The pixels are decoded and encoded afresh, so no metadata block (EXIF with GPS,
 * XMP, comments) of the upload survives into a variant. Only JPEG is decoded (the pure-JS codec
 * the marks use); another type keeps being served as its original. Returns the widths stored.
 */
export async function storeVariants(bucket: R2Bucket, key: string, kind: VariantKind = "cover"): Promise<number[]> {
  const object = await bucket.get(key);
  if (!object) return [];
  const type = object.httpMetadata?.contentType ?? "";
  if (!MARKABLE_TYPES.has(type)) return [];
  const source = decodeJpeg(new Uint8Array(await object.arrayBuffer()));
  const stored: number[] = [];
  for (const width of variantWidthsFor(source.width, VARIANT_WIDTHS[kind])) {
    const small = downscale(source, width, scaledHeight(source.width, source.height, width));
    const bytes = encodeJpeg({ width: small.width, height: small.height, data: small.data }, VARIANT_QUALITY);
    await bucket.put(variantKey(key, width), bytes, { httpMetadata: { contentType: "image/jpeg" } });
    stored.push(width);
  }
  return stored;
}

/** Deletes an original and whatever variants it has (deleting a key that is absent is no error). */
export async function deleteWithVariants(bucket: R2Bucket, key: string): Promise<void> {
  await bucket.delete([key, ...allVariantKeys(key)]);
}
