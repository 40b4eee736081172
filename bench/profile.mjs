#!/usr/bin/env node
// Where a page render's CPU goes, measured inside workerd itself: starts `wrangler dev` with the
// DevTools inspector, samples the Worker's CPU (Profiler domain of the Chrome DevTools protocol)
// while it renders each page BENCH_PROFILE_RENDERS times one after another (a query string no one
// asked for before, so every request renders as a signed-in fan's would), and attributes each
// sample's self time to the package or project folder its code came from (the bundle wrangler
// builds keeps esbuild's `// path` comment above each module). Prints CPU per render by part, and
// the functions that cost most. BENCH_PROFILE_SHARED=1 asks each path as it is instead, so a page
// a visitor may share is served from the anonymous page cache: the cost of the shared render
// (give /api/v1/ping first as its yardstick). Loopback only.
// Usage: npx node bench/profile.mjs [path ...]
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { request } from "node:http";
import { startWorker } from "../scripts/start-worker.mjs";
import { offlineEnv } from "../scripts/wrangler-env.mjs";
import { benchLocalTraces } from "./seeded-worker.mjs";

const port = Number(process.env.BENCH_PORT ?? 8797);
const inspectorPort = Number(process.env.BENCH_INSPECTOR_PORT ?? 9329);
const renders = Number(process.env.BENCH_PROFILE_RENDERS ?? 200);
const shared = process.env.BENCH_PROFILE_SHARED === "1";
/** The i-th request for a page: the path itself when profiling shared renders, else a new query string. */
const nth = (page, tag, i) => (shared ? page : `${page}${page.includes("?") ? "&" : "?"}${tag}=${i}`);
const brandHost = `www.fanclub.localhost:${port}`;
// help pages live on the base domain (no brand): the lightest page of the product, the yardstick
const hostOf = (pathname) => (pathname.startsWith("/help/") ? `fanclub.localhost:${port}` : brandHost);
const persistTo = path.resolve(".wrangler/profile-state");
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/help/terms", "/", "/fanclubs/101", "/fanclubs/101/posts/100101", "/fanclubs/101/posts/100102"];

rmSync(persistTo, { recursive: true, force: true });
const run = (cmd) => execFileSync("npx", cmd, { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] });
run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
run(["node", "scripts/seed.mjs", "--port", String(port), "--persist-to", persistTo]);
const worker = await startWorker({ port, persistTo, stdio: "ignore", inspectorPort, localTraces: benchLocalTraces });

function get(pathname) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        headers: {
          host: hostOf(pathname),
          accept: pathname.startsWith("/api/") ? "application/json" : "text/html",
          "accept-language": "ja",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout ${pathname}`)));
    req.on("error", reject);
    req.end();
  });
}

/** A minimal DevTools protocol client over the WebSocket that Node 22 has built in. */
async function connect() {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error("no inspector target");
  // wrangler's inspector proxy refuses a socket without an Origin header (undici lets us set one)
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: `http://127.0.0.1:${inspectorPort}` } });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  const scripts = new Map();
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result ?? {});
    } else if (msg.method === "Debugger.scriptParsed") scripts.set(msg.params.scriptId, msg.params.url);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, scripts, close: () => ws.close() };
}

