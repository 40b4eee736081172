import { describe, expect, it } from "vitest";
import type { HostConfig } from "../../server/domain/hosts";
import { guard, LAST_ACCESSED_SERVICE_COOKIE, type GuardInput, type GuardService } from "../../server/domain/route-guard";

const dev: HostConfig = {
  environment: "development",
  baseDomain: "fanclub.localhost",
  userDomain: "my.fanclub.localhost",
  loginDomain: "auth.fanclub.localhost",
  cookieDomain: "fanclub.localhost",
  publicPort: "8787",
};
const prod: HostConfig = {
  environment: "production",
  baseDomain: "fanclub.example",
  userDomain: "my.fanclub.example",
  loginDomain: "auth.fanclub.example",
  cookieDomain: "fanclub.example",
  publicPort: "",
};

const www: GuardService = { id: 1, domain: "www.fanclub.localhost", frontUrl: "http://www.fanclub.localhost:8787" };
const kirameki: GuardService = { id: 3, domain: "kirameki.localhost", frontUrl: "http://kirameki.localhost:8787" };

function input(overrides: Partial<GuardInput> & { service?: GuardService | null; user?: { id: number } | null }): GuardInput {
  const { service = www, user = null, ...rest } = overrides;
  return {
    path: "/",
    query: "",
    host: "www.fanclub.localhost:8787",
    config: dev,
    session: { service, primaryService: www, user },
    ...rest,
  };
}

describe("user-domain-only paths", () => {
  it.each([
    "/me/settings",
    "/me/settings/account",
    "/me/coins",
    "/me/coin_vesting_campaign",
    "/me/purchase_histories/products",
    "/me/address",
    "/me/transfer/history",
    "/me/messages/12",
    "/notifications",
    "/profile/abc",
    "/account/sign_up",
    "/contest/vtuber-appealcontest",
  ])("%s on a brand host moves to the user domain", (path) => {
    expect(guard(input({ path }))).toEqual({ kind: "redirect", location: `http://my.fanclub.localhost:8787${path}` });
  });

  it("keeps the query", () => {
    expect(guard(input({ path: "/me/coins", query: "?tab=history&page=2" }))).toEqual({
      kind: "redirect",
      location: "http://my.fanclub.localhost:8787/me/coins?tab=history&page=2",
    });
  });

  it("does not treat look-alike prefixes as user paths", () => {
    const result = guard(input({ path: "/me/coinsx", user: { id: 1 } }));
    expect(result.kind).toBe("continue");
  });

  it("uses https outside development and no port", () => {
    const result = guard(input({ path: "/me/coins", host: "www.fanclub.example", config: prod }));
    expect(result).toEqual({ kind: "redirect", location: "https://my.fanclub.example/me/coins" });
  });
});

describe("base-domain-only paths", () => {
  it.each(["/help/company", "/help/terms", "/help/law", "/help/privacy"])("%s moves to the base domain", (path) => {
    expect(guard(input({ path, query: "q=1" }))).toEqual({
      kind: "redirect",
      location: `http://fanclub.localhost:8787${path}?q=1`,
    });
  });

  it("serves them on the base domain although it has no service", () => {
    const result = guard(input({ path: "/help/terms", host: "fanclub.localhost:8787", service: null }));
    expect(result).toEqual({ kind: "continue", cookies: [], flash: null });
  });

  it("other help pages stay on the brand", () => {
    expect(guard(input({ path: "/help/guideline" })).kind).toBe("continue");
  });
});

describe("hosts without a service", () => {
  it("sends a brand path on the user domain to the primary service, same path and query", () => {
    const result = guard(input({ path: "/fanclubs", query: "?keywords=a", host: "my.fanclub.localhost:8787", service: null }));
    expect(result).toEqual({ kind: "redirect", location: "http://www.fanclub.localhost:8787/fanclubs?keywords=a" });
  });

  it("treats id -1 as no service", () => {
    const none = { id: -1, domain: "", frontUrl: "" };
    const result = guard(input({ path: "/", host: "fanclub.localhost:8787", service: none }));
    expect(result).toEqual({ kind: "redirect", location: "http://www.fanclub.localhost:8787/" });
  });

  it("serves user paths on the user domain", () => {
    const result = guard(input({ path: "/notifications", host: "my.fanclub.localhost:8787", service: null }));
    expect(result.kind).toBe("continue");
  });

  it("continues when not even a primary service exists (nothing known to redirect to)", () => {
    const result = guard({ ...input({ path: "/" }), session: { service: null, primaryService: null, user: null } });
    expect(result).toEqual({ kind: "continue", cookies: [], flash: null });
  });
});

