import { describe, expect, it } from "vitest";
import { CARD_BRANDS, coinChargeUrl } from "../../server/domain/payment-methods";

describe("the payment dialog's coin charge link (spec §7)", () => {
  it("goes to the charge section of the coin page with the page it was opened on as ref", () => {
    expect(coinChargeUrl("http://my.example", "http://www.example/fanclubs/3?plan=4")).toBe(
      "http://my.example/me/coins?ref=http%3A%2F%2Fwww.example%2Ffanclubs%2F3%3Fplan%3D4#charge",
    );
  });
  it("leaves ref out before the page is known or when it is no web address", () => {
    expect(coinChargeUrl("http://my.example", null)).toBe("http://my.example/me/coins#charge");
    expect(coinChargeUrl("http://my.example", "javascript:alert(1)")).toBe("http://my.example/me/coins#charge");
  });
  it("lists the four card brands of spec §7", () => {
    expect(CARD_BRANDS).toEqual(["VISA", "MASTERCARD", "JCB", "AMEX"]);
  });
});
