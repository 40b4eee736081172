/** Picking brands out of the list of services; pure so the rules are unit-tested. */
export interface BrandLike {
  id: number;
  domain: string;
  isPrimary: boolean;
}

export function brandForHost<T extends BrandLike>(list: readonly T[], hostname: string): T | null {
  return list.find((s) => s.domain === hostname) ?? null;
}

export function primaryBrand<T extends BrandLike>(list: readonly T[]): T | null {
  return list.find((s) => s.isPrimary) ?? list[0] ?? null;
}

/** The public shape of a brand (spec §3 Service). `id` -1 means "no service". */
export interface PublicService {
  id: number;
  domain: string;
  cssClass: string;
  themeColor: string;
  frontUrl: string;
  requireOpenRequest: boolean;
  requireBasic: boolean;
  logo: string;
  fullLogo: string;
  ogp: string;
  name: string;
  kind: "official" | "indies";
}

export function toPublicService(row: PublicService & Record<string, unknown>): PublicService {
  return {
    id: row.id,
    domain: row.domain,
    cssClass: row.cssClass,
    themeColor: row.themeColor,
    frontUrl: row.frontUrl,
    requireOpenRequest: row.requireOpenRequest,
    requireBasic: row.requireBasic,
    logo: row.logo,
    fullLogo: row.fullLogo,
    ogp: row.ogp,
    name: row.name,
    kind: row.kind,
  };
}

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The lightest page background text sits on (the app's --bg). */
const PAGE_BACKGROUND = "#f6f7f9";
/** WCAG 2.2 AA for normal text, with a little room for rounding. */
const READABLE = 4.6;

/**
 * The brand colour for text and for white-on-colour buttons (--brand-ink): the theme colour itself
 * when it reads well enough on white and on the page background, else the same hue darkened step
 * by step until it does. A brand's bright colour stays for borders and decoration (--brand).
 */
export function brandInk(themeColor: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(themeColor)) return "#1f2328";
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(themeColor.slice(i, i + 2), 16)) as [number, number, number];
  for (let step = 0; step < 40; step++) {
    const hex = `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
    if (contrastRatio(hex, PAGE_BACKGROUND) >= READABLE) return hex;
    [r, g, b] = [r * 0.92, g * 0.92, b * 0.92];
  }
  return "#1f2328";
}