/** Line → module path of a bundle, from the `// node_modules/x/y.js` comments esbuild writes. */
function moduleIndex(source) {
  const starts = [];
  source.split("\n").forEach((line, i) => {
    const m = /^\/\/ ((?:\.\.\/)*[\w@.\-/$+]+\.(?:[cm]?js|tsx?|json|css))$/.exec(line);
    if (m) starts.push([i, m[1].replace(/^(\.\.\/)+/, "")]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle glue)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** The part of the stack a module belongs to, as the decision record groups them. */
function part(modulePath, functionName) {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "workerd runtime (outside JS)";
  if (modulePath === "(native)") return "workerd runtime (native APIs)";
  if (/^(cloudflare|workerd|node|internal)[:-]/.test(modulePath)) return "workerd runtime (built-in JS: D1 client, streams)";
  const pkg = /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/.exec(modulePath)?.[1];
  if (pkg === "react-dom" || pkg === "react" || pkg === "scheduler") return "React (render to stream)";
  if (pkg === "@remix-run/router")
    return /flattenRoutes|rankRouteBranches|computeScore|matchRoutes|matchRouteBranch|explodeOptionalSegments|compareIndexes|flattenRoute/.test(
      functionName,
    )
      ? "Remix: route matching"
      : "Remix: router";
  if (pkg?.startsWith("@remix-run/") || pkg === "turbo-stream" || pkg === "react-router" || pkg === "react-router-dom")
    return "Remix: request handling";
  if (pkg === "i18next" || pkg === "react-i18next" || pkg === "remix-i18next") return "i18next";
  if (pkg === "hono") return "Hono";
  if (pkg === "drizzle-orm") return "drizzle (query building)";
  if (pkg === "zod") return "zod";
  if (pkg) return `other packages (${pkg})`;
  if (/^(app)\//.test(modulePath) || /build\/server/.test(modulePath)) return "our pages (app/)";
  if (/^server\//.test(modulePath)) return "our server (server/)";
  if (/^db\//.test(modulePath)) return "our queries (db/)";
  return "other";
}

try {
  for (const p of pages) {
    const status = await get(p);
    if (status !== 200) throw new Error(`${p} answered ${status}`);
  }
  const cdp = await connect();
  await cdp.send("Debugger.enable");
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const sources = new Map();
  console.log(`\nCPU per render inside workerd (${renders} renders of each page, one after another; sampling every 0.1 ms)\n`);
  const summary = [];
  for (const page of pages) {
    for (let i = 0; i < 10; i++) await get(nth(page, "warm", i));
    await cdp.send("Profiler.start");
    const started = performance.now();
    for (let i = 0; i < renders; i++) await get(nth(page, "profile", i));
    const wall = performance.now() - started;
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(path.resolve(`.wrangler/profile-${page.replace(/\W+/g, "_") || "home"}.cpuprofile`), JSON.stringify(profile));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    profile.samples.forEach((nodeId, i) => self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byPart = new Map();
    const byFunction = new Map();
    let busy = 0;
    for (const [nodeId, micros] of self) {
      const { callFrame } = nodes.get(nodeId);
      if (callFrame.functionName === "(idle)") continue;
      busy += micros;
      const scriptUrl = cdp.scripts.get(callFrame.scriptId) ?? callFrame.url ?? "";
      let modulePath = scriptUrl || "(native)";
      // workerd's own JavaScript (the D1 client, streams, node: polyfills) has no bundle comments
      if (callFrame.scriptId && callFrame.scriptId !== "0" && !/^(cloudflare|workerd|node|internal)[:-]/.test(scriptUrl)) {
        if (!sources.has(callFrame.scriptId)) {
          const { scriptSource } = await cdp
            .send("Debugger.getScriptSource", { scriptId: callFrame.scriptId })
            .catch(() => ({ scriptSource: "" }));
          sources.set(callFrame.scriptId, moduleIndex(scriptSource));
        }
        modulePath = sources.get(callFrame.scriptId)(callFrame.lineNumber);
      }
      const key = part(modulePath, callFrame.functionName);
      byPart.set(key, (byPart.get(key) ?? 0) + micros);
      const fn = `${callFrame.functionName || "(anonymous)"}  ${modulePath.replace(/^.*node_modules\//, "")}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    }
    const perRender = busy / renders / 1000;
    summary.push([page, perRender, wall / renders]);
    console.log(`${page}: ${perRender.toFixed(2)} ms CPU per render (wall ${(wall / renders).toFixed(1)} ms per request)`);
    for (const [k, v] of [...byPart].sort((a, b) => b[1] - a[1]))
      console.log(`  ${k.padEnd(34)} ${(v / renders / 1000).toFixed(2).padStart(6)} ms  ${((100 * v) / busy).toFixed(0).padStart(3)} %`);
    console.log("  top functions (self time):");
    for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 8)))
      console.log(`    ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
    console.log("");
  }
  const trivial = summary[0];
  console.log("CPU per render as a multiple of the lightest page (" + trivial[0] + "):");
  for (const [page, ms] of summary) console.log(`  ${page.padEnd(32)} ${ms.toFixed(2)} ms  ×${(ms / trivial[1]).toFixed(1)}`);
  cdp.close();
} finally {
  worker.stop();
}
process.exit(0);
