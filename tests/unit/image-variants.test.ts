import { describe, expect, it } from "vitest";
import { coverSrcSet, downscale, parseVariantKey, scaledHeight, variantKey, variantWidthsFor } from "../../server/domain/image-variants";

describe("image variant rules", () => {
  it("derives a variant key from the original and reads it back", () => {
    const key = "public/covers/7/abc.png";
    expect(variantKey(key, 400)).toBe("public/covers/7/abc.png@w400.jpg");
    expect(parseVariantKey(variantKey(key, 800))).toEqual({ original: key, width: 800 });
    expect(parseVariantKey(key)).toBeNull();
    expect(parseVariantKey("public/covers/7/abc.jpg")).toBeNull();
  });

  it("stores only variants smaller than the original", () => {
    expect(variantWidthsFor(1200)).toEqual([400, 800]);
    expect(variantWidthsFor(800)).toEqual([400]);
    expect(variantWidthsFor(300)).toEqual([]);
  });

  it("keeps the aspect ratio", () => {
    expect(scaledHeight(1200, 630, 400)).toBe(210);
    expect(scaledHeight(1200, 630, 800)).toBe(420);
    expect(scaledHeight(5000, 1, 10)).toBe(1);
  });

  it("builds a srcset for stored covers and none for static files", () => {
    expect(coverSrcSet("public/covers/1/x.jpg")).toBe(
      "/media/public/covers/1/x.jpg@w400.jpg 400w, /media/public/covers/1/x.jpg@w800.jpg 800w, /media/public/covers/1/x.jpg 1200w",
    );
    expect(coverSrcSet("/demo/covers/a.jpg")).toBeUndefined();
    expect(coverSrcSet(null)).toBeUndefined();
  });
});

describe("downscale", () => {
  it("averages the pixels each target pixel covers", () => {
    // 4×2: a black and a white half; halved to 2×1 each half keeps its colour
    const data = new Uint8Array(4 * 2 * 4);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 4; x++) {
        const v = x < 2 ? 0 : 255;
        data.set([v, v, v, 255], (y * 4 + x) * 4);
      }
    const out = downscale({ width: 4, height: 2, data }, 2, 1);
    expect([...out.data]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    // 3 → 2 columns: the middle pixel is shared half and half
    const row = new Uint8Array([0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]);
    const two = downscale({ width: 3, height: 1, data: row }, 2, 1);
    expect(two.data[0]).toBe(30);
    expect(two.data[4]).toBe(150);
  });
});
