/**
 * Image variants (docs/decisions/044): smaller copies of a public image stored beside the
 * original under a key derived from it, so a page builds its `srcset` from the key alone, with
 * no D1 round trip per image. Until the job has stored a variant, the media route answers a
 * variant key with the original, so a page never shows a broken image.
 */

/**
 * Widths of the cover variants. A card in a post list is 15rem–about 25rem wide (the grid's
 * `minmax(15rem, 1fr)`), so 400 px covers it at 1x and 800 px at 2x; the post page shows the
 * 1200×630 original itself.
 */
export const COVER_VARIANT_WIDTHS = [400, 800] as const;

/** What a card's cover occupies: the whole width on a phone, at most about 25rem beside others. */
export const COVER_CARD_SIZES = "(max-width: 40rem) 100vw, 25rem";

const VARIANT_SUFFIX = /@w(\d+)\.jpg$/;

/** The R2 key of the `width`-pixel variant of `key`. Variants are JPEG whatever the original was. */
export function variantKey(key: string, width: number): string {
  return `${key}@w${width}.jpg`;
}

/** The original key and width of a variant key, or null for a key that is no variant. */
export function parseVariantKey(key: string): { original: string; width: number } | null {
  const m = VARIANT_SUFFIX.exec(key);
  if (!m) return null;
  return { original: key.slice(0, m.index), width: Number(m[1]) };
}

/**
 * The variant widths worth storing for an image `originalWidth` pixels wide: only those smaller
 * than the original (an upscaled copy is bigger and no sharper).
 */
export function variantWidthsFor(originalWidth: number, widths: readonly number[] = COVER_VARIANT_WIDTHS): number[] {
  return widths.filter((w) => w < originalWidth);
}

/** The height of a variant `width` wide, keeping the original's aspect ratio (at least 1 px). */
export function scaledHeight(width: number, height: number, toWidth: number): number {
  return Math.max(1, Math.round((height * toWidth) / width));
}

/**
 * The `srcset` of a stored public image: its variants plus the original at its own width. A static
 * file (a path starting with `/`) has no variants, so it gets none.
 */
export function coverSrcSet(key: string | null | undefined, originalWidth = 1200): string | undefined {
  if (!key || key.startsWith("/")) return undefined;
  const url = (k: string) => `/media/${k}`;
  return [...variantWidthsFor(originalWidth).map((w) => `${url(variantKey(key, w))} ${w}w`), `${url(key)} ${originalWidth}w`].join(", ");
}

/** RGBA pixels, 4 bytes a pixel, rows top to bottom. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Shrinks an image by area averaging: each target pixel is the mean of the source pixels it
 * covers, weighted by how much of each it covers. Unlike nearest-neighbour it neither drops fine
 * lines nor adds moiré, and it needs no codec library. Only shrinks (`toWidth` ≤ the width).
 */
export function downscale(src: Pixels, toWidth: number, toHeight: number): Pixels {
  const { width: sw, height: sh, data: s } = src;
  const out = new Uint8Array(toWidth * toHeight * 4);
  const fx = sw / toWidth;
  const fy = sh / toHeight;
  const acc = new Float64Array(toWidth * 4);
  for (let ty = 0; ty < toHeight; ty++) {
    acc.fill(0);
    const y0 = ty * fy;
    const y1 = y0 + fy;
    for (let sy = Math.floor(y0); sy < Math.min(sh, Math.ceil(y1)); sy++) {
      const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
      if (wy <= 0) continue;
      const row = sy * sw * 4;
      for (let tx = 0; tx < toWidth; tx++) {
        const x0 = tx * fx;
        const x1 = x0 + fx;
        for (let sx = Math.floor(x0); sx < Math.min(sw, Math.ceil(x1)); sx++) {
          const w = (Math.min(x1, sx + 1) - Math.max(x0, sx)) * wy;
          if (w <= 0) continue;
          const i = row + sx * 4;
          const a = tx * 4;
          acc[a] = acc[a]! + s[i]! * w;
          acc[a + 1] = acc[a + 1]! + s[i + 1]! * w;
          acc[a + 2] = acc[a + 2]! + s[i + 2]! * w;
          acc[a + 3] = acc[a + 3]! + s[i + 3]! * w;
        }
      }
    }
    const area = fx * fy;
    const o = ty * toWidth * 4;
    for (let k = 0; k < toWidth * 4; k++) out[o + k] = Math.round(acc[k]! / area);
  }
  return { width: toWidth, height: toHeight, data: out };
}
