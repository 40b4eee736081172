#!/usr/bin/env node
// `npm run dev`: after predev built, migrated and seeded, run the whole product under wrangler dev
// (D1, R2, Queues, the Durable Object and cron via --test-scheduled) and print every local host.
import { startWorker } from "./start-worker.mjs";
import { LOCAL_HOSTS } from "./wrangler-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const started = Date.now();
const worker = await startWorker({ port, stdio: "inherit" });

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
