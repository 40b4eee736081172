#!/usr/bin/env node
// `npm run deploy:check`: bundles the production Worker exactly as `wrangler deploy` would
// (`--dry-run --env production`, nothing is uploaded) and reports its compressed size against the
// Workers limits. It fails above the paid plan's limit, where a real deploy would be refused.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { offlineEnv } from "./wrangler-env.mjs";

// Cloudflare's limits on a Worker's compressed (gzip) size: 3 MB on the free plan, 10 MB on paid.
const FREE_LIMIT_KIB = 3 * 1024;
const PAID_LIMIT_KIB = 10 * 1024;

const outdir = mkdtempSync(path.join(tmpdir(), "worker-dry-run-"));
try {
  const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--env", "production", "--outdir", outdir], {
    env: offlineEnv,
    encoding: "utf8",
  });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) {
    process.stderr.write(output);
    console.error("deploy:check: the production bundle could not be built.");
    process.exit(1);
  }
  if (/\[WARNING\]/.test(output)) {
    process.stderr.write(output);
    console.error("deploy:check: the production bundle builds with warnings (above); fix them.");
    process.exit(1);
  }
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!match) {
    process.stderr.write(output);
    console.error("deploy:check: wrangler did not report the upload size.");
    process.exit(1);
  }
  const [raw, gzip] = [Number(match[1]), Number(match[2])];
  const share = (limit) => `${((gzip / limit) * 100).toFixed(0)} %`;
  console.log(`Production Worker: ${raw.toFixed(0)} KiB, ${gzip.toFixed(0)} KiB gzip`);
  console.log(
    `  ${share(FREE_LIMIT_KIB)} of the free plan's ${FREE_LIMIT_KIB / 1024} MiB limit, ${share(PAID_LIMIT_KIB)} of the paid plan's ${PAID_LIMIT_KIB / 1024} MiB`,
  );
  if (gzip > PAID_LIMIT_KIB) {
    console.error("deploy:check: over the Workers size limit; a deploy would be refused.");
    process.exit(1);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
