import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, hosts, SSO_CHECKED } from "./helpers";

/*
 * The API, media, uploads and locale files are served by routes of their own, outside the pages
 * (server/app.ts). A path under their prefixes that none of them knows answers like any unknown
 * path: the localized 404 page, or under /api/v1 the API's JSON 404. Never a bare English text.
 */

// a browser's request: Remix compares a form post's Origin with its Host
const EN = { host: hosts.www, cookie: "locale=en", accept: "text/html" };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return SELF.fetch(`http://${hosts.www}${path}`, { method, redirect: "manual", headers: { ...EN, ...headers }, body });
}

/** The visible part of a 404 page: status, type, title and text, without the per-response nonce. */
async function pageOf(res: Response) {
  const html = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    lang: /<html[^>]*lang="([^"]+)"/.exec(html)?.[1],
    saysNotFound: html.includes("The page you are looking for was not found."),
  };
}

describe("an unknown path under a service prefix", () => {
  it("gets the same localized 404 page as /no/such/page", async () => {
    const expected = await pageOf(await send("GET", "/no/such/page"));
    expect(expected).toMatchObject({ status: 404, lang: "en", saysNotFound: true });
    expect(expected.type).toContain("text/html");
    for (const path of [
      "/api/v2/x",
      "/api/",
      "/media/x",
      "/media/public/no-such-picture.jpg",
      "/uploads/nope",
      "/message-images/1/more",
      "/locales/xx/common.json",
    ]) {
      expect(await pageOf(await send("GET", path)), path).toEqual(expected);
    }
  });

  it("answers another method as that method's unknown page does", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: `http://${hosts.www}` };
    const expected = await pageOf(await send("POST", "/no/such/page", form, "a=1"));
    expect(expected.status).toBe(404);
    for (const [method, path] of [
      ["POST", "/media/x"],
      ["POST", "/uploads/nope"],
      ["PUT", "/api/v2/x"],
    ] as const) {
      expect(await pageOf(await send(method, path, form, "a=1")), `${method} ${path}`).toEqual(expected);
    }
  });

  it("renders the page with the pages' own security headers: every inline script carries the CSP nonce", async () => {
    const res = await send("GET", "/uploads/nope");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...(await res.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("is in the visitor's language on every brand", async () => {
    const res = await SELF.fetch(`http://${hosts.kirameki}/media/x`, { headers: { ...SSO_CHECKED, cookie: "sso_checked=1; locale=ko" } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('lang="ko"');
  });
});

describe("an unknown path under /api/v1", () => {
  it("gets the API's JSON 404, in the shape and language of an unknown id", async () => {
    const unknownId = await api(hosts.www, "/fanclubs/999999", { headers: { cookie: "locale=en" } });
    expect(unknownId.status).toBe(404);
    const shape = (await unknownId.json()) as { success: boolean; payload: { message: string; errors: unknown[] } };
    expect(shape).toEqual({ success: false, payload: { message: expect.any(String), errors: [] } });
    for (const path of ["/no/such/endpoint", "/push_subscriptions/fake_inbox", ""]) {
      const res = await api(hosts.www, path, { headers: { cookie: "locale=en" } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(await res.json(), path).toEqual({
        success: false,
        payload: { message: "The requested data was not found.", errors: [] },
      });
    }
  });
});
