#!/usr/bin/env node
// Fails when any translation key exists in one locale and not in another, when a value is empty,
// or when a key used in the code with a literal t("...") is missing from Japanese.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const LOCALES = ["ja", "en", "zh-cn", "zh-tw", "ko"];
const root = new URL("../locales/", import.meta.url).pathname;
const namespaces = readdirSync(join(root, "ja")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));

/** @returns {Map<string, unknown>} */
function flatten(value, prefix = "", out = new Map()) {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const problems = [];
const flat = {};
for (const ns of namespaces) {
  flat[ns] = {};
  for (const lng of LOCALES) {
    const file = join(root, lng, `${ns}.json`);
    try {
      flat[ns][lng] = flatten(JSON.parse(readFileSync(file, "utf8")));
    } catch (error) {
      problems.push(`${lng}/${ns}.json: ${error.code === "ENOENT" ? "missing file" : error.message}`);
      flat[ns][lng] = new Map();
    }
  }
  const all = new Set(LOCALES.flatMap((lng) => [...flat[ns][lng].keys()]));
  for (const key of all) {
    for (const lng of LOCALES) {
      const v = flat[ns][lng].get(key);
      if (v === undefined) problems.push(`${lng}/${ns}.json: missing key ${key}`);
      else if (typeof v !== "string" || v.trim() === "") problems.push(`${lng}/${ns}.json: empty value at ${key}`);
    }
  }
  // interpolation placeholders must match the Japanese source
  for (const [key, ja] of flat[ns].ja) {
    const want = [...String(ja).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join(",");
    for (const lng of LOCALES) {
      const v = flat[ns][lng].get(key);
      if (typeof v !== "string") continue;
      const got = [...v.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join(",");
      if (got !== want) problems.push(`${lng}/${ns}.json: ${key} has placeholders {${got}} but ja has {${want}}`);
    }
  }
}

// Literal keys used in code: t("a.b") / t('ns:a.b'). Dynamic keys (template strings) are skipped.
function walk(dir, files = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, files);
    else if (/\.(tsx?|mjs)$/.test(name)) files.push(p);
  }
  return files;
}
const codeRoot = new URL("../", import.meta.url).pathname;
for (const file of [...walk(join(codeRoot, "app")), ...walk(join(codeRoot, "server"))]) {
  const src = readFileSync(file, "utf8");
  const nsMatch = src.match(/useTranslation\(\s*\[?\s*"(\w+)"/);
  const defaultNs = nsMatch ? nsMatch[1] : "common";
  for (const m of src.matchAll(/\bt[a-z]?\(\s*"([a-zA-Z0-9_.:-]+)"/g)) {
    let key = m[1];
    let ns = defaultNs;
    if (key.includes(":")) [ns, key] = key.split(":");
    const inNs = flat[ns]?.ja?.has(key);
    const inCommon = flat.common?.ja?.has(key);
    const isObject = [...(flat[ns]?.ja?.keys() ?? [])].some((k) => k.startsWith(`${key}.`));
    if (!inNs && !inCommon && !isObject) problems.push(`${file.replace(codeRoot, "")}: t("${m[1]}") has no Japanese text`);
  }
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
const counts = namespaces.map((ns) => `${ns} ${flat[ns].ja.size}`).join(", ");
console.log(`i18n: ${LOCALES.length} locales complete (${counts} keys)`);
