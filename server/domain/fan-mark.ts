/**
 * Per-fan marks on images of paid posts (docs/decisions/042). Pure pixel arithmetic on RGBA
 * bitmaps; the JPEG codec, the keys and the caching are in server/media/fan-marks.ts.
 *
 * The invisible mark is a spread-spectrum fingerprint at a scale no resize or JPEG pass removes:
 * the picture is cut into a 64 × 64 grid of cells (relative to its size, so a 50 % resize keeps
 * the grid), and every cell gets a soft bump of brightness (a raised sine, zero at the cell's
 * edges, so no block edges show), raised or lowered by the fan's own pseudo-random ±1 pattern.
 * Bumps are stronger where the cell has texture to hide them. A fan's pattern comes from a key of
 * the fan club and the fan's id; nothing is written into the picture but the pattern.
 *
 * Detection correlates the suspect's high-passed cell brightness with the pattern of every fan
 * who received images of the fan club, and names the best only when its score stands far above
 * what chance gives (a z-score; see markConfidence).
 */

export const MARK_GRID = 64;
const CELLS = MARK_GRID * MARK_GRID;
/** Images smaller than this in either side are not marked (a cell would be under 2 pixels). */
const MARK_MIN_SIDE = 128;
/** Bump height in 8-bit levels: a floor everywhere, more with the cell's own texture, capped. */
const ALPHA_MIN = 2;
const ALPHA_PER_STD = 0.25;
const ALPHA_MAX = 6;
/**
 * The z-score above which a fan is named. Under no mark, scores are standard normal: the chance
 * that any of 100,000 fans reaches 6 by luck is about 1e-4 (markConfidence).
 */
export const MARK_Z_THRESHOLD = 6;

export interface Rgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom */
  data: Uint8Array;
}

/** The fan club's mark key: four 32-bit words (from an HMAC of the media secret, see fan-marks.ts). */
export type MarkKey = readonly [number, number, number, number];

/** sfc32: a small, well-mixed PRNG; the pattern only needs to look random and be reproducible. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

/** The fan's ±1 pattern over the grid's cells. */
function fanPattern(key: MarkKey, fanId: number): Int8Array {
  const rand = sfc32(key[0] ^ Math.imul(fanId, 0x9e3779b1), key[1] ^ fanId, key[2], key[3] ^ Math.imul(fanId, 0x85ebca6b));
  for (let i = 0; i < 15; i++) rand();
  const chips = new Int8Array(CELLS);
  for (let i = 0; i < CELLS; i += 32) {
    const bits = rand();
    for (let j = 0; j < 32 && i + j < CELLS; j++) chips[i + j] = (bits >>> j) & 1 ? 1 : -1;
  }
  return chips;
}

function cellEdges(size: number): Int32Array {
  const edges = new Int32Array(MARK_GRID + 1);
  for (let i = 0; i <= MARK_GRID; i++) edges[i] = Math.floor((i * size) / MARK_GRID);
  return edges;
}

const luma = (d: Uint8Array, p: number) => 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;

/** Mean and standard deviation of brightness in each cell. */
function cellStats(img: Rgba): { mean: Float64Array; std: Float64Array } {
  const xs = cellEdges(img.width);
  const ys = cellEdges(img.height);
  const mean = new Float64Array(CELLS);
  const std = new Float64Array(CELLS);
  for (let cy = 0; cy < MARK_GRID; cy++) {
    for (let cx = 0; cx < MARK_GRID; cx++) {
      let sum = 0;
      let sq = 0;
      let n = 0;
      for (let y = ys[cy]!; y < ys[cy + 1]!; y++) {
        let p = (y * img.width + xs[cx]!) * 4;
        for (let x = xs[cx]!; x < xs[cx + 1]!; x++, p += 4) {
          const v = luma(img.data, p);
          sum += v;
          sq += v * v;
          n++;
        }
      }
      const c = cy * MARK_GRID + cx;
      mean[c] = n ? sum / n : 0;
      std[c] = n ? Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2)) : 0;
    }
  }
  return { mean, std };
}

