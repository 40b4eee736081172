import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { get, hosts, SSO_CHECKED } from "./helpers";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("content security policy on real responses", () => {
  it("limits connect-src and form-action to our own hosts (and their live-room sockets)", async () => {
    for (const host of [hosts.www, hosts.kirameki, hosts.login]) {
      const res = await get(host, "/help/guideline", SSO_CHECKED);
      const policy = res.headers.get("content-security-policy") ?? "";
      const connect = directive(policy, "connect-src").split(" ");
      const forms = directive(policy, "form-action").split(" ");
      for (const own of [hosts.www, hosts.indies, hosts.kirameki, hosts.user, hosts.login, hosts.base]) {
        expect(connect, host).toContain(`http://${own}`);
        expect(connect, host).toContain(`ws://${own}`);
        expect(forms, host).toContain(`http://${own}`);
      }
      // no more "any WebSocket host" or "any http(s) host"
      for (const wide of ["ws:", "wss:", "http:", "https:", "*"]) {
        expect(connect, host).not.toContain(wide);
        expect(forms, host).not.toContain(wide);
      }
    }
  });

  it("keeps the policy on responses made outside the page app (the API)", async () => {
    const res = await SELF.fetch(`http://${hosts.www}/api/v1/ping`);
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(directive(policy, "form-action")).toContain(`http://${hosts.login}`);
    expect(directive(policy, "connect-src").split(" ")).not.toContain("wss:");
  });
});

describe("personal responses are never stored by a cache", () => {
  it("a signed-out visitor's page keeps its shared render; data requests and /me are private, no-store", async () => {
    const page = await get(hosts.www, "/");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    for (const path of ["/_root.data", "/fanclubs.data", "/help/guideline.data?_routes=root"]) {
      const res = await get(hosts.www, path);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const me = await SELF.fetch(`http://${hosts.www}/api/v1/me/carts`);
    expect(me.status).toBe(401);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
  });

  it("everything rendered or answered for a signed-in person is private, no-store", async () => {
    const { b } = await confirmedAccount({ prefix: "nostore" });
    const json = { accept: "application/json" };
    const checks: [string, Record<string, string>][] = [
      [at(hosts.www, "/"), {}],
      [at(hosts.www, "/_root.data"), {}],
      [at(hosts.www, "/fanclubs"), {}],
      [at(hosts.user, "/me/purchase_histories"), {}],
      [at(hosts.user, "/me/coins"), {}],
      [at(hosts.www, "/api/v1/me/carts"), json],
      [at(hosts.www, "/api/v1/me/coin_balance"), json],
      [at(hosts.www, "/api/v1/session"), json],
    ];
    for (const [url, headers] of checks) {
      const res = await b.get(url, headers);
      expect(res.status, url).toBeLessThan(400);
      expect(res.headers.get("cache-control"), url).toBe("private, no-store");
    }
  });
});
