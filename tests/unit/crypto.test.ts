import { describe, expect, it } from "vitest";
import {
  PBKDF2_ITERATIONS,
  fromBase64Url,
  hashPassword,
  randomToken,
  sha256Hex,
  toBase64Url,
  verifyPassword,
} from "../../server/security/crypto";

describe("passwords", () => {
  it("are stored as PBKDF2-SHA256 at the maximum iterations, with a salt of their own", async () => {
    const a = await hashPassword("secret123");
    const b = await hashPassword("secret123");
    expect(a.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(a).not.toBe(b);
    expect(await verifyPassword("secret123", a)).toBe(true);
    expect(await verifyPassword("secret124", a)).toBe(false);
  });

  it("refuse stored values that are not ours", async () => {
    for (const stored of [null, "", "md5$1$x$y", "pbkdf2-sha256$999999999$AAAA$AAAA", "pbkdf2-sha256$abc$AAAA$AAAA"]) {
      expect(await verifyPassword("secret123", stored)).toBe(false);
    }
  });
});

describe("tokens", () => {
  it("carry 256 random bits in URL-safe text", () => {
    const t = randomToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(t);
    expect(toBase64Url(fromBase64Url(t))).toBe(t);
  });

  it("are stored as SHA-256", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
