import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/hono-env";
import { PAGE_CACHE_ANONYMOUS, PAGE_CACHE_HEADER, pageCache } from "../../server/http/page-cache";
import { get, hosts, SSO_CHECKED } from "./helpers";

const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
const bodyNonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));

describe("anonymous page cache, through the Worker", () => {
  it("serves a brand's top page again from cache with this response's own CSP nonce", async () => {
    const first = await get(hosts.indies, "/?page-cache=nonce");
    const firstHtml = await first.text();
    const second = await get(hosts.indies, "/?page-cache=nonce");
    const secondHtml = await second.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    // the opt-in header stays inside the Worker, on a miss as on a hit
    expect(first.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(second.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    const nonce = cspNonce(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(cspNonce(first));
    // every script the page carries is allowed by this response's policy, and only by it
    expect(bodyNonces(secondHtml)).toEqual(new Set([nonce]));
    expect(secondHtml.replaceAll(nonce!, "N")).toBe(firstHtml.replaceAll(cspNonce(first)!, "N"));
  });

  it("keeps languages and brands apart", async () => {
    await get(hosts.www, "/?page-cache=lang", { "accept-language": "ja" });
    const en = await get(hosts.www, "/?page-cache=lang", { "accept-language": "en" });
    expect(en.headers.get("x-page-cache")).toBe("miss");
    expect(await en.text()).toContain('lang="en"');
    const other = await get(hosts.kirameki, "/?page-cache=lang", { "accept-language": "en", ...SSO_CHECKED });
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(await other.text()).toContain("<title>Kirameki</title>");
  });

  it("never caches pages that did not opt in, or errors", async () => {
    for (const path of ["/help/inquiry", "/no/such/page", "/help/nothing-here"]) {
      await get(hosts.www, path);
      const again = await get(hosts.www, path);
      expect(again.headers.has("x-page-cache"), path).toBe(false);
    }
  });

  it("passes by a visitor with a flash message", async () => {
    await get(hosts.www, "/?page-cache=flash");
    const flash = encodeURIComponent(JSON.stringify([{ type: "info", key: "flash.loginSuccess" }]));
    const withFlash = await get(hosts.www, "/?page-cache=flash", { cookie: `flash=${flash}` });
    expect(withFlash.headers.has("x-page-cache")).toBe(false);
    expect(await withFlash.text()).toContain("ログインしました。");
    const after = await get(hosts.www, "/?page-cache=flash");
    expect(await after.text()).not.toContain("ログインしました。");
  });
});

/** The cache on its own, with a clock we control and a page that counts its renders. */
function harness(user: { id: number } | null = null) {
  let clock = 0;
  let renders = 0;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("nonce", `n${renders}-${clock}`);
    c.set("app", { hostname: "h", locale: "ja", sidebarOpen: true, lastAccessedFrontUrl: null, user, flash: [] } as never);
    await next();
  });
  let hold: Promise<void> | null = null;
  app.get("*", pageCache({ ttlMs: 1000, maxEntries: 2, now: () => clock }), async (c) => {
    renders += 1;
    const render = renders;
    const wait = hold;
    hold = null;
    if (wait) await wait;
    return new Response(`<script nonce="${c.get("nonce")}"></script>render ${render}`, {
      headers: { [PAGE_CACHE_HEADER]: PAGE_CACHE_ANONYMOUS, "content-type": "text/html" },
    });
  });
  const request = (path: string) => Promise.resolve(app.request(path, { headers: { accept: "text/html" } }));
  const fetchPage = async (path: string) => (await request(path)).text();
  return {
    request,
    fetchPage,
    tick: (ms: number) => (clock += ms),
    renders: () => renders,
    /** The next render waits for this before it answers. */
    holdNextRender: (until: Promise<void>) => (hold = until),
  };
}

describe("anonymous page cache, its rules", () => {
  it("renders again once the entry is older than its lifetime", async () => {
    const h = harness();
    await h.fetchPage("/a");
    h.tick(999);
    expect(await h.fetchPage("/a")).toContain("render 1");
    h.tick(1);
    expect(await h.fetchPage("/a")).toContain("render 2");
  });

  it("while one visitor's request renders an expired page again, the others get the page it replaces", async () => {
    const h = harness();
    await h.fetchPage("/a");
    h.tick(1000);
    let release = () => {};
    h.holdNextRender(new Promise<void>((resolve) => (release = resolve)));
    const refreshing = h.fetchPage("/a");
    // the render is under way: a second visitor neither waits for it nor renders the page too
    const meanwhile = await h.request("/a");
    expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
    expect(await meanwhile.text()).toContain("render 1");
    release();
    expect(await refreshing).toContain("render 2");
    expect(h.renders()).toBe(2);
    const after = await h.request("/a");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(await after.text()).toContain("render 2");
  });

  it("never hands out a page more than one lifetime past its end", async () => {
    const h = harness();
    await h.fetchPage("/a");
    h.tick(1000);
    h.holdNextRender(new Promise<void>(() => {}));
    void h.fetchPage("/a");
    h.tick(999);
    expect((await h.request("/a")).headers.get("x-page-cache")).toBe("stale");
    h.tick(1);
    // the render that never finished no longer stands for the page: this visitor renders it
    expect(await h.fetchPage("/a")).toContain("render 3");
  });

  it("keeps only the newest entries", async () => {
    const h = harness();
    await h.fetchPage("/a");
    await h.fetchPage("/b");
    await h.fetchPage("/c");
    expect(h.renders()).toBe(3);
    expect(await h.fetchPage("/c")).toContain("render 3");
    expect(await h.fetchPage("/a")).toContain("render 4");
  });

  it("always renders for a signed-in person", async () => {
    const h = harness({ id: 1 });
    await h.fetchPage("/a");
    await h.fetchPage("/a");
    expect(h.renders()).toBe(2);
  });
});
