import { describe, expect, it } from "vitest";
import { createTranslator } from "../../server/i18n/setup";
import { resources } from "../../locales";
import {
  cardExpiryLabel,
  cardFormSchema,
  coinChargeKey,
  COIN_CHARGE_AMOUNTS,
  isChargeNonce,
  maskedCardNumber,
  parseCardExpiry,
  parseCoinChargeAmount,
} from "../../server/domain/wallet";
import { contentSecurityPolicy } from "../../server/http/security-headers";

describe("coin charge amounts and keys", () => {
  it("offers fixed yen amounts and reads only those from a query or form", () => {
    expect(COIN_CHARGE_AMOUNTS).toEqual([500, 1000, 3000, 5000, 10000, 30000]);
    expect(parseCoinChargeAmount("1000")).toBe(1000);
    expect(parseCoinChargeAmount("30000")).toBe(30000);
    for (const bad of [null, undefined, "", "999", "1000.0", "1e3", " 1000", "-500", "0500", "100000000"]) {
      expect(parseCoinChargeAmount(bad), String(bad)).toBeNull();
    }
  });

  it("names one movement per nonce and amount, and accepts only bounded URL-safe nonces", () => {
    expect(coinChargeKey(12, "abcdefghijklmnop", 1000)).toBe("coin-charge:12:abcdefghijklmnop:1000");
    expect(coinChargeKey(12, "abcdefghijklmnop", 1000)).not.toBe(coinChargeKey(12, "abcdefghijklmnop", 500));
    expect(coinChargeKey(12, "abcdefghijklmnop", 1000)).not.toBe(coinChargeKey(13, "abcdefghijklmnop", 1000));
    expect(isChargeNonce("a".repeat(16))).toBe(true);
    expect(isChargeNonce("Ab-_".repeat(16))).toBe(true);
    for (const bad of ["a".repeat(15), "a".repeat(65), "abc:defghijklmnopq", "abcdefghijklmnop ", 1234567890123456, null]) {
      expect(isChargeNonce(bad), String(bad)).toBe(false);
    }
  });
});

describe("the card form", () => {
  it("reads the expiry as printed on cards", () => {
    expect(parseCardExpiry("12/30")).toEqual({ month: "12", year: "30" });
    expect(parseCardExpiry(" 1 / 30 ")).toEqual({ month: "1", year: "30" });
    expect(parseCardExpiry("12/2030")).toEqual({ month: "12", year: "2030" });
    expect(parseCardExpiry("1230")).toEqual({ month: "12", year: "30" });
    for (const bad of ["", "12", "12/3", "12-30", "2030-12", "123", "12345", "ab/cd"]) expect(parseCardExpiry(bad), bad).toBeNull();
  });

  it("explains each missing field and a malformed expiry in Japanese", () => {
    const t = createTranslator({ locale: "ja", resources: resources.ja, defaultNs: "wallet" });
    const schema = cardFormSchema(t);
    const empty = schema.safeParse({ number: "", expiry: "", cvc: "" });
    expect(empty.success).toBe(false);
    if (!empty.success) {
      expect(empty.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["number", "カード番号は必須項目です。"],
        ["expiry", "有効期限は必須項目です。"],
        ["cvc", "セキュリティコードは必須項目です。"],
      ]);
    }
    const parsed = schema.safeParse({ number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" });
    expect(parsed.success && parsed.data.expiry).toEqual({ month: "12", year: "40" });
    const malformed = schema.safeParse({ number: "4242424242424242", expiry: "2040/12/1", cvc: "123" });
    expect(!malformed.success && malformed.error.issues[0]!.message).toBe("有効期限は「月/年」の形（例：12/30）で入力してください。");
  });

  it("shows only the last four digits and the printed expiry", () => {
    expect(maskedCardNumber("4242")).toBe("•••• 4242");
    expect(cardExpiryLabel(3, 2031)).toBe("03/31");
    expect(cardExpiryLabel(12, 2100)).toBe("12/00");
  });
});

describe("content security policy", () => {
  it("lets Stripe.js in only when Stripe is configured", () => {
    const sandbox = contentSecurityPolicy("n0nce");
    expect(sandbox).not.toContain("stripe");
    expect(sandbox).toContain("script-src 'self' 'nonce-n0nce';");
    const stripe = contentSecurityPolicy("n0nce", { stripe: true });
    expect(stripe).toContain("script-src 'self' 'nonce-n0nce' https://js.stripe.com;");
    expect(stripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;");
    // the rest stays as strict
    expect(stripe).toContain("object-src 'none'");
    expect(stripe).toContain("frame-ancestors 'none'");
  });
});

describe("content security policy: our own hosts only", () => {
  const origins = ["https://www.fanclub.example", "https://kirameki.example", "https://auth.fanclub.example"];
  const policy = contentSecurityPolicy("n0nce", { origins });
  const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("lets pages connect to our hosts and their live-room sockets, and no other socket host", () => {
    expect(directive("connect-src")).toBe(
      "connect-src 'self' https://www.fanclub.example https://kirameki.example https://auth.fanclub.example wss://www.fanclub.example wss://kirameki.example wss://auth.fanclub.example",
    );
    expect(directive("connect-src").split(" ")).not.toContain("ws:");
    expect(directive("connect-src").split(" ")).not.toContain("wss:");
  });

  it("lets forms post to (and be redirected among) our hosts only", () => {
    expect(directive("form-action")).toBe(
      "form-action 'self' https://www.fanclub.example https://kirameki.example https://auth.fanclub.example",
    );
    expect(contentSecurityPolicy("n0nce")).toContain("form-action 'self';");
  });

  it("drops anything that is not a plain origin", () => {
    const odd = contentSecurityPolicy("n0nce", { origins: ["https://ok.example", "https://x.example; script-src *", "http:", "*"] });
    expect(odd).toContain("form-action 'self' https://ok.example;");
    expect(odd).not.toContain("script-src *");
  });
});
