import type { BackendModule, ReadCallback } from "i18next";

/**
 * Loads one namespace of one language from the Worker the first time it is needed.
 * A dozen lines instead of i18next-http-backend, which bundles a fetch ponyfill for browsers we
 * do not support (~6 KB gzip of first-load JS).
 */
export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`, { credentials: "same-origin" })
      .then(async (res) => {
        // 4xx: nothing to retry; i18next logs the missing keys as warnings
        if (!res.ok) return callback(new Error(`${res.status} loading ${language}/${namespace}`), res.status < 500 ? {} : false);
        callback(null, (await res.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};
