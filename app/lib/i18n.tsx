/**
 * React side of translation, over react-i18next. Components call `useTranslation(ns?)` and get
 * `t` (keys of `ns`, then `common`) plus the locale. On the server the provider holds the
 * Worker's i18next instance of the request's locale, with every bundled resource; in the browser
 * it holds one that fetches /locales/{lng}/{ns}.json, a namespace the first time a page needs it.
 * Both come from the same setup (server/i18n/setup.ts). Changing language is a full reload (the
 * cookie decides), so an instance never changes language.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { I18nextProvider, useTranslation as useI18next } from "react-i18next";
import type { Namespace } from "../../locales/namespaces";
import { createI18n, type I18n, type TFunction } from "../../server/i18n/setup";
import { fetchBackend } from "./i18n-fetch-backend";

export { I18nextProvider as TranslationProvider };

export function useTranslation(ns: Namespace = "common"): { t: TFunction; locale: string } {
  const { t, i18n } = useI18next(ns);
  return { t: t as unknown as TFunction, locale: i18n.language };
}

/** Namespaces the matched routes declare in `handle.i18n`, as Remix left them in the page. */
export function namespacesOfRouteModules(modules: Record<string, { handle?: unknown } | undefined>): Namespace[] {
  const found = new Set<Namespace>();
  for (const module of Object.values(modules)) {
    const handle = module?.handle as { i18n?: unknown } | undefined;
    const list = typeof handle?.i18n === "string" ? [handle.i18n] : Array.isArray(handle?.i18n) ? handle.i18n : [];
    for (const ns of list) if (typeof ns === "string") found.add(ns as Namespace);
  }
  return [...found];
}

let browserI18n: I18n | undefined;

/**
 * The browser's instance, made once by entry.client before hydration: `ready` settles when the
 * namespaces given (the page's) have arrived, so the first client render matches the server's HTML.
 */
export function createBrowserI18n(locale: string, namespaces: readonly Namespace[]): { i18n: I18n; ready: Promise<unknown> } {
  const created = createI18n({ lng: locale, ns: [...new Set(namespaces)] }, fetchBackend);
  browserI18n = created.i18n;
  return created;
}

/** Fetches namespaces ahead of a lazily loaded component that needs them, so it never shows raw keys. */
export function preloadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return browserI18n ? browserI18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

/**
 * A route's `clientLoader` for client-side navigation: its data and its namespaces arrive
 * together, so a page never flashes raw keys. (At hydration entry.client has loaded them.)
 */
export function withNamespaces(namespaces: readonly Namespace[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), preloadNamespaces(namespaces)]);
    return data;
  };
}
