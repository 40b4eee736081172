import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { namespacesForAddress } from "./components/payments/address";
import { installChunkReload } from "./lib/chunk-reload";
import { fetchingStore, namespacesOfRouteModules, setBrowserStore, TranslationProvider } from "./lib/i18n";

declare global {
  interface Window {
    __remixRouteModules: Record<string, { handle?: unknown } | undefined>;
  }
}

installChunkReload();

async function hydrate() {
  // The language the server rendered in; its namespaces for this page are fetched before
  // hydrating so the first client render matches the server's HTML.
  const store = fetchingStore(document.documentElement.dataset.locale ?? "ja");
  setBrowserStore(store);
  await store.load([...namespacesOfRouteModules(window.__remixRouteModules), ...namespacesForAddress(window.location.search)]);

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider store={store}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

void hydrate();
