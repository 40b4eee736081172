#!/usr/bin/env node
// Bytes of the images a page loads, originals against variants (docs/decisions/044), in one run:
// the demo album post as a member (fan01, so every picture is that fan's marked copy) and the demo
// fan club page as a visitor. For each <img> the page sends, the "variants" column takes the
// candidate a browser picks from srcset/sizes for the viewport (the smallest at least as wide as
// the slot times the pixel ratio), the "originals" column the full-size image the page sent
// before variants existed (the album picture's link, the icon's or header's own key). Every image
// counts, lazy ones too, each URL once (a browser caches). "with WebP" is what a browser that
// accepts WebP gets for the same URLs (public variants' WebP copies; paid ones stay JPEG). The
// demo's variants are made at seed time by the job's rules (scripts/demo-variants.mjs).
// Alone: npx node bench/image-bytes.mjs (starts a seeded worker of its own on BENCH_PORT, default 8796).
import { getter } from "./first-visit-js.mjs";
import { signInDemo } from "./seed-sql.mjs";

const VIEWPORTS = [
  { name: "phone 412 px at 1.75x", width: 412, dpr: 1.75 },
  { name: "desktop 1280 px at 1x", width: 1280, dpr: 1 },
];

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replaceAll("&amp;", "&");

/** The width a `sizes` list gives the image at this viewport (px, vw and rem; the conditions our pages use). */
export function slotWidth(sizes, viewport) {
  for (const part of sizes.split(/,\s*(?![^()]*\))/)) {
    const m = /^\s*(?:\((max|min)-width:\s*(\d+)(px|rem)\)\s*)?(\d+(?:\.\d+)?)(px|vw|rem)\s*$/.exec(part);
    if (!m) continue;
    const [, kind, bound, boundUnit, value, unit] = m;
    if (kind) {
      const limit = Number(bound) * (boundUnit === "rem" ? 16 : 1);
      if (kind === "max" ? viewport.width > limit : viewport.width < limit) continue;
    }
    return Number(value) * (unit === "vw" ? viewport.width / 100 : unit === "rem" ? 16 : 1);
  }
  return viewport.width;
}

/** What a browser loads for one <img>: the srcset candidate for the slot, else src. */
export function chosenUrl(img, viewport) {
  if (!img.srcset) return img.src;
  const candidates = img.srcset
    .split(/,\s+/)
    .map((c) => {
      const [url, w] = c.trim().split(/\s+/);
      return { url, w: Number(w?.replace("w", "")) };
    })
    .sort((a, b) => a.w - b.w);
  const need = slotWidth(img.sizes ?? "100vw", viewport) * viewport.dpr;
  return (candidates.find((c) => c.w >= need) ?? candidates.at(-1)).url;
}

/** The <img> tags of a page with the full-size image each stands for. */
function imagesOf(html) {
  const out = [];
  for (const m of html.matchAll(/(?:<a href="([^"]+)"[^>]*>)?<img\s[^>]*>/g)) {
    const tag = m[0].slice(m[0].indexOf("<img"));
    const src = attr(tag, "src");
    if (!src) continue;
    const link = m[1]?.replaceAll("&amp;", "&");
    // an album thumbnail stands for the picture its link opens; a public variant for its key
    const original = /%40w\d+\.jpg/.test(src) && link ? link : src.replace(/@w\d+\.jpg$/, "");
    out.push({ src, srcset: attr(tag, "srcset"), sizes: attr(tag, "sizes"), original });
  }
  return out;
}

/** What Chromium sends for an image: WebP named, so public variants come as their WebP copies. */
const BROWSER_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

const kb = (n) => `${(n / 1024).toFixed(0).padStart(6)} KB`;

/** Measures both pages on a running worker; returns the rows it printed. */
export async function runImageBytesBench(port) {
  const get = getter(port);
  const member = await signInDemo(port, "fan01@demo.fanclub.localhost");
  const sizes = new Map();
  // `accept`: a browser's image Accept gets a public variant's WebP copy (docs/decisions/044)
  const bytesOf = async (url, cookie, accept) => {
    const key = `${cookie ?? ""}|${accept ?? ""}|${url}`;
    if (!sizes.has(key)) {
      const res = await get(url, { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      sizes.set(key, res.body.byteLength);
    }
    return sizes.get(key);
  };
  const pages = [
    { name: "album post /fanclubs/101/posts/845001 (member)", path: "/fanclubs/101/posts/845001", cookie: member },
    { name: "fan club page /fanclubs/101 (visitor)", path: "/fanclubs/101", cookie: undefined },
  ];
  console.log("\nimage bytes a page loads, originals vs variants (every <img>, lazy ones too, each URL once), one run");
  const rows = [];
  for (const page of pages) {
    const res = await get(page.path, { accept: "text/html", ...(page.cookie ? { cookie: page.cookie } : {}) });
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    const images = imagesOf(res.body.toString("utf8"));
    let originals = 0;
    for (const url of new Set(images.map((i) => i.original))) originals += await bytesOf(url, page.cookie);
    for (const viewport of VIEWPORTS) {
      let variants = 0;
      let webp = 0;
      for (const url of new Set(images.map((i) => chosenUrl(i, viewport)))) {
        variants += await bytesOf(url, page.cookie);
        webp += await bytesOf(url, page.cookie, BROWSER_IMAGE_ACCEPT);
      }
      const ratio = variants / originals;
      const row = { page: page.name, viewport: viewport.name, images: images.length, originals, variants, ratio, webp };
      rows.push(row);
      console.log(
        `${page.name.padEnd(48)} ${viewport.name.padEnd(22)} ${String(images.length).padStart(2)} images  originals ${kb(originals)}  variants ${kb(variants)}  ratio ${ratio.toFixed(3)} (goal ≤ 0.200) ${ratio <= 0.2 ? "ok" : "MISSED"}  with WebP ${kb(webp)} (${(webp / originals).toFixed(3)})`,
      );
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startSeededWorker } = await import("./seeded-worker.mjs");
  const port = Number(process.env.BENCH_PORT ?? 8796);
  const worker = await startSeededWorker({ port, state: "bench-images" });
  try {
    await runImageBytesBench(port);
  } finally {
    await worker.stop();
  }
}
