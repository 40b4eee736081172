// Photo-like test pictures for the leak tracing demo, tests and bench (docs/decisions/042): smooth
// light, a few shapes, and fine texture, drawn from a seed so every run gets the same pixels.
// RGBA bitmaps; callers encode them (jpeg-js).

/** @param {number} seed */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * @param {number} seed
 * @param {number} width
 * @param {number} height
 * @returns {{ width: number, height: number, data: Uint8Array }}
 */
export function demoPhoto(seed, width = 800, height = 600) {
  const r = rng(seed);
  const data = new Uint8Array(width * height * 4);
  const sky = [120 + r() * 100, 140 + r() * 90, 170 + r() * 80];
  const ground = [40 + r() * 80, 60 + r() * 80, 30 + r() * 60];
  const horizon = height * (0.45 + r() * 0.2);
  const blobs = Array.from({ length: 6 }, () => ({
    x: r() * width,
    y: r() * height,
    rad: (0.05 + r() * 0.18) * Math.min(width, height),
    c: [r() * 255, r() * 255, r() * 255],
  }));
  const fx = 0.02 + r() * 0.05;
  const fy = 0.02 + r() * 0.05;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const base = y < horizon ? sky : ground;
      const shade = y < horizon ? 1 - (0.3 * y) / horizon : 0.8 + 0.2 * Math.sin(x * fx) * Math.cos(y * fy);
      let c = base.map((v) => v * shade);
      for (const b of blobs) {
        const d = Math.hypot(x - b.x, y - b.y);
        if (d < b.rad) {
          const k = 0.85 * (1 - (d / b.rad) ** 4);
          c = c.map((v, i) => v * (1 - k) + b.c[i] * k);
        }
      }
      const grain = (r() - 0.5) * 14;
      data[p] = Math.max(0, Math.min(255, c[0] + grain));
      data[p + 1] = Math.max(0, Math.min(255, c[1] + grain));
      data[p + 2] = Math.max(0, Math.min(255, c[2] + grain));
      data[p + 3] = 255;
    }
  }
  return { width, height, data };
}

/**
 * Half (or any factor) size by averaging boxes of pixels: what an image editor's downscale does.
 * @param {{ width: number, height: number, data: Uint8Array }} img
 * @param {number} factor
 */
export function resizeBox(img, factor) {
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / factor);
    const y1 = Math.min(img.height, Math.max(y0 + 1, Math.floor((y + 1) / factor)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / factor);
      const x1 = Math.min(img.width, Math.max(x0 + 1, Math.floor((x + 1) / factor)));
      const sum = [0, 0, 0];
      let n = 0;
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const p = (sy * img.width + sx) * 4;
          sum[0] += img.data[p];
          sum[1] += img.data[p + 1];
          sum[2] += img.data[p + 2];
          n++;
        }
      const q = (y * width + x) * 4;
      data[q] = sum[0] / n;
      data[q + 1] = sum[1] / n;
      data[q + 2] = sum[2] / n;
      data[q + 3] = 255;
    }
  }
  return { width, height, data };
}
