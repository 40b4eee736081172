import { env } from "cloudflare:test";
import { BANNER_KINDS, type BannerKind } from "../../server/domain/banners";
import { bannerObjectKey } from "../../server/http/help-banners";

/** One banner as the help site lists it; `extra` adds or overrides fields (times, colour, link). */
export const helpBanner = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  url: "/fanclubs",
  image: {
    sm: { url: `/demo/banners/${id}-sm.svg`, width: 750, height: 200 },
    lg: { url: `/demo/banners/${id}-lg.svg`, width: 1200, height: 200 },
  },
  ...extra,
});

/** Stores a kind's list where the offline help site serves it from. */
export function putBannerList(kind: BannerKind, banners: ReturnType<typeof helpBanner>[]) {
  return env.MEDIA.put(bannerObjectKey(kind), JSON.stringify({ banners }));
}

/** Removes every kind's list, so other test files start from none. */
export function clearBannerLists() {
  return env.MEDIA.delete(BANNER_KINDS.map(bannerObjectKey));
}
