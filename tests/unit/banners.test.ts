import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { DEMO_BANNERS, demoBannerObjects } from "../../db/seed/banners-demo.mjs";
import { parseBannerBody, visibleBanners } from "../../server/domain/banners";
import type { Env } from "../../server/env";
import { headerBannersFor } from "../../server/http/header-banners";
import { BANNER_TIMEOUT_MS, fetchBanners, type BannerFetcher } from "../../server/integrations/banners";

const image = (url: string, width = 750, height = 200) => ({ url, width, height });
const item = (over: Record<string, unknown> = {}) => ({
  id: "summer",
  title: "夏のキャンペーン",
  url: "/fanclubs",
  image: { sm: image("/media/public/banners/summer-sm.png") },
  ...over,
});

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());
const warnings = () => warn.mock.calls.map((args) => args.join(" "));

describe("the help site's banner file (spec §3 Banner fields)", () => {
  it("reads a banner into what the layout draws, wider images widest first", () => {
    const parsed = parseBannerBody("top", {
      banners: [
        item({
          image: { sm: image("/b/sm.png"), md: image("/b/md.png", 1000, 200), lg: image("/b/lg.png", 1200, 200) },
          bg_color: "#112233",
          user_types: [1, 2],
          start_time: "2025-07-01T00:00:00+09:00",
          end_time: null,
        }),
      ],
    });
    expect(parsed).toEqual({
      banners: [
        {
          id: "summer",
          alt: "夏のキャンペーン",
          linkUrl: "/fanclubs",
          imageUrl: "/b/sm.png",
          width: 750,
          height: 200,
          sources: [
            { minWidth: 992, url: "/b/lg.png", width: 1200, height: 200 },
            { minWidth: 576, url: "/b/md.png", width: 1000, height: 200 },
          ],
          bgColor: "#112233",
          startTime: "2025-07-01T00:00:00+09:00",
          endTime: null,
        },
      ],
      rejected: [],
    });
  });

  it("gives an id by position when the file has none, and links to http(s) pages elsewhere", () => {
    const parsed = parseBannerBody("lives", { banners: [item({ id: undefined, url: "https://help.example/campaign?x=1" })] });
    expect(parsed?.banners[0]).toMatchObject({ id: "lives-0", linkUrl: "https://help.example/campaign?x=1" });
  });

  it("is not a list unless it is an object with a banners array", () => {
    for (const body of [null, "text", [], { banners: "x" }, { items: [] }]) expect(parseBannerBody("top", body)).toBeNull();
    expect(parseBannerBody("top", { banners: [] })).toEqual({ banners: [], rejected: [] });
  });

  it("leaves out an entry that could hurt or not show, and keeps the others", () => {
    const parsed = parseBannerBody("top", {
      banners: [
        item({ id: "script-link", url: "javascript:alert(1)" }),
        item({ id: "data-link", url: "data:text/html,hi" }),
        item({ id: "other-host-image", image: { sm: image("https://cdn.example/a.png") } }),
        item({ id: "protocol-relative", image: { sm: image("//cdn.example/a.png") } }),
        item({ id: "backslash", image: { sm: image("/\\cdn.example/a.png") } }),
        item({ id: "style", bg_color: "red;background:url(x)" }),
        item({ id: "no-title", title: " " }),
        item({ id: "bad-time", end_time: "tomorrow" }),
        item({ id: "ok" }),
        item({ id: "ok", title: "二つ目" }),
      ],
    });
    expect(parsed?.banners.map((b) => b.id)).toEqual(["ok"]);
    expect(parsed?.rejected.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect(parsed?.rejected[9 - 1]?.problem).toContain("used twice");
  });

  it("shows a banner only inside its display window (spec §4)", () => {
    const parsed = parseBannerBody("top", {
      banners: [
        item({ id: "always" }),
        item({ id: "july", start_time: "2025-07-01T00:00:00+09:00", end_time: "2025-07-31T23:59:59+09:00" }),
      ],
    })!;
    expect(visibleBanners(parsed.banners, new Date("2025-07-15T00:00:00Z")).map((b) => b.id)).toEqual(["always", "july"]);
    expect(visibleBanners(parsed.banners, new Date("2025-08-01T00:00:00+09:00")).map((b) => b.id)).toEqual(["always"]);
  });

  it("seeds a demo list the reader accepts, with its images drawn under public/", () => {
    const [object] = demoBannerObjects();
    expect(object?.key).toBe("banners/top.json");
    const parsed = parseBannerBody("top", JSON.parse(object!.body));
    expect(parsed?.rejected).toEqual([]);
    expect(parsed?.banners.map((b) => b.id)).toEqual(DEMO_BANNERS.map((b) => b.id));
    for (const b of parsed!.banners)
      for (const url of [b.imageUrl, ...b.sources.map((s) => s.url)]) expect(existsSync(`public${url}`), url).toBe(true);
  });
});

describe("fetching one kind from the help site (spec §7)", () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const source = (fetcher: BannerFetcher, timeoutMs?: number) => ({ helpOrigin: "https://help.example", fetcher, timeoutMs });

  it("GETs /help/banners/{kind} and reads the list", async () => {
    const seen: Request[] = [];
    const result = await fetchBanners(
      "posts",
      source(async (req) => (seen.push(req), json({ banners: [item()] }))),
    );
    expect(seen.map((r) => [r.method, r.url])).toEqual([["GET", "https://help.example/help/banners/posts"]]);
    expect(result).toMatchObject({ outcome: "ok", banners: [{ id: "summer" }] });
    expect(warnings()).toEqual([]);
  });

  it("treats a 404 as an empty list, quietly", async () => {
    expect(
      await fetchBanners(
        "top",
        source(async () => new Response("Not Found", { status: 404 })),
      ),
    ).toEqual({ outcome: "none", banners: [] });
    expect(warnings()).toEqual([]);
  });

  it("logs an error status, a network failure, a body that is not JSON or not a list, and shows none", async () => {
    const cases: BannerFetcher[] = [
      async () => new Response("oops", { status: 500 }),
      async () => {
        throw new TypeError("network down");
      },
      async () => new Response("<html>", { status: 200 }),
      async () => json({ items: [] }),
    ];
    for (const fetcher of cases) expect(await fetchBanners("fanclubs", source(fetcher))).toEqual({ outcome: "failed", banners: [] });
    expect(warnings()).toHaveLength(4);
    expect(warnings()[0]).toContain("answered 500");
    expect(warnings()[1]).toContain("network down");
    expect(warnings().every((w) => w.includes("https://help.example/help/banners/fanclubs"))).toBe(true);
  });

  it("gives up after the timeout, even on a fetcher that ignores the abort signal", async () => {
    expect(BANNER_TIMEOUT_MS).toBe(500);
    const started = Date.now();
    const result = await fetchBanners(
      "top",
      source(() => new Promise<Response>(() => {}), 40),
    );
    expect(result).toEqual({ outcome: "failed", banners: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(warnings()[0]).toContain("no answer within 40 ms");
  });

  it("logs the entries it leaves out and shows the rest", async () => {
    const result = await fetchBanners(
      "top",
      source(async () => json({ banners: [item({ url: "javascript:void 0" }), item({ id: "fine" })] })),
    );
    expect(result.banners.map((b) => b.id)).toEqual(["fine"]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("item 0");
  });
});

describe("the layout's banners, per isolate", () => {
  let n = 0;
  /** A deployment of its own per test (the cache is keyed by the help site's origin) with a bucket in memory. */
  function deployment(files: Record<string, string>) {
    const domain = `help${++n}.example`;
    const reads: string[] = [];
    const env = {
      ENVIRONMENT: "test",
      BASE_DOMAIN: domain,
      USER_DOMAIN: `my.${domain}`,
      LOGIN_DOMAIN: `auth.${domain}`,
      COOKIE_DOMAIN: domain,
      MEDIA: {
        get: async (key: string) => {
          reads.push(key);
          const body = files[key];
          return body === undefined ? null : { body, httpEtag: '"1"' };
        },
      },
    } as unknown as Env;
    const pending: Promise<unknown>[] = [];
    const app = {
      env,
      origins: { base: `https://${domain}`, user: "", login: "" },
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
    };
    return { files, reads, pending, app };
  }
  const list = (...items: Array<Record<string, unknown>>) => JSON.stringify({ banners: items });

  it("reads each kind from the help site once, then serves a minute of pages from memory", async () => {
    const d = deployment({ "banners/top.json": list(item({ id: "a" })) });
    let clock = 1_000_000;
    const first = await headerBannersFor(d.app, () => clock);
    expect(first).toEqual({ top: [expect.objectContaining({ id: "a" })], fanclubs: [], posts: [], lives: [] });
    expect(d.reads.sort()).toEqual(["banners/fanclubs.json", "banners/lives.json", "banners/posts.json", "banners/top.json"]);

    clock += 59_000;
    d.files["banners/top.json"] = list(item({ id: "b" }));
    expect((await headerBannersFor(d.app, () => clock))?.top.map((b) => b.id)).toEqual(["a"]);
    expect(d.reads).toHaveLength(4);

    // stale: this page still gets the old list, the new one is read after the response
    clock += 2_000;
    expect((await headerBannersFor(d.app, () => clock))?.top.map((b) => b.id)).toEqual(["a"]);
    expect(d.pending).toHaveLength(4);
    await Promise.all(d.pending);
    expect((await headerBannersFor(d.app, () => clock))?.top.map((b) => b.id)).toEqual(["b"]);
    expect(d.reads).toHaveLength(8);
  });

  it("asks again about a kind that failed after a few seconds, not a minute", async () => {
    const d = deployment({ "banners/top.json": list(item()), "banners/posts.json": "{not json" });
    let clock = 5_000_000;
    await headerBannersFor(d.app, () => clock);
    clock += 11_000;
    await headerBannersFor(d.app, () => clock);
    await Promise.all(d.pending);
    expect(d.reads.filter((k) => k === "banners/posts.json")).toHaveLength(2);
    expect(d.reads.filter((k) => k === "banners/top.json")).toHaveLength(1);
    expect(warnings()).toHaveLength(2);
  });

  it("applies each banner's window at every page, from the list in memory", async () => {
    const end = new Date(9_000_000 + 20_000).toISOString();
    const d = deployment({ "banners/lives.json": list(item({ id: "ending", end_time: end }), item({ id: "staying" })) });
    expect((await headerBannersFor(d.app, () => 9_000_000))?.lives.map((b) => b.id)).toEqual(["ending", "staying"]);
    expect((await headerBannersFor(d.app, () => 9_030_000))?.lives.map((b) => b.id)).toEqual(["staying"]);
    expect(d.reads).toHaveLength(4);
  });

  it("is null when no kind has a banner, so pages load no banner code", async () => {
    const d = deployment({});
    expect(await headerBannersFor(d.app, () => 1)).toBeNull();
  });
});
