#!/usr/bin/env node
// Leak tracing figures in one run (docs/decisions/042): the cost of a fan's marked copy of a JPEG
// (CPU ms of decode + marks + encode, bytes before and after) at common sizes, and the detection
// rate after a 50 % resize and re-encoding at quality 70, over seeded pictures and fan ids, with
// the scores of unmarked pictures (false positives). The production modules are bundled with
// esbuild and run in Node's V8 (the engine workerd runs).
// Usage: npx node bench/leak-marks.mjs [pictures=8] [fans=2000]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { demoPhoto, resizeBox } from "../db/seed/leak-images.mjs";

const pictures = Number(process.argv[2] ?? 8);
const fanCount = Number(process.argv[3] ?? 2000);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "leak-bench-"));
const entry = path.join(dir, "entry.ts");
const out = path.join(dir, "marks.mjs");
const { writeFileSync } = await import("node:fs");
writeFileSync(
  entry,
  `export * from ${JSON.stringify(path.join(root, "server/media/fan-marks.ts"))};\nexport * from ${JSON.stringify(path.join(root, "server/domain/fan-mark.ts"))};\n`,
);
execFileSync(path.join(root, "node_modules/.bin/esbuild"), [
  entry,
  "--bundle",
  "--format=esm",
  "--platform=node",
  `--outfile=${out}`,
  "--log-level=error",
]);
const m = await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true, force: true });

const SECRET = "bench-media-secret-bench-media-secret-0001";
const FANCLUB = 101;
const fans = Array.from({ length: fanCount }, (_, i) => 780000 + i * 3);
const key = await m.markKeyFor(SECRET, FANCLUB);

console.log("cost of a fan's marked copy (first delivery; later ones come from the cache)");
for (const [w, h] of [
  [1024, 768],
  [2048, 1536],
]) {
  const original = m.encodeJpeg(demoPhoto(5, w, h), 90);
  const runs = [];
  let marked;
  for (let i = 0; i < 3; i++) {
    const t0 = process.cpuUsage();
    marked = await m.markJpeg(original, { secret: SECRET, fanclubId: FANCLUB, userId: fans[1], visible: true });
    const t = process.cpuUsage(t0);
    runs.push((t.user + t.system) / 1000);
  }
  const best = Math.min(...runs);
  console.log(
    `  ${w}×${h}: ${best.toFixed(0)} ms CPU (best of 3), ${(original.byteLength / 1024).toFixed(0)} KiB → ${(marked.byteLength / 1024).toFixed(0)} KiB (${(((marked.byteLength - original.byteLength) / original.byteLength) * 100).toFixed(1)} %)`,
  );
}

console.log(`\ndetection after a 50 % resize and JPEG quality 70 (${pictures} pictures, ${fans.length} candidate fans)`);
let hits = 0;
const zs = [];
let worstNull = 0;
for (let i = 0; i < pictures; i++) {
  const w = [640, 1024, 1280, 800][i % 4];
  const h = Math.round((w * 3) / 4);
  const original = m.encodeJpeg(demoPhoto(100 + i, w, h), 90);
  const fan = fans[(i * 131) % fans.length];
  const marked = await m.markJpeg(original, { secret: SECRET, fanclubId: FANCLUB, userId: fan, visible: i % 2 === 0 });
  const attacked = m.decodeJpeg(m.encodeJpeg(resizeBox(m.decodeJpeg(marked), 0.5), 70));
  const t0 = process.cpuUsage();
  const match = m.detectFan(attacked, key, fans);
  const t = process.cpuUsage(t0);
  if (match?.fanId === fan) hits++;
  zs.push(m.markScores(attacked, key, [fan]).get(fan));
  const clean = m.markScores(m.decodeJpeg(m.encodeJpeg(resizeBox(m.decodeJpeg(original), 0.5), 70)), key, fans);
  worstNull = Math.max(worstNull, ...[...clean.values()].map(Math.abs));
  console.log(
    `  ${w}×${h} fan ${fan}: named ${match ? match.fanId : "nobody"}, z ${zs.at(-1).toFixed(1)}, confidence ${match ? (match.confidence * 100).toFixed(4) : "-"} %, trace ${((t.user + t.system) / 1000).toFixed(0)} ms CPU`,
  );
}
console.log(
  `  detection rate ${hits}/${pictures} (${((hits / pictures) * 100).toFixed(0)} %), z of the right fan ${Math.min(...zs).toFixed(1)}–${Math.max(...zs).toFixed(1)}`,
);
console.log(`  unmarked pictures: highest |z| over all candidates ${worstNull.toFixed(2)} (threshold ${m.MARK_Z_THRESHOLD}); named 0`);
