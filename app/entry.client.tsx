import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import type { Namespace } from "../locales/namespaces";
import { namespacesForAddress } from "./components/payments/address";
import { installChunkReload } from "./lib/chunk-reload";
import { createBrowserI18n, TranslationProvider } from "./lib/i18n";

installChunkReload();

async function hydrate() {
  // The language the server rendered in; the namespaces the page's routes declare are fetched
  // before hydrating so the first client render matches the server's HTML.
  const { i18n, ready } = createBrowserI18n(document.documentElement.dataset.locale ?? "ja", [
    ...(getInitialNamespaces() as Namespace[]),
    ...namespacesForAddress(window.location.search),
  ]);
  await ready;

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

void hydrate();
