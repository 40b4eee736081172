#!/usr/bin/env node
// Benchmark, not a test: chat fan-out in one live event's room (issue 7, decision 022) under
// `wrangler dev`. BENCH_LIVE_CLIENTS WebSocket clients (default 1,000) join one room through the
// public path /live/{id}/ws; then
//   1. latency: probe messages, one at a time, each from a different fan; for each, the time from
//      send until each client has it (p50/p99 over every delivery) and until the last one has it;
//   2. throughput: a burst of BENCH_LIVE_MESSAGES messages (default 500) from fans sending their
//      rate-limit allowance (5 each); messages per second the room fans out to everyone, measured
//      until every client has received every message.
// Tickets are signed here with the local development secret (the format of server/live/live-ticket.ts);
// production refuses to run with that secret, so these tickets open nothing there.
// The clients do not offer WebSocket compression. The Worker refuses it (wrangler.toml's
// no_web_socket_compression, decision 034), so a browser's socket to a room in production is
// never compressed whatever the browser offers; but wrangler dev's own front workers negotiate it
// with any client that offers it, and the room would then deflate every message once per socket.
// BENCH_LIVE_DEFLATE=1 offers it anyway, to see what that costs. BENCH_LIVE_VERBOSE=1 prints each
// probe's times in order (until the first and until the last client had it), which shows whether a
// slow probe waited before the room sent it or stalled while it went out.
//
// Run by `npm run bench` (bench/run.mjs passes its port), or alone:
//   node bench/live-chat.mjs      (starts its own wrangler dev on BENCH_PORT, default 8798)
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
// `ws` is not a direct dependency: it arrives with wrangler's toolchain (Node 20 has no global WebSocket).
import WebSocket from "ws";

const LOCAL_LIVE_TICKET_SECRET = "local-development-live-ticket-secret";
/** A room no seeded event uses: the room itself never reads D1, only its tickets. */
const BENCH_EVENT_ID = 990_001;
/** The room's rate limit (server/domain/live-room.ts CHAT_LIMITS): 5 messages per fan per 10 s. */
const PER_FAN = 5;
const PROBES = 20;

const b64url = (buf) => Buffer.from(buf).toString("base64url");

