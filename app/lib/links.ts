import type { RootData } from "./root-data";

/** Help pages that live on the base domain only (spec §2); the rest are served by a brand. */
const BASE_ONLY = new Set(["company", "terms", "law", "privacy"]);

/**
 * Builds links that land on the right host at once instead of bouncing through the guard:
 * brand pages go to this host when it serves a brand, else to the brand the visitor used last.
 */
export function linkBuilder(data: RootData | undefined) {
  const onBrandHost = Boolean(data?.isBrandHost);
  const brandOrigin = onBrandHost ? "" : (data?.brand?.frontUrl ?? "");
  return {
    brand: (path: string) => `${brandOrigin}${path}`,
    help: (page: string) =>
      BASE_ONLY.has(page) ? `${data?.origins.base ?? ""}/help/${page}` : `${brandOrigin}/help/${page}`,
    user: (path: string) => `${data?.origins.user ?? ""}${path}`,
    login: (returnTo?: string) =>
      `${data?.origins.login ?? ""}/auth/login${returnTo ? `?loggedInPath=${encodeURIComponent(returnTo)}` : ""}`,
    /** true when `href` leaves this origin and so needs a document navigation */
    isExternal: (href: string) => /^https?:\/\//.test(href),
  };
}
