import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { confirmedAccount, at, PASSWORD } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const KIRAMEKI = `http://${hosts.kirameki}`;

/** Signs `b` in on the login domain for a Kirameki page and walks the handoff up to the callback URL, without opening it. */
async function callbackUrl(b: TestBrowser, email: string, back = `${KIRAMEKI}/fanclubs`): Promise<URL> {
  const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: back });
  const start = res.headers.get("location")!;
  const toLogin = await b.get(start);
  const login = toLogin.headers.get("location")!;
  expect(new URL(login).origin).toBe(`http://${hosts.login}`);
  const fromLogin = await b.get(login);
  return new URL(fromLogin.headers.get("location")!);
}

async function whoIsOnKirameki(b: TestBrowser): Promise<string | null> {
  const res = await b.request(`${KIRAMEKI}/api/v1/session`, { headers: { accept: "application/json" } });
  const body = (await res.json()) as { payload: { user?: { name: string } } };
  return body.payload.user?.name ?? null;
}

describe("the sign-in handoff is bound to the browser that asked for it", () => {
  it("signs a person in on a brand of its own domain through /sso/start, the login domain and the callback", async () => {
    const { b, email } = await confirmedAccount({ name: "ほんにん", prefix: "ssoself" });
    const callback = await callbackUrl(b, email);
    expect(callback.pathname).toBe("/sso/callback");
    expect(callback.searchParams.get("token")).toBeTruthy();
    expect(callback.searchParams.get("state")).toBe(b.cookie("sso_state", "kirameki.localhost")?.value);

    const landed = await b.get(callback.toString());
    expect(landed.headers.get("location")).toBe("/fanclubs?ref=login_success");
    expect(await whoIsOnKirameki(b)).toBe("ほんにん");
    // one use: the state cookie is gone with the callback
    expect(b.cookie("sso_state", "kirameki.localhost")).toBeUndefined();
  });

  it("login CSRF: a callback link carrying the attacker's token does not sign the victim in as the attacker", async () => {
    const attacker = await confirmedAccount({ name: "こうげきしゃ", prefix: "ssoattacker" });
    // the attacker runs the flow in their own browser and stops before the callback
    const stolen = await callbackUrl(attacker.b, attacker.email);
    expect(stolen.searchParams.get("token")).toBeTruthy();

    // a victim who never asked for a handoff opens the link
    const bystander = new TestBrowser();
    const opened = await bystander.get(stolen.toString());
    expect(opened.status).toBe(302);
    expect(bystander.cookie("sid", "kirameki.localhost")).toBeUndefined();
    expect(await whoIsOnKirameki(bystander)).toBeNull();

    // a victim signed in as themselves, mid-way through their own handoff (their own state cookie)
    const victim = await confirmedAccount({ name: "ひがいしゃ", prefix: "ssovictim" });
    const own = await callbackUrl(victim.b, victim.email);
    const forged = new URL(stolen);
    forged.searchParams.set("state", "x".repeat(32));
    await victim.b.get(forged.toString());
    expect(await whoIsOnKirameki(victim.b)).toBeNull();
    // the attacker's link with its own state, opened by the victim: refused as well
    await victim.b.get(stolen.toString());
    expect(await whoIsOnKirameki(victim.b)).toBeNull();
    // the refusals spent the victim's state: even their own callback must be asked for again
    await victim.b.get(own.toString());
    expect(await whoIsOnKirameki(victim.b)).toBeNull();
    const again = await callbackUrl(victim.b, victim.email);
    await victim.b.get(again.toString());
    expect(await whoIsOnKirameki(victim.b)).toBe("ひがいしゃ");

    // the attacker's token was never spent by anyone
    const unused = await env.DB.prepare("SELECT COUNT(*) AS n FROM handoff_tokens WHERE user_id = ? AND used_at IS NULL")
      .bind(attacker.id)
      .first<{ n: number }>();
    expect(unused?.n).toBe(1);
  });

  it("makes no token for a request without a state, and a state without a cookie is refused", async () => {
    const { b } = await confirmedAccount({ prefix: "ssonostate" });
    const target = encodeURIComponent(`${KIRAMEKI}/`);
    const bare = await b.get(at(hosts.login, `/auth/sso?return=${target}`));
    expect(bare.headers.get("location")).toBe(`${KIRAMEKI}/`);
    const odd = await b.get(at(hosts.login, `/auth/sso?return=${target}&state=${encodeURIComponent("<script>")}`));
    expect(odd.headers.get("location")).toBe(`${KIRAMEKI}/`);
  });

  it("keeps next on the brand's own origin, and answers a broken next with the top page, never a 500", async () => {
    for (const next of [
      "/%09/evil.example/",
      "//evil.example",
      "/\\evil.example",
      "%0d%0aSet-Cookie:x=1",
      "/%00",
      "https://evil.example/",
    ]) {
      const b = new TestBrowser();
      const res = await b.get(`${KIRAMEKI}/sso/callback?next=${encodeURIComponent(next)}`);
      expect(res.status, next).toBe(302);
      expect(res.headers.get("location"), next).toBe("/");
      const start = await b.get(`${KIRAMEKI}/sso/start?next=${encodeURIComponent(next)}`);
      expect(start.status, next).toBe(302);
      const ret = new URL(new URL(start.headers.get("location")!).searchParams.get("return")!);
      expect(`${ret.origin}${ret.pathname}`, next).toBe(`${KIRAMEKI}/`);
    }
    // raw control characters in the query: still a redirect home
    for (const raw of ["%0a", "%0d", "%00", "%09"]) {
      const res = await new TestBrowser().get(`${KIRAMEKI}/sso/callback?next=/${raw}/evil.example`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });
});
