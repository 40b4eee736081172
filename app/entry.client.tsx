import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "../locales/config";
import { installChunkReload } from "./lib/chunk-reload";
import { fetchBackend } from "./lib/i18n-fetch-backend";

installChunkReload();

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.dataset.locale ?? "ja",
      ns: getInitialNamespaces(),
      // A language's resources are fetched the first time that language is used.
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => console.warn(`[i18n] missing key ${ns}:${key} for ${[...lngs].join(",")}`),
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
