#!/usr/bin/env node
// Benchmark, not a test: one large upload through the exact multipart flow a browser uses (issue,
// sign each part, PUT parts several at a time, complete), against `wrangler dev`, compared with
// writing the same bytes to local disk in the same run. Samples the workerd processes' resident
// memory before, during and after: it must not grow with the bytes, parts stream through the
// Worker into R2 (what the runtime keeps per request, bytes or not, is measured first and apart).
// The bytes are generated part by part (an MP4 `ftyp` header first); the whole file is never
// held in memory. Afterwards the stored object and the disk file are deleted.
//
// Run by `npm run bench` (bench/run.mjs passes its worker), or alone:
//   BENCH_UPLOAD_MB=3072 node bench/upload.mjs      (starts its own wrangler dev on BENCH_PORT)
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const MiB = 1024 * 1024;
/** Parts in flight at once, as the browser hook sends them. */
const PARALLEL = 4;
const PASSWORD = "fanclub-demo";
const CREATOR = "creator01@demo.fanclub.localhost";

/** The part size rule of server/domain/uploads.ts (plain JS here: the bench runs in Node without a build). */
function partSizeFor(size) {
  return Math.max(5 * MiB, Math.ceil(size / 10_000 / MiB) * MiB);
}

const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
]);

/** A part's bytes: a fixed pseudo-random pattern with the part number stamped in, so parts differ. */
function partBytes(pattern, partNumber, length) {
  const bytes = Buffer.allocUnsafe(length);
  pattern.copy(bytes, 0, 0, length);
  if (partNumber === 1) MP4_HEADER.copy(bytes, 0);
  else bytes.writeUInt32BE(partNumber, 0);
  return bytes;
}

/**
 * Resident memory (KB) of the workerd processes under `rootPid`: the runtime (the Worker with the
 * local R2 and D1) and wrangler's dev proxy in front of it (the one listening on `port`; there is
 * no such proxy in production).
 */
function workerdRss(rootPid, port) {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, ppid, rss, args]) => ({ pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args }));
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) {
      if (!inTree.has(r.pid) && inTree.has(r.ppid)) {
        inTree.add(r.pid);
        grew = true;
      }
    }
  }
  const workerd = rows.filter((r) => inTree.has(r.pid) && /\bworkerd serve\b/.test(r.args));
  const isProxy = (r) => r.args.includes(`--socket-addr=entry=127.0.0.1:${port} `);
  const sum = (list) => list.reduce((n, r) => n + r.rss, 0);
  return { runtime: sum(workerd.filter((r) => !isProxy(r))), proxy: sum(workerd.filter(isProxy)) };
}

