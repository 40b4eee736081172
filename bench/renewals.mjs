#!/usr/bin/env node
// Benchmark, not a test: the monthly renewal run over many memberships under `wrangler dev`, with
// its own local state. Seeds BENCH_RENEWALS memberships (default 100,000: 1,000 fans × 100 fan
// clubs at ¥500) straight into the local D1 from a generated SQL file: 94% of the fans have the
// sandbox's 4242 card, 3% the declining 0341 card with coin-for-renewal on and coins for every
// plan, 3% the 0341 card and no coins. Their memberships are paid through last month. Then it
// enqueues the renewal scan the 00:00 JST cron enqueues on the 1st of this month (the
// development-only `POST /dev/renewals?month=`, 404 in production), lets the real queue drain
// (scan pages, renewal messages, e-mail jobs), and reports memberships renewed per minute and
// whether each membership was charged exactly once: one outcome per membership (a payment or the
// recorded failure, never both, none missing), one distinct card charge per card payment, one
// coin entry per coin payment, the amounts, the coin ledger's audit clean.
//
// Run by `npm run bench` after the page benchmarks (BENCH_RENEWALS=0 skips it), or alone:
//   BENCH_RENEWALS=100000 node bench/renewals.mjs
// on BENCH_PORT (8798, the page benchmarks' port, once their worker has gone).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startWorker } from "../scripts/start-worker.mjs";
import { offlineEnv } from "../scripts/wrangler-env.mjs";
import { insertRows, q, workerJson } from "./seed-sql.mjs";
import { benchLocalTraces } from "./seeded-worker.mjs";

const JST = 9 * 3600_000;
const FANCLUBS = 100;
const PRICE = 500;
const FIRST_MEMBERSHIP = 10_000_001;
const FIRST_FAN = 9_100_001;
const FIRST_OWNER = 9_000_001;
const FIRST_FANCLUB = 900_001;
const FIRST_LEDGER_ID = 9_500_001;

/** The billing month (JST) of an instant, and its neighbours. Plain JS: the bench runs without a build. */
function monthOf(ms) {
  const d = new Date(ms + JST);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}
