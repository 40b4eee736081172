import { describe, expect, it } from "vitest";
import { linearScrollTop, SCROLL_TO_TOP_MS } from "../../app/lib/motion";

describe("back to top (spec §9: 100 ms, linear)", () => {
  it("moves at an even pace and lands exactly on the top when the time is up", () => {
    expect(SCROLL_TO_TOP_MS).toBe(100);
    expect(linearScrollTop(2000, 0, SCROLL_TO_TOP_MS)).toBe(2000);
    expect(linearScrollTop(2000, 25, SCROLL_TO_TOP_MS)).toBe(1500);
    expect(linearScrollTop(2000, 50, SCROLL_TO_TOP_MS)).toBe(1000);
    expect(linearScrollTop(2000, 75, SCROLL_TO_TOP_MS)).toBe(500);
    expect(linearScrollTop(2000, 100, SCROLL_TO_TOP_MS)).toBe(0);
    // a frame late is still the top, never past it
    expect(linearScrollTop(2000, 140, SCROLL_TO_TOP_MS)).toBe(0);
  });

  it("never goes below the start when a frame's clock reads before the start", () => {
    expect(linearScrollTop(800, -5, SCROLL_TO_TOP_MS)).toBe(800);
    expect(linearScrollTop(800, 10, 0)).toBe(0);
  });
});
