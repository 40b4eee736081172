import { describe, expect, it } from "vitest";
import { brandForHost, brandInk, contrastRatio, primaryBrand } from "../../server/domain/brands";

const list = [
  { id: 2, domain: "indies.fanclub.localhost", isPrimary: false },
  { id: 1, domain: "www.fanclub.localhost", isPrimary: true },
];

describe("brands", () => {
  it("finds the brand of a host name", () => {
    expect(brandForHost(list, "indies.fanclub.localhost")?.id).toBe(2);
    expect(brandForHost(list, "my.fanclub.localhost")).toBeNull();
  });

  it("picks the primary brand, else the first", () => {
    expect(primaryBrand(list)?.id).toBe(1);
    expect(primaryBrand([list[0]!])?.id).toBe(2);
    expect(primaryBrand([])).toBeNull();
  });
});

describe("the brand's ink for text and buttons", () => {
  it("reads at WCAG AA on white and on the page background, for every demo brand colour", () => {
    for (const theme of ["#e4007f", "#1d7af3", "#8a4dff", "#ffd400", "#00c2a8"]) {
      const ink = brandInk(theme);
      expect(contrastRatio(ink, "#ffffff"), theme).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(ink, "#f6f7f9"), theme).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps a colour that already reads well, and darkens the same hue otherwise", () => {
    expect(brandInk("#b0005f")).toBe("#b0005f");
    const blue = brandInk("#1d7af3");
    expect(blue).not.toBe("#1d7af3");
    // still blue: the blue channel stays the largest
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(blue.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
  });
});