function signTicket({ liveEventId, userId, name }) {
  const payload = { e: liveEventId, u: userId, r: "viewer", n: name, i: null, l: "ja", x: Date.now() + 60_000 };
  const payloadPart = b64url(JSON.stringify(payload));
  const sig = createHmac("sha256", LOCAL_LIVE_TICKET_SECRET).update(`live-room-ticket|${payloadPart}`).digest("base64url");
  return `${payloadPart}.${sig}`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

/** One fan's socket: counts chat messages and notes when each probe arrived. */
function connect(port, host, userId) {
  const ticket = signTicket({ liveEventId: BENCH_EVENT_ID, userId, name: `bench${userId}` });
  const socket = new WebSocket(`ws://127.0.0.1:${port}/live/${BENCH_EVENT_ID}/ws?ticket=${encodeURIComponent(ticket)}`, {
    headers: { host },
    perMessageDeflate: process.env.BENCH_LIVE_DEFLATE === "1",
  });
  const client = { socket, userId, chats: 0, onChat: null };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client ${userId} got no welcome in 30 s`)), 30_000);
    socket.on("message", (data) => {
      const text = data.toString();
      // cheap pre-check: presence and welcome messages are not chat
      if (text.startsWith('{"type":"chat"')) {
        client.chats++;
        client.onChat?.(text);
      } else if (text.startsWith('{"type":"welcome"')) {
        clearTimeout(timer);
        resolve(client);
      } else if (text.startsWith('{"type":"error"')) {
        console.error(`  client ${userId}: ${text}`);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function runLiveChatBench({
  port,
  clients = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000),
  burst = Number(process.env.BENCH_LIVE_MESSAGES ?? 500),
}) {
  const host = `www.fanclub.localhost:${port}`;
  console.log(`\nlive chat fan-out: ${clients} WebSocket clients in one room (/live/{id}/ws under wrangler dev)`);
  const joinStarted = performance.now();
  const room = [];
  // 50 handshakes in flight at a time, like a crowd arriving, not a SYN flood
  for (let i = 0; i < clients; i += 50) {
    const batch = [];
    for (let k = i; k < Math.min(clients, i + 50); k++) batch.push(connect(port, host, 100_000 + k));
    room.push(...(await Promise.all(batch)));
  }
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  console.log(`  joined: ${clients} clients in ${joinSeconds.toFixed(1)} s (${(clients / joinSeconds).toFixed(0)} joins/s)`);

  // 1. latency of one message to everyone
  const deliveries = [];
  const toAll = [];
  const firsts = [];
  for (let p = 0; p < PROBES; p++) {
    const sender = room[p % room.length];
    const marker = `probe-${p}-${Date.now()}`;
    let sentAt = 0;
    const arrived = Promise.all(
      room.map(
        (c) =>
          new Promise((resolve) => {
            c.onChat = (text) => {
              if (!text.includes(marker)) return;
              deliveries.push(performance.now() - sentAt);
              c.onChat = null;
              resolve();
            };
          }),
      ),
    );
    sentAt = performance.now();
    sender.socket.send(JSON.stringify({ type: "chat", liveEventId: BENCH_EVENT_ID, text: marker }));
    const before = deliveries.length;
    await arrived;
    toAll.push(performance.now() - sentAt);
    firsts.push(Math.min(...deliveries.slice(before)));
  }
  if (process.env.BENCH_LIVE_VERBOSE === "1")
    console.log(
      `  each probe, in order, until the first / the last client had it: ${toAll.map((t, i) => `${firsts[i].toFixed(0)}/${t.toFixed(0)}`).join(", ")} ms`,
    );
  deliveries.sort((a, b) => a - b);
  toAll.sort((a, b) => a - b);
  console.log(
    `  delivery latency, ${PROBES} messages x ${clients} clients: p50 ${ms(percentile(deliveries, 50))}, p99 ${ms(percentile(deliveries, 99))}; ` +
      `until the last client has it: p50 ${ms(percentile(toAll, 50))}, p99 ${ms(percentile(toAll, 99))}`,
  );

  // 2. a burst: how many messages per second the room fans out to everyone
  const senders = Math.ceil(burst / PER_FAN);
  if (senders + PROBES > room.length)
    throw new Error(`a burst of ${burst} needs ${senders} fans besides the probe senders; raise BENCH_LIVE_CLIENTS`);
  for (const c of room) c.chats = 0;
  const everyoneHasAll = Promise.all(
    room.map(
      (c) =>
        new Promise((resolve) => {
          c.onChat = () => {
            if (c.chats >= burst) {
              c.onChat = null;
              resolve();
            }
          };
        }),
    ),
  );
  const burstStarted = performance.now();
  let sent = 0;
  for (let s = 0; s < senders && sent < burst; s++) {
    const sender = room[PROBES + s];
    for (let k = 0; k < PER_FAN && sent < burst; k++, sent++)
      sender.socket.send(JSON.stringify({ type: "chat", liveEventId: BENCH_EVENT_ID, text: `burst ${sent}` }));
  }
  await everyoneHasAll;
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  const perSecond = burst / burstSeconds;
  console.log(
    `  burst: ${burst} messages from ${senders} fans reached all ${clients} clients in ${burstSeconds.toFixed(2)} s: ` +
      `${perSecond.toFixed(0)} messages/s fanned out (${Math.round(perSecond * clients).toLocaleString("en")} deliveries/s)`,
  );

  await Promise.all(
    room.map(
      (c) =>
        new Promise((resolve) => {
          c.socket.once("close", resolve);
          c.socket.close(1000, "bench done");
        }),
    ),
  );
  return {
    clients,
    joinSeconds,
    latency: { p50: percentile(deliveries, 50), p99: percentile(deliveries, 99) },
    toAll: { p50: percentile(toAll, 50), p99: percentile(toAll, 99) },
    messagesPerSecond: perSecond,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { startWorker } = await import("../scripts/start-worker.mjs");
  const { offlineEnv } = await import("../scripts/wrangler-env.mjs");
  const { benchLocalTraces } = await import("./seeded-worker.mjs");
  const port = Number(process.env.BENCH_PORT ?? 8798);
  const persistTo = path.resolve(".wrangler/bench-state");
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    env: offlineEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const worker = await startWorker({ port, persistTo, stdio: "ignore", localTraces: benchLocalTraces });
  try {
    await runLiveChatBench({ port });
  } finally {
    worker.stop();
  }
}
