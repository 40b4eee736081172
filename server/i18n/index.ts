import { DEFAULT_NAMESPACE, NAMESPACES, resources, type Namespace } from "../../locales";
import { DEFAULT_LOCALE, type Locale } from "../domain/locale";
import { createI18n, resourceTree, type I18n, type TFunction } from "./setup";

export type { I18n, TFunction } from "./setup";

/**
 * Server-side translation over the resources bundled into the Worker, with the setup the browser
 * uses too (./setup.ts), so the text a page hydrates with is the text the server sent. An
 * instance per locale holds that locale and Japanese, the fallback; it never changes language,
 * so one is shared by every request of an isolate, and so are its fixed translators.
 */
const instances = new Map<Locale, I18n>();
const translators = new Map<string, TFunction>();

const warnMissing = (lngs: readonly string[], ns: string, key: string) =>
  console.warn(`[i18n] missing key ${ns}:${key} for ${lngs.join(",")}`);

/** The i18next instance of a locale, for the server render's provider. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    ({ i18n } = createI18n({
      lng: locale,
      ns: [...NAMESPACES],
      resources: resourceTree({ [DEFAULT_LOCALE]: resources[DEFAULT_LOCALE], [locale]: resources[locale] }),
      saveMissing: true,
      missingKeyHandler: warnMissing,
    }));
    instances.set(locale, i18n);
  }
  return i18n;
}

/** `t` of one namespace (then `common`) in one locale: for loaders, actions, the API, e-mails and validation. */
export function translatorFor(locale: Locale, ns: Namespace = DEFAULT_NAMESPACE): TFunction {
  const id = `${locale}/${ns}`;
  let t = translators.get(id);
  if (!t) {
    t = i18nFor(locale).getFixedT(locale, ns) as unknown as TFunction;
    translators.set(id, t);
  }
  return t;
}
