#!/usr/bin/env node
// Loads the local demo data into the local D1 database: the three brands, then the demo creators,
// fan clubs, plans, fans and accounts (README "Demo accounts"); and the demo header banner list
// into the local media bucket. Idempotent: running it again changes nothing.
// Usage: node scripts/seed.mjs [--port 8787] [--persist-to DIR] [--print] [--after-ledger]
// The port defaults to $PORT, as `npm run dev` serves on it (`PORT=8801 npm run dev` seeds brand
// URLs with 8801, so sign-in and brand links reach the worker); --print writes the SQL to stdout
// instead of applying it. --after-ledger applies only the demo rows that need the earnings ledger
// filled first (the payouts); `npm run dev` runs it once the worker's ledger backfill is done.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoStatements, ledgerDemoStatements, seedStatements } from "../db/seed/seed-sql.mjs";
import { demoBannerObjects } from "../db/seed/banners-demo.mjs";
import { leakDemoObjects } from "../db/seed/leak-demo.mjs";
import { dc3DemoObjects } from "../db/seed/dc3-demo.mjs";
import { demoImageObjects } from "./demo-variants.mjs";
import { imageDemoSizeStatements } from "../db/seed/images-demo.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const port = opt("--port", process.env.PORT || "8787");
const persistTo = opt("--persist-to", null);

const dir = mkdtempSync(join(tmpdir(), "fanclub-seed-"));
const file = join(dir, "seed.sql");
const origin = /** @type {const} */ ({ scheme: "http", port });
const afterLedger = args.includes("--after-ledger");
const print = args.includes("--print");
// the image demo's photos and variants (docs/decisions/044) are drawn only when they are put
const images = afterLedger || print ? [] : await demoImageObjects();
const statements = afterLedger
  ? ledgerDemoStatements()
  : [...seedStatements(origin), ...demoStatements(origin), ...imageDemoSizeStatements(images)];
writeFileSync(file, statements.join("\n") + "\n");
if (print) {
  process.stdout.write(statements.join("\n") + "\n");
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

/** @param {string[]} wranglerArgs */
function wrangler(wranglerArgs) {
  if (persistTo) wranglerArgs.push("--persist-to", persistTo);
  const result = spawnSync("npx", ["wrangler", ...wranglerArgs], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
  });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    process.stderr.write(result.stdout?.toString() ?? "");
    process.exit(result.status ?? 1);
  }
}

wrangler(["d1", "execute", "DB", "--local", "--file", file]);
if (afterLedger) {
  rmSync(dir, { recursive: true, force: true });
  console.log(`seeded the demo payouts (${statements.length} statements)`);
  process.exit(0);
}
const banners = demoBannerObjects();
// Every demo object goes up in one bulk put per content type (a bulk put takes one type for all its
// objects, and each wrangler run costs seconds): the header banner lists, the leak tracing demo's
// photos (docs/decisions/042), the DC3 content demo's PDF (docs/decisions/045), and the image
// variants demo's photos, their variants and the variants' WebP copies (docs/decisions/044).
const objects = [
  // fanclub-media: the bucket of wrangler.toml's MEDIA binding
  ...banners.map((object) => ({ ...object, contentType: "application/json" })),
  ...leakDemoObjects(),
  ...dc3DemoObjects(),
  ...images,
];
for (const contentType of [...new Set(objects.map((object) => object.contentType))]) {
  const list = objects
    .map((object, i) => ({ object, i }))
    .filter(({ object }) => object.contentType === contentType)
    .map(({ object, i }) => {
      const file = join(dir, `object-${i}`);
      writeFileSync(file, object.body);
      return { key: object.key, file };
    });
  const listFile = join(dir, `objects-${contentType.replace(/\W/g, "-")}.json`);
  writeFileSync(listFile, JSON.stringify(list));
  wrangler(["r2", "bulk", "put", "fanclub-media", "--local", "--filename", listFile, "--content-type", contentType, "--force"]);
}
rmSync(dir, { recursive: true, force: true });
console.log(
  `seeded the demo brands and fan clubs (port ${port}, ${statements.length} statements) and ${banners.length} header banner list(s)`,
);
