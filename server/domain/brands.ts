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
