import { describe, expect, it } from "vitest";
import {
  MEDIA_RATE_LIMITS,
  MEDIA_URL_TTL_MS,
  STREAMING_URL_TTL_MS,
  countsAsDownload,
  mediaRateDecision,
  mediaSubject,
  mediaUrlExpiry,
} from "../../server/domain/media-session";
import { signPath, verifySignedPath } from "../../server/security/signed-url";

const SECRET = "test-secret-test-secret-test-secret";
const NOW = Date.UTC(2026, 10, 26, 3, 2, 1);
const SESSION_A = "a".repeat(64);
const SESSION_B = "b".repeat(64);

describe("media URLs bound to a session", () => {
  it("work in the session that asked for them and nowhere else", async () => {
    const path = "/media/posts/1/a.jpg";
    const mine = mediaSubject(7, SESSION_A);
    const q = new URLSearchParams(await signPath(SECRET, path, mediaUrlExpiry(NOW, "other"), mine));
    expect(await verifySignedPath(SECRET, path, q, NOW, mine)).toBeNull();
    // the same account in another session (a replayed cookie-less URL, a second browser)
    expect(await verifySignedPath(SECRET, path, q, NOW, mediaSubject(7, SESSION_B))).toBe("forged");
    // no session at all, and another account
    expect(await verifySignedPath(SECRET, path, q, NOW, mediaSubject(null, null))).toBe("forged");
    expect(await verifySignedPath(SECRET, path, q, NOW, mediaSubject(8, SESSION_A))).toBe("forged");
    // another file with the same signature
    expect(await verifySignedPath(SECRET, "/media/posts/1/b.jpg", q, NOW, mine)).toBe("forged");
  });

  it("carries neither the session id nor its hash in the URL", async () => {
    const q = await signPath(SECRET, "/media/posts/1/a.jpg", mediaUrlExpiry(NOW, "other"), mediaSubject(7, SESSION_A));
    expect(q).not.toContain("aaaa");
    expect(q).toMatch(/^exp=\d+&sig=[A-Za-z0-9_-]+$/);
  });

  it("expire after minutes (videos after hours), so a lifted URL dies soon", async () => {
    const exp = mediaUrlExpiry(NOW, "other");
    expect(exp - NOW).toBeGreaterThanOrEqual(MEDIA_URL_TTL_MS);
    expect(exp - NOW).toBeLessThanOrEqual(MEDIA_URL_TTL_MS + 5 * 60 * 1000);
    expect(MEDIA_URL_TTL_MS).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(mediaUrlExpiry(NOW, "streaming") - NOW).toBeGreaterThanOrEqual(STREAMING_URL_TTL_MS);
    // a reload a minute later gets the same URL (the browser's cache keeps working)
    expect(mediaUrlExpiry(NOW + 60_000, "other")).toBe(exp);
    const path = "/media/posts/1/a.jpg";
    const subject = mediaSubject(7, SESSION_A);
    const q = new URLSearchParams(await signPath(SECRET, path, exp, subject));
    expect(await verifySignedPath(SECRET, path, q, exp + 1, subject)).toBe("expired");
  });

  it("gives visitors the anonymous subject", () => {
    expect(mediaSubject(null, SESSION_A)).toBe("0");
    expect(mediaSubject(7, null)).toBe("0");
  });
});

describe("the bulk download rule", () => {
  it("lets an account through up to the limit, refuses past it and flags the crossing once", () => {
    const ok = mediaRateDecision({ minute: MEDIA_RATE_LIMITS.minute, hour: 300 }, NOW);
    expect(ok).toEqual({ allowed: true, flag: null, retryAfter: 0 });
    const crossing = mediaRateDecision({ minute: MEDIA_RATE_LIMITS.minute + 1, hour: 300 }, NOW);
    expect(crossing.allowed).toBe(false);
    expect(crossing.flag).toBe("minute");
    // until the minute ends (NOW is 1 s past the minute)
    expect(crossing.retryAfter).toBe(59);
    const later = mediaRateDecision({ minute: MEDIA_RATE_LIMITS.minute + 40, hour: 300 }, NOW);
    expect(later).toMatchObject({ allowed: false, flag: null });
  });

  it("has an hourly limit that a slower scraper meets", () => {
    const d = mediaRateDecision({ minute: 10, hour: MEDIA_RATE_LIMITS.hour + 1 }, NOW);
    expect(d.allowed).toBe(false);
    expect(d.flag).toBe("hour");
    expect(d.retryAfter).toBe(Math.ceil((Date.UTC(2026, 10, 26, 4) - NOW) / 1000));
  });

  it("counts a video's seeking as one download", () => {
    expect(countsAsDownload(null)).toBe(true);
    expect(countsAsDownload("bytes=0-")).toBe(true);
    expect(countsAsDownload("bytes=1048576-2097151")).toBe(false);
  });
});
