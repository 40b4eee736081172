#!/usr/bin/env node
// Benchmark, not a test: starts the worker under wrangler dev and, in one run, measures a bare
// JSON route and the SSR home page with autocannon (50 connections), prints their ratio, and the
// gzip size of the JavaScript a first visit to the home page loads; Lighthouse's mobile figures for
// the public pages (bench/lighthouse.mjs, BENCH_LIGHTHOUSE=0 skips it); then uploads a large file
// through the multipart flow (bench/upload.mjs, size from BENCH_UPLOAD_MB, default 3072), fans a
// live event's chat out to 1,000 WebSocket clients (bench/live-chat.mjs, BENCH_LIVE_CLIENTS); then
// the monthly renewal run over BENCH_RENEWALS memberships (bench/renewals.mjs, default 100,000; 0 skips);
// last a message to many delivered to BENCH_BULK_RECIPIENTS members (bench/bulk-messages.mjs, default
// 10,000; 0 skips; BENCH_BULK_RECIPIENTS=100000 for the full size).
// The creator's sales page is measured over BENCH_SALES_ROWS earnings entries of one fan club
// (bench/sales.mjs, default 100,000), which this run writes into its own state before the worker starts.
// Loopback only. Usage: npm run bench [-- --duration 10]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startSeededWorker } from "./seeded-worker.mjs";
import { runRenewalBench } from "./renewals.mjs";
import { runBulkMessageBench } from "./bulk-messages.mjs";
import { runUploadBench } from "./upload.mjs";
import { runLiveChatBench } from "./live-chat.mjs";
import { salesSeedSql, signInCreator } from "./sales.mjs";
import { BUDGET_KB, PAGES, firstVisitJs, getter } from "./first-visit-js.mjs";
import { runLighthouseBench } from "./lighthouse.mjs";
import { runImageBytesBench } from "./image-bytes.mjs";

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf("--duration") + 1] || 10);
const port = Number(process.env.BENCH_PORT ?? 8798);
const host = `www.fanclub.localhost:${port}`;
const salesRows = Number(process.env.BENCH_SALES_ROWS ?? 100_000);
const worker = await startSeededWorker({
  port,
  state: "bench-state",
  // BENCH_WORKER_LOG=1: the worker's own log (wrangler's request lines, any error it logs) on stderr
  stdio: process.env.BENCH_WORKER_LOG === "1" ? "inherit" : "ignore",
  // the sales page's earnings entries go in before the worker starts
  prepare: (persistTo, run) => {
    if (salesRows <= 0) return;
    const dir = mkdtempSync(path.join(tmpdir(), "bench-sales-"));
    const file = path.join(dir, "sales.sql");
    writeFileSync(file, salesSeedSql({ rows: salesRows }));
    const started = Date.now();
    run(["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
    console.log(
      `seeded ${salesRows.toLocaleString("en")} earnings entries for fan club 101 in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    rmSync(dir, { recursive: true, force: true });
  },
});

const get = getter(port);

function measure(pathname, accept, { uniquePaths = false, headers = {} } = {}) {
  let n = 0;
  // what each failed request met: a socket error's code, a timeout, or the status of a non-2xx answer
  const failures = {};
  const count = (kind) => (failures[kind] = (failures[kind] ?? 0) + 1);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${pathname}`,
        connections: 50,
        duration,
        headers: { host, accept, "accept-language": "ja", ...headers },
        // a query string no one asked for before: every request misses the page cache and renders
        ...(uniquePaths ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${pathname}?bench=${n++}` }) }] } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        for (const [status, { count: times }] of Object.entries(result.statusCodeStats ?? {}))
          if (!status.startsWith("2")) failures[`HTTP ${status}`] = times;
        resolve({ ...result, failures });
      },
    );
    instance.on("reqError", (error) => count(error.code ?? error.message));
  });
}

/** "0", or the count and what the failures were: "25 (request timed out 25)". */
function failureText(r) {
  const total = r.errors + r.non2xx;
  const kinds = Object.entries(r.failures ?? {}).map(([kind, times]) => `${kind} ${times}`);
  return total === 0 ? "0" : `${total} (${kinds.join(", ") || "unknown"})`;
}

try {
  // a seeded fan club of this brand (demo fan club 101) and a Japanese search
  const fanclubPath = "/fanclubs/101";
  const searchPath = `/fanclubs?keywords=${encodeURIComponent("星")}&order=2&category=`;
  // a seeded public blog post of that fan club and one locked to a plan (the locked prompt)
  const postPath = "/fanclubs/101/posts/100101";
  const lockedPostPath = "/fanclubs/101/posts/100102";
  // the demo topic 720001 is open to everyone; fan club 101 shows its schedule (db/seed/talks-demo.mjs)
  const talksPath = "/fanclubs/101/talks";
  const topicPath = "/fanclubs/101/talks/720001";
  const schedulePath = "/fanclubs/101/schedules";
  // warm every path so the first isolate start is not measured
  for (const p of ["/api/v1/ping", "/", fanclubPath, searchPath, postPath, lockedPostPath]) {
    const { status } = await get(p);
    if (status !== 200) throw new Error(`${p} answered ${status}`);
  }
  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${failureText(r)}`;
  console.log(`\nwrangler dev on loopback, autocannon 50 connections, ${duration} s each, one run\n`);
  // each row as soon as it is measured, so a slow machine shows progress
  const step = async (name, pathname, accept, options) => {
    const result = await measure(pathname, accept, options);
    console.log(row(name, result));
    return result;
  };
  const bare = await step("bare JSON /api/v1/ping", "/api/v1/ping", "application/json");
  const home = await step("home page /", "/", "text/html");
  const rendered = await step("home, rendered each time", "/", "text/html", { uniquePaths: true });
  const fanclub = await step(`fan club ${fanclubPath}`, fanclubPath, "text/html");
  const fanclubRendered = await step("fan club, rendered each time", fanclubPath, "text/html", { uniquePaths: true });
  const search = await step("search /fanclubs?keywords=星", searchPath, "text/html");
  const searchRendered = await step("search, rendered each time", searchPath, "text/html", { uniquePaths: true });
  const post = await step(`post ${postPath}`, postPath, "text/html");
  const postRendered = await step("post, rendered each time", postPath, "text/html", { uniquePaths: true });
  const lockedRendered = await step("locked post, rendered each time", lockedPostPath, "text/html", { uniquePaths: true });
  // the yardstick: the product's lightest Remix page (static text, no fan club, no D1 read of its
  // own) rendered each time, on the base domain where help pages live. What every page pays for
  // the framework (Hono, Remix, React, i18next, the session check) on this machine in this run.
  const lightest = await step("help /help/terms, rendered each time", "/help/terms", "text/html", {
    uniquePaths: true,
    headers: { host: `fanclub.localhost:${port}` },
  });
  // the creator's sales page over the seeded ledger, signed in (never shared, rendered every time)
  const creatorCookie = await signInCreator(port);
  const salesHeaders = { cookie: creatorCookie };
  if (salesRows > 0) {
    const { status, body } = await get("/me/fanclub/sales", { accept: "text/html", ...salesHeaders });
    if (status !== 200 || !body.includes("sales-months")) throw new Error(`/me/fanclub/sales answered ${status}`);
  }
  const sales =
    salesRows > 0
      ? await step(`sales page, ${salesRows.toLocaleString("en")} entries`, "/me/fanclub/sales", "text/html", { headers: salesHeaders })
      : null;
  // a message thread (issue 20), as the fan club reads it: signed in, so rendered every time
  const threadPath = "/me/fanclub/messages/710001";
  {
    const { status, body } = await get(threadPath, { accept: "text/html", ...salesHeaders });
    if (status !== 200 || !body.includes("星降る夜に")) throw new Error(`${threadPath} answered ${status}`);
  }
  const thread = await step(`message thread ${threadPath}`, threadPath, "text/html", { headers: salesHeaders });
  // the community's public pages: the talk board, a topic with comments, the schedule month
  const talks = await step(`talks ${talksPath}`, talksPath, "text/html");
  const talksRendered = await step("talks, rendered each time", talksPath, "text/html", { uniquePaths: true });
  const topic = await step(`topic ${topicPath}`, topicPath, "text/html");
  const topicRendered = await step("topic, rendered each time", topicPath, "text/html", { uniquePaths: true });
  const schedule = await step(`schedule month ${schedulePath}`, schedulePath, "text/html");
  const scheduleRendered = await step("schedule month, rendered each time", schedulePath, "text/html", { uniquePaths: true });
  const trips = {};
  for (const [name, p] of [
    ["home", "/?trips=1"],
    ["fan club", `${fanclubPath}?trips=1`],
    ["search", `${searchPath}&trips=1`],
    ["post", `${postPath}?trips=1`],
    ["talks", `${talksPath}?trips=1`],
    ["topic", `${topicPath}?trips=1`],
    ["schedule", `${schedulePath}?trips=1`],
  ]) {
    trips[name] = (await get(p, { accept: "text/html" })).headers["x-d1-round-trips"];
  }
  if (sales) trips.sales = (await get("/me/fanclub/sales?trips=1", { accept: "text/html", ...salesHeaders })).headers["x-d1-round-trips"];
  trips.thread = (await get(`${threadPath}?trips=1`, { accept: "text/html", ...salesHeaders })).headers["x-d1-round-trips"];
  // every public page the budget names; a live page's player, chat and video code are lazy chunks
  const firstVisit = {};
  for (const [name, pathname] of Object.entries(PAGES)) firstVisit[name] = await firstVisitJs(get, pathname);
  const locale = (await get("/locales/ja/common.json")).body;
  const ratio = home.requests.average / bare.requests.average;
  console.log(`\nhome / bare ratio: ${ratio.toFixed(2)} (target >= 0.8); signed-out visitors share a render for 10 s`);
  console.log(
    `rendered each time / bare ratio: ${(rendered.requests.average / bare.requests.average).toFixed(2)} (target >= 0.5; what a signed-in visitor costs)`,
  );
  const r = (x) => (x.requests.average / bare.requests.average).toFixed(2);
  console.log(`fan club / bare: ${r(fanclub)} (target >= 0.8), rendered each time ${r(fanclubRendered)} (target >= 0.5)`);
  console.log(`search / bare: ${r(search)} (target >= 0.8), rendered each time ${r(searchRendered)} (target >= 0.5)`);
  console.log(
    `post / bare: ${r(post)} (target >= 0.8), rendered each time ${r(postRendered)}, locked post rendered each time ${r(lockedRendered)} (target >= 0.5)`,
  );
  console.log(
    `the lightest page /help/terms, rendered each time / bare: ${r(lightest)}: the floor a rendered page starts from; home ${(rendered.requests.average / lightest.requests.average).toFixed(2)}, fan club ${(fanclubRendered.requests.average / lightest.requests.average).toFixed(2)}, post ${(postRendered.requests.average / lightest.requests.average).toFixed(2)}, locked post ${(lockedRendered.requests.average / lightest.requests.average).toFixed(2)} of its rate`,
  );
  console.log(
    `D1 round trips per render (target <= 2): home ${trips.home}, fan club ${trips["fan club"]}, search ${trips.search}; post ${trips.post} (the gate, then one batch, beside the fan club header)`,
  );
  if (sales)
    console.log(
      `sales page / bare: ${r(sales)} over ${salesRows.toLocaleString("en")} entries of one fan club, p50 ${sales.latency.p50} ms; D1 round trips ${trips.sales} (target <= 2)`,
    );
  console.log(
    `message thread / bare: ${r(thread)} (signed in, rendered each time), p50 ${thread.latency.p50} ms; D1 round trips ${trips.thread} (target <= 2)`,
  );
  console.log(
    `talks / bare: ${r(talks)}, rendered each time ${r(talksRendered)}; topic / bare: ${r(topic)}, rendered each time ${r(topicRendered)}; schedule month / bare: ${r(schedule)}, rendered each time ${r(scheduleRendered)} (target >= 0.5)`,
  );
  console.log(`D1 round trips per render (target <= 2): talks ${trips.talks}, topic ${trips.topic}, schedule month ${trips.schedule}`);
  for (const [name, js] of Object.entries(firstVisit))
    console.log(
      `first-visit JS of ${name} ${PAGES[name]}: ${js.files.length} files, ${(js.gz / 1024).toFixed(1)} KB gzip (target <= ${BUDGET_KB} KB)`,
    );
  console.log(`and the first language file, ja/common.json: ${(gzipSync(locale, { level: 9 }).length / 1024).toFixed(1)} KB gzip`);
  // before the upload and chat runs, which leave the worker busy for a while
  if (process.env.BENCH_LIGHTHOUSE !== "0") await runLighthouseBench({ port });
  // image bytes of the album post and the fan club page, originals vs variants (BENCH_IMAGES=0 skips)
  if (process.env.BENCH_IMAGES !== "0") await runImageBytesBench(port);
  // BENCH_UPLOAD_MB=0 skips the upload run
  if (Number(process.env.BENCH_UPLOAD_MB ?? 1) > 0) await runUploadBench({ port, rootPid: worker.child.pid });
  // BENCH_LIVE_CLIENTS=0 skips the live chat fan-out run
  if (Number(process.env.BENCH_LIVE_CLIENTS ?? 1) > 0) await runLiveChatBench({ port });
} finally {
  worker.stop();
}

// its own wrangler dev and local state, once the page benchmarks' worker has stopped
if (Number(process.env.BENCH_RENEWALS ?? 100_000) > 0) await runRenewalBench();
// its own wrangler dev and local state too
if (Number(process.env.BENCH_BULK_RECIPIENTS ?? 10_000) > 0) await runBulkMessageBench();
