import { describe, expect, it } from "vitest";
import { demoPhoto, resizeBox } from "../../db/seed/leak-images.mjs";
import { MARK_Z_THRESHOLD, detectFan, drawFanCode, markConfidence, markScores } from "../../server/domain/fan-mark";
import { decodeJpeg, encodeJpeg, fanCodeFor, markJpeg, markKeyFor } from "../../server/media/fan-marks";

const SECRET = "unit-test-media-secret-unit-test-media-secret";
const FANCLUB = 101;
// the fans who received the fan club's images: the candidates a suspect is tested against
const FANS = Array.from({ length: 300 }, (_, i) => 1001 + i * 7);

function original(seed: number, width = 512, height = 384) {
  return encodeJpeg(demoPhoto(seed, width, height), 92);
}

/** What a leaker's image editor does: half the size, saved again at quality 70. */
function halfAtQ70(jpegBytes: Uint8Array) {
  return decodeJpeg(encodeJpeg(resizeBox(decodeJpeg(jpegBytes), 0.5), 70));
}

describe("the invisible per-fan mark", { timeout: 120_000 }, () => {
  it("names the fan after a JPEG re-encode at q70 and a 50 % resize, over several pictures and fans", async () => {
    const key = await markKeyFor(SECRET, FANCLUB);
    const seeds = [11, 12, 13, 14];
    for (const [i, seed] of seeds.entries()) {
      const fan = FANS[i * 50 + 3]!;
      const marked = await markJpeg(original(seed), { secret: SECRET, fanclubId: FANCLUB, userId: fan, visible: false });
      expect(marked).not.toBeNull();
      const match = detectFan(halfAtQ70(marked!), key, FANS);
      expect(match?.fanId, `seed ${seed}`).toBe(fan);
      expect(match!.z).toBeGreaterThan(MARK_Z_THRESHOLD);
      expect(match!.confidence).toBeGreaterThan(0.999);
    }
  });

  it("names the right one of two fans who got the same picture, each surviving the attack", async () => {
    const key = await markKeyFor(SECRET, FANCLUB);
    const picture = original(21);
    const [a, b] = [FANS[10]!, FANS[11]!];
    const forA = await markJpeg(picture, { secret: SECRET, fanclubId: FANCLUB, userId: a, visible: true });
    const forB = await markJpeg(picture, { secret: SECRET, fanclubId: FANCLUB, userId: b, visible: true });
    expect(detectFan(decodeJpeg(forA!), key, FANS)?.fanId).toBe(a);
    expect(detectFan(halfAtQ70(forB!), key, FANS)?.fanId).toBe(b);
  });

  it("names nobody in an unmarked picture, or in one marked for another fan club", async () => {
    const key = await markKeyFor(SECRET, FANCLUB);
    for (const seed of [31, 32, 33]) {
      expect(detectFan(halfAtQ70(original(seed)), key, FANS)).toBeNull();
      const scores = [...markScores(decodeJpeg(original(seed)), key, FANS).values()];
      // scores without a mark are about standard normal
      expect(Math.max(...scores.map(Math.abs))).toBeLessThan(MARK_Z_THRESHOLD);
    }
    const elsewhere = await markJpeg(original(34), { secret: SECRET, fanclubId: FANCLUB + 1, userId: FANS[5]!, visible: false });
    expect(detectFan(decodeJpeg(elsewhere!), key, FANS)).toBeNull();
  });

  it("changes the picture by little (PSNR above 36 dB) and keeps its size", async () => {
    const before = original(41);
    const after = await markJpeg(before, { secret: SECRET, fanclubId: FANCLUB, userId: FANS[0]!, visible: false });
    const a = decodeJpeg(before);
    const b = decodeJpeg(after!);
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    let se = 0;
    for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) se += (a.data[i]! - b.data[i]!) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (se / ((a.data.length * 3) / 4)));
    expect(psnr).toBeGreaterThan(36);
  });

  it("leaves pictures too small to carry it unchanged, and refuses what is not a JPEG", async () => {
    const tiny = demoPhoto(51, 100, 80);
    const copy = new Uint8Array(tiny.data);
    const { embedFanMark } = await import("../../server/domain/fan-mark");
    embedFanMark(tiny, await markKeyFor(SECRET, FANCLUB), 7);
    expect(tiny.data).toEqual(copy);
    expect(
      await markJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { secret: SECRET, fanclubId: 1, userId: 1, visible: false }),
    ).toBeNull();
  });
});

describe("the visible fan code", () => {
  it("writes the code into the bottom-right corner only", async () => {
    const img = demoPhoto(61, 640, 480);
    const before = new Uint8Array(img.data);
    drawFanCode(img, await fanCodeFor(SECRET, FANCLUB, 1001));
    let changedOutside = 0;
    let changedCorner = 0;
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++) {
        const p = (y * img.width + x) * 4;
        if (img.data[p] === before[p] && img.data[p + 1] === before[p + 1]) continue;
        if (x > img.width * 0.7 && y > img.height * 0.9) changedCorner++;
        else changedOutside++;
      }
    expect(changedCorner).toBeGreaterThan(100);
    expect(changedOutside).toBe(0);
  });

  it("is 8 digits, stable per fan and fan club, and differs across fan clubs", async () => {
    const code = await fanCodeFor(SECRET, FANCLUB, 1001);
    expect(code).toMatch(/^\d{8}$/);
    expect(await fanCodeFor(SECRET, FANCLUB, 1001)).toBe(code);
    expect(await fanCodeFor(SECRET, FANCLUB + 1, 1001)).not.toBe(code);
  });
});

describe("the confidence", () => {
  it("is near certain far above the threshold, and falls with the number of fans tested", () => {
    expect(markConfidence(20, 100_000)).toBeGreaterThan(0.999999);
    expect(markConfidence(4, 10)).toBeGreaterThan(markConfidence(4, 10_000));
    expect(markConfidence(0, 10)).toBe(0);
  });
});
