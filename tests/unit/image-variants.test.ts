import { describe, expect, it } from "vitest";
import {
  acceptsWebp,
  ALL_VARIANT_WIDTHS,
  allVariantKeys,
  blogImageSizes,
  coverSrcSet,
  downscale,
  hasVariants,
  hasWebpCopy,
  parseVariantKey,
  PROFILE_ORIGINAL_WIDTHS,
  publicSrcSet,
  scaledHeight,
  srcSetOf,
  VARIANT_WIDTHS,
  variantKey,
  variantKindOfFile,
  variantKindOfKey,
  variantRepresentation,
  variantWidthsFor,
  webpCopyKey,
} from "../../server/domain/image-variants";
import { PROFILE_IMAGE, profileImageKey } from "../../server/domain/images";

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

describe("variants per kind", () => {
  it("gives each kind the widths its places show at 1x and 2x", () => {
    // icons: 24 px sidebar (48 at 2x), 48 px cards (96), 96 px page (192)
    expect(VARIANT_WIDTHS.icon).toEqual([48, 96, 192]);
    expect(VARIANT_WIDTHS.header).toEqual([640, 1080]);
    expect(VARIANT_WIDTHS.album).toEqual([400, 800, 1600]);
    // a blog picture: the post page's column, at most 1008 px (1080 at 1x, 2048 at 2x), 640 for a phone at 2x
    expect(VARIANT_WIDTHS.blog).toEqual([640, 1080, 2048]);
    expect(ALL_VARIANT_WIDTHS).toEqual([48, 96, 192, 400, 640, 800, 1080, 1600, 2048]);
  });

  it("reads the kind of a post's file from its row's kind: album and blog pictures only", () => {
    expect(variantKindOfFile("picture")).toBe("album");
    expect(variantKindOfFile("blog_image")).toBe("blog");
    for (const kind of ["streaming", "attachment", "dc3"]) expect(variantKindOfFile(kind)).toBeNull();
  });

  it("sizes a blog picture by the article's column, or by its own width when narrower", () => {
    expect(blogImageSizes(3000)).toBe("(max-width: 575px) calc(100vw - 3.5rem), (max-width: 991px) calc(100vw - 4.5rem), 1008px");
    expect(blogImageSizes(null)).toMatch(/, 1008px$/);
    expect(blogImageSizes(900)).toMatch(/, 900px$/);
  });

  it("knows the cropped sizes of icon and header", () => {
    expect(PROFILE_ORIGINAL_WIDTHS.icon).toBe(PROFILE_IMAGE.icon.width);
    expect(PROFILE_ORIGINAL_WIDTHS.header).toBe(PROFILE_IMAGE.header.width);
  });

  it("reads the kind of a public image from its key", () => {
    expect(variantKindOfKey(profileImageKey(101, "icon", "abc", "jpg"))).toBe("icon");
    expect(variantKindOfKey(profileImageKey(101, "header", "abc", "jpg"))).toBe("header");
    expect(variantKindOfKey(profileImageKey(101, "plan-7", "abc", "jpg"))).toBe("icon");
    expect(variantKindOfKey("public/covers/1/x.jpg")).toBe("cover");
    expect(variantKindOfKey("posts/101/x.jpg")).toBeNull();
    expect(variantKindOfKey("public/fanclubs/101/../icon-x.jpg")).toBeNull();
  });

  it("makes variants only of stored JPEGs", () => {
    expect(hasVariants("public/fanclubs/1/icon-a.jpg")).toBe(true);
    expect(hasVariants("posts/1/a.JPEG")).toBe(true);
    expect(hasVariants("public/fanclubs/1/icon-a.webp")).toBe(false);
    expect(hasVariants("public/fanclubs/1/icon-a.png")).toBe(false);
    expect(hasVariants("/demo/fanclubs/a-icon.svg")).toBe(false);
    expect(hasVariants(null)).toBe(false);
  });

  it("lists every variant key to delete with an original, with the WebP copies of a public one", () => {
    const keys = allVariantKeys("public/fanclubs/1/icon-a.jpg");
    expect(keys).toContain("public/fanclubs/1/icon-a.jpg@w48.jpg");
    expect(keys).toContain("public/fanclubs/1/icon-a.jpg@w1600.jpg");
    expect(keys).toContain("public/fanclubs/1/icon-a.jpg@w2048.jpg");
    expect(keys).toContain("public/fanclubs/1/icon-a.jpg@w48.jpg.webp");
    expect(keys).toHaveLength(ALL_VARIANT_WIDTHS.length * 2);
    // a paid album picture has no WebP copy to delete
    expect(allVariantKeys("posts/1/a.jpg")).toHaveLength(ALL_VARIANT_WIDTHS.length);
  });

  it("builds icon and header srcsets from the URL a page has", () => {
    expect(publicSrcSet("/media/public/fanclubs/1/icon-a.jpg", "icon")).toBe(
      "/media/public/fanclubs/1/icon-a.jpg@w48.jpg 48w, /media/public/fanclubs/1/icon-a.jpg@w96.jpg 96w, /media/public/fanclubs/1/icon-a.jpg@w192.jpg 192w, /media/public/fanclubs/1/icon-a.jpg 400w",
    );
    expect(publicSrcSet("/media/public/fanclubs/1/header-a.jpg", "header")).toBe(
      "/media/public/fanclubs/1/header-a.jpg@w640.jpg 640w, /media/public/fanclubs/1/header-a.jpg@w1080.jpg 1080w, /media/public/fanclubs/1/header-a.jpg 1500w",
    );
    // static demo files, WebP crops and private links get none
    expect(publicSrcSet("/demo/fanclubs/a-icon.svg", "icon")).toBeUndefined();
    expect(publicSrcSet("/media/public/fanclubs/1/icon-a.webp", "icon")).toBeUndefined();
    expect(publicSrcSet("/media/posts/1/a.jpg", "icon")).toBeUndefined();
    expect(publicSrcSet(null, "icon")).toBeUndefined();
  });

  it("builds a srcset through any URL maker, without the original when its width is unknown", () => {
    const signed = (k: string) => `/media/${k}?sig=${k.length}`;
    expect(srcSetOf("posts/1/a.jpg", [400, 800], null, signed)).toBe(
      "/media/posts/1/a.jpg@w400.jpg?sig=22 400w, /media/posts/1/a.jpg@w800.jpg?sig=22 800w",
    );
    expect(srcSetOf("posts/1/a.png", [400, 800], null, signed)).toBeUndefined();
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

describe("WebP copies of public variants (docs/decisions/044)", () => {
  const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  const firefox = "image/avif,image/webp,*/*";
  const safari =
    "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5";

  it("stores the copy beside its JPEG variant, under a key no page links to", () => {
    expect(webpCopyKey(variantKey("public/covers/1/a.jpg", 400))).toBe("public/covers/1/a.jpg@w400.jpg.webp");
    // the copy's key is no variant key: requested by name it would not be negotiated again
    expect(parseVariantKey(webpCopyKey(variantKey("public/covers/1/a.jpg", 400)))).toBeNull();
  });

  it("gives public images a WebP copy and paid album pictures none (their fan marks are JPEG's)", () => {
    expect(hasWebpCopy("public/covers/1/a.jpg")).toBe(true);
    expect(hasWebpCopy("public/fanclubs/1/header-a.jpg")).toBe(true);
    expect(hasWebpCopy("posts/1/a.jpg")).toBe(false);
  });

  it("reads WebP support from the browsers' own image Accept headers", () => {
    expect(acceptsWebp(chrome)).toBe(true);
    expect(acceptsWebp(firefox)).toBe(true);
    expect(acceptsWebp(safari)).toBe(true);
    expect(acceptsWebp("IMAGE/WEBP;q=0.9")).toBe(true);
  });

  it("does not take wildcards or a refusal for WebP support", () => {
    expect(acceptsWebp("*/*")).toBe(false);
    expect(acceptsWebp("image/*,*/*;q=0.8")).toBe(false);
    expect(acceptsWebp("image/webp;q=0, image/jpeg")).toBe(false);
    expect(acceptsWebp("")).toBe(false);
    expect(acceptsWebp(null)).toBe(false);
    expect(acceptsWebp(undefined)).toBe(false);
  });

  it("sends the WebP copy only when the browser accepts it and the job has stored it", () => {
    expect(variantRepresentation(chrome, true)).toBe("image/webp");
    expect(variantRepresentation(chrome, false)).toBe("image/jpeg");
    expect(variantRepresentation("*/*", true)).toBe("image/jpeg");
    expect(variantRepresentation(null, true)).toBe("image/jpeg");
  });
});