export async function runUploadBench({ port, rootPid, sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 3072) }) {
  const size = Math.round(sizeMb * MiB);
  const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 2 });
  let cookie = "";

  /**
   * One request over loopback with a Host header; `body` is a Buffer or a string. A kept-alive
   * socket the server closed just as it was reused fails with ECONNRESET: the browser's uploader
   * retries then, and so does this (never the issue call, which is not idempotent).
   */
  async function send(method, host, pathname, options = {}) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sendOnce(method, host, pathname, options);
      } catch (error) {
        if (options.once || attempt >= 3 || error.code !== "ECONNRESET") throw error;
      }
    }
  }
  function sendOnce(method, host, pathname, { body, headers = {} } = {}) {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: pathname,
          agent,
          headers: {
            host: `${host}:${port}`,
            ...(cookie ? { cookie } : {}),
            ...headers,
            ...(body ? { "content-length": Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
  const api = async (method, pathname, body) => {
    const res = await send(method, "www.fanclub.localhost", `/api/v1/me/fanclub/uploads${pathname}`, {
      once: method === "POST" && pathname === "",
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" },
    });
    const json = JSON.parse(res.text);
    if (!json.success) throw new Error(`${method} ${pathname} answered ${res.status}: ${json.payload?.message}`);
    return json.payload;
  };

  // sign in as a demo creator on the login domain; the session cookie covers every subdomain
  const login = await send("POST", "auth.fanclub.localhost", "/auth/login", {
    body: new URLSearchParams({ email: CREATOR, password: PASSWORD }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://auth.fanclub.localhost:${port}`, accept: "text/html" },
  });
  cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  if (!/(^|; )sid=/.test(cookie)) throw new Error(`sign-in as ${CREATOR} failed (${login.status})`);

  const pattern = Buffer.alloc(partSizeFor(size));
  for (let i = 0, x = 2463534242; i < pattern.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pattern.writeUInt32LE(x >>> 0, i);
  }

  // Under wrangler dev the runtime keeps memory per request, whatever the request, until its heaps
  // reach their working size (a bare /api/v1/ping does it too). The same number of bare requests
  // as the upload will make come first, so what moves afterwards is what the bytes cost.
  const requests = 2 * Math.ceil(size / partSizeFor(size)) + 2;
  const idle = workerdRss(rootPid, port);
  for (let i = 0; i < requests; i++) await send("GET", "www.fanclub.localhost", "/api/v1/ping");

  const samples = [];
  let sentBytes = 0;
  const before = workerdRss(rootPid, port);
  const sampler = setInterval(() => samples.push({ sent: sentBytes, ...workerdRss(rootPid, port) }), 500);

  const issued = await api("POST", "", { kind: "streaming", filename: "bench.mp4", size, contentType: "video/mp4" });
  const { file, partSize } = issued;
  if (partSize !== partSizeFor(size)) throw new Error(`server part size ${partSize} differs from the bench's rule`);
  const parts = Math.ceil(size / partSize);
  let next = 1;
  const started = performance.now();
  async function lane() {
    for (;;) {
      const n = next++;
      if (n > parts) return;
      const length = Math.min(partSize, size - (n - 1) * partSize);
      const { url } = await api("POST", `/${file.id}/parts/${n}`);
      const res = await send("PUT", "www.fanclub.localhost", url, { body: partBytes(pattern, n, length) });
      if (res.status !== 200 || !res.headers.etag) throw new Error(`part ${n} answered ${res.status}: ${res.text}`);
      sentBytes += length;
    }
  }
  let item;
  try {
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    item = (await api("POST", `/${file.id}/complete`, { parts: [] })).item;
  } finally {
    clearInterval(sampler);
  }
  const uploadSeconds = (performance.now() - started) / 1000;
  if (item?.size !== size) throw new Error(`completion answered ${JSON.stringify(item)}`);
  const after = workerdRss(rootPid, port);

  // the same bytes to local disk, in the same part-sized writes, flushed
  const dir = mkdtempSync(path.join(tmpdir(), "fanclub-bench-"));
  const target = path.join(dir, "bench.mp4");
  const diskStarted = performance.now();
  await new Promise((resolve, reject) => {
    const out = createWriteStream(target);
    out.on("error", reject);
    let n = 1;
    const write = () => {
      while (n <= parts) {
        const length = Math.min(partSize, size - (n - 1) * partSize);
        const ok = out.write(partBytes(pattern, n++, length));
        if (!ok) return void out.once("drain", write);
      }
      out.end();
    };
    out.on("finish", () => {
      execFileSync("sync", [target]);
      resolve();
    });
    write();
  });
  const diskSeconds = (performance.now() - diskStarted) / 1000;
  rmSync(dir, { recursive: true, force: true });

  // free the 3 GB in .wrangler: the stored file is not in any post, so removing it deletes it
  await api("DELETE", `/${file.id}`);
  agent.destroy();

  const mb = size / MiB;
  const uploadMbps = mb / uploadSeconds;
  const diskMbps = mb / diskSeconds;
  const mbOf = (kb) => `${(kb / 1024).toFixed(0)} MB`;
  const peak = (key) => Math.max(...samples.map((x) => x[key]), 0);
  const during = { runtime: peak("runtime"), proxy: peak("proxy") };
  // the runtime's memory at each quarter of the bytes sent: flat means parts do not accumulate
  const curve = [0.25, 0.5, 0.75, 1]
    .map((q) => samples.find((x) => x.sent >= q * size * 0.999) ?? samples.at(-1))
    .map((x) => (x ? `${Math.round((x.sent / size) * 100)}% ${mbOf(x.runtime)}` : "-"));
  console.log(
    `\nupload of ${mb.toFixed(0)} MiB (${parts} parts of ${partSize / MiB} MiB, ${PARALLEL} in parallel) through issue / sign / PUT / complete`,
  );
  console.log(`  multipart upload via wrangler dev: ${uploadMbps.toFixed(1)} MB/s (${uploadSeconds.toFixed(1)} s)`);
  console.log(`  raw local disk write (same bytes): ${diskMbps.toFixed(1)} MB/s (${diskSeconds.toFixed(1)} s)`);
  console.log(`  upload / disk ratio: ${(uploadMbps / diskMbps).toFixed(2)}`);
  const rssLine = (key) =>
    `idle ${mbOf(idle[key])}, after ${requests} bare requests ${mbOf(before[key])}, peak during the upload ${mbOf(during[key])}, after ${mbOf(after[key])}`;
  console.log(`  workerd RSS, runtime (Worker, local R2 and D1): ${rssLine("runtime")}`);
  console.log(`  workerd RSS, wrangler's dev proxy: ${rssLine("proxy")}`);
  console.log(`  runtime RSS as the bytes went up (${samples.length} samples): ${curve.join(", ")}`);
  return { uploadMbps, diskMbps, rss: { idle, before, during, after, curve } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { startSeededWorker } = await import("./seeded-worker.mjs");
  const port = Number(process.env.BENCH_PORT ?? 8798);
  const worker = await startSeededWorker({ port, state: "bench-state" });
  try {
    await runUploadBench({ port, rootPid: worker.child.pid });
  } finally {
    worker.stop();
  }
}
