// The demo's image variants (docs/decisions/044), made at seed time with the Worker job's own
// rules: the widths of each kind, `downscale` and the JPEG quality of
// server/domain/image-variants.ts (run as TypeScript by Node), over the decoded JPEG, the way
// server/media/variants.ts does it. The demo's photos are generated, so their variants are too.
import jpeg from "jpeg-js";
import { imageDemoOriginals } from "../db/seed/images-demo.mjs";
import { downscale, scaledHeight, variantKey, variantWidthsFor, VARIANT_QUALITY, VARIANT_WIDTHS } from "../server/domain/image-variants.ts";

/**
 * Every object the images demo puts in the media bucket: its originals and all their variants.
 * @returns {Array<{ key: string, body: Uint8Array }>}
 */
export function demoImageObjects() {
  const out = [];
  for (const o of imageDemoOriginals()) {
    out.push({ key: o.key, body: o.body });
    const source = jpeg.decode(o.body, { useTArray: true, formatAsRGBA: true });
    for (const width of variantWidthsFor(source.width, VARIANT_WIDTHS[o.kind])) {
      const small = downscale(source, width, scaledHeight(source.width, source.height, width));
      out.push({ key: variantKey(o.key, width), body: new Uint8Array(jpeg.encode(small, VARIANT_QUALITY).data) });
    }
  }
  return out;
}
