import { describe, expect, it } from "vitest";
import { get, hosts, setCookies } from "./helpers";

describe("route guard on real requests", () => {
  it("answers Remix's route discovery on the base domain instead of sending it to a brand", async () => {
    // a base-domain page asks its own origin; a redirect to a brand would be blocked by CSP
    const res = await get(hosts.base, "/__manifest?p=%2F&version=x", { accept: "*/*" });
    expect(res.status).not.toBe(302);
    expect(res.headers.has("location")).toBe(false);
  });

  it("moves a user-domain path to the user domain, keeping path and query", async () => {
    const res = await get(hosts.www, "/me/coins?tab=history");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://${hosts.user}/me/coins?tab=history`);
  });

  it("moves a base-domain path to the base domain", async () => {
    const res = await get(hosts.indies, "/help/terms");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://${hosts.base}/help/terms`);
  });

  it("serves the base-domain page on the base domain", async () => {
    const res = await get(hosts.base, "/help/terms");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("利用規約");
  });

  it("sends a brand path on a host without a service to the primary brand", async () => {
    const res = await get(hosts.user, "/fanclubs?keywords=abc");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://${hosts.www}/fanclubs?keywords=abc`);
  });

  it("sends an unknown host to the primary brand, never to itself", async () => {
    const res = await get("attacker.example", "/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://${hosts.www}/`);
  });

  it("sends a visitor on a /me path to the login domain with the way back", async () => {
    const res = await get(hosts.kirameki, "/me/fanclub?x=1");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.host).toBe(hosts.login);
    expect(location.pathname).toBe("/auth/login");
    expect(location.searchParams.get("loggedInPath")).toBe(`http://${hosts.kirameki}/me/fanclub?x=1`);
  });

  it("chains user domain and login: /me/coins on a brand ends at login returning to the user domain", async () => {
    const first = await get(hosts.www, "/me/coins");
    const second = await get(hosts.user, new URL(first.headers.get("location")!).pathname);
    expect(second.status).toBe(302);
    const location = new URL(second.headers.get("location")!);
    expect(location.host).toBe(hosts.login);
    expect(location.searchParams.get("loggedInPath")).toBe(`http://${hosts.user}/me/coins`);
  });

  it("renders the login page on the login domain", async () => {
    const back = encodeURIComponent(`http://${hosts.www}/me/fanclub`);
    const res = await get(hosts.login, `/auth/login?loggedInPath=${back}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`http://${hosts.www}/me/fanclub`);
  });

  it("does not echo a return URL on an unknown host", async () => {
    const res = await get(hosts.login, `/auth/login?loggedInPath=${encodeURIComponent("https://evil.example/x")}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("evil.example");
  });

  it("remembers the last accessed brand for the shared cookie domain", async () => {
    const res = await get(hosts.indies, "/");
    expect(res.status).toBe(200);
    const cookie = setCookies(res).find((c) => c.startsWith("last_accessed_service_domain="));
    expect(cookie).toContain(encodeURIComponent(`http://${hosts.indies}`));
    expect(cookie).toMatch(/;\s*Domain=fanclub\.localhost/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("keeps that cookie host-only on a brand with its own domain", async () => {
    const res = await get(hosts.kirameki, "/");
    const cookie = setCookies(res).find((c) => c.startsWith("last_accessed_service_domain="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/;\s*Domain=/i);
  });

  it("the user domain wears the last accessed brand", async () => {
    const cookie = `last_accessed_service_domain=${encodeURIComponent(`http://${hosts.indies}`)}`;
    const res = await get(hosts.login, "/auth/login", { cookie });
    expect(await res.text()).toContain("theme-indies");
  });

  it("shows the login flash for ref=login_success", async () => {
    const res = await get(hosts.www, "/?ref=login_success");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("ログインしました。");
  });
});
