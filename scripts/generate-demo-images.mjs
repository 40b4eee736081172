#!/usr/bin/env node
// Writes the demo seed's images (fan club icons and headers, user icons, the header banner) under public/demo/ as
// small SVG files. Deterministic: the same seed data gives byte-identical files, so re-running it
// shows no diff unless the demo data changed. Run after editing db/seed/seed-sql.mjs:
//   node scripts/generate-demo-images.mjs
//
// Only presentation attributes are used (no <style>, no style=""): the static files are served
// under a Content-Security-Policy without 'unsafe-inline' styles. No text other than Latin
// initials, because an SVG shown through <img> uses whatever fonts the system has.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_ACCOUNTS, DEMO_FANCLUBS } from "../db/seed/seed-sql.mjs";
import { DEMO_BANNERS } from "../db/seed/banners-demo.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "public");

/** @param {number} h @param {number} s @param {number} l (0–100) */
function hex(h, s, l) {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  /** @param {number} n */
  const f = (n) => {
    const k = (n + hue / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** A small seeded generator (mulberry32) keyed by a name, so each image has its own layout. */
function random(name) {
  let seed = 0;
  for (const ch of name) seed = (Math.imul(seed, 31) + ch.codePointAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

/** @param {number} hue */
const gradient = (hue, x2 = 1, y2 = 1) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${hex(hue, 68, 55)}"/><stop offset="1" stop-color="${hex(hue + 40, 65, 37)}"/></linearGradient></defs>`;

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x, y, r) => {
  const w = r / 4;
  return `<path d="M${r1(x)} ${r1(y - r)}Q${r1(x + w)} ${r1(y - w)} ${r1(x + r)} ${r1(y)}Q${r1(x + w)} ${r1(y + w)} ${r1(x)} ${r1(y + r)}Q${r1(x - w)} ${r1(y + w)} ${r1(x - r)} ${r1(y)}Q${r1(x - w)} ${r1(y - w)} ${r1(x)} ${r1(y - r)}Z" fill="#fff" fill-opacity=".7"/>`;
};

/** @param {string} initials @param {number} size @param {number} fontSize */
const label = (initials, size, fontSize) =>
  `<text x="${size / 2}" y="${size / 2}" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff">${initials}</text>`;

/** Square fan club icon: gradient, soft circles, initials. */
function icon({ initials, hue, uniquePath }) {
  const rnd = random(`${uniquePath}:icon`);
  const circles = [0, 1, 2]
    .map(
      () =>
        `<circle cx="${Math.round(rnd() * 256)}" cy="${Math.round(rnd() * 256)}" r="${Math.round(40 + rnd() * 70)}" fill="#fff" fill-opacity=".12"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">${gradient(hue)}<rect width="256" height="256" fill="url(#g)"/>${circles}${label(initials, 256, 96)}</svg>\n`;
}

/** 1200×400 header: gradient, large circles, sparkles and a wave along the bottom. */
function header({ hue, uniquePath }) {
  const rnd = random(`${uniquePath}:header`);
  const circles = [0, 1, 2, 3]
    .map(
      () =>
        `<circle cx="${Math.round(rnd() * 1200)}" cy="${Math.round(rnd() * 400)}" r="${Math.round(80 + rnd() * 160)}" fill="#fff" fill-opacity=".1"/>`,
    )
    .join("");
  const sparkles = Array.from({ length: 7 }, () => sparkle(40 + rnd() * 1120, 30 + rnd() * 230, 8 + rnd() * 14)).join("");
  const a = Math.round(250 + rnd() * 60);
  const c = Math.round(250 + rnd() * 60);
  const wave = `<path d="M0 ${a}C300 ${a - 70} 500 ${c + 80} 800 ${c}S1100 ${a - 40} 1200 ${a}V400H0Z" fill="#fff" fill-opacity=".16"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">${gradient(hue, 1, 0)}<rect width="1200" height="400" fill="url(#g)"/>${circles}${sparkles}${wave}</svg>\n`;
}

/** Round user icon with the person's initials. */
function avatar({ initials, hue }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">${gradient(hue)}<circle cx="64" cy="64" r="64" fill="url(#g)"/>${label(initials, 128, initials.length > 1 ? 46 : 58)}</svg>\n`;
}

/** A header banner image: gradient, sparkles and the banner's words (the title is its alt text). */
function bannerImage({ hue, text, id }, { width, height }) {
  const rnd = random(`${id}:${width}`);
  const circles = [0, 1, 2]
    .map(
      () =>
        `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${Math.round(height * (0.4 + rnd() * 0.5))}" fill="#fff" fill-opacity=".1"/>`,
    )
    .join("");
  const sparkles = Array.from({ length: 6 }, () => sparkle(20 + rnd() * (width - 40), 20 + rnd() * (height - 40), 6 + rnd() * 10)).join("");
  // Japanese characters are about a full em wide, Latin letters about two thirds
  const em = /^[\x20-\x7e]*$/.test(text) ? 0.68 : 1.05;
  const fontSize = Math.round(Math.min(height * 0.24, (width * 0.8) / (text.length * em)));
  const words = `<text x="${width / 2}" y="${height / 2}" dy=".35em" text-anchor="middle" font-family="'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP', Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" letter-spacing="2" fill="#fff">${text}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${gradient(hue, 1, 0)}<rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${sparkles}${words}</svg>\n`;
}

/** @type {Map<string, string>} public path → file content */
const files = new Map();
for (const f of DEMO_FANCLUBS) {
  if (f.iconKey) files.set(f.iconKey, icon(f));
  if (f.headerKey) files.set(f.headerKey, header(f));
}
for (const a of DEMO_ACCOUNTS) {
  // creators use their fan club's icon, which is already in the map
  if (a.iconUrl?.startsWith("/demo/users/")) files.set(a.iconUrl, avatar(a));
}

for (const b of DEMO_BANNERS) {
  for (const image of Object.values(b.image)) files.set(image.url, bannerImage(b, image));
}

// start from empty folders, so images of removed demo rows do not linger
for (const folder of ["demo/fanclubs", "demo/users", "demo/banners"]) {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith(".svg")) rmSync(join(dir, name));
}
let bytes = 0;
for (const [path, content] of files) {
  writeFileSync(join(root, path), content);
  bytes += Buffer.byteLength(content);
}
console.log(`wrote ${files.size} demo images (${(bytes / 1024).toFixed(1)} KiB) under public/demo/`);
