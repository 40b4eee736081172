import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { E2E_PORT } from "../../playwright.config";
import { startWorker } from "../../scripts/start-worker.mjs";
import { offlineEnv } from "../../scripts/wrangler-env.mjs";

/** A fresh local state for every run: migrations and the demo seed, then wrangler dev. */
export default async function globalSetup() {
  const persistTo = path.resolve(".wrangler/e2e-state");
  rmSync(persistTo, { recursive: true, force: true });
  const run = (args: string[]) => execFileSync("npx", args, { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] });
  run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run(["node", "scripts/seed.mjs", "--port", String(E2E_PORT), "--persist-to", persistTo, "--without-notices"]);
  const worker = (await startWorker({ port: E2E_PORT, persistTo, stdio: "ignore" })) as { stop: () => void };
  (globalThis as { __stopWorker?: () => void }).__stopWorker = worker.stop;
}
