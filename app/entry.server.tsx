import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { i18nFor } from "../server/i18n";
import { TranslationProvider } from "./lib/i18n";
import { NonceProvider } from "./lib/nonce";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, locale } = loadContext.app;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  let status = responseStatusCode;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <TranslationProvider i18n={i18nFor(locale)}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error("[ssr] render error", error);
        status = 500;
      },
    },
  );
  body.allReady.then(
    () => clearTimeout(timeout),
    () => clearTimeout(timeout),
  );

  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(body, { headers: responseHeaders, status });
}
