import { describe, expect, it } from "vitest";
import { translatorFor } from "../../server/i18n";
import {
  DAY,
  MINUTE,
  SESSION_POLICY,
  isSessionLive,
  sessionCookieFor,
  shouldTouchSession,
  signUpSchema,
  tokenState,
  withLoginSuccess,
} from "../../server/domain/accounts";
import type { HostConfig } from "../../server/domain/hosts";

const config: HostConfig = {
  environment: "development",
  baseDomain: "fanclub.localhost",
  userDomain: "my.fanclub.localhost",
  loginDomain: "auth.fanclub.localhost",
  cookieDomain: "fanclub.localhost",
  publicPort: "8787",
};

describe("e-mail tokens", () => {
  const now = 50 * DAY;
  it("are valid until they expire, once", () => {
    expect(tokenState({ expiresAt: new Date(now + 1), usedAt: null }, now)).toBe("valid");
    expect(tokenState({ expiresAt: new Date(now), usedAt: null }, now)).toBe("expired");
    expect(tokenState({ expiresAt: new Date(now + DAY), usedAt: new Date(now - 1) }, now)).toBe("used");
    expect(tokenState(null, now)).toBe("missing");
  });
});

describe("sessions", () => {
  const now = 200 * DAY;
  const session = (over: Partial<{ createdAt: number; lastSeenAt: number; expiresAt: number; revokedAt: number | null }>) => ({
    createdAt: new Date(over.createdAt ?? now - DAY),
    lastSeenAt: new Date(over.lastSeenAt ?? now - MINUTE),
    expiresAt: new Date(over.expiresAt ?? now + DAY),
    revokedAt: over.revokedAt ? new Date(over.revokedAt) : null,
  });

  it("live until idle for 30 days, or past the absolute expiry, or revoked", () => {
    expect(isSessionLive(session({}), now)).toBe(true);
    expect(isSessionLive(session({ lastSeenAt: now - SESSION_POLICY.idle }), now)).toBe(false);
    expect(isSessionLive(session({ expiresAt: now }), now)).toBe(false);
    expect(isSessionLive(session({ revokedAt: now - 1 }), now)).toBe(false);
  });

  it("records activity at most every 10 minutes", () => {
    expect(shouldTouchSession({ lastSeenAt: new Date(now - 9 * MINUTE) }, now)).toBe(false);
    expect(shouldTouchSession({ lastSeenAt: new Date(now - 10 * MINUTE) }, now)).toBe(true);
  });

  it("shares the cookie under the cookie domain and keeps it host-only elsewhere", () => {
    expect(sessionCookieFor("www.fanclub.localhost:8787", config, false)).toEqual({
      name: "sid",
      domain: "fanclub.localhost",
      secure: false,
    });
    expect(sessionCookieFor("kirameki.localhost:8787", config, false)).toEqual({ name: "sid", domain: null, secure: false });
    expect(sessionCookieFor("kirameki.example", config, true)).toEqual({ name: "__Host-sid", domain: null, secure: true });
    expect(sessionCookieFor("auth.fanclub.localhost", config, true)).toEqual({
      name: "__Secure-sid",
      domain: "fanclub.localhost",
      secure: true,
    });
  });
});

describe("return URLs", () => {
  it("adds ref=login_success and keeps the query", () => {
    expect(withLoginSuccess("http://a.localhost/x?b=1")).toBe("http://a.localhost/x?b=1&ref=login_success");
  });
});

describe("sign-up rules", () => {
  const t = translatorFor("ja", "account");
  const parse = (v: Record<string, string>) =>
    signUpSchema(t).safeParse({ email: "a@example.com", password: "secret123", name: "Aoi", agree: "on", ...v });
  const messages = (v: Record<string, string>) => {
    const r = parse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("accepts a good sign-up and lower-cases the address", () => {
    const r = parse({ email: " Aoi@Example.COM " });
    expect(r.success && r.data.email).toBe("aoi@example.com");
  });

  it("uses the spec's Japanese messages", () => {
    expect(messages({ email: "" })).toContain("メールアドレスは必須項目です。");
    expect(messages({ email: "aoi@" })).toContain("有効なメールアドレスではありません。");
    expect(messages({ password: "a1" })).toContain("8文字以上で入力してください。");
    expect(messages({ password: "a1".repeat(65) })).toContain("128文字以内で入力してください。");
    expect(messages({ name: "x".repeat(51) })).toContain("50文字以内で入力してください。");
    expect(messages({ email: "a1@example.com", password: "A1@example.com" })).toEqual(["メールアドレスと同じパスワードは使用できません。"]);
  });
});
