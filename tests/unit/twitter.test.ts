import { describe, expect, it } from "vitest";
import { authorizeUrl, fetchTwitterProfile, pkceChallenge, twitterConfig, twitterConfigured } from "../../server/integrations/twitter";

const env = { TWITTER_CLIENT_ID: "client", TWITTER_CLIENT_SECRET: "secret" };

describe("Twitter sign-up adapter", () => {
  it("is off without both secrets", () => {
    expect(twitterConfigured({})).toBe(false);
    expect(twitterConfigured({ TWITTER_CLIENT_ID: "x" })).toBe(false);
    expect(twitterConfig({})).toBeNull();
    expect(twitterConfigured(env)).toBe(true);
  });

  it("uses PKCE S256 (RFC 7636 appendix B vector)", async () => {
    expect(await pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    const url = new URL(
      await authorizeUrl(twitterConfig(env)!, { redirectUri: "http://my.fanclub.localhost/cb", state: "s1", verifier: "v".repeat(43) }),
    );
    expect(url.origin).toBe("https://twitter.com");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "client",
      state: "s1",
      code_challenge_method: "S256",
      response_type: "code",
    });
  });

  it("exchanges the code with the verifier and reads the profile", async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith("/2/oauth2/token")) return Response.json({ access_token: "tok" });
      return Response.json({ data: { id: "42", name: "Aoi", username: "aoi", profile_image_url: "https://pbs.example/a.png" } });
    }) as typeof fetch;
    const profile = await fetchTwitterProfile(
      twitterConfig({ ...env, TWITTER_API_BASE: "http://fake.local" })!,
      { code: "c", redirectUri: "r", verifier: "ver" },
      fake,
    );
    expect(profile).toEqual({ id: "42", name: "Aoi", username: "aoi", profileImageUrl: "https://pbs.example/a.png" });
    expect(String(calls[0]!.init?.body)).toContain("code_verifier=ver");
    expect(new Headers(calls[1]!.init?.headers).get("authorization")).toBe("Bearer tok");
  });

  it("fails loudly when the vendor refuses", async () => {
    const refuse = (async () => new Response("no", { status: 400 })) as unknown as typeof fetch;
    await expect(fetchTwitterProfile(twitterConfig(env)!, { code: "c", redirectUri: "r", verifier: "v" }, refuse)).rejects.toThrow(/400/);
  });
});
