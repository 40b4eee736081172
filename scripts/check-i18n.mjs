#!/usr/bin/env node
// Fails when any translation key exists in one locale and not in another, when a value is empty,
// when a language lacks a plural form it needs (en: key_one and key_other), when placeholders
// differ from the Japanese source, or when a key used in the code with a literal string is missing
// from Japanese: through t("...") of useTranslation, and through the server's translators
// (translatorFor(locale, "ns")("..."), a `t` bound to translatorFor, `app.t("...")`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const LOCALES = ["ja", "en", "zh-cn", "zh-tw", "ko"];
const root = new URL("../locales/", import.meta.url).pathname;
const namespaces = readdirSync(join(root, "ja"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));

/** i18next's plural suffixes (Intl.PluralRules categories) */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** the plural categories a language has, e.g. en: one, other; ja: other */
const categories = Object.fromEntries(LOCALES.map((lng) => [lng, new Intl.PluralRules(lng).resolvedOptions().pluralCategories]));

/** @returns {Map<string, unknown>} */
function flatten(value, prefix = "", out = new Map()) {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** A key without its plural suffix: what the code asks for. */
const logical = (key) => key.replace(PLURAL, "");
/** `{{name}}` and `{{name, format}}` → name */
const placeholders = (text) =>
  [...new Set([...String(text).matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort().join(",");

const problems = [];
const flat = {};
/** logical keys per namespace and locale → their forms (plain key or plural keys) */
const logicalKeys = {};
for (const ns of namespaces) {
  flat[ns] = {};
  logicalKeys[ns] = {};
  for (const lng of LOCALES) {
    const file = join(root, lng, `${ns}.json`);
    try {
      flat[ns][lng] = flatten(JSON.parse(readFileSync(file, "utf8")));
    } catch (error) {
      problems.push(`${lng}/${ns}.json: ${error.code === "ENOENT" ? "missing file" : error.message}`);
      flat[ns][lng] = new Map();
    }
    const forms = new Map();
    for (const key of flat[ns][lng].keys()) {
      const base = logical(key);
      if (!forms.has(base)) forms.set(base, []);
      forms.get(base).push(key === base ? "" : key.slice(base.length + 1));
    }
    logicalKeys[ns][lng] = forms;
  }
  const all = new Set(LOCALES.flatMap((lng) => [...logicalKeys[ns][lng].keys()]));
  for (const key of all) {
    for (const lng of LOCALES) {
      const forms = logicalKeys[ns][lng].get(key);
      if (!forms) {
        problems.push(`${lng}/${ns}.json: missing key ${key}`);
        continue;
      }
      for (const form of forms) {
        const v = flat[ns][lng].get(form ? `${key}_${form}` : key);
        if (typeof v !== "string" || v.trim() === "") problems.push(`${lng}/${ns}.json: empty value at ${form ? `${key}_${form}` : key}`);
      }
      // plural forms, when a key has any, must be every form the language has (a plain key
      // stands in for `_other` where that is the only one)
      const plural = forms.filter((f) => f !== "");
      if (plural.length > 0) {
        const have = new Set(forms.map((f) => f || "other"));
        const lacking = categories[lng].filter((c) => !have.has(c));
        if (lacking.length)
          problems.push(`${lng}/${ns}.json: ${key} lacks the plural form(s) ${lacking.map((c) => `${key}_${c}`).join(", ")}`);
        const extra = plural.filter((f) => !categories[lng].includes(f));
        if (extra.length) problems.push(`${lng}/${ns}.json: ${key} has plural form(s) ${lng} does not use: ${extra.join(", ")}`);
      }
    }
  }
  // interpolation placeholders of every form must match the Japanese source
  for (const [key, ja] of flat[ns].ja) {
    const want = placeholders(ja);
    for (const lng of LOCALES) {
      for (const [k, v] of flat[ns][lng]) {
        if (logical(k) !== logical(key) || typeof v !== "string") continue;
        const got = placeholders(v);
        if (got !== want) problems.push(`${lng}/${ns}.json: ${k} has placeholders {${got}} but ja has {${want}}`);
      }
    }
  }
}

/** Is `key` of `ns` (or of `common`, i18next's fallback namespace) in Japanese, as text, plural forms or an object? */
function known(ns, key) {
  for (const n of [ns, "common"]) {
    if (logicalKeys[n]?.ja?.has(key)) return true;
    if ([...(flat[n]?.ja?.keys() ?? [])].some((k) => k.startsWith(`${key}.`))) return true;
  }
  return false;
}

// Nested translations ($t(ns:key, {...})) must point at a key that exists.
for (const ns of namespaces) {
  for (const lng of LOCALES) {
    for (const [k, v] of flat[ns][lng]) {
      for (const m of String(v).matchAll(/\$t\(\s*([\w.:-]+)/g)) {
        const [refNs, refKey] = m[1].includes(":") ? m[1].split(":") : [ns, m[1]];
        if (!known(refNs, refKey)) problems.push(`${lng}/${ns}.json: ${k} nests $t(${m[1]}), which has no Japanese text`);
      }
    }
  }
}

// Literal keys used in code. Dynamic keys (template strings) are skipped.
function walk(dir, files = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, files);
    else if (/\.(tsx?|mjs)$/.test(name)) files.push(p);
  }
  return files;
}
// an argument list without nested calls deeper than one level: translatorFor(app.locale, "ns")
const ARGS = String.raw`(?:[^()]|\([^()]*\))*?`;
const codeRoot = new URL("../", import.meta.url).pathname;
let checked = 0;
for (const file of [...walk(join(codeRoot, "app")), ...walk(join(codeRoot, "server"))]) {
  const src = readFileSync(file, "utf8");
  const where = file.replace(codeRoot, "");
  const nsMatch = src.match(/useTranslation\(\s*\[?\s*"(\w+)"/);
  const defaultNs = nsMatch ? nsMatch[1] : "common";
  const check = (ns, raw) => {
    checked++;
    let key = raw;
    if (key.includes(":")) [ns, key] = key.split(":");
    if (!known(ns, key)) problems.push(`${where}: "${raw}" (namespace ${ns}) has no Japanese text`);
  };
  // names bound to a translator of a namespace: const t = translatorFor(x, "ns"); const { t: tc } = useTranslation("ns")
  const bound = new Map();
  for (const m of src.matchAll(new RegExp(String.raw`(?:const|let)\s+(\w+)\s*=\s*translatorFor\(${ARGS}(?:,\s*"(\w+)")?\s*\)`, "g")))
    bound.set(m[1], m[2] ?? "common");
  for (const m of src.matchAll(/(?:const|let)\s*\{\s*t\s*(?::\s*(\w+))?\s*(?:,[^}]*)?\}\s*=\s*useTranslation\(\s*(?:"(\w+)")?\s*\)/g))
    bound.set(m[1] ?? "t", m[2] ?? "common");
  // translatorFor(locale, "ns")("key", ...)
  for (const m of src.matchAll(new RegExp(String.raw`translatorFor\(${ARGS}(?:,\s*"(\w+)")?\s*\)\(\s*"([a-zA-Z0-9_.:-]+)"`, "g")))
    check(m[1] ?? "common", m[2]);
  // t("key"), tc("key"), a bound name, or the request context's app.t("key") (common)
  for (const m of src.matchAll(/(?<![\w$])((?:\w+\.)?\w+)\(\s*"([a-zA-Z0-9_.:-]+)"/g)) {
    const name = m[1];
    if (bound.has(name)) check(bound.get(name), m[2]);
    else if (name === "app.t") check("common", m[2]);
    else if (/^t[a-z]?$/.test(name) || /\.t$/.test(name)) check(defaultNs, m[2]);
  }
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
const counts = namespaces.map((ns) => `${ns} ${logicalKeys[ns].ja.size}`).join(", ");
console.log(`i18n: ${LOCALES.length} locales complete (${counts} keys); ${checked} keys used in code found in Japanese`);
