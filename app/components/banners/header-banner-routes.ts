import type { BannerKind } from "../../../server/domain/banners";

/**
 * Pages the spec names, as Remix route ids (the route files app/routes.ts names, without extension). The layout matches
 * ids, so the pages themselves need to know nothing about the banner.
 */
export const SPEC_ROUTE_IDS = {
  "me-fanclub-live_events-id": "routes/creator/me.fanclub.live_events.$id/route",
  fanclubLiveUniquePath: "routes/live/fanclubs.$id.lives.$liveId/route",
} as const;

/** spec §2: no header banner on the live-event pages. */
export const HEADER_BANNER_HIDDEN_ON: readonly string[] = [
  SPEC_ROUTE_IDS["me-fanclub-live_events-id"],
  SPEC_ROUTE_IDS.fanclubLiveUniquePath,
];

/**
 * The list a page shows (spec §7 kinds): the deepest matched route named here decides, so a fan
 * club's post page shows posts while its other tabs inherit fanclubs from the fan club route.
 */
export const HEADER_BANNER_KIND_BY_ROUTE: Readonly<Record<string, BannerKind>> = {
  "routes/discovery/_index": "top",
  "routes/discovery/fanclubs._index": "fanclubs",
  "routes/fanclub/fanclubs.$id": "fanclubs",
  "routes/fanclub/$uniquePath": "fanclubs",
  "routes/discovery/posts._index/route": "posts",
  "routes/fanclub/fanclubs.$id.posts._index": "posts",
  "routes/fanclub/fanclubs.$id.posts.$postId/route": "posts",
  "routes/fanclub/fanclubs.$id.posts.$postId.post_tippings": "posts",
  "routes/live/fanclubs.$id.lives._index/route": "lives",
};

/** Pages not listed show the platform-wide list, the one the home page shows. */
const DEFAULT_HEADER_BANNER_KIND: BannerKind = "top";

/** The banner kind for a page given its matched route ids (root first), or null when hidden. */
export function headerBannerKind(routeIds: readonly string[]): BannerKind | null {
  if (routeIds.some((id) => HEADER_BANNER_HIDDEN_ON.includes(id))) return null;
  for (let i = routeIds.length - 1; i >= 0; i--) {
    const kind = HEADER_BANNER_KIND_BY_ROUTE[routeIds[i] ?? ""];
    if (kind) return kind;
  }
  return DEFAULT_HEADER_BANNER_KIND;
}
