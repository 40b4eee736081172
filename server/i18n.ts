import i18next, { type i18n, type TFunction } from "i18next";
import { i18nConfig } from "../locales/config";
import { NAMESPACES, resources } from "../locales";
import type { Locale } from "./domain/locale";

/**
 * Server-side i18next: one instance holding every resource, and a clone per locale that shares
 * its store. The clones are immutable after creation (their language never changes), so
 * concurrent requests in one isolate can share them for rendering and for API texts.
 * Missing keys are logged as warnings, as in the browser.
 */
const root = i18next.createInstance();
void root.init({
  ...i18nConfig,
  resources,
  ns: [...NAMESPACES],
  lng: "ja",
  initImmediate: false,
  saveMissing: true,
  missingKeyHandler: (lngs, ns, key) =>
    console.warn(`[i18n] missing key ${ns}:${key} for ${[...lngs].join(",")}`),
});

const perLocale = new Map<Locale, i18n>();

export function i18nFor(locale: Locale): i18n {
  let instance = perLocale.get(locale);
  if (!instance) {
    instance = root.cloneInstance({ lng: locale, initImmediate: false });
    perLocale.set(locale, instance);
  }
  return instance;
}

export function translatorFor(locale: Locale, ns: (typeof NAMESPACES)[number] = "common"): TFunction {
  return i18nFor(locale).getFixedT(locale, ns);
}
