import { describe, expect, it } from "vitest";
import {
  isValidInvoiceNumber,
  isValidPlanPrice,
  isValidUniquePath,
  planButtonState,
  openFanclubLink,
  sidebarOpenButton,
} from "../../server/domain/fanclub-rules";

describe("plan prices", () => {
  it("are free or 100 to 50,000 yen, whole yen", () => {
    for (const ok of [0, 100, 500, 50_000]) expect(isValidPlanPrice(ok), String(ok)).toBe(true);
    for (const bad of [-1, 1, 99, 50_001, 100.5, Number.NaN]) expect(isValidPlanPrice(bad), String(bad)).toBe(false);
  });
});

describe("unique paths", () => {
  it("take lower-case letters, digits and underscores, not reserved words", () => {
    for (const ok of ["aoi", "aoi_music", "club2026"]) expect(isValidUniquePath(ok), ok).toBe(true);
    for (const bad of ["ab", "Aoi", "aoi-music", "___", "me", "api", "x".repeat(31), "あおい"])
      expect(isValidUniquePath(bad), bad).toBe(false);
  });
});

describe("qualified invoice numbers", () => {
  it("accept T and 13 digits with a correct check digit", () => {
    // 国税庁 (National Tax Agency) corporate number 7000012050002
    expect(isValidInvoiceNumber("T7000012050002")).toBe(true);
    expect(isValidInvoiceNumber("ｔ７００００１２０５０００２")).toBe(true);
  });

  it("refuse a wrong check digit, a missing T or the wrong length", () => {
    for (const bad of ["T8000012050002", "7000012050002", "T700001205000", "T70000120500021", "TX000012050002"])
      expect(isValidInvoiceNumber(bad), bad).toBe(false);
  });
});

describe("plan button (spec §2)", () => {
  const base = { isOwner: false, joinedPlanId: null, planId: 10, limitReached: false, loggedIn: true };
  it("follows the spec's order", () => {
    expect(planButtonState({ ...base, isOwner: true, limitReached: true })).toBe("edit");
    expect(planButtonState({ ...base, joinedPlanId: 10, limitReached: true })).toBe("supporting");
    expect(planButtonState({ ...base, limitReached: true, loggedIn: false })).toBe("disabled");
    expect(planButtonState({ ...base, loggedIn: false })).toBe("login");
    expect(planButtonState(base)).toBe("support");
    expect(planButtonState({ ...base, joinedPlanId: 11 })).toBe("changePlan");
  });
});

describe("the sidebar's 'open a fan club' button", () => {
  const signedIn = { signedIn: true, hasOwnFanclub: false };
  it("is one button: to opening (or the request) where allowed, the guide for visitors, none for owners", () => {
    expect(sidebarOpenButton({ ...signedIn, openLink: { kind: "open", href: "/me/fanclub/new" } })).toEqual({
      kind: "open",
      href: "/me/fanclub/new",
    });
    expect(sidebarOpenButton({ ...signedIn, openLink: { kind: "request", href: "/help/fanclub_open_request" } })).toEqual({
      kind: "open",
      href: "/help/fanclub_open_request",
    });
    expect(sidebarOpenButton({ ...signedIn, openLink: { kind: "otherBrand", href: "http://indies.example/me/fanclub/new" } })).toEqual({
      kind: "open",
      href: "http://indies.example/me/fanclub/new",
    });
    // visitors: the guide on how opening works
    expect(sidebarOpenButton({ signedIn: false, hasOwnFanclub: false, openLink: { kind: "hidden" } })).toEqual({ kind: "guide" });
    // signed in without a brand (no service): nothing
    expect(sidebarOpenButton({ ...signedIn, openLink: { kind: "hidden" } })).toEqual({ kind: "none" });
    expect(sidebarOpenButton({ signedIn: true, hasOwnFanclub: true, openLink: { kind: "hidden" } })).toEqual({ kind: "none" });
  });
});

describe("where 'open a fan club' leads (spec §2, decision 041)", () => {
  const official = { id: 1, frontUrl: "http://www.example", requireOpenRequest: true };
  const indies = { id: 2, frontUrl: "http://indies.example", requireOpenRequest: false };
  const base = { signedIn: true, hasOwnFanclub: false, onBrandHost: true, approvedServiceIds: [] as number[] };
  it("is hidden for visitors, owners and where no brand is known", () => {
    expect(openFanclubLink({ ...base, signedIn: false, brand: indies })).toEqual({ kind: "hidden" });
    expect(openFanclubLink({ ...base, hasOwnFanclub: true, brand: indies })).toEqual({ kind: "hidden" });
    expect(openFanclubLink({ ...base, brand: null })).toEqual({ kind: "hidden" });
  });
  it("goes to the open-request page of a brand that requires one, until the request is approved", () => {
    expect(openFanclubLink({ ...base, brand: official })).toEqual({ kind: "request", href: "/help/fanclub_open_request" });
    expect(openFanclubLink({ ...base, brand: official, onBrandHost: false })).toEqual({
      kind: "request",
      href: "http://www.example/help/fanclub_open_request",
    });
    expect(openFanclubLink({ ...base, brand: official, approvedServiceIds: [1] })).toEqual({ kind: "open", href: "/me/fanclub/new" });
  });
  it("goes to another brand's new-fan-club page when the brand is not this host's and requires no request", () => {
    expect(openFanclubLink({ ...base, brand: indies, onBrandHost: false })).toEqual({
      kind: "otherBrand",
      href: "http://indies.example/me/fanclub/new",
    });
    expect(openFanclubLink({ ...base, brand: official, onBrandHost: false, approvedServiceIds: [1] })).toEqual({
      kind: "otherBrand",
      href: "http://www.example/me/fanclub/new",
    });
  });
  it("otherwise goes to /me/fanclub/new on this host", () => {
    expect(openFanclubLink({ ...base, brand: indies })).toEqual({ kind: "open", href: "/me/fanclub/new" });
  });
});
