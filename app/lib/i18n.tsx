/**
 * React side of translation. Components call `useTranslation(ns?)` and get `t` plus the locale.
 * On the server the store holds every bundled resource of the request's locale; in the browser it
 * holds what has been fetched from /locales/{lng}/{ns}.json, one namespace the first time a page
 * needs it. Changing language is a full reload (the cookie decides), so the locale of a store
 * never changes.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { Namespace } from "../../locales/namespaces";
import { createTranslator, type LocaleResources, type TFunction } from "./translate";

export interface TranslationStore {
  locale: string;
  /** current resources; a new object each time a namespace arrives */
  snapshot(): LocaleResources;
  fallback?: LocaleResources;
  load(namespaces: readonly Namespace[]): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** A store over resources already in memory (the server render). */
export function staticStore(locale: string, resources: LocaleResources, fallback?: LocaleResources): TranslationStore {
  return {
    locale,
    snapshot: () => resources,
    fallback,
    load: async () => {},
    subscribe: () => () => {},
  };
}

/** The browser's store: fetches a namespace once, then notifies the components that use it. */
export function fetchingStore(locale: string): TranslationStore {
  let resources: LocaleResources = {};
  const pending = new Map<Namespace, Promise<void>>();
  const listeners = new Set<() => void>();

  const loadOne = (ns: Namespace) => {
    let promise = pending.get(ns);
    if (!promise) {
      promise = fetch(`/locales/${encodeURIComponent(locale)}/${encodeURIComponent(ns)}.json`, { credentials: "same-origin" })
        .then(async (res) => {
          if (!res.ok) throw new Error(`${res.status} loading ${locale}/${ns}`);
          const loaded = (await res.json()) as Record<string, unknown>;
          // read `resources` only after the await: namespaces arrive concurrently
          resources = { ...resources, [ns]: loaded };
          for (const listener of listeners) listener();
        })
        .catch((error: unknown) => {
          // Forget the failure so the next navigation tries again; keys show meanwhile.
          pending.delete(ns);
          console.warn("[i18n]", error);
        });
      pending.set(ns, promise);
    }
    return promise;
  };

  return {
    locale,
    snapshot: () => resources,
    load: async (namespaces) => {
      await Promise.all(namespaces.map(loadOne));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const StoreContext = createContext<TranslationStore>(staticStore("ja", {}));

export function TranslationProvider({ store, children }: { store: TranslationStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useTranslation(ns: Namespace = "common"): { t: TFunction; locale: string } {
  const store = useContext(StoreContext);
  const resources = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const loaded = resources[ns] !== undefined;
  useEffect(() => {
    if (!loaded) void store.load([ns]);
  }, [store, ns, loaded]);
  const t = useMemo(
    () =>
      createTranslator({
        locale: store.locale,
        resources,
        fallback: store.fallback,
        defaultNs: ns,
        // while a namespace is still on its way a gap is expected, not a defect
        onMissing: loaded ? undefined : () => {},
      }),
    [store, resources, ns, loaded],
  );
  return { t, locale: store.locale };
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

let browserStore: TranslationStore | undefined;

/** Set once by entry.client before hydration. */
export function setBrowserStore(store: TranslationStore) {
  browserStore = store;
}

/** Fetches namespaces ahead of a lazily loaded component that needs them, so it never shows raw keys. */
export function preloadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return browserStore?.load(namespaces) ?? Promise.resolve();
}

/**
 * A route's `clientLoader` for client-side navigation: its data and its namespaces arrive
 * together, so a page never flashes raw keys. (At hydration entry.client has loaded them.)
 */
export function withNamespaces(namespaces: readonly Namespace[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), browserStore?.load(namespaces)]);
    return data;
  };
}
