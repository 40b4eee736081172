import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPasskey } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };

async function latestUserId() {
  const row = await env.DB.prepare("SELECT user_id FROM sessions ORDER BY created_at DESC LIMIT 1").first<{ user_id: number }>();
  return row!.user_id;
}

async function tryPasskeyLogin(credentialId: string) {
  const b = new TestBrowser();
  const options = await b.request(at(hosts.login, "/api/v1/webauthn/login/options"), { method: "POST", headers: xhr, body: "{}" });
  const { payload } = (await options.json()) as { payload: { challengeId: string } };
  const res = await b.request(at(hosts.login, "/api/v1/webauthn/login"), {
    method: "POST",
    headers: xhr,
    body: JSON.stringify({
      challengeId: payload.challengeId,
      response: {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      },
    }),
  });
  return { res, signedIn: b.cookies.some((c) => c.name === "sid") };
}

describe("webauthn enable (passkey sign-in switch)", () => {
  it("is on until the account switches it off, and the switch is the account's own", async () => {
    const b = (await confirmedAccount({ prefix: "pke" })).b;
    const listed = await b.request(at(hosts.user, "/api/v1/webauthn"), { headers: xhr });
    expect(((await listed.json()) as { payload: { enabled: boolean } }).payload.enabled).toBe(true);

    const off = await b.request(at(hosts.user, "/api/v1/webauthn/enable"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { payload: { enabled: boolean } }).payload.enabled).toBe(false);
    const after = await b.request(at(hosts.user, "/api/v1/webauthn"), { headers: xhr });
    expect(((await after.json()) as { payload: { enabled: boolean } }).payload.enabled).toBe(false);

    // someone else's account is untouched
    const other = (await confirmedAccount({ prefix: "pke" })).b;
    const theirs = await other.request(at(hosts.user, "/api/v1/webauthn"), { headers: xhr });
    expect(((await theirs.json()) as { payload: { enabled: boolean } }).payload.enabled).toBe(true);
  });

  it("refuses a visitor and a malformed switch with a localized message, storing nothing", async () => {
    const visitor = await new TestBrowser().request(at(hosts.user, "/api/v1/webauthn/enable"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify({ enabled: false }),
    });
    expect(visitor.status).toBe(401);
    const b = (await confirmedAccount({ prefix: "pke" })).b;
    const bad = await b.request(at(hosts.user, "/api/v1/webauthn/enable"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify({ enabled: "maybe" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { payload: { message: string } }).payload.message).toBe(
      "パスキーでのログインのオン・オフを選んでください。",
    );
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM passkey_settings WHERE user_id = ?")
      .bind(await latestUserId())
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses passkey login with its own message while off, and tries the passkey again once on", async () => {
    const b = (await confirmedAccount({ prefix: "pke" })).b;
    const userId = await latestUserId();
    await createPasskey(env.DB, { id: "cred-switch", userId, publicKey: "AA", counter: 0, name: "mine", createdAt: new Date(0) });
    await b.request(at(hosts.user, "/api/v1/webauthn/enable"), { method: "POST", headers: xhr, body: JSON.stringify({ enabled: false }) });

    const refused = await tryPasskeyLogin("cred-switch");
    expect(refused.res.status).toBe(403);
    expect(((await refused.res.json()) as { payload: { message: string } }).payload.message).toBe(
      "このアカウントではパスキーでのログインがオフになっています。メールアドレスとパスワードでログインしてください。",
    );
    expect(refused.signedIn).toBe(false);

    await b.request(at(hosts.user, "/api/v1/webauthn/enable"), { method: "POST", headers: xhr, body: JSON.stringify({ enabled: true }) });
    // switched back on, the (forged) assertion is checked again and fails on its signature instead
    const checked = await tryPasskeyLogin("cred-switch");
    expect(checked.res.status).toBe(400);
    expect(checked.signedIn).toBe(false);
  });
});
