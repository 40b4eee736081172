import { createTranslator, type LocaleResources, type TFunction } from "../app/lib/translate";
import { DEFAULT_NAMESPACE, resources, type Namespace } from "../locales";
import { DEFAULT_LOCALE, type Locale } from "./domain/locale";

/**
 * Server-side translation over the resources bundled into the Worker. The same translator runs in
 * the browser, so the text a page hydrates with is the text the server sent. Translators are
 * pure and immutable, so one per locale and namespace is shared by all requests of an isolate.
 */
const cache = new Map<string, TFunction>();

export function resourcesFor(locale: Locale): LocaleResources {
  return resources[locale];
}

export function fallbackResources(): LocaleResources {
  return resources[DEFAULT_LOCALE];
}

export function translatorFor(locale: Locale, ns: Namespace = DEFAULT_NAMESPACE): TFunction {
  const id = `${locale}/${ns}`;
  let t = cache.get(id);
  if (!t) {
    t = createTranslator({ locale, resources: resources[locale], fallback: fallbackResources(), defaultNs: ns });
    cache.set(id, t);
  }
  return t;
}