function canMark(img: { width: number; height: number }): boolean {
  return img.width >= MARK_MIN_SIDE && img.height >= MARK_MIN_SIDE;
}

const windows = new Map<number, Float64Array>();
/** sin(π (i + ½) / n) for i < n: the bump's profile across a cell n pixels wide (cached per width). */
function sineWindow(n: number): Float64Array {
  let w = windows.get(n);
  if (!w) {
    w = new Float64Array(n);
    for (let i = 0; i < n; i++) w[i] = Math.sin((Math.PI * (i + 0.5)) / n);
    windows.set(n, w);
  }
  return w;
}

const clampByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Adds the fan's invisible mark to the bitmap, in place. Images too small are left as they are. */
export function embedFanMark(img: Rgba, key: MarkKey, fanId: number): void {
  if (!canMark(img)) return;
  const chips = fanPattern(key, fanId);
  const { std } = cellStats(img);
  const xs = cellEdges(img.width);
  const ys = cellEdges(img.height);
  const d = img.data;
  for (let cy = 0; cy < MARK_GRID; cy++) {
    const y0 = ys[cy]!;
    const h = ys[cy + 1]! - y0;
    for (let cx = 0; cx < MARK_GRID; cx++) {
      const c = cy * MARK_GRID + cx;
      const x0 = xs[cx]!;
      const w = xs[cx + 1]! - x0;
      const alpha = Math.min(ALPHA_MAX, ALPHA_MIN + ALPHA_PER_STD * std[c]!) * chips[c]!;
      const across = sineWindow(w);
      for (let y = 0; y < h; y++) {
        const sy = alpha * sineWindow(h)[y]!;
        let p = ((y0 + y) * img.width + x0) * 4;
        for (let x = 0; x < w; x++, p += 4) {
          const delta = sy * across[x]!;
          // a Uint8Array write truncates; round and clamp by hand
          d[p] = clampByte(d[p]! + delta);
          d[p + 1] = clampByte(d[p + 1]! + delta);
          d[p + 2] = clampByte(d[p + 2]! + delta);
        }
      }
    }
  }
}

/**
 * The suspect's cell brightness minus the mean of its 8 neighbours (what the picture itself
 * contributes at this scale is mostly smooth; the bumps are not), centred and scaled to unit
 * variance, so a correlation with any ±1 pattern is a z-score.
 */
function highPassedCells(img: Rgba): Float64Array {
  const { mean } = cellStats(img);
  const hp = new Float64Array(CELLS);
  for (let cy = 0; cy < MARK_GRID; cy++) {
    for (let cx = 0; cx < MARK_GRID; cx++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const y = cy + dy;
          const x = cx + dx;
          if ((dx || dy) && y >= 0 && y < MARK_GRID && x >= 0 && x < MARK_GRID) {
            sum += mean[y * MARK_GRID + x]!;
            n++;
          }
        }
      }
      hp[cy * MARK_GRID + cx] = mean[cy * MARK_GRID + cx]! - sum / n;
    }
  }
  let avg = 0;
  for (const v of hp) avg += v;
  avg /= CELLS;
  let variance = 0;
  for (let i = 0; i < CELLS; i++) {
    hp[i] = hp[i]! - avg;
    variance += hp[i]! ** 2;
  }
  const scale = Math.sqrt(variance) || 1;
  for (let i = 0; i < CELLS; i++) hp[i] = hp[i]! / scale;
  return hp;
}

/** How strongly the suspect carries each fan's mark: a z-score (about N(0,1) for a fan whose mark it lacks). */
export function markScores(img: Rgba, key: MarkKey, fanIds: readonly number[]): Map<number, number> {
  const hp = highPassedCells(img);
  const scores = new Map<number, number>();
  for (const fan of fanIds) {
    const chips = fanPattern(key, fan);
    let dot = 0;
    for (let i = 0; i < CELLS; i++) dot += hp[i]! * chips[i]!;
    // hp has unit norm, so its dot with a ±1 pattern it does not carry has variance 1
    scores.set(fan, dot);
  }
  return scores;
}

