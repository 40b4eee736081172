/**
 * The one i18next setup of the server render, the API and the browser: the same options, so a
 * page hydrates with exactly the text the server sent and an e-mail says what the page said.
 * Browser-safe (no bundled resources, no Worker code): the browser imports it with a backend
 * that fetches /locales/{lng}/{ns}.json; the Worker (./index.ts) hands it every bundled resource.
 * See docs/decisions/025-i18next-stack.md.
 */
import { createInstance, type BackendModule, type i18n as I18n, type InitOptions, type Resource } from "i18next";
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "../../locales/namespaces";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "../domain/locale";
import { formatCompactNumber } from "../domain/number-display";

export type { I18n };
type NamespaceResources = Record<string, unknown>;
export type LocaleResources = Partial<Record<Namespace, NamespaceResources>>;

interface TOptions {
  returnObjects?: boolean;
  /** selects the plural form: `key_one`, `key_other` (en); the other languages have `_other` or the plain key */
  count?: number;
  [variable: string]: unknown;
}

/**
 * What callers see of i18next's `t`: a string for a key, structured values with `returnObjects`.
 * Narrower than i18next's own type on purpose: keys are checked by `npm run i18n:check`, not by
 * the type system, so call sites stay plain strings.
 */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

type MissingKeyHandler = (locale: string, ns: string, key: string) => void;

const warnMissing: MissingKeyHandler = (locale, ns, key) => console.warn(`[i18n] missing key ${ns}:${key} for ${locale}`);

/**
 * A plain key is looked up in the namespace asked for, then in `common`; `ns:key` reads another
 * namespace; `a.b` walks nested objects. A key missing in the language falls back to Japanese;
 * missing in both, the key itself is shown so a gap is visible instead of an empty screen.
 */
const i18nOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  // i18next would write zh-cn as zh-CN; our codes, URLs and files are lower case
  lowerCaseLng: true,
  load: "currentOnly",
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NAMESPACE,
  fallbackNS: DEFAULT_NAMESPACE,
  keySeparator: ".",
  nsSeparator: ":",
  // React escapes what it renders, and e-mails are escaped where they become HTML
  interpolation: { escapeValue: false },
  returnNull: false,
  // a structured value asked for as text shows its key, like a missing one
  returnedObjectHandler: (key: string) => key,
  react: {
    // a namespace still on its way shows keys for a moment instead of suspending the page;
    // routes load theirs before hydration and with client navigation, so that moment is rare
    useSuspense: false,
  },
} satisfies InitOptions;

/**
 * A new i18next instance with the shared options. Without a backend, `resources` must hold what
 * will be used and the instance is ready when this returns; with one, `ready` settles once the
 * namespaces in `options.ns` have arrived.
 */
export function createI18n(options: InitOptions & { lng: string }, backend?: BackendModule): { i18n: I18n; ready: Promise<unknown> } {
  const i18n = createInstance();
  if (backend) i18n.use(backend);
  const ready = i18n.init({ ...i18nOptions, initImmediate: false, ...options });
  // `{{count, compact}}`: member and follower counts as the cards show them (1.2万, 3.4K), while
  // `count` stays a number that picks the plural form
  i18n.services.formatter?.add("compact", (value: unknown) => (typeof value === "number" ? formatCompactNumber(value) : String(value)));
  return { i18n, ready };
}

/** All resources of the languages given, as i18next wants them. */
export function resourceTree(byLocale: Record<string, LocaleResources | undefined>): Resource {
  const tree: Resource = {};
  for (const [lng, namespaces] of Object.entries(byLocale)) if (namespaces) tree[lng] = namespaces as Resource[string];
  return tree;
}

export interface TranslatorInit {
  locale: string;
  /** resources of the locale in use */
  resources: LocaleResources | undefined;
  /** resources of the fallback locale (Japanese); may be the same object */
  fallback?: LocaleResources | undefined;
  defaultNs?: Namespace;
  onMissing?: MissingKeyHandler;
}

/**
 * A translator over resources in memory, with the shared options: what the Worker's
 * `translatorFor` is made of, and what tests use with resources of their own.
 */
export function createTranslator({
  locale,
  resources,
  fallback,
  defaultNs = DEFAULT_NAMESPACE,
  onMissing = warnMissing,
}: TranslatorInit): TFunction {
  const { i18n } = createI18n({
    lng: locale,
    ns: [...NAMESPACES],
    resources: resourceTree(
      locale === DEFAULT_LOCALE ? { [locale]: resources ?? fallback } : { [DEFAULT_LOCALE]: fallback, [locale]: resources },
    ),
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => onMissing(locale, ns, key),
  });
  return i18n.getFixedT(locale, defaultNs) as unknown as TFunction;
}
