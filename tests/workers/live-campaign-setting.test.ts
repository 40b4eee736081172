import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearBannerLists, helpBanner, putBannerList } from "./banners-fixture";
import { api, hosts } from "./helpers";

/*
 * GET /api/v1/live_campaign_setting (spec §7): the live events campaign the operators run through
 * the help site's `lives` banner list, as the pages see it: active while a banner is in its
 * window, and only those banners. The list is read once per minute per isolate, so it is in place
 * before the first call.
 */

beforeAll(() =>
  putBannerList("lives", [
    helpBanner("lives-now", "配信キャンペーン開催中", { url: "/lives" }),
    helpBanner("lives-over", "終わった配信キャンペーン", { url: "/lives", end_time: "2020-01-01T00:00:00+09:00" }),
    helpBanner("lives-later", "来年の配信キャンペーン", { url: "/lives", start_time: "2099-01-01T00:00:00+09:00" }),
  ]),
);

afterAll(clearBannerLists);

describe("GET /api/v1/live_campaign_setting", () => {
  it("is active with the lives banners in their window, and leaves out ended and future ones", async () => {
    const res = await api(hosts.www, "/live_campaign_setting");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      payload: { liveCampaign: { active: boolean; banners: Array<{ id: string; alt: string; linkUrl: string }> } };
    };
    expect(body.payload.liveCampaign.active).toBe(true);
    expect(body.payload.liveCampaign.banners.map((b) => [b.id, b.alt, b.linkUrl])).toEqual([
      ["lives-now", "配信キャンペーン開催中", "/lives"],
    ]);
  });

  it("answers the same for a visitor on another brand (the operators' list is the platform's)", async () => {
    const res = await api(hosts.indies, "/live_campaign_setting");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payload: { liveCampaign: { active: boolean; banners: unknown[] } } };
    expect(body.payload.liveCampaign).toMatchObject({ active: true });
    expect(body.payload.liveCampaign.banners).toHaveLength(1);
  });
});
