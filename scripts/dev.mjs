#!/usr/bin/env node
// `npm run dev`: after predev built, migrated and seeded, run the whole product under wrangler dev
// (D1, R2, Queues, the Durable Object and cron via --test-scheduled) and print every local host.
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { startWorker } from "./start-worker.mjs";
import { LOCAL_HOSTS } from "./wrangler-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const started = Date.now();
const worker = await startWorker({ port, stdio: "inherit" });
// the demo's purchases (and any made before the earnings ledger) into the ledger; idempotent
await new Promise((resolve) => {
  const brand = `www.fanclub.localhost:${port}`;
  const req = request(
    { host: "127.0.0.1", port, path: "/dev/earnings", method: "POST", headers: { host: brand, origin: `http://${brand}` } },
    (res) => {
      res.resume();
      if (res.statusCode !== 200) console.warn(`  The earnings backfill answered ${res.statusCode}; run POST /dev/earnings by hand.`);
      res.on("end", () => {
        // the demo payouts come out of the sales the ledger now holds (seed --after-ledger)
        if (res.statusCode === 200)
          spawnSync(process.execPath, ["scripts/seed.mjs", "--after-ledger", "--port", String(port)], { stdio: "inherit" });
        resolve(undefined);
      });
    },
  );
  req.on("error", () => {
    console.warn("  The earnings backfill (POST /dev/earnings) did not answer; run it by hand.");
    resolve(undefined);
  });
  req.end();
});

console.log(`\n  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Local hosts (*.localhost resolves to loopback):\n`);
for (const [role, host] of LOCAL_HOSTS) console.log(`  ${role.padEnd(42)} http://${host}:${port}/`);
console.log(`\n  Run the daily cron now:  curl 'http://www.fanclub.localhost:${port}/__scheduled?cron=5+15+*+*+*'`);
console.log(`  Health:                  http://www.fanclub.localhost:${port}/healthcheck\n`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    worker.stop();
    process.exit(0);
  });
}
worker.child.on("exit", (code) => process.exit(code ?? 0));
