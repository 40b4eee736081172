import encode, { init } from "@jsquash/webp/encode";
// Workers cannot fetch or compile WebAssembly at run time: the module is imported, so wrangler
// (and the workers test pool) ship it with the Worker as a compiled module, and `init` gets it.
// The SIMD build: workerd supports SIMD, so the package's own feature check picks the SIMD glue,
// and glue and module must be of the same build.
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import { WEBP_QUALITY, type Pixels } from "../domain/image-variants";

// the package types `init` as taking only Emscripten options; at run time a first argument that
// is a WebAssembly.Module is instantiated instead of fetching the .wasm file
const initWithModule = init as unknown as (module: WebAssembly.Module) => Promise<unknown>;

let ready: Promise<unknown> | null = null;

/**
 * Encodes RGBA pixels as a lossy WebP (docs/decisions/044). Only pixels go in, so no metadata
 * (EXIF, XMP, ICC) comes out. The encoder is instantiated once per isolate, on first use.
 */
export async function encodeWebp(pixels: Pixels, quality = WEBP_QUALITY): Promise<Uint8Array> {
  ready ??= initWithModule(webpEncoderWasm);
  await ready;
  const data = new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
  const image = { data, width: pixels.width, height: pixels.height, colorSpace: "srgb" } as ImageData;
  return new Uint8Array(await encode(image, { quality }));
}
