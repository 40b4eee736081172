import { alignGlyphsForSubsetting } from "./font-align";

/**
 * The invoice font: Noto Sans JP Regular (SIL OFL 1.1, licence beside it), a static asset, not part
 * of the Worker bundle (docs/decisions/031). Fetched from the assets binding on an isolate's first
 * invoice and kept for the isolate's life; each PDF then embeds only the glyphs it uses.
 */
export const INVOICE_FONT_PATH = "/fonts/NotoSansJP-Regular.ttf";

interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

let cached: Uint8Array | undefined;

/**
 * Only the bytes are kept between requests, never the fetch in flight: workerd ties an asset
 * read's I/O to the request that started it, and another request awaiting it may be refused
 * ("Cannot perform I/O on behalf of a different request"). Two first invoices at once each fetch
 * it; a failed fetch is not remembered, so the next invoice tries again.
 */
export async function invoiceFont(assets: AssetFetcher): Promise<Uint8Array> {
  cached ??= await loadFont(assets);
  return cached;
}

async function loadFont(assets: AssetFetcher): Promise<Uint8Array> {
  // the assets binding ignores the host; only the path names the file
  const response = await assets.fetch(new Request(`https://assets.invalid${INVOICE_FONT_PATH}`));
  if (!response.ok) throw new Error(`invoice font missing from the static assets (${response.status})`);
  return alignGlyphsForSubsetting(new Uint8Array(await response.arrayBuffer()));
}
