import { isBaseDomainPath } from "../../server/domain/route-guard";
import type { RootData } from "./root-data";

/**
 * Builds links that land on the right host at once instead of bouncing through the guard:
 * brand pages go to this host when it serves a brand, else to the brand the visitor used last.
 */
export function linkBuilder(data: RootData | undefined) {
  const onBrandHost = Boolean(data?.isBrandHost);
  const brandOrigin = onBrandHost ? "" : (data?.brand?.frontUrl ?? "");
  return {
    brand: (path: string) => `${brandOrigin}${path}`,
    // base-domain-only help pages (spec §2) link straight to the base domain
    help: (page: string) =>
      isBaseDomainPath(`/help/${page}`) ? `${data?.origins.base ?? ""}/help/${page}` : `${brandOrigin}/help/${page}`,
    user: (path: string) => `${data?.origins.user ?? ""}${path}`,
    login: (returnTo?: string) =>
      `${data?.origins.login ?? ""}/auth/login${returnTo ? `?loggedInPath=${encodeURIComponent(returnTo)}` : ""}`,
    /** true when `href` leaves this origin and so needs a document navigation */
    isExternal: (href: string) => /^https?:\/\//.test(href),
  };
}
