#!/usr/bin/env node
// Benchmark, not a test: a fan club's message to many, delivered to BENCH_BULK_RECIPIENTS members
// (default 10,000 in `npm run bench`; 0 skips) through the real queue consumer under `wrangler dev`,
// with its own local state. Seeds one fan club whose plan has that many members straight into the
// local D1 from a generated SQL file, then the owner sends the message through the same service
// the creator's page uses (the development-only `POST /dev/bulk-messages`, 404 in production),
// the local queue delivers it chunk by chunk (each chunk enqueues the next), and the records are
// counted afterwards: one message per member, nobody twice, every thread pointing at it. Prints
// recipients delivered per minute, the whole process time (seed excluded), and the D1 round trips
// of one 500-recipient chunk (a second message whose first chunk runs inside one request, where
// the Worker counts its round trips).
//
// The full 100,000-member run:
//   BENCH_BULK_RECIPIENTS=100000 npx node bench/bulk-messages.mjs
// on BENCH_PORT (8798, the page benchmarks' port, once their worker has gone).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { insertRows, q, workerJson } from "./seed-sql.mjs";
import { startSeededWorker } from "./seeded-worker.mjs";

const OWNER = 9_700_001;
const FIRST_FAN = 9_700_101;
const FANCLUB = 970_001;
const PLAN = 970_001;
const FIRST_MEMBERSHIP = 12_000_001;
const CHUNK = 500;

