// The demo's image variants (docs/decisions/044), made at seed time with the Worker job's own
// rules: the widths of each kind, `downscale`, the JPEG and WebP qualities and the WebP copy rule
// of server/domain/image-variants.ts (run as TypeScript by Node), over the decoded JPEG, the way
// server/media/variants.ts does it. The demo's photos are generated, so their variants are too.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import jpeg from "jpeg-js";
import encodeWebp, { init as initWebp } from "@jsquash/webp/encode.js";
import { imageDemoOriginals } from "../db/seed/images-demo.mjs";
import {
  downscale,
  hasWebpCopy,
  scaledHeight,
  variantKey,
  variantWidthsFor,
  webpCopyKey,
  VARIANT_QUALITY,
  VARIANT_WIDTHS,
  WEBP_QUALITY,
} from "../server/domain/image-variants.ts";

/** The WebP encoder from the same SIMD module the Worker imports, compiled from the file (Node fetches no file: URL). */
async function webpEncoder() {
  const wasm = fileURLToPath(import.meta.resolve("@jsquash/webp/codec/enc/webp_enc_simd.wasm"));
  await initWebp(new WebAssembly.Module(readFileSync(wasm)));
  /** @param {{ width: number, height: number, data: Uint8Array }} img */
  return async (img) => {
    const data = new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength);
    return new Uint8Array(await encodeWebp({ data, width: img.width, height: img.height, colorSpace: "srgb" }, { quality: WEBP_QUALITY }));
  };
}

/**
 * Every object the images demo puts in the media bucket: its originals, all their variants and
 * the WebP copies of the public ones (icon, header; the album stays JPEG, decision 042).
 * @returns {Promise<Array<{ key: string, body: Uint8Array, contentType: "image/jpeg" | "image/webp" }>>}
 */
export async function demoImageObjects() {
  const webp = await webpEncoder();
  /** @type {Array<{ key: string, body: Uint8Array, contentType: "image/jpeg" | "image/webp" }>} */
  const out = [];
  for (const o of imageDemoOriginals()) {
    out.push({ key: o.key, body: o.body, contentType: "image/jpeg" });
    const source = jpeg.decode(o.body, { useTArray: true, formatAsRGBA: true });
    for (const width of variantWidthsFor(source.width, VARIANT_WIDTHS[o.kind])) {
      const small = downscale(source, width, scaledHeight(source.width, source.height, width));
      const key = variantKey(o.key, width);
      out.push({ key, body: new Uint8Array(jpeg.encode(small, VARIANT_QUALITY).data), contentType: "image/jpeg" });
      if (hasWebpCopy(o.key)) out.push({ key: webpCopyKey(key), body: await webp(small), contentType: "image/webp" });
    }
  }
  return out;
}