/** Upper tail of the standard normal (Abramowitz–Stegun 7.1.26 on erfc; enough for a confidence). */
function normalTail(z: number): number {
  if (z < 0) return 1 - normalTail(-z);
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * poly * Math.exp(-x * x);
}

/**
 * The chance that the best of `candidates` scores is NOT chance: 1 − candidates · P(Z ≥ z)
 * (a union bound over everyone tested), floored at 0.
 */
export function markConfidence(z: number, candidates: number): number {
  return Math.max(0, Math.min(1, 1 - Math.max(1, candidates) * normalTail(z)));
}

export interface MarkMatch {
  fanId: number;
  z: number;
  confidence: number;
}

/** The fan whose mark the suspect carries, or null when nobody's score clears the threshold. */
export function detectFan(img: Rgba, key: MarkKey, fanIds: readonly number[]): MarkMatch | null {
  // a suspect may be smaller than what was marked (resized), but each cell needs a pixel
  if (img.width < MARK_GRID || img.height < MARK_GRID) return null;
  let best: MarkMatch | null = null;
  for (const [fanId, z] of markScores(img, key, fanIds)) {
    if (!best || z > best.z) best = { fanId, z, confidence: 0 };
  }
  if (!best || best.z < MARK_Z_THRESHOLD) return null;
  return { ...best, confidence: markConfidence(best.z, fanIds.length) };
}

// ---- the visible mark -----------------------------------------------------------------------

/** 5 × 7 digits and '#', a row a string: enough for a fan code, no font file in the Worker. */
const GLYPHS: Record<string, readonly string[]> = {
  "#": ["01010", "01010", "11111", "01010", "11111", "01010", "01010"],
  "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11110", "00001", "00001", "01110", "00001", "00001", "11110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};

/** The fan code a fan's images show: 8 digits from bytes the caller derived (an HMAC of fan club and fan). */
export function fanCodeFrom(bytes: Uint8Array): string {
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + (bytes[i] ?? 0);
  return String(n % 100_000_000).padStart(8, "0");
}

function blend(d: Uint8Array, p: number, value: number, opacity: number) {
  for (let k = 0; k < 3; k++) d[p + k] = Math.round(d[p + k]! * (1 - opacity) + value * opacity);
}

/**
 * Writes "#<code>" small and semi-transparent in the bottom-right corner, with a soft dark edge
 * so it reads on light and dark pictures alike. About 2 % of the shorter side high.
 */
export function drawFanCode(img: Rgba, code: string): void {
  const text = `#${code}`;
  const scale = Math.max(1, Math.round(Math.min(img.width, img.height) / 350));
  const glyphW = 6 * scale;
  const width = text.length * glyphW;
  const height = 7 * scale;
  const margin = 4 * scale;
  const left = img.width - width - margin;
  const top = img.height - height - margin;
  if (left < 0 || top < 0) return;
  const d = img.data;
  const ink = (px: number, py: number, value: number, opacity: number) => {
    if (px < 0 || py < 0 || px >= img.width || py >= img.height) return;
    blend(d, (py * img.width + px) * 4, value, opacity);
  };
  for (const [pass, value, opacity] of [
    [0, 0, 0.35],
    [1, 255, 0.55],
  ] as const) {
    for (let i = 0; i < text.length; i++) {
      const rows = GLYPHS[text[i]!];
      if (!rows) continue;
      for (let gy = 0; gy < 7; gy++) {
        for (let gx = 0; gx < 5; gx++) {
          if (rows[gy]![gx] !== "1") continue;
          for (let sy = 0; sy < scale; sy++) {
            for (let sx = 0; sx < scale; sx++) {
              // the shadow sits one step down-right of the ink
              const off = pass === 0 ? Math.max(1, scale >> 1) : 0;
              ink(left + i * glyphW + gx * scale + sx + off, top + gy * scale + sy + off, value, opacity);
            }
          }
        }
      }
    }
  }
}
