// Starts `wrangler dev` in its own process group so the whole tree (workerd children included)
// can be stopped with one signal. Used by the dev script, the end-to-end tests and the benchmark.
import { spawn } from "node:child_process";
import { offlineEnv, waitForWorker } from "./wrangler-env.mjs";

/**
 * `localTraces: false` turns off wrangler dev's local trace collector (X_LOCAL_OBSERVABILITY), on by
 * default for `npm run dev`. It runs beside the Worker in the same workerd process and writes a span
 * of every request and every WebSocket event into its own SQLite, in batches. Production has no
 * such thing in the Worker's process, so the benchmark turns it off (decision 034): with it on, a
 * thousand joins to a live room came back as one flush of a thousand spans, 100-200 ms in which the
 * room's next message waited.
 * @param {{ port: number, persistTo?: string, stdio?: "inherit" | "ignore" | "pipe", inspectorPort?: number, localTraces?: boolean }} options
 */
export async function startWorker({ port, persistTo, stdio = "inherit", inspectorPort, localTraces = true }) {
  const args = [
    "wrangler",
    "dev",
    "--test-scheduled",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--var",
    `PUBLIC_PORT:${port}`,
    "--show-interactive-dev-session=false",
  ];
  if (persistTo) args.push("--persist-to", persistTo);
  // the DevTools protocol of workerd, for CPU profiles of the Worker itself (bench/profile.mjs)
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  const env = localTraces ? offlineEnv : { ...offlineEnv, X_LOCAL_OBSERVABILITY: "false" };
  const child = spawn("npx", args, { env, stdio: ["ignore", stdio, stdio], detached: true });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const stop = () => {
    if (exited) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  try {
    await waitForWorker(port);
  } catch (error) {
    stop();
    throw error;
  }
  return { child, stop };
}
