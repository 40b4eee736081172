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

let cached: Promise<Uint8Array> | undefined;

export function invoiceFont(assets: AssetFetcher): Promise<Uint8Array> {
  cached ??= loadFont(assets).catch((error: unknown) => {
    // a failed fetch is not remembered: the next invoice tries again
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadFont(assets: AssetFetcher): Promise<Uint8Array> {
  // the assets binding ignores the host; only the path names the file
  const response = await assets.fetch(new Request(`https://assets.invalid${INVOICE_FONT_PATH}`));
  if (!response.ok) throw new Error(`invoice font missing from the static assets (${response.status})`);
  return alignGlyphsForSubsetting(new Uint8Array(await response.arrayBuffer()));
}
