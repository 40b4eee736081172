// The benchmarks' worker: wrangler dev on local state of its own, made fresh each run (migrations
// applied, the demo seed loaded), so a run measures the same data whatever ran before.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startWorker } from "../scripts/start-worker.mjs";
import { offlineEnv } from "../scripts/wrangler-env.mjs";

/**
 * Every benchmark runs its worker without wrangler dev's local trace collector, which production
 * does not have (scripts/start-worker.mjs); BENCH_LOCAL_TRACES=1 measures with it, as `npm run dev` runs.
 */
export const benchLocalTraces = process.env.BENCH_LOCAL_TRACES === "1";

/**
 * Starts the worker on `port` over fresh state in `.wrangler/<state>`; `stop()` it when done.
 * `prepare(persistTo, run)` adds a benchmark's own rows after the demo seed, before the start.
 */
export async function startSeededWorker({ port, state, stdio = "ignore", prepare }) {
  const persistTo = path.resolve(".wrangler", state);
  rmSync(persistTo, { recursive: true, force: true });
  const run = (cmd) => execFileSync("npx", cmd, { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] });
  run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run(["node", "scripts/seed.mjs", "--port", String(port), "--persist-to", persistTo]);
  await prepare?.(persistTo, run);
  return startWorker({ port, persistTo, stdio, localTraces: benchLocalTraces });
}
