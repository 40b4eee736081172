import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLiveEvent } from "../factories";
import { bannerObjectKey } from "../../server/http/help-banners";
import { fetchBanners } from "../../server/integrations/banners";
import { at, confirmedAccount } from "./accounts-fixture";
import { clearBannerLists, helpBanner, putBannerList } from "./banners-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { get, hosts } from "./helpers";

/*
 * The header banner through the real Worker (spec §2 layouts, §7 banners): the help site's lists
 * in the media bucket, the page's kind chosen by route, none on the live-event pages, and a
 * missing or broken list giving a page without banners, never an error.
 */

/**
 * The banners a page draws: the alt texts inside the banner region. (The page's data carries
 * every kind's list for client-side navigation, so the bare titles appear in any page's HTML.)
 */
function shownBanners(html: string): string[] | null {
  const region = /<aside class="header-banner" aria-label="お知らせバナー">([\s\S]*?)<\/aside>/.exec(html);
  return region ? [...region[1]!.matchAll(/alt="([^"]*)"/g)].map((m) => m[1]!) : null;
}
const host = hosts.indies;
const page = async (path: string) => {
  const res = await get(host, path);
  return { status: res.status, html: await res.text() };
};

let fanclubId: number;
let liveId: number;
let creator: Awaited<ReturnType<typeof confirmedAccount>>;

// Every kind is read on a page's first render and kept for a minute, so the lists are in place
// before any page: top and fanclubs have banners, lives has none (404), posts is broken.
beforeAll(async () => {
  await putBannerList("top", [
    helpBanner("top-now", "トップのお知らせ", { bg_color: "#224466" }),
    helpBanner("top-over", "終わったキャンペーン", { end_time: "2020-01-01T00:00:00+09:00" }),
  ]);
  await putBannerList("fanclubs", [helpBanner("fanclubs-now", "ファンクラブのお知らせ")]);
  await env.MEDIA.put(bannerObjectKey("posts"), '{"banners": [');

  creator = await confirmedAccount({ prefix: "bannercr", name: "配信者" });
  fanclubId = await insertFanclub(creator.id, { serviceId: 2, name: "バナーの館" });
  const now = Date.now();
  const row = await createLiveEvent(env.DB, {
    fanclubId,
    ownerId: creator.id,
    title: "バナーなしの配信",
    startAt: new Date(now + 86_400_000),
    endAt: new Date(now + 90_000_000),
    visibility: "ticket",
    status: 0,
  });
  liveId = row.id;
});

afterAll(clearBannerLists);

describe("the help site's banner lists", () => {
  it("answers a kind's stored list as JSON on the base domain, and 404 for a kind without one", async () => {
    const res = await get(hosts.base, "/help/banners/top", { accept: "application/json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(((await res.json()) as { banners: Array<{ id: string }> }).banners.map((b) => b.id)).toEqual(["top-now", "top-over"]);
    expect((await get(hosts.base, "/help/banners/lives", { accept: "application/json" })).status).toBe(404);
    expect((await get(hosts.base, "/help/banners/anything", { accept: "application/json" })).status).toBe(404);
  });

  it("is the base domain's alone: a brand host has no such page", async () => {
    const res = await get(host, "/help/banners/top");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
  });
});

describe("the header banner on pages (spec §2)", () => {
  it("shows the home page the top list inside its display window, linked, with its alt text and colour", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(shownBanners(html)).toEqual(["トップのお知らせ"]);
    expect(html).toContain('<a href="/fanclubs"><picture>');
    expect(html).toContain('srcSet="/demo/banners/top-now-lg.svg"');
    expect(html).toContain("background:#224466");
    expect(html).not.toContain("終わったキャンペーン");
  });

  it("shows a fan club's page the fanclubs list", async () => {
    const { status, html } = await page(`/fanclubs/${fanclubId}`);
    expect(status).toBe(200);
    expect(html).toContain("バナーの館");
    expect(shownBanners(html)).toEqual(["ファンクラブのお知らせ"]);
  });

  it("hides it on a live event's page (fanclubLiveUniquePath), inside a fan club whose pages have one", async () => {
    const { status, html } = await page(`/fanclubs/${fanclubId}/lives/${liveId}`);
    expect(status).toBe(200);
    expect(html).toContain("バナーなしの配信");
    expect(shownBanners(html)).toBeNull();
  });

  it("hides it on the creator's live event page (me-fanclub-live_events-id), while their list of events shows the top list", async () => {
    const list = await creator.b.get(at(host, "/me/fanclub/live_events"));
    expect(list.status).toBe(200);
    expect(shownBanners(await list.text())).toEqual(["トップのお知らせ"]);
    const detail = await creator.b.get(at(host, `/me/fanclub/live_events/${liveId}`));
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain("バナーなしの配信");
    expect(shownBanners(html)).toBeNull();
  });

  it("gives a page without banners, not an error, when the help site has no list of its kind (404)", async () => {
    const { status, html } = await page(`/fanclubs/${fanclubId}/lives`);
    expect(status).toBe(200);
    expect(html).toContain("バナーの館");
    expect(shownBanners(html)).toBeNull();
  });

  it("gives a page without banners, not an error, when the list is broken", async () => {
    const { status, html } = await page(`/fanclubs/${fanclubId}/posts`);
    expect(status).toBe(200);
    expect(shownBanners(html)).toBeNull();
  });
});

describe("a help site that does not answer", () => {
  it("is given up on after the timeout inside workerd, with an empty list", async () => {
    const started = Date.now();
    const result = await fetchBanners("top", {
      helpOrigin: "http://fanclub.localhost:8787",
      fetcher: () => new Promise<Response>(() => {}),
      timeoutMs: 50,
    });
    expect(result).toEqual({ outcome: "failed", banners: [] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
