import { describe, expect, it } from "vitest";
import { passkeySignInEnabled } from "../../server/domain/passkey-sign-in";

describe("passkeySignInEnabled", () => {
  it("is on for an account that never used the switch", () => {
    expect(passkeySignInEnabled(undefined)).toBe(true);
    expect(passkeySignInEnabled(null)).toBe(true);
  });

  it("follows the stored switch", () => {
    expect(passkeySignInEnabled({ signInEnabled: false })).toBe(false);
    expect(passkeySignInEnabled({ signInEnabled: true })).toBe(true);
  });
});
