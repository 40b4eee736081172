import type { BannerKind } from "../../../server/domain/banners";

/**
 * Pages the spec names, as Remix route ids (the file names under app/routes). The layout matches
 * ids, so the pages themselves need to know nothing about the banner.
 */
export const SPEC_ROUTE_IDS = {
  "me-fanclub-live_events-id": "routes/me.fanclub.live_events.$id",
  fanclubLiveUniquePath: "routes/fanclubs.$id.lives.$liveId",
} as const;

/** spec §2: no header banner on the live-event pages. */
export const HEADER_BANNER_HIDDEN_ON: readonly string[] = [SPEC_ROUTE_IDS["me-fanclub-live_events-id"], SPEC_ROUTE_IDS.fanclubLiveUniquePath];

/**
 * The list a page shows (spec §7 kinds): the deepest matched route named here decides, so a fan
 * club's post page shows posts while its other tabs inherit fanclubs from the fan club route.
 */
export const HEADER_BANNER_KIND_BY_ROUTE: Readonly<Record<string, BannerKind>> = {
  "routes/_index": "top",
  "routes/fanclubs._index": "fanclubs",
  "routes/fanclubs.$id": "fanclubs",
  "routes/$uniquePath": "fanclubs",
  "routes/posts._index": "posts",
  "routes/fanclubs.$id.posts._index": "posts",
  "routes/fanclubs.$id.posts.$postId": "posts",
  "routes/fanclubs.$id.posts.$postId_.post_tippings": "posts",
  "routes/fanclubs.$id.lives._index": "lives",
};

/** Pages not listed show the platform-wide list, the one the home page shows. */
export const DEFAULT_HEADER_BANNER_KIND: BannerKind = "top";

/** The banner kind for a page given its matched route ids (root first), or null when hidden. */
export function headerBannerKind(routeIds: readonly string[]): BannerKind | null {
  if (routeIds.some((id) => HEADER_BANNER_HIDDEN_ON.includes(id))) return null;
  for (let i = routeIds.length - 1; i >= 0; i--) {
    const kind = HEADER_BANNER_KIND_BY_ROUTE[routeIds[i] ?? ""];
    if (kind) return kind;
  }
  return DEFAULT_HEADER_BANNER_KIND;
}
