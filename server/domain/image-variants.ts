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
const COVER_VARIANT_WIDTHS = [400, 800] as const;

/** What a card's cover occupies: the whole width on a phone, at most about 25rem beside others. */
export const COVER_CARD_SIZES = "(max-width: 40rem) 100vw, 25rem";

/**
 * What an image is, for its variants: each kind has the widths of the places that show it, at
 * 1x and 2x. A fan club icon (cropped to 400×400) shows at 24 px (sidebar), 32–48 px (cards,
 * lists) and 72–96 px (its page); the header (1500×500) across the page's column, at most
 * 1080 px; an album picture as a grid thumbnail (about 120–250 px, square-cropped) and opened in
 * the lightbox (the screen's width); a blog body's picture across the article's column.
 */
export type VariantKind = "cover" | "icon" | "header" | "album" | "blog";

export const VARIANT_WIDTHS: Record<VariantKind, readonly number[]> = {
  cover: COVER_VARIANT_WIDTHS,
  icon: [48, 96, 192],
  header: [640, 1080],
  album: [400, 800, 1600],
  // the article's column (app/styles/app.css .main, posts.css .post-detail): 100vw − 3.5rem on a
  // phone (about 320–380 px, so 640 px at 2x), 100vw − 4.5rem up to 991 px, and at most 1008 px
  // beside the sidebar: 1080 px serves that at 1x (and a phone at 3x), 2048 px at 2x
  blog: [640, 1080, 2048],
};

/** Every width any kind stores: what deleting an image must delete beside it. */
export const ALL_VARIANT_WIDTHS: readonly number[] = [...new Set(Object.values(VARIANT_WIDTHS).flat())].sort((a, b) => a - b);

/**
 * The widths the browser crops a fan club's icon and header to (PROFILE_IMAGE in ./images; a unit
 * test keeps them equal). Written here so this module imports nothing: the demo seed runs it as is.
 */
export const PROFILE_ORIGINAL_WIDTHS = { icon: 400, header: 1500 } as const;

/** JPEG quality of a variant: a picture viewed small; about a tenth of the original's bytes at 400 px. */
export const VARIANT_QUALITY = 78;

/** The album thumbnail's widths (grid) and the opened picture's (lightbox), of VARIANT_WIDTHS.album. */
export const ALBUM_THUMB_WIDTHS = [400, 800] as const;
export const ALBUM_LARGE_WIDTHS = [800, 1600] as const;

/** The `sizes` of each place an image shows, matching the CSS that lays it out. */
export const IMAGE_SIZES = {
  /** the sidebar's list of joined fan clubs: 24 px */
  iconSidebar: "24px",
  /** fan club cards, the live page's streamer: 48 px */
  iconCard: "48px",
  /** a plan's icon on the fan club page: 64 px */
  iconPlan: "64px",
  /** the fan club page: 96 px, 72 px on a phone */
  iconPage: "(max-width: 575px) 72px, 96px",
  /** the fan club page's header: the column's width, at most 1080 px */
  header: "(max-width: 1080px) 100vw, 1080px",
  /** the album grid: three columns on a phone, cells of 10–16rem beside each other */
  albumThumb: "(max-width: 575px) 34vw, 16rem",
  /** the opened picture: the screen */
  albumLarge: "100vw",
} as const;

/** The widest a blog body's picture shows: the post page's column beside the sidebar (1080 − 2 × 1rem − 2 × 1.25rem). */
const BLOG_COLUMN_MAX = 1008;

/**
 * The `sizes` of a blog body's picture (blog.css: `max-width: 100%`): the article's column on a
 * phone (100vw − 3.5rem of padding) and a tablet (100vw − 4.5rem), and on a wide screen the
 * column's 1008 px, or the picture's own width when it is narrower (it is never enlarged).
 */
export function blogImageSizes(width: number | null): string {
  const wide = width === null ? BLOG_COLUMN_MAX : Math.min(width, BLOG_COLUMN_MAX);
  return `(max-width: 575px) calc(100vw - 3.5rem), (max-width: 991px) calc(100vw - 4.5rem), ${wide}px`;
}

/** Variants are decoded from JPEG (the codec the Worker carries); other types keep their original. */
const DECODABLE = /\.jpe?g$/i;

/** Whether the job makes variants of the stored object at `key`: an R2 key (not a static path) of a JPEG. */
export function hasVariants(key: string | null | undefined): key is string {
  return !!key && !key.startsWith("/") && DECODABLE.test(key);
}