function seedSql(recipients, now) {
  const users = [[OWNER, q(`bench-bulk-owner@bench.fanclub.localhost`), q("ベンチ一斉主催"), q("bench-bulk-owner"), q("ja"), 0, now, now]];
  for (let u = 0; u < recipients; u++) {
    const id = FIRST_FAN + u;
    users.push([id, q(`bench-bulk-${id}@bench.fanclub.localhost`), q(`ベンチ会員${u + 1}`), q(`bench-bulk-${id}`), q("ja"), 0, now, now]);
  }
  const memberships = [];
  for (let u = 0; u < recipients; u++)
    memberships.push([FIRST_MEMBERSHIP + u, FIRST_FAN + u, FANCLUB, PLAN, u + 1, q("active"), now, "NULL"]);
  return [
    ...insertRows("users", ["id", "email", "name", "identify_token", "locale", "terms_accepted_at", "created_at", "updated_at"], users),
    `INSERT INTO fanclubs (id, service_id, owner_id, name, creator_name, status, member_count, actived_at, created_at, updated_at) VALUES (${FANCLUB}, 1, ${OWNER}, ${q("ベンチ一斉クラブ")}, ${q("ベンチ一斉主催")}, 'open', ${recipients}, ${now}, ${now}, ${now});`,
    `INSERT INTO plans (id, fanclub_id, name, price, member_count, created_at, updated_at) VALUES (${PLAN}, ${FANCLUB}, ${q("ベンチプラン")}, 500, ${recipients}, ${now}, ${now});`,
    ...insertRows(
      "memberships",
      ["id", "user_id", "fanclub_id", "plan_id", "member_number", "status", "joined_at", "paid_through"],
      memberships,
      500,
    ),
  ].join("\n");
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function runBulkMessageBench({
  port = Number(process.env.BENCH_PORT ?? 8798),
  recipients = Number(process.env.BENCH_BULK_RECIPIENTS ?? 10_000),
} = {}) {
  let seedSeconds = 0;
  const worker = await startSeededWorker({
    port,
    state: "bench-bulk",
    stdio: process.env.BENCH_BULK_LOG === "1" ? "inherit" : "ignore",
    // the plan's members go in before the worker starts
    prepare: (persistTo, run) => {
      const dir = mkdtempSync(path.join(tmpdir(), "bench-bulk-"));
      const file = path.join(dir, "seed.sql");
      writeFileSync(file, seedSql(recipients, Date.now()));
      const seedStarted = performance.now();
      run(["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
      seedSeconds = (performance.now() - seedStarted) / 1000;
      rmSync(dir, { recursive: true, force: true });
    },
  });
  try {
    const timeoutMs = Number(process.env.BENCH_BULK_TIMEOUT_MIN ?? 60) * 60_000;
    const started = performance.now();
    const sent = (await workerJson(port, `/dev/bulk-messages?fanclub=${FANCLUB}&plan=${PLAN}`, "POST")).json;
    const requestMs = performance.now() - started;
    if (sent.planned !== recipients) throw new Error(`the message reaches ${sent.planned} people; seeded ${recipients}`);
    let status;
    let lastPrint = performance.now();
    // a chain of chunk jobs the local queue stops delivering is resumed by the sweep production
    // runs hourly (through the development route), so the run finishes and says it needed it
    const stallMs = Number(process.env.BENCH_BULK_STALL_S ?? 60) * 1000;
    let lastDelivered = -1;
    let lastMoved = performance.now();
    let resumes = 0;
    for (;;) {
      await sleep(1000);
      status = (await workerJson(port, `/dev/bulk-messages?id=${sent.id}`)).json;
      if (status.status === "sent") break;
      if (status.delivered !== lastDelivered) {
        lastDelivered = status.delivered;
        lastMoved = performance.now();
      } else if (performance.now() - lastMoved > stallMs) {
        const { resumed } = (await workerJson(port, "/dev/bulk-messages?sweep=1", "POST")).json;
        resumes++;
        lastMoved = performance.now();
        console.log(`  bulk: no progress for ${stallMs / 1000} s at ${status.delivered}; the sweep resumed ${JSON.stringify(resumed)}`);
      }
      if (performance.now() - started > timeoutMs)
        throw new Error(`not delivered after ${timeoutMs / 60_000} min: ${JSON.stringify(status)}`);
      if (performance.now() - lastPrint > 30_000) {
        lastPrint = performance.now();
        const minutes = (performance.now() - started) / 60_000;
        console.log(`  bulk: ${status.delivered} of ${recipients} delivered after ${minutes.toFixed(1)} min`);
      }
    }
    const wholeMs = performance.now() - started;
    status = (await workerJson(port, `/dev/bulk-messages?id=${sent.id}&check=1`)).json;
    const deliveryMs = Number(status.lastAt) - Number(status.firstAt);
    // a chunk of a second message to the same plan, run inside one request
    const held = (await workerJson(port, `/dev/bulk-messages?fanclub=${FANCLUB}&plan=${PLAN}&hold=1`, "POST")).json;
    const chunk = await workerJson(port, `/dev/bulk-messages?id=${held.id}&after=0`, "POST");
    const chunkStatus = (await workerJson(port, `/dev/bulk-messages?id=${held.id}&check=1`)).json;
    const checks = {
      "every member got it (messages = recipients)": status.messages === recipients && status.recipients === recipients,
      "nobody got it twice": status.receivedTwice === 0,
      "delivered count as planned": status.delivered === recipients && status.planned === recipients,
      "every thread's last fan club message is it": status.threadsPointingAtIt === recipients,
      [`one chunk delivers ${CHUNK}`]: chunkStatus.messages === Math.min(CHUNK, recipients),
    };
    console.log(`\nmessage to many under wrangler dev: ${recipients} members of one plan, chunks of ${CHUNK}, one run`);
    console.log(`seeded by SQL file in ${seedSeconds.toFixed(1)} s; the sending request answered in ${requestMs.toFixed(0)} ms`);
    console.log(
      `delivered in ${(wholeMs / 1000).toFixed(1)} s from the request to the last chunk seen done: ${Math.round(recipients / (wholeMs / 60_000))} recipients per minute ` +
        `(first to last message written: ${(deliveryMs / 1000).toFixed(1)} s)`,
    );
    console.log(`D1 round trips of one ${CHUNK}-recipient chunk: ${chunk.trips} (the message, the next recipients, one batch)`);
    console.log(
      resumes === 0
        ? "the chain of chunk jobs ran to the end by itself (the sweep was not needed)"
        : `the local queue stopped delivering ${resumes} time(s); the sweep resumed the chain each time`,
    );
    for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}`);
    if (!Object.values(checks).every(Boolean)) {
      console.log(JSON.stringify({ status, chunkStatus }, null, 2));
      process.exitCode = 1;
    }
    return { recipients, wholeMs, perMinute: recipients / (wholeMs / 60_000), chunkTrips: chunk.trips, resumes, checks };
  } finally {
    worker.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runBulkMessageBench();
}
