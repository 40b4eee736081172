import { z } from "zod";
import { isBannerVisible } from "./banner-window";

/** spec §7: the help site keeps one banner list per kind. */
export const BANNER_KINDS = ["top", "fanclubs", "posts", "lives"] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

export function isBannerKind(value: string): value is BannerKind {
  return (BANNER_KINDS as readonly string[]).includes(value);
}

/**
 * A banner as pages show it. `alt` is the spec's title (the image carries the words, so the title
 * is what a screen reader says); `sources` are the wider images, widest first, as <picture> wants.
 */
export interface Banner {
  id: string;
  alt: string;
  linkUrl: string;
  imageUrl: string;
  width: number;
  height: number;
  sources: Array<{ minWidth: number; url: string; width: number; height: number }>;
  bgColor: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** The layout's breakpoints (spec §9): md from 576 px, lg from 992 px. */
const BANNER_SOURCE_MIN_WIDTH = { md: 576, lg: 992 } as const;

/**
 * A path on the site itself. Pages only allow same-origin images (CSP img-src 'self'), so an image
 * elsewhere could never show; "//host" and "/\host" are other hosts to a browser.
 */
const sitePath = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, "a path on this site");

/** Links may leave the site, but only over http(s): the file must not smuggle javascript: into a page. */
const linkUrl = z.union([
  sitePath,
  z
    .string()
    .max(2048)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !/\s/.test(value);
      } catch {
        return false;
      }
    }, "an http(s) URL"),
]);

const image = z.object({
  url: sitePath,
  width: z.number().int().min(1).max(4000),
  height: z.number().int().min(1).max(4000),
});

const time = z.string().datetime({ offset: true }).nullish();

/** One banner in the help site's file, with the spec §3 field names. */
const bannerItem = z.object({
  id: z.union([z.string().trim().min(1).max(100), z.number().int()]).optional(),
  title: z.string().trim().min(1).max(200),
  url: linkUrl,
  image: z.object({ sm: image, md: image.optional(), lg: image.optional() }),
  // spec §3: user_types exists but its use is not shown; accepted and not used, so a list reads
  // the same for every visitor and pages stay shareable by the signed-out page cache
  user_types: z.array(z.unknown()).optional(),
  start_time: time,
  end_time: time,
  // goes into a style attribute: a colour and nothing else
  bg_color: z
    .string()
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i)
    .nullish(),
});

const bannerBody = z.object({ banners: z.array(z.unknown()).max(50) });

export interface ParsedBanners {
  banners: Banner[];
  /** items dropped because they did not match the format */
  rejected: Array<{ index: number; problem: string }>;
}

/**
 * Reads a help site body. Null when the body is not a banner list at all; otherwise the valid
 * banners, and the items left out, so one bad entry does not take the others down with it.
 */
export function parseBannerBody(kind: BannerKind, body: unknown): ParsedBanners | null {
  const envelope = bannerBody.safeParse(body);
  if (!envelope.success) return null;
  const banners: Banner[] = [];
  const rejected: ParsedBanners["rejected"] = [];
  envelope.data.banners.forEach((raw, index) => {
    const item = bannerItem.safeParse(raw);
    if (!item.success) {
      const issue = item.error.issues[0];
      rejected.push({ index, problem: issue ? `${issue.path.join(".") || "item"}: ${issue.message}` : "invalid" });
      return;
    }
    const b = item.data;
    const id = b.id === undefined ? `${kind}-${index}` : String(b.id);
    // ids key the rendered list: a repeated one would make two banners one
    if (banners.some((other) => other.id === id)) {
      rejected.push({ index, problem: `id: ${id} is used twice` });
      return;
    }
    const wider = [
      b.image.lg ? { minWidth: BANNER_SOURCE_MIN_WIDTH.lg, ...b.image.lg } : null,
      b.image.md ? { minWidth: BANNER_SOURCE_MIN_WIDTH.md, ...b.image.md } : null,
    ];
    banners.push({
      id,
      alt: b.title,
      linkUrl: b.url,
      imageUrl: b.image.sm.url,
      width: b.image.sm.width,
      height: b.image.sm.height,
      sources: wider.filter((s) => s !== null),
      bgColor: b.bg_color ?? null,
      startTime: b.start_time ?? null,
      endTime: b.end_time ?? null,
    });
  });
  return { banners, rejected };
}

/** spec §4: the banners whose display window holds `now`. */
export function visibleBanners(banners: readonly Banner[], now: Date): Banner[] {
  return banners.filter((b) => isBannerVisible({ start_time: b.startTime, end_time: b.endTime }, now));
}
