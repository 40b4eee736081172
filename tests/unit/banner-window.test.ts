import { describe, expect, it } from "vitest";
import { CAMPAIGN_BANNER_WINDOW, isBannerVisible } from "../../server/domain/banner-window";

const at = (iso: string) => new Date(iso);

describe("isBannerVisible", () => {
  const banner = { start_time: "2024-01-10T00:00:00+09:00", end_time: "2024-01-20T00:00:00+09:00" };

  it("shows inside the window, bounds included", () => {
    expect(isBannerVisible(banner, at("2024-01-10T00:00:00+09:00"))).toBe(true);
    expect(isBannerVisible(banner, at("2024-01-15T12:00:00+09:00"))).toBe(true);
    expect(isBannerVisible(banner, at("2024-01-20T00:00:00+09:00"))).toBe(true);
  });

  it("hides before the start and after the end", () => {
    expect(isBannerVisible(banner, at("2024-01-09T23:59:59+09:00"))).toBe(false);
    expect(isBannerVisible(banner, at("2024-01-20T00:00:01+09:00"))).toBe(false);
  });

  it("treats a missing bound as open", () => {
    expect(isBannerVisible({ start_time: banner.start_time }, at("2099-01-01T00:00:00Z"))).toBe(true);
    expect(isBannerVisible({ end_time: banner.end_time }, at("1999-01-01T00:00:00Z"))).toBe(true);
    expect(isBannerVisible({ start_time: null, end_time: null }, at("2024-01-01T00:00:00Z"))).toBe(true);
    expect(isBannerVisible({}, at("2024-01-01T00:00:00Z"))).toBe(true);
  });

  it("runs the campaign banner 2021-05-28 to 2021-06-30 in Japan time", () => {
    expect(isBannerVisible(CAMPAIGN_BANNER_WINDOW, at("2021-05-27T14:59:59Z"))).toBe(false); // 23:59:59 JST on the 27th
    expect(isBannerVisible(CAMPAIGN_BANNER_WINDOW, at("2021-05-27T15:00:00Z"))).toBe(true); // 00:00 JST on the 28th
    expect(isBannerVisible(CAMPAIGN_BANNER_WINDOW, at("2021-06-30T14:59:59Z"))).toBe(true); // 23:59:59 JST on the 30th
    expect(isBannerVisible(CAMPAIGN_BANNER_WINDOW, at("2021-06-30T15:00:00Z"))).toBe(false);
  });
});
