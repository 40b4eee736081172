import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPasskey } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };

const signedIn = async () => (await confirmedAccount({ prefix: "pk" })).b;

describe("passkeys API", () => {
  it("asks a visitor to sign in before registering", async () => {
    const res = await new TestBrowser().request(at(hosts.user, "/api/v1/webauthn/register"), { method: "POST", headers: xhr, body: "{}" });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { payload: { message: string } }).payload.message).toBe("ログインしてください。");
  });

  it("offers registration options for our relying party, excluding nothing yet", async () => {
    const b = await signedIn();
    const res = await b.request(at(hosts.user, "/api/v1/webauthn/register"), { method: "POST", headers: xhr, body: "{}" });
    expect(res.status).toBe(200);
    const { payload } = (await res.json()) as {
      payload: { challengeId: string; options: { rp: { id: string }; challenge: string; excludeCredentials: unknown[] } };
    };
    expect(payload.options.rp.id).toBe("fanclub.localhost");
    expect(payload.options.challenge.length).toBeGreaterThan(20);
    expect(payload.options.excludeCredentials).toEqual([]);
  });

  it("refuses a forged registration and a reused challenge", async () => {
    const b = await signedIn();
    const start = (await (
      await b.request(at(hosts.user, "/api/v1/webauthn/register"), { method: "POST", headers: xhr, body: "{}" })
    ).json()) as { payload: { challengeId: string } };
    const forged = {
      challengeId: start.payload.challengeId,
      name: "x",
      response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "AA" } },
    };
    const first = await b.request(at(hosts.user, "/api/v1/webauthn/callback"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify(forged),
    });
    expect(first.status).toBe(400);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM passkeys").first<{ n: number }>();
    expect(count?.n).toBe(0);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_challenges WHERE id = ?")
      .bind(start.payload.challengeId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("signs in only on the login domain, and never with an unknown credential", async () => {
    const b = new TestBrowser();
    const options = await b.request(at(hosts.login, "/api/v1/webauthn/login/options"), { method: "POST", headers: xhr, body: "{}" });
    const { payload } = (await options.json()) as { payload: { challengeId: string } };
    const assertion = {
      challengeId: payload.challengeId,
      response: {
        id: "nope",
        rawId: "nope",
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      },
    };
    const res = await b.request(at(hosts.login, "/api/v1/webauthn/login"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify(assertion),
    });
    expect(res.status).toBe(400);
    expect(b.cookies.some((c) => c.name === "sid")).toBe(false);
    const elsewhere = await b.request(at(hosts.www, "/api/v1/webauthn/login"), {
      method: "POST",
      headers: xhr,
      body: JSON.stringify(assertion),
    });
    expect(elsewhere.status).toBe(403);
  });

  it("does not remove someone else's passkey", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const ownerId = await env.DB.prepare("SELECT user_id FROM sessions ORDER BY created_at DESC LIMIT 1 OFFSET 1").first<{
      user_id: number;
    }>();
    await createPasskey(env.DB, {
      id: "cred-1",
      userId: ownerId!.user_id,
      publicKey: "AA",
      counter: 0,
      name: "mine",
      createdAt: new Date(0),
    });
    const res = await other.request(at(hosts.user, "/api/v1/webauthn/cred-1"), { method: "DELETE", headers: xhr });
    expect(res.status).toBe(404);
    const still = await env.DB.prepare("SELECT COUNT(*) AS n FROM passkeys WHERE id = 'cred-1'").first<{ n: number }>();
    expect(still?.n).toBe(1);
    const mine = await owner.request(at(hosts.user, "/api/v1/webauthn/cred-1"), { method: "DELETE", headers: xhr });
    expect(mine.status).toBe(200);
  });
});
