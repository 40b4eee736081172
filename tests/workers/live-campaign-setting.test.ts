import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANNER_KINDS } from "../../server/domain/banners";
import { bannerObjectKey } from "../../server/http/help-banners";
import { api, hosts } from "./helpers";

/*
 * GET /api/v1/live_campaign_setting (spec §7): the live events campaign the operators run through
 * the help site's `lives` banner list, as the pages see it: active while a banner is in its
 * window, and only those banners. The list is read once per minute per isolate, so it is in place
 * before the first call.
 */

const banner = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  url: "/lives",
  image: {
    sm: { url: `/demo/banners/${id}-sm.svg`, width: 750, height: 200 },
    lg: { url: `/demo/banners/${id}-lg.svg`, width: 1200, height: 200 },
  },
  ...extra,
});

beforeAll(async () => {
  await env.MEDIA.put(
    bannerObjectKey("lives"),
    JSON.stringify({
      banners: [
        banner("lives-now", "配信キャンペーン開催中"),
        banner("lives-over", "終わった配信キャンペーン", { end_time: "2020-01-01T00:00:00+09:00" }),
        banner("lives-later", "来年の配信キャンペーン", { start_time: "2099-01-01T00:00:00+09:00" }),
      ],
    }),
  );
});

afterAll(async () => {
  await env.MEDIA.delete(BANNER_KINDS.map(bannerObjectKey));
});

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