const fmt = ({ year, month }) => `${year}-${String(month).padStart(2, "0")}`;
const previous = ({ year, month }) => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/** The sandbox provider's customer tag (FNV-1a of the customer id), so seeded cards belong to their fans. */
function customerTag(customerId) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < customerId.length; i++) {
    hash ^= customerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The fan's situation: most pay by card, some by coins after a declined card, some cannot pay. */
function fanKind(index) {
  // 37 is prime to 100: every hundred fans holds the same mix, and a small run has all three kinds
  const r = (index * 37) % 100;
  return r < 94 ? "card" : r < 97 ? "coin" : "unpaid";
}

export function seedSql({ memberships, paidThrough, now }) {
  const fans = Math.ceil(memberships / FANCLUBS);
  const out = [];
  const users = [];
  for (let f = 0; f < FANCLUBS; f++) {
    const id = FIRST_OWNER + f;
    users.push([id, q(`bench-owner-${id}@bench.fanclub.localhost`), q(`ベンチ主催${f + 1}`), q(`bench-owner-${id}`), q("ja"), 0, now, now]);
  }
  for (let u = 0; u < fans; u++) {
    const id = FIRST_FAN + u;
    users.push([
      id,
      q(`bench-fan-${id}@bench.fanclub.localhost`),
      q(`ベンチファン${u + 1}`),
      q(`bench-fan-${id}`),
      q(u % 5 === 0 ? "en" : "ja"),
      0,
      now,
      now,
    ]);
  }
  out.push(
    ...insertRows("users", ["id", "email", "name", "identify_token", "locale", "terms_accepted_at", "created_at", "updated_at"], users),
  );
  const clubs = [];
  const plans = [];
  for (let f = 0; f < FANCLUBS; f++) {
    const id = FIRST_FANCLUB + f;
    const members = Math.min(fans, Math.max(0, memberships - f * fans));
    clubs.push([id, 1, FIRST_OWNER + f, q(`ベンチクラブ${f + 1}`), q(`ベンチ主催${f + 1}`), q("open"), members, now, now, now]);
    plans.push([id, id, q("ベンチプラン"), PRICE, members, now, now]);
  }
  out.push(
    ...insertRows(
      "fanclubs",
      ["id", "service_id", "owner_id", "name", "creator_name", "status", "member_count", "actived_at", "created_at", "updated_at"],
      clubs,
    ),
  );
  out.push(...insertRows("plans", ["id", "fanclub_id", "name", "price", "member_count", "created_at", "updated_at"], plans));
  const profiles = [];
  const cards = [];
  const accounts = [];
  const entries = [];
  const lots = [];
  const postings = [];
  let issued = 0;
  for (let u = 0; u < fans; u++) {
    const id = FIRST_FAN + u;
    const kind = fanKind(u);
    const customer = `cus_sandbox_${id}`;
    profiles.push([id, q("sandbox"), q(customer), kind === "coin" ? 1 : 0, now, now]);
    const last4 = kind === "card" ? "4242" : "0341";
    const random = id.toString(16).padStart(12, "0");
    cards.push([
      id,
      q("sandbox"),
      q(`pm_sandbox_visa_${last4}_122034_${customerTag(customer)}_${random}`),
      q("visa"),
      q(last4),
      12,
      2034,
      1,
      now,
    ]);
    if (kind === "coin") {
      const ledgerId = FIRST_LEDGER_ID + u;
      const coins = FANCLUBS * PRICE + 100;
      issued += coins;
      accounts.push([ledgerId, q("user"), id, "NULL", coins, now]);
      entries.push([ledgerId, q(`bench-charge:${id}`), q("charge"), id, coins, now]);
      lots.push([ledgerId, ledgerId, ledgerId, q("paid"), coins, coins, now]);
      postings.push([ledgerId, ledgerId, ledgerId, coins]);
      postings.push([ledgerId, "(SELECT id FROM coin_accounts WHERE code = 'issued:card')", "NULL", -coins]);
    }
  }
  out.push(
    ...insertRows(
      "payment_profiles",
      ["user_id", "provider", "customer_id", "use_coin_subscription", "created_at", "updated_at"],
      profiles,
    ),
  );
  out.push(
    ...insertRows(
      "payment_cards",
      ["user_id", "provider", "payment_method_id", "brand", "last4", "exp_month", "exp_year", "is_default", "created_at"],
      cards,
    ),
  );
  out.push(...insertRows("coin_accounts", ["id", "kind", "user_id", "code", "balance", "created_at"], accounts));
  out.push(...insertRows("coin_entries", ["id", "idempotency_key", "kind", "user_id", "amount", "created_at"], entries));
  out.push(...insertRows("coin_lots", ["id", "account_id", "entry_id", "kind", "amount", "remaining", "created_at"], lots));
  out.push(...insertRows("coin_postings", ["entry_id", "account_id", "lot_id", "amount"], postings));
  if (issued > 0) out.push(`UPDATE coin_accounts SET balance = balance - ${issued} WHERE code = 'issued:card';`);
  // fan club by fan club, as members join over time: a renewal message holds ten different fans
  const rows = [];
  for (let k = 0; k < memberships; k++) {
    const f = Math.floor(k / fans);
    const u = k % fans;
    rows.push([FIRST_MEMBERSHIP + k, FIRST_FAN + u, FIRST_FANCLUB + f, FIRST_FANCLUB + f, u + 1, q("active"), now, q(paidThrough)]);
  }
  out.push(
    ...insertRows(
      "memberships",
      ["id", "user_id", "fanclub_id", "plan_id", "member_number", "status", "joined_at", "paid_through"],
      rows,
      500,
    ),
  );
  const expected = { card: 0, coin: 0, unpaid: 0 };
  for (let k = 0; k < memberships; k++) expected[fanKind(k % fans)] += 1;
  return { sql: out.join("\n"), expected, fans };
}

/** Open file descriptors of the workerd serving `port` (Linux /proc), or null. */
function openFiles(port) {
  try {
    const rows = execFileSync("ps", ["-e", "-o", "pid=,args="], { encoding: "utf8" }).split("\n");
    const row = rows.find((r) => r.includes("workerd serve") && r.includes(`--socket-addr=entry=127.0.0.1:${port} `));
    const pid = row?.trim().split(/\s+/)[0];
    return pid ? readdirSync(`/proc/${pid}/fd`).length : null;
  } catch {
    return null;
  }
}

function raiseOpenFileLimit(limit = 1_048_576) {
  try {
    execFileSync("prlimit", [`--pid=${process.pid}`, `--nofile=${limit}:${limit}`], { stdio: "ignore" });
  } catch {
    // raising the hard limit needs privileges; the soft one can go up to the hard one
    const limits = () =>
      execFileSync("prlimit", [`--pid=${process.pid}`, "--nofile", "--raw", "--noheadings", "-o", "SOFT,HARD"], { encoding: "utf8" })
        .trim()
        .split(/\s+/);
    let current = "?";
    try {
      const [, hard] = limits();
      execFileSync("prlimit", [`--pid=${process.pid}`, `--nofile=${hard}:`], { stdio: "ignore" });
      [current] = limits();
    } catch {
      // no prlimit
    }
    console.warn(
      `  open file limit stays at ${current} (raising it to ${limit} needs privileges): a long run may stall with "Too many open files"`,
    );
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until nothing answers on `port`: a wrangler dev that was just stopped may still hold it. */
async function portFreed(port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await new Promise((resolve) => {
      const req = request({ host: "127.0.0.1", port, path: "/healthcheck", method: "GET" }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
      req.setTimeout(2000, () => req.destroy());
      req.end();
    });
    if (!answered) return;
    await sleep(250);
  }
  throw new Error(`port ${port} is still answering ${timeoutMs / 1000} s after its worker was stopped`);
}

export async function runRenewalBench({
  port = Number(process.env.BENCH_PORT ?? 8798),
  memberships = Number(process.env.BENCH_RENEWALS ?? 100_000),
} = {}) {
  const persistTo = path.resolve(".wrangler/bench-renewals");
  const timeoutMs = Number(process.env.BENCH_RENEWALS_TIMEOUT_MIN ?? 90) * 60_000;
  rmSync(persistTo, { recursive: true, force: true });
  const run = (cmd) => execFileSync("npx", cmd, { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] });
  run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run(["node", "scripts/seed.mjs", "--port", String(port), "--persist-to", persistTo]);

  const target = monthOf(Date.now());
  const month = fmt(target);
  const now = Date.now();
  const seed = seedSql({ memberships, paidThrough: fmt(previous(target)), now });
  const dir = mkdtempSync(path.join(tmpdir(), "bench-renewals-"));
  const file = path.join(dir, "seed.sql");
  writeFileSync(file, seed.sql);
  const seedStarted = performance.now();
  run(["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  rmSync(dir, { recursive: true, force: true });

  // Under wrangler dev each queue consumer invocation leaves loopback sockets to wrangler's own
  // server in CLOSE_WAIT until workerd's garbage collector frees them (measured here: about 4 per
  // message; 2,000 renewals peak near 8,700 open sockets and fall back to ~20 seconds later), so
  // a sustained run of 100,000 can exhaust the open file limit. Raise the limit where permitted
  // (inherited by wrangler and workerd); production Workers have no such limit. Where it cannot be
  // raised, a worker that stops making progress is restarted on the same state and the run is
  // started again, as an operator would re-run the cron: what was in the local queue is lost, and
  // memberships still due are renewed (once) by the new scan.
  raiseOpenFileLimit();
  const stdio = process.env.BENCH_RENEWALS_LOG === "1" ? "inherit" : "ignore";
  await portFreed(port);
  let worker = await startWorker({ port, persistTo, stdio, localTraces: benchLocalTraces });
  const statusPath = `/dev/renewals?month=${month}&from=${FIRST_MEMBERSHIP}`;
  const startRun = async () => {
    const enqueued = (await workerJson(port, `/dev/renewals?month=${month}`, "POST", 30_000)).json;
    if (!enqueued.enqueued?.includes("renewal-scan")) throw new Error(`the renewal run did not start: ${JSON.stringify(enqueued)}`);
  };
  try {
    const before = (await workerJson(port, statusPath, "GET", 30_000)).json;
    if (before.memberships !== memberships || before.due !== memberships)
      throw new Error(`seeded ${before.memberships} memberships, ${before.due} due; wanted ${memberships}`);
    // The renewal scan the money cron enqueues at 00:00 JST on the 1st of this month, through the
    // dev-only endpoint (the same moneyCronJobs). Not wrangler's `/__scheduled`: it fires at the
    // current time, and after the 7th its auto-leave sweep (a queue job that may run late, on a
    // retry) lets the memberships this run fails leave at once, which is not the 1st's work.
    const started = performance.now();
    await startRun();
    let settledAt = null;
    let lastPrint = 0;
    let progress = { value: -1, at: performance.now() };
    const restarts = [];
    while (performance.now() - started < timeoutMs) {
      await sleep(5000);
      const status = await workerJson(port, statusPath, "GET", 30_000).then(
        (r) => r.json,
        () => null,
      );
      const settled = status ? status.paid + status.unpaid : progress.value;
      if (status && settled >= memberships && settledAt === null) settledAt = performance.now();
      const work = status ? settled + (memberships - status.emailsPending) : progress.value;
      if (work !== progress.value) progress = { value: work, at: performance.now() };
      if (performance.now() - lastPrint > 30_000) {
        lastPrint = performance.now();
        const minutes = (performance.now() - started) / 60_000;
        console.log(
          `  renewals: ${settled} of ${memberships} settled after ${minutes.toFixed(1)} min (${Math.round(settled / minutes)}/min), e-mails pending ${status?.emailsPending ?? "?"}, workerd open files ${openFiles(port) ?? "?"}`,
        );
      }
      if (settledAt !== null && status?.emailsPending === 0) break;
      if (performance.now() - progress.at > 60_000) {
        if (settledAt !== null) break; // settled; only e-mails of lost queue messages are left
        const files = openFiles(port);
        console.log(
          `  no progress for a minute at ${settled} settled (workerd open files ${files ?? "?"}): restarting wrangler dev and starting the run again`,
        );
        restarts.push({ settled, files, atMinutes: (performance.now() - started) / 60_000 });
        worker.stop();
        await portFreed(port);
        worker = await startWorker({ port, persistTo, stdio, localTraces: benchLocalTraces });
        await startRun();
        progress = { value: -1, at: performance.now() };
      }
    }
    const drainedAt = performance.now();
    const final = (await workerJson(port, `${statusPath}&audit=1`, "GET", 30_000)).json;
    const settled = final.paid + final.unpaid;
    const minutes = ((settledAt ?? drainedAt) - started) / 60_000;
    const ledgerClean =
      final.ledger &&
      final.ledger.postingSum === 0 &&
      ["unbalancedEntries", "misstatedEntries", "accountsOffPostings", "accountsOffLots", "lotsOffPostings", "negativeAccounts"].every(
        (k) => final.ledger[k] === 0,
      );
    const checks = {
      "every membership settled (paid or unpaid)": settled === memberships && final.due === 0,
      "no membership both paid and failed for the month": final.paidAndUnpaid === 0,
      "amount paid = memberships paid × price": final.paidAmount === final.paid * PRICE,
      "no membership paid twice for the month": final.membershipsPaidTwice === 0,
      "card payments = distinct card charges": final.paidByCard === final.distinctCardCharges,
      "coin payments = coin entries under renewal keys": final.paidByCoin === final.renewalCoinEntries,
      "outcomes as seeded (card / coin / unpaid)":
        final.paidByCard === seed.expected.card && final.paidByCoin === seed.expected.coin && final.unpaid === seed.expected.unpaid,
      "coin ledger audit clean": Boolean(ledgerClean),
      "one notice e-mail per membership": final.renewalEmails === memberships,
    };
    console.log(
      `\nrenewal run under wrangler dev: ${memberships} memberships (${seed.fans} fans × ${FANCLUBS} fan clubs, ¥${PRICE}), month ${month}, one run`,
    );
    console.log(`seeded by SQL file in ${seedSeconds.toFixed(1)} s`);
    console.log(
      `settled in ${minutes.toFixed(2)} min: ${Math.round(settled / minutes)} memberships renewed per minute ` +
        `(card ${final.paidByCard}, coin ${final.paidByCoin}, unpaid ${final.unpaid}); queue drained after ${((drainedAt - started) / 60_000).toFixed(2)} min`,
    );
    if (final.firstPaymentAt && final.lastPaymentAt) {
      console.log(`first to last payment recorded: ${((final.lastPaymentAt - final.firstPaymentAt) / 1000).toFixed(1)} s`);
    }
    for (const r of restarts) {
      console.log(
        `restarted wrangler dev at ${r.atMinutes.toFixed(1)} min with ${r.settled} settled (workerd open files ${r.files ?? "?"}); the run was started again`,
      );
    }
    if (final.emailsPending > 0) {
      console.log(
        `e-mails left pending: ${final.emailsPending}${restarts.length > 0 ? " (their queue jobs were lost with the restarted runtime; the outbox has no sweep of pending mail yet)" : ""}`,
      );
    }
    for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}`);
    if (!Object.values(checks).every(Boolean)) {
      console.log(JSON.stringify(final, null, 2));
      process.exitCode = 1;
    }
    return { memberships, minutes, perMinute: settled / minutes, final, checks, restarts };
  } finally {
    worker.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runRenewalBench();
}
