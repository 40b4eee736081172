/**
 * The translator used by the server render, the API and the browser: one implementation, so a
 * page hydrates with exactly the text the server sent. It covers what our resources use and no
 * more: `ns:` prefixes, dotted keys, `{{name}}` interpolation, `returnObjects` for structured
 * help pages, and fallback to Japanese. See docs/decisions/006-own-translator.md for why this
 * replaced i18next (first-load JS budget).
 */
import type { Namespace } from "../../locales/namespaces";

export type NamespaceResources = Record<string, unknown>;
export type LocaleResources = Partial<Record<Namespace, NamespaceResources>>;

export interface TOptions {
  returnObjects?: boolean;
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export type MissingKeyHandler = (locale: string, ns: string, key: string) => void;

const warnMissing: MissingKeyHandler = (locale, ns, key) =>
  console.warn(`[i18n] missing key ${ns}:${key} for ${locale}`);

function lookup(resources: LocaleResources | undefined, ns: string, key: string): unknown {
  let node: unknown = resources?.[ns as Namespace];
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `{{name}}` → the option's value; an absent value leaves the placeholder visible, as i18next did. */
export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

function interpolateDeep(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => interpolateDeep(v, options));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateDeep(v, options)]));
  }
  return value;
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
 * A plain key is looked up in `defaultNs`, then in `common`; a `help:` prefix looks in `help` only.
 * A key missing in the locale falls back to Japanese; missing in both, it is warned about and
 * the key itself is shown, so a gap is visible instead of an empty screen.
 */
export function createTranslator({ locale, resources, fallback, defaultNs = "common", onMissing = warnMissing }: TranslatorInit): TFunction {
  const t = (rawKey: string, options?: TOptions): unknown => {
    const sep = rawKey.indexOf(":");
    const explicitNs = sep > 0 ? rawKey.slice(0, sep) : undefined;
    const key = explicitNs ? rawKey.slice(sep + 1) : rawKey;
    const namespaces = explicitNs ? [explicitNs] : defaultNs === "common" ? ["common"] : [defaultNs, "common"];
    let found: unknown;
    for (const source of [resources, fallback]) {
      for (const ns of namespaces) {
        found = lookup(source, ns, key);
        if (found !== undefined) break;
      }
      if (found !== undefined) break;
    }
    if (found === undefined || (typeof found === "object" && !options?.returnObjects)) {
      onMissing(locale, namespaces[0] ?? "common", key);
      return key;
    }
    return typeof found === "string" ? interpolate(found, options) : interpolateDeep(found, options);
  };
  return t as TFunction;
}
