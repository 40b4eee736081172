import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  HEADER_BANNER_HIDDEN_ON,
  HEADER_BANNER_KIND_BY_ROUTE,
  headerBannerKind,
  SPEC_ROUTE_IDS,
} from "../../app/components/banners/header-banner-routes";

// Route ids as Remix's useMatches() gives them for a page: root first, the page's own route last.
const page = (...ids: string[]) => ["root", ...ids];

describe("the header banner's kind per page (spec §2, §7)", () => {
  it("shows top on the home page, fanclubs on fan club pages, posts on post pages, lives on live lists", () => {
    expect(headerBannerKind(page("routes/discovery/_index"))).toBe("top");
    expect(headerBannerKind(page("routes/discovery/fanclubs._index"))).toBe("fanclubs");
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/fanclub/fanclubs.$id._index"))).toBe("fanclubs");
    expect(headerBannerKind(page("routes/fanclub/$uniquePath"))).toBe("fanclubs");
    expect(headerBannerKind(page("routes/discovery/posts._index/route"))).toBe("posts");
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/fanclub/fanclubs.$id.posts._index"))).toBe("posts");
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/fanclub/fanclubs.$id.posts.$postId/route"))).toBe("posts");
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/live/fanclubs.$id.lives._index/route"))).toBe("lives");
  });

  it("lets a fan club's other tabs inherit fanclubs from the fan club route", () => {
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/fanclub/fanclubs.$id.products._index"))).toBe("fanclubs");
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/fanclub/fanclubs.$id.raffles.$raffleId/route"))).toBe("fanclubs");
  });

  it("shows the platform-wide top list on pages without a kind of their own", () => {
    expect(headerBannerKind(page("routes/help/help.$page"))).toBe("top");
    expect(headerBannerKind(page("routes/creator/me.fanclub.live_events._index"))).toBe("top");
    expect(headerBannerKind(["root"])).toBe("top");
  });

  it("hides it on the two live-event pages, whatever their parents would choose", () => {
    expect(headerBannerKind(page("routes/creator/me.fanclub.live_events.$id/route"))).toBeNull();
    expect(headerBannerKind(page("routes/fanclub/fanclubs.$id", "routes/live/fanclubs.$id.lives.$liveId/route"))).toBeNull();
    expect(HEADER_BANNER_HIDDEN_ON).toEqual([SPEC_ROUTE_IDS["me-fanclub-live_events-id"], SPEC_ROUTE_IDS.fanclubLiveUniquePath]);
  });

  it("names only route files that exist, so renaming a page cannot silently drop its rule", () => {
    const ids = [...Object.values(SPEC_ROUTE_IDS), ...Object.keys(HEADER_BANNER_KIND_BY_ROUTE)];
    const missing = ids.filter((id) => !["tsx", "ts"].some((ext) => existsSync(`app/${id}.${ext}`)));
    expect(missing).toEqual([]);
  });
});
