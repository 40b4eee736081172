import type { BackendModule, ReadCallback } from "i18next";

/**
 * i18next's backend in the browser: one namespace of one language from the Worker's
 * /locales/{lng}/{ns}.json, which serves the same bundled JSON the server renders with. The
 * platform's fetch is enough: i18next-http-backend would add a fetch ponyfill (cross-fetch) to
 * every first visit for browsers we do not support (docs/decisions/003).
 */
export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`, { credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status} loading ${language}/${namespace}`);
        callback(null, (await res.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => {
        // the keys show meanwhile; i18next retries a few times before it gives up
        callback(error instanceof Error ? error : new Error(String(error)), true);
      });
  },
};