describe("the login domain", () => {
  it("moves /auth paths there", () => {
    expect(guard(input({ path: "/auth/login", query: "?loggedInPath=x" }))).toEqual({
      kind: "redirect",
      location: "http://auth.fanclub.localhost:8787/auth/login?loggedInPath=x",
    });
  });

  it("serves /auth/login on the login domain", () => {
    const result = guard(input({ path: "/auth/login", host: "auth.fanclub.localhost:8787", service: null }));
    expect(result.kind).toBe("continue");
  });
});

describe("login-required paths", () => {
  it("sends a visitor on a brand /me path to the login domain with the way back", () => {
    const result = guard(input({ path: "/me/fanclub/posts", query: "?fanclubPost=new" }));
    expect(result).toEqual({
      kind: "redirect",
      location:
        "http://auth.fanclub.localhost:8787/auth/login?loggedInPath=" +
        encodeURIComponent("http://www.fanclub.localhost:8787/me/fanclub/posts?fanclubPost=new"),
    });
  });

  it("sends a visitor on a user-domain /me path to login, returning to the user domain", () => {
    const result = guard(input({ path: "/me/coins", host: "my.fanclub.localhost:8787", service: null }));
    expect(result).toEqual({
      kind: "redirect",
      location: `http://auth.fanclub.localhost:8787/auth/login?loggedInPath=${encodeURIComponent("http://my.fanclub.localhost:8787/me/coins")}`,
    });
  });

  it("lets a signed-in user through", () => {
    expect(guard(input({ path: "/me/fanclub", user: { id: 7 } })).kind).toBe("continue");
  });

  it("does not require login outside /me", () => {
    expect(guard(input({ path: "/fanclubs/1" })).kind).toBe("continue");
    expect(guard(input({ path: "/mexico" })).kind).toBe("continue");
  });
});

describe("last accessed service cookie", () => {
  it("stores the brand's front URL for the shared cookie domain", () => {
    const result = guard(input({ path: "/" }));
    expect(result).toEqual({
      kind: "continue",
      flash: null,
      cookies: [
        {
          name: LAST_ACCESSED_SERVICE_COOKIE,
          value: "http://www.fanclub.localhost:8787",
          domain: "fanclub.localhost",
          path: "/",
          maxAge: 31536000,
        },
      ],
    });
  });

  it("is host-only on a brand outside the cookie domain", () => {
    const result = guard(input({ path: "/", host: "kirameki.localhost:8787", service: kirameki }));
    expect(result.kind === "continue" && result.cookies[0]).toMatchObject({ value: kirameki.frontUrl, domain: null });
  });

  it("is not written on hosts without a service", () => {
    const result = guard(input({ path: "/me/coins", host: "my.fanclub.localhost:8787", service: null, user: { id: 1 } }));
    expect(result).toEqual({ kind: "continue", cookies: [], flash: null });
  });
});

describe("login success flash", () => {
  it("shows the info flash for ref=login_success", () => {
    const result = guard(input({ path: "/", query: "?ref=login_success" }));
    expect(result.kind === "continue" && result.flash).toEqual({ type: "info", key: "flash.loginSuccess" });
  });

  it("shows nothing for other refs", () => {
    const result = guard(input({ path: "/", query: "ref=other" }));
    expect(result.kind === "continue" && result.flash).toBeNull();
  });
});

describe("redirect targets", () => {
  it("never points at the request's own host header when it is unknown", () => {
    const result = guard(input({ path: "/", host: "evil.example", service: null }));
    expect(result).toEqual({ kind: "redirect", location: "http://www.fanclub.localhost:8787/" });
    const login = guard(input({ path: "/me/coins", host: "evil.example", service: null }));
    expect(login.kind === "redirect" && new URL(login.location).host).toBe("my.fanclub.localhost:8787");
  });
});
