import { describe, expect, it } from "vitest";
import { qrSvg } from "../../server/domain/qr";

describe("QR codes for authenticator apps", () => {
  it("draw an otpauth URI as a standalone SVG with no script", () => {
    const svg = qrSvg("otpauth://totp/Fanclub:aoi%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Fanclub");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<path");
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("differ for different secrets", () => {
    expect(qrSvg("otpauth://totp/a?secret=AAAA")).not.toBe(qrSvg("otpauth://totp/a?secret=BBBB"));
  });
});
