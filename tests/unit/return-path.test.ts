import { describe, expect, it } from "vitest";
import { RETURN_PATH_MAX, safeReturnPath, safeReturnUrl } from "../../server/domain/return-path";

const known = ["http://www.fanclub.localhost:8787", "http://kirameki.localhost:8787", "https://auth.fanclub.example"];

/** The usual open-redirect bypasses, as a path and as a URL on one of our origins. */
const BYPASSES: [string, string][] = [
  ["scheme-relative", "//evil.example/"],
  ["scheme-relative with a backslash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash then slash", "\\/evil.example"],
  ["tab that Chromium drops, encoded", "/%09/evil.example/"],
  ["tab, raw", "/\t/evil.example"],
  ["line feed, raw", "/\n/evil.example"],
  ["carriage return, encoded", "/%0d/evil.example"],
  ["line feed, encoded", "/%0A/evil.example"],
  ["NUL, encoded", "/%00/evil.example"],
  ["NUL, raw", "/\u0000evil"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slash after one slash", "/%2Fevil.example"],
  ["double-encoded slash", "/%252F%252Fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["double-encoded backslash", "/%255Cevil.example"],
  ["dot segments folding into //", "/a/..//evil.example"],
  ["leading space", " /me"],
  ["line separator", "/\u2028/evil.example"],
  ["zero-width space", "/\u200b/evil.example"],
  ["right-to-left override", "/\u202eelpmaxe.live"],
  ["overlong", `/${"a".repeat(RETURN_PATH_MAX)}`],
];

describe("safeReturnPath: same-origin paths only", () => {
  it("keeps paths of this origin with their query and hash, normalised", () => {
    expect(safeReturnPath("/me/coins")).toBe("/me/coins");
    expect(safeReturnPath("/fanclubs/12?page=3&plan=4#modal")).toBe("/fanclubs/12?page=3&plan=4#modal");
    expect(safeReturnPath("/a/../me/coins")).toBe("/me/coins");
    expect(safeReturnPath("/fanclubs?keywords=%E6%98%9F")).toBe("/fanclubs?keywords=%E6%98%9F");
    expect(safeReturnPath("/")).toBe("/");
  });

  it.each(BYPASSES)("refuses %s", (_, bad) => {
    expect(safeReturnPath(bad)).toBeNull();
  });

  it.each([
    ["nothing", null],
    ["undefined", undefined],
    ["empty", ""],
    ["relative", "me/coins"],
    ["absolute URL", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["upper-case JAVASCRIPT:", "JAVASCRIPT:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a URL of ours as a path", "http://www.fanclub.localhost:8787/"],
  ])("refuses %s", (_, bad) => {
    expect(safeReturnPath(bad)).toBeNull();
  });

  it("never throws, whatever the input", () => {
    for (const odd of ["/%", "/%E0%A4%A", "/%zz", "/\ud800", "/?a=%", "/#%%%", "/\u0085", { toString: () => "/x" } as unknown as string]) {
      expect(() => safeReturnPath(odd)).not.toThrow();
    }
  });
});

describe("safeReturnUrl: URLs on our origins only", () => {
  it("follows our origins, exactly as configured, normalised", () => {
    expect(safeReturnUrl("http://kirameki.localhost:8787/me/x?a=1", known)).toBe("http://kirameki.localhost:8787/me/x?a=1");
    expect(safeReturnUrl("http://kirameki.localhost:8787", known)).toBe("http://kirameki.localhost:8787/");
    expect(safeReturnUrl("http://www.fanclub.localhost:8787?ref=x", known)).toBe("http://www.fanclub.localhost:8787/?ref=x");
    expect(safeReturnUrl("https://auth.fanclub.example/auth/login#top", known)).toBe("https://auth.fanclub.example/auth/login#top");
  });

  it.each(BYPASSES)("refuses %s after one of our origins", (_, bad) => {
    expect(safeReturnUrl(`http://www.fanclub.localhost:8787${bad}`, known)).toBeNull();
  });

  it.each([
    ["another host", "https://evil.example/"],
    ["scheme-relative", "//evil.example/"],
    ["scheme-relative to one of ours", "//www.fanclub.localhost:8787/"],
    ["a path", "/relative"],
    ["javascript:", "javascript:alert(1)"],
    ["upper-case scheme", "HTTP://www.fanclub.localhost:8787/"],
    ["upper-case host", "http://WWW.fanclub.localhost:8787/"],
    ["mixed-case JavaScript:", "JavaScript://www.fanclub.localhost:8787/%0aalert(1)"],
    ["userinfo naming us", "http://evil@www.fanclub.localhost:8787/"],
    ["userinfo of ours before another host", "http://www.fanclub.localhost:8787@evil.example/"],
    ["user and password", "http://user:pw@www.fanclub.localhost:8787/"],
    ["look-alike host", "http://www.fanclub.localhost:8787.evil.example/"],
    ["our host as a subdomain of another", "http://www.fanclub.localhost.evil.example:8787/"],
    ["another port", "http://www.fanclub.localhost:8788/"],
    ["https where we are http", "https://www.fanclub.localhost:8787/"],
    ["ideographic full stop", "http://www\u3002fanclub.localhost:8787/"],
    ["fullwidth full stop", "http://www\uff0efanclub.localhost:8787/"],
    ["one dot leader", "http://www\u2024fanclub.localhost:8787/"],
    ["encoded host", "http://%77ww.fanclub.localhost:8787/"],
    ["backslash after the scheme", "http:\\\\www.fanclub.localhost:8787/"],
    ["one slash after the scheme", "http:/www.fanclub.localhost:8787/"],
    ["tab in the scheme", "ht\ttp://www.fanclub.localhost:8787/"],
    ["leading space", " http://www.fanclub.localhost:8787/"],
    ["empty", ""],
    ["nothing", null],
  ])("refuses %s", (_, bad) => {
    expect(safeReturnUrl(bad, known)).toBeNull();
  });
});
