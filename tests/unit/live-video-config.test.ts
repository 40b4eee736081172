import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../server/http/security-headers";
import { liveVideoConfigFrom } from "../../server/integrations/live-video/config";

const secrets = {
  REALTIMEKIT_ACCOUNT_ID: "023e105f4ecef8ad9ca31a8372d0c353",
  REALTIMEKIT_APP_ID: "7f1b2c3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d",
  REALTIMEKIT_API_TOKEN: "Sn3lZJTBX6kkg7OdcBUAxOO963GEIyGQqnFTOFYY",
};

describe("choosing the live video provider", () => {
  it("uses the local provider without any RealtimeKit variable, in production too", () => {
    expect(liveVideoConfigFrom({ ENVIRONMENT: "development" })).toEqual({ provider: "local" });
    expect(liveVideoConfigFrom({ ENVIRONMENT: "production", LIVE_ICE_SERVERS: "[]" })).toEqual({ provider: "local" });
    expect(liveVideoConfigFrom({ ENVIRONMENT: "development", REALTIMEKIT_ACCOUNT_ID: "", REALTIMEKIT_API_TOKEN: " " })).toEqual({
      provider: "local",
    });
  });

  it("uses RealtimeKit with the three secrets, Cloudflare's API and the webinar presets by default", () => {
    expect(liveVideoConfigFrom({ ENVIRONMENT: "production", ...secrets })).toEqual({
      provider: "realtimekit",
      accountId: secrets.REALTIMEKIT_ACCOUNT_ID,
      appId: secrets.REALTIMEKIT_APP_ID,
      apiToken: secrets.REALTIMEKIT_API_TOKEN,
      hostPreset: "webinar_presenter",
      viewerPreset: "webinar_viewer",
      apiBase: "https://api.cloudflare.com/client/v4",
    });
  });

  it("takes the deployment's own preset names", () => {
    const config = liveVideoConfigFrom({
      ENVIRONMENT: "production",
      ...secrets,
      REALTIMEKIT_HOST_PRESET: "live_owner",
      REALTIMEKIT_VIEWER_PRESET: "live-fan",
    });
    expect(config).toMatchObject({ provider: "realtimekit", hostPreset: "live_owner", viewerPreset: "live-fan" });
  });

  it("refuses a half configuration instead of quietly staying local", () => {
    expect(() =>
      liveVideoConfigFrom({
        ENVIRONMENT: "production",
        REALTIMEKIT_ACCOUNT_ID: secrets.REALTIMEKIT_ACCOUNT_ID,
        REALTIMEKIT_APP_ID: secrets.REALTIMEKIT_APP_ID,
      }),
    ).toThrow(/half configured.*REALTIMEKIT_API_TOKEN missing/);
    expect(() => liveVideoConfigFrom({ ENVIRONMENT: "production", REALTIMEKIT_API_TOKEN: secrets.REALTIMEKIT_API_TOKEN })).toThrow(
      /REALTIMEKIT_ACCOUNT_ID, REALTIMEKIT_APP_ID missing/,
    );
    // a preset alone means someone expected RealtimeKit
    expect(() => liveVideoConfigFrom({ ENVIRONMENT: "production", REALTIMEKIT_HOST_PRESET: "webinar_presenter" })).toThrow(
      /half configured/,
    );
  });

  it("refuses values that cannot be what Cloudflare issued", () => {
    expect(() => liveVideoConfigFrom({ ...secrets, REALTIMEKIT_ACCOUNT_ID: "not-an-account" })).toThrow(/account id/);
    expect(() => liveVideoConfigFrom({ ...secrets, REALTIMEKIT_APP_ID: "../../zones" })).toThrow(/app id/);
    expect(() => liveVideoConfigFrom({ ...secrets, REALTIMEKIT_API_TOKEN: "short" })).toThrow(/API token/);
    expect(() => liveVideoConfigFrom({ ...secrets, REALTIMEKIT_VIEWER_PRESET: "viewer preset" })).toThrow(/preset name/);
  });

  it("points at a fake of RealtimeKit's API only outside production", () => {
    const test = { ENVIRONMENT: "test", ...secrets, REALTIMEKIT_API_BASE: "http://127.0.0.1:8790/client/v4/" };
    expect(liveVideoConfigFrom(test)).toMatchObject({ provider: "realtimekit", apiBase: "http://127.0.0.1:8790/client/v4" });
    expect(() => liveVideoConfigFrom({ ...test, ENVIRONMENT: "production" })).toThrow(/REALTIMEKIT_API_BASE/);
    expect(() => liveVideoConfigFrom({ ...secrets, REALTIMEKIT_API_BASE: "ftp://example.test" })).toThrow();
  });

  it("reads one env object once", () => {
    const env = { ENVIRONMENT: "production", ...secrets };
    expect(liveVideoConfigFrom(env)).toBe(liveVideoConfigFrom(env));
  });
});

describe("content security policy with RealtimeKit", () => {
  it("lets the SDK reach RealtimeKit and start its timer worker only when RealtimeKit is configured", () => {
    const local = contentSecurityPolicy("n0nce");
    expect(local).not.toContain("realtime.cloudflare.com");
    expect(local).not.toContain("worker-src");
    const rtk = contentSecurityPolicy("n0nce", { realtimeKit: true });
    expect(rtk).toContain("connect-src 'self' https://*.realtime.cloudflare.com wss://*.realtime.cloudflare.com;");
    expect(rtk).toContain("worker-src 'self' blob:;");
    expect(rtk).toContain("script-src 'self' 'nonce-n0nce';");
    expect(contentSecurityPolicy("n0nce", { stripe: true, realtimeKit: true })).toContain(
      "connect-src 'self' https://api.stripe.com https://*.realtime.cloudflare.com wss://*.realtime.cloudflare.com;",
    );
  });
});
