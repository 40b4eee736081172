#!/usr/bin/env node
// Benchmark, not a test: Lighthouse (mobile profile: a mid-range phone on a slow 4G network,
// simulated) over the public pages a first visit lands on, against the goals of the performance
// work: performance >= 95, CLS <= 0.1, LCP <= 2.5 s, accessibility >= 95. Drives Debian Chromium
// (CHROMIUM_PATH, as the end-to-end tests do) headless against the worker under wrangler dev, each
// page once after a warm-up load, and prints one table. Simulated throttling makes the figures
// depend little on the machine, but a busy machine still lowers the performance score: run it on
// a quiet one and say which. Run by `npm run bench` with the page benchmarks' worker, or alone on
// the current build (`npm run build` first):
//   node bench/lighthouse.mjs
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startSeededWorker } from "./seeded-worker.mjs";

export const GOALS = { performance: 95, accessibility: 95, clsMax: 0.1, lcpMaxMs: 2500 };

/** The pages of the goal: a visitor's first landing on each kind of public page (demo seed ids). */
export const LIGHTHOUSE_PAGES = {
  home: "/",
  search: `/fanclubs?keywords=${encodeURIComponent("星")}&order=2&category=`,
  "fan club": "/fanclubs/101",
  "public post": "/fanclubs/101/posts/100101",
  "locked post": "/fanclubs/101/posts/100102",
  live: "/fanclubs/101/lives/101",
};

/** Lighthouse's figures for each page, printed as a table with the goal beside each column. */
export async function runLighthouseBench({ port }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // *.localhost is loopback in Chromium already; the flags keep a headless run quiet and alike everywhere
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--lang=ja"],
  });
  const rows = [];
  try {
    for (const [name, pathname] of Object.entries(LIGHTHOUSE_PAGES)) {
      const url = `http://www.fanclub.localhost:${port}${pathname}`;
      // a warm-up load: the worker's first render of a page is not what a visitor meets
      await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { host: `www.fanclub.localhost:${port}` } }).catch(() => null);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        locale: "ja",
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
      rows.push({
        name,
        pathname,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
        lcpMs: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
        tbtMs: lhr.audits["total-blocking-time"].numericValue ?? NaN,
        // accessibility failures by id, so a low score says what to mend
        failing: Object.values(lhr.audits)
          .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
          .map((a) => a.id),
      });
    }
  } finally {
    await chrome.kill();
  }
  const mark = (ok) => (ok ? " " : "!");
  console.log(
    `\nLighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown), Chromium headless, one run; "!" marks a figure outside its goal`,
  );
  console.log(
    `${"page".padEnd(12)} ${"performance".padStart(11)} ${"accessibility".padStart(13)} ${"CLS".padStart(7)} ${"LCP".padStart(8)} ${"TBT".padStart(7)}`,
  );
  console.log(
    `${"goal".padEnd(12)} ${`>= ${GOALS.performance}`.padStart(11)} ${`>= ${GOALS.accessibility}`.padStart(13)} ${`<= ${GOALS.clsMax}`.padStart(7)} ${`<= ${(GOALS.lcpMaxMs / 1000).toFixed(1)} s`.padStart(8)} ${"".padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(12)} ${`${r.performance}${mark(r.performance >= GOALS.performance)}`.padStart(11)} ${`${r.accessibility}${mark(r.accessibility >= GOALS.accessibility)}`.padStart(13)} ${`${r.cls.toFixed(3)}${mark(r.cls <= GOALS.clsMax)}`.padStart(7)} ${`${(r.lcpMs / 1000).toFixed(2)} s${mark(r.lcpMs <= GOALS.lcpMaxMs)}`.padStart(8)} ${`${Math.round(r.tbtMs)} ms`.padStart(7)}`,
    );
    if (r.failing.length > 0) console.log(`${"".padEnd(12)} accessibility audits failing: ${r.failing.join(", ")}`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 8796);
  const worker = await startSeededWorker({ port, state: "bench-lighthouse-state" });
  try {
    await runLighthouseBench({ port });
  } finally {
    await worker.stop();
  }
}
