import { describe, expect, it } from "vitest";
import { codeKind, formatRecoveryCode, normalizeCode } from "../../server/domain/two-step";

describe("two-step codes", () => {
  it("tells an app code from a recovery code, whatever the spacing", () => {
    expect(codeKind("123456")).toBe("totp");
    expect(codeKind(" 123 456 ")).toBe("totp");
    expect(codeKind("１２３４５６")).toBe("totp");
    expect(codeKind("abcd-efgh")).toBe("recovery");
    expect(codeKind("ABCD-EFG0")).toBe("invalid");
    expect(codeKind("12345")).toBe("invalid");
  });

  it("formats recovery codes as XXXX-XXXX without look-alike characters", () => {
    const code = formatRecoveryCode(new Uint8Array([0, 1, 2, 3, 250, 251, 252, 253]));
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(normalizeCode(code.toLowerCase())).toBe(code.replace("-", ""));
  });
});