/**
 * The variant kind of a public image by its key (docs/decisions/044): covers, and the fan club's
 * icon, header and plan icons (server/domain/images profileImageKey). Null for others (a post's
 * files say their kind in D1).
 */
export function variantKindOfKey(key: string): VariantKind | null {
  if (key.startsWith("public/covers/")) return "cover";
  const m = /^public\/fanclubs\/\d+\/(icon|header|plan-\d+)-[^/]+$/.exec(key);
  if (!m) return null;
  return m[1] === "header" ? "header" : "icon";
}

/**
 * The variant kind of a post's file by its kind in D1: album pictures and a blog body's pictures
 * get variants; videos, attachments and DC3 files do not.
 */
export function variantKindOfFile(kind: string): VariantKind | null {
  if (kind === "picture") return "album";
  if (kind === "blog_image") return "blog";
  return null;
}

/** The keys of every variant an original may have (and their WebP copies), to delete with it. */
export function allVariantKeys(key: string): string[] {
  const jpegs = ALL_VARIANT_WIDTHS.map((w) => variantKey(key, w));
  return hasWebpCopy(key) ? [...jpegs, ...jpegs.map(webpCopyKey)] : jpegs;
}

/**
 * WebP quality of a variant's copy. libwebp's 75 looks like JPEG's 78 on photos at these sizes
 * (its default), and the copy exists only to be smaller than the JPEG it stands beside.
 */
export const WEBP_QUALITY = 75;

/**
 * Whether the variants of the image at `key` get a WebP copy beside their JPEG: public images
 * only (covers, icons, headers, plan icons, under `public/`). A paid album picture stays JPEG:
 * each fan receives it with their leak marks embedded in the JPEG as it is delivered (decision
 * 042), and those marks are written by the JPEG codec; a WebP copy would go out unmarked.
 */
export function hasWebpCopy(key: string): boolean {
  return key.startsWith("public/");
}

/**
 * The R2 key of the WebP copy of a variant (`…@w400.jpg` → `…@w400.jpg.webp`). Never a URL: pages
 * keep linking the JPEG variant and `/media` picks the copy by the request's `Accept`.
 */
export function webpCopyKey(variant: string): string {
  return `${variant}.webp`;
}

/**
 * Whether a request's `Accept` names WebP with a non-zero quality. Only an explicit `image/webp`
 * counts: the wildcards (`image/*`, any type) are sent by clients that cannot decode it (curl, old browsers),
 * while every browser that can lists it in its image requests.
 */
export function acceptsWebp(accept: string | null | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").some((range) => {
    const [type, ...params] = range.split(";").map((p) => p.trim().toLowerCase());
    if (type !== "image/webp") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Which representation of a public variant `/media` sends (content negotiation, decision 044):
 * the WebP copy when the client accepts it and the job stored it, else the JPEG (the same URL
 * either way, so every response of a variant says `Vary: Accept`).
 */
export function variantRepresentation(accept: string | null | undefined, webpStored: boolean): "image/webp" | "image/jpeg" {
  return webpStored && acceptsWebp(accept) ? "image/webp" : "image/jpeg";
}

/**
 * A `srcset` of the variants at `widths` plus, when its width is known, the original. `urlOf`
 * makes a key's URL (a public `/media/` path, or a signed private link). Undefined for an image
 * without variants (static files, PNG, WebP): its `src` alone is right.
 */
export function srcSetOf(
  key: string | null | undefined,
  widths: readonly number[],
  originalWidth: number | null,
  urlOf: (key: string) => string,
) {
  if (!hasVariants(key)) return undefined;
  const parts = (originalWidth === null ? widths : variantWidthsFor(originalWidth, widths)).map(
    (w) => `${urlOf(variantKey(key, w))} ${w}w`,
  );
  if (originalWidth !== null) parts.push(`${urlOf(key)} ${originalWidth}w`);
  return parts.join(", ");
}

/**
 * The srcset of a public image from the URL pages already carry (`/media/<key>`): pages that list
 * fan clubs get a URL from many services, and the variants follow from it by rule.
 */
export function publicSrcSet(url: string | null | undefined, kind: "icon" | "header"): string | undefined {
  if (!url?.startsWith("/media/public/")) return undefined;
  const key = url.slice("/media/".length);
  return srcSetOf(key, VARIANT_WIDTHS[kind], PROFILE_ORIGINAL_WIDTHS[kind], (k) => `/media/${k}`);
}

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
