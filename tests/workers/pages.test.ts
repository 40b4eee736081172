import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, hosts, setCookies, SSO_CHECKED } from "./helpers";

describe("pages", () => {
  it("shows each brand's name and theme on its host", async () => {
    for (const [host, name, css] of [
      [hosts.www, "Fanclub", "theme-fanclub"],
      [hosts.indies, "Fanclub Indies", "theme-indies"],
      [hosts.kirameki, "Kirameki", "theme-kirameki"],
    ] as const) {
      const res = await get(host, "/", SSO_CHECKED);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${name}</title>`);
      expect(html).toContain(`class="${css}"`);
    }
  });

  it("answers an unknown path with a 404 page and links to top, search and help", async () => {
    const res = await get(hosts.www, "/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("お探しのページは見つかりませんでした。");
    expect(html).toContain('href="/fanclubs?order=2&amp;category="');
    expect(html).toContain('href="/help/guideline"');
  });

  it("answers an unknown help page with 404", async () => {
    const res = await get(hosts.www, "/help/nothing-here");
    expect(res.status).toBe(404);
  });

  it("serves every help page in every language", async () => {
    const pages = ["faq", "guideline", "fanclub_open_flow", "fanclub_close", "leave", "fanclub_open_request", "inquiry"];
    for (const locale of ["ja", "en", "zh-cn", "zh-tw", "ko"]) {
      for (const page of pages) {
        const res = await get(hosts.www, `/help/${page}`, { cookie: `locale=${locale}` });
        expect(res.status, `${locale} ${page}`).toBe(200);
        expect(await res.text()).toContain(`lang="${locale}"`);
      }
      for (const page of ["company", "terms", "privacy", "law"]) {
        const res = await get(hosts.base, `/help/${page}`, { cookie: `locale=${locale}` });
        expect(res.status, `${locale} ${page}`).toBe(200);
      }
    }
  });

  it("sends security headers with a per-response script nonce", async () => {
    const first = await get(hosts.www, "/");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    // every inline script carries the nonce
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // HSTS only over https
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const second = await get(hosts.www, "/");
    expect(second.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("sends HSTS on https", async () => {
    const https = await SELF.fetch(`https://${hosts.www}/healthcheck`);
    expect(https.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("reports a healthy D1 at /healthcheck", async () => {
    const res = await get(hosts.www, "/healthcheck");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", d1: "ok" });
  });

  it("sidebar closed state from its cookie is rendered on the server", async () => {
    const res = await get(hosts.www, "/", { cookie: "sidebar=closed" });
    expect(await res.text()).toContain('data-sidebar="closed"');
    expect(setCookies(res).some((c) => c.startsWith("sidebar="))).toBe(false);
  });
});

describe("flash messages across a client-side redirect", () => {
  it("are not taken by Remix's route discovery or API calls, only by the page that shows them", async () => {
    const flash = `flash=${encodeURIComponent(encodeURIComponent(JSON.stringify([{ type: "info", key: "flash.planCreated", closable: true }])))}`;
    const manifest = await get(hosts.www, "/__manifest?p=%2Fhelp%2Fguideline&version=x", { cookie: flash });
    expect(manifest.headers.getSetCookie().some((c) => c.startsWith("flash="))).toBe(false);
    const apiCall = await get(hosts.www, "/api/v1/ping", { cookie: flash });
    expect(apiCall.headers.getSetCookie().some((c) => c.startsWith("flash="))).toBe(false);
    const page = await get(hosts.www, "/help/guideline", { cookie: flash });
    expect(await page.text()).toContain("プランを作成しました。");
    expect(page.headers.getSetCookie().some((c) => /^flash=;.*Max-Age=0/.test(c))).toBe(true);
  });
});
