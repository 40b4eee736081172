#!/usr/bin/env node
// Benchmark, not a test: the JavaScript a first visit to each public page loads (every script and
// modulepreload the HTML names), gzip-compressed at level 9, per file and in total, against the
// 100 KB budget. Starts the worker under wrangler dev on the current build (`npm run build` first).
// Usage: node bench/first-visit-js.mjs [--files]
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { startSeededWorker } from "./seeded-worker.mjs";

export const BUDGET_KB = 100;
export const PAGES = {
  home: "/",
  "fan club": "/fanclubs/101",
  post: "/fanclubs/101/posts/100101",
  live: "/fanclubs/101/lives/101",
};

/** GET over loopback with a brand's Host header (fetch() does not let us set Host). */
export function getter(port, host = `www.fanclub.localhost:${port}`) {
  return (pathname, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: pathname, headers: { host, "accept-language": "ja", ...headers } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
}

/** Every script a first visit to `pathname` loads, with raw and gzip sizes. */
export async function firstVisitJs(get, pathname) {
  const html = (await get(pathname)).body.toString("utf8");
  const srcs = new Set();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) srcs.add(m[1]);
  const files = [];
  for (const src of srcs) {
    const { body } = await get(src);
    files.push({ src, raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  }
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gz = files.reduce((s, f) => s + f.gz, 0);
  return { files, raw, gz };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 8797);
  const worker = await startSeededWorker({ port, state: "bench-js-state" });
  try {
    const get = getter(port);
    for (const [name, pathname] of Object.entries(PAGES)) {
      const js = await firstVisitJs(get, pathname);
      const kb = js.gz / 1024;
      console.log(
        `${name.padEnd(9)} ${pathname.padEnd(24)} ${String(js.files.length).padStart(2)} files ${kb.toFixed(1).padStart(6)} KB gzip ${kb <= BUDGET_KB ? "within" : "OVER"} ${BUDGET_KB} KB`,
      );
      if (process.argv.includes("--files"))
        for (const f of js.files.sort((a, b) => b.gz - a.gz)) console.log(`    ${(f.gz / 1024).toFixed(1).padStart(6)} KB  ${f.src}`);
    }
  } finally {
    await worker.stop();
  }
}
