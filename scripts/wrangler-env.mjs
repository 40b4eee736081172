// wrangler offline: without these the first request waits on failed network look-ups.
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  NO_UPDATE_NOTIFIER: "1",
};

export const LOCAL_HOSTS = [
  ["base domain (help, legal)", "fanclub.localhost"],
  ["user domain (account, coins, purchases)", "my.fanclub.localhost"],
  ["login domain", "auth.fanclub.localhost"],
  ["brand 1: Fanclub (primary)", "www.fanclub.localhost"],
  ["brand 2: Fanclub Indies", "indies.fanclub.localhost"],
  ["brand 3: Kirameki (own domain)", "kirameki.localhost"],
];

/** Polls /healthcheck until the worker answers or the deadline passes. */
export async function waitForWorker(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthcheck`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`worker on port ${port} did not become healthy within ${timeoutMs} ms`);
}
