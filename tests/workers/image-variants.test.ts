import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhoto } from "../../db/seed/leak-images.mjs";
import { encodeJpeg, decodeJpeg } from "../../server/media/fan-marks";
import { handleQueue } from "../../server/jobs/queue";
import type { JobMessage } from "../../server/jobs/messages";
import { variantKey } from "../../server/domain/image-variants";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { contains, withExif } from "./exif-fixture";

/*
 * Image variants (docs/decisions/044): a cover upload queues a job that stores smaller JPEGs
 * beside the original, re-encoded from pixels so the upload's EXIF (GPS included) is gone, and
 * /media serves the original for a variant not stored yet.
 */

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

async function runJobs(bodies: JobMessage[]) {
  const messages = bodies.map((body) => ({ body, attempts: 1, ack() {}, retry() {} }));
  await handleQueue({ messages } as unknown as MessageBatch<JobMessage>, env);
}

let owner: Awaited<ReturnType<typeof confirmedAccount>>;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "カバー投稿者", prefix: "ivo" });
  await insertFanclub(owner.id, { name: "バリアント写真館" });
});

describe("cover variants", () => {
  it("stores smaller variants without the upload's EXIF GPS block, and serves the original until then", async () => {
    const original = withExif(encodeJpeg(demoPhoto(3, 1200, 630), 92));
    expect(contains(original, "GPSLatitude")).toBe(true);
    const put = await owner.b.request(at(hosts.www, "/api/v1/me/fanclub/posts/cover"), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/jpeg" },
      body: original as Uint8Array<ArrayBuffer>,
    });
    expect(put.status).toBe(200);
    const { payload } = (await put.json()) as { payload: { key: string } };
    const key = payload.key;

    // before the job: the variant URL answers with the original, not a broken image
    const early = await SELF.fetch(at(hosts.www, `/media/${variantKey(key, 400)}`));
    expect(early.status).toBe(200);
    expect((await early.arrayBuffer()).byteLength).toBe(original.byteLength);

    await runJobs([{ type: "image-variants", key: `image-variants:${key}`, objectKey: key }]);

    for (const width of [400, 800]) {
      const object = await env.MEDIA.get(variantKey(key, width));
      expect(object, `variant ${width}`).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect(object!.httpMetadata?.contentType).toBe("image/jpeg");
      expect(bytes.byteLength).toBeLessThan(original.byteLength / 2);
      expect(contains(bytes, "Exif")).toBe(false);
      expect(contains(bytes, "GPSLatitude")).toBe(false);
      const img = decodeJpeg(bytes);
      expect(img.width).toBe(width);
      expect(img.height).toBe(Math.round((630 * width) / 1200));
    }
    const served = await SELF.fetch(at(hosts.www, `/media/${variantKey(key, 400)}`));
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeLessThan(original.byteLength / 2);
  });

  it("serves a browser that accepts WebP the variant's WebP copy at the same URL, and JPEG to others", async () => {
    const original = encodeJpeg(demoPhoto(5, 1200, 630), 92);
    const put = await owner.b.request(at(hosts.www, "/api/v1/me/fanclub/posts/cover"), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/jpeg" },
      body: original as Uint8Array<ArrayBuffer>,
    });
    expect(put.status).toBe(200);
    const { key } = ((await put.json()) as { payload: { key: string } }).payload;
    const url = at(hosts.www, `/media/${variantKey(key, 400)}`);
    const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

    // before the job: the original JPEG answers, whatever the browser accepts
    const early = await SELF.fetch(url, { headers: { accept: chrome } });
    expect(early.headers.get("content-type")).toBe("image/jpeg");
    expect(early.headers.get("vary")).toBe("Accept");
    await early.arrayBuffer();

    await runJobs([{ type: "image-variants", key: `image-variants:${key}`, objectKey: key }]);

    const webp = await SELF.fetch(url, { headers: { accept: chrome } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("vary")).toBe("Accept");
    expect(webp.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webpBytes = new Uint8Array(await webp.arrayBuffer());
    const ascii = (from: number, to: number) => String.fromCharCode(...webpBytes.slice(from, to));
    expect(ascii(0, 4)).toBe("RIFF");
    expect(ascii(8, 12)).toBe("WEBP");

    const jpeg = await SELF.fetch(url, { headers: { accept: "*/*" } });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("vary")).toBe("Accept");
    const jpegBytes = new Uint8Array(await jpeg.arrayBuffer());
    expect(decodeJpeg(jpegBytes).width).toBe(400);
    // the copy is worth sending: smaller than the JPEG variant it stands in for
    expect(webpBytes.byteLength).toBeLessThan(jpegBytes.byteLength);
  });

  it("answers no variant of an image that does not exist", async () => {
    const res = await SELF.fetch(at(hosts.www, `/media/${variantKey("public/covers/1/nothing.jpg", 400)}`));
    expect(res.status).toBe(404);
  });
});
