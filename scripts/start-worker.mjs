// Starts `wrangler dev` in its own process group so the whole tree (workerd children included)
// can be stopped with one signal. Used by the dev script, the end-to-end tests and the benchmark.
import { spawn } from "node:child_process";
import { offlineEnv, waitForWorker } from "./wrangler-env.mjs";

/**
 * @param {{ port: number, persistTo?: string, stdio?: "inherit" | "ignore" | "pipe", inspectorPort?: number }} options
 */
export async function startWorker({ port, persistTo, stdio = "inherit", inspectorPort }) {
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
  const child = spawn("npx", args, { env: offlineEnv, stdio: ["ignore", stdio, stdio], detached: true });
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
