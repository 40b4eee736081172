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
const images = afterLedger || print ? [] : demoImageObjects();
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
for (const [i, object] of banners.entries()) {
  const body = join(dir, `banner-${i}.json`);
  writeFileSync(body, object.body);
  // fanclub-media: the bucket of wrangler.toml's MEDIA binding
  wrangler(["r2", "object", "put", `fanclub-media/${object.key}`, "--local", "--file", body, "--content-type", "application/json"]);
}
// the leak tracing demo's JPEG photos (docs/decisions/042)
for (const [i, object] of leakDemoObjects().entries()) {
  const body = join(dir, `leak-${i}.jpg`);
  writeFileSync(body, object.body);
  wrangler(["r2", "object", "put", `fanclub-media/${object.key}`, "--local", "--file", body, "--content-type", object.contentType]);
}
// the image variants demo (docs/decisions/044): photos and their variants, in one bulk put, with
// the DC3 content demo's PDF (docs/decisions/045): every wrangler run costs seconds, and a bulk put
// takes one content type for all its objects. The PDF's object thus says image/jpeg, which nothing
// reads: /media serves a private file with the type of its post_files row (application/pdf).
const list = [
  ...images.map((object, i) => ({ object, file: join(dir, `image-${i}.jpg`) })),
  ...dc3DemoObjects().map((object, i) => ({ object, file: join(dir, `dc3-${i}.pdf`) })),
].map(({ object, file }) => {
  writeFileSync(file, object.body);
  return { key: object.key, file };
});
writeFileSync(join(dir, "images.json"), JSON.stringify(list));
wrangler([
  "r2",
  "bulk",
  "put",
  "fanclub-media",
  "--local",
  "--filename",
  join(dir, "images.json"),
  "--content-type",
  "image/jpeg",
  "--force",
]);
rmSync(dir, { recursive: true, force: true });
console.log(
  `seeded the demo brands and fan clubs (port ${port}, ${statements.length} statements) and ${banners.length} header banner list(s)`,
);
