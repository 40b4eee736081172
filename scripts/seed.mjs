#!/usr/bin/env node
// Loads the local demo data into the local D1 database: the three brands, then the demo creators,
// fan clubs, plans, fans and accounts (README "Demo accounts"). Idempotent: running it again
// changes nothing. Usage: node scripts/seed.mjs [--port 8787] [--persist-to DIR]
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoStatements, seedStatements } from "../db/seed/seed-sql.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const port = opt("--port", "8787");
const persistTo = opt("--persist-to", null);

const dir = mkdtempSync(join(tmpdir(), "fanclub-seed-"));
const file = join(dir, "seed.sql");
const origin = /** @type {const} */ ({ scheme: "http", port });
const statements = [...seedStatements(origin), ...demoStatements(origin)];
writeFileSync(file, statements.join("\n") + "\n");
const wranglerArgs = ["wrangler", "d1", "execute", "DB", "--local", "--file", file];
if (persistTo) wranglerArgs.push("--persist-to", persistTo);
const result = spawnSync("npx", wranglerArgs, {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
});
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) {
  process.stderr.write(result.stdout?.toString() ?? "");
  process.exit(result.status ?? 1);
}
console.log(`seeded the demo brands and fan clubs (port ${port}, ${statements.length} statements)`);
