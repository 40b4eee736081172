import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhoto } from "../../db/seed/leak-images.mjs";
import { decodeJpeg, encodeJpeg } from "../../server/media/fan-marks";
import { handleQueue } from "../../server/jobs/queue";
import type { JobMessage } from "../../server/jobs/messages";
import { allVariantKeys, variantKey, webpCopyKey } from "../../server/domain/image-variants";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { withExif, contains } from "./exif-fixture";

/*
 * Variants of a fan club's icon and header (docs/decisions/044): the upload queues the job, the
 * job stores the widths the pages show without the upload's EXIF, the fan club page offers them
 * in a srcset, and a replaced image goes with its variants.
 */

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

async function runJobs(bodies: JobMessage[]) {
  const messages = bodies.map((body) => ({ body, attempts: 1, ack() {}, retry() {} }));
  await handleQueue({ messages } as unknown as MessageBatch<JobMessage>, env);
}

let owner: Awaited<ReturnType<typeof confirmedAccount>>;
let fanclubId: number;

beforeAll(async () => {
  owner = await confirmedAccount({ name: "アイコン作者", prefix: "ivf" });
  fanclubId = await insertFanclub(owner.id, { name: "アイコン写真館" });
});

async function upload(kind: "icon" | "header", bytes: Uint8Array): Promise<string> {
  const put = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/images/${kind}`), {
    method: "PUT",
    headers: { ...xhr, "content-type": "image/jpeg" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  const { payload } = (await put.json()) as { payload: { url: string } };
  return payload.url.slice("/media/".length);
}

describe("fan club icon and header variants", () => {
  it("stores the page sizes without the upload's EXIF GPS block and offers them in the page's srcset", async () => {
    const icon = withExif(encodeJpeg(demoPhoto(11, 400, 400), 92));
    const header = withExif(encodeJpeg(demoPhoto(12, 1500, 500), 92));
    const iconKey = await upload("icon", icon);
    const headerKey = await upload("header", header);

    await runJobs([
      { type: "image-variants", key: `image-variants:${iconKey}`, objectKey: iconKey },
      { type: "image-variants", key: `image-variants:${headerKey}`, objectKey: headerKey },
    ]);

    for (const [key, original, widths, height] of [
      [iconKey, icon, [48, 96, 192], (w: number) => w],
      [headerKey, header, [640, 1080], (w: number) => Math.round(w / 3)],
    ] as const) {
      for (const width of widths) {
        const object = await env.MEDIA.get(variantKey(key, width));
        expect(object, `${key} at ${width}`).not.toBeNull();
        const bytes = new Uint8Array(await object!.arrayBuffer());
        expect(bytes.byteLength).toBeLessThan(original.byteLength / 2);
        expect(contains(bytes, "Exif")).toBe(false);
        expect(contains(bytes, "GPSLatitude")).toBe(false);
        const img = decodeJpeg(bytes);
        expect([img.width, img.height]).toEqual([width, height(width)]);
      }
    }

    // React writes the attribute as srcSet; HTML reads attribute names in any case
    const html = (await (await SELF.fetch(at(hosts.www, `/fanclubs/${fanclubId}`))).text()).replaceAll("srcSet=", "srcset=");
    expect(html).toContain(`srcset="/media/${variantKey(iconKey, 48)} 48w, /media/${variantKey(iconKey, 96)} 96w`);
    expect(html).toContain(`/media/${variantKey(headerKey, 1080)} 1080w, /media/${headerKey} 1500w"`);
    expect(html).toMatch(/sizes="\(max-width: 1080px\) 100vw, 1080px"/);
    const served = await SELF.fetch(at(hosts.www, `/media/${variantKey(iconKey, 96)}`));
    expect(served.status).toBe(200);
    expect(decodeJpeg(new Uint8Array(await served.arrayBuffer())).width).toBe(96);
  });

  it("deletes the old icon's variants with it when a new icon replaces it", async () => {
    const first = await upload("icon", encodeJpeg(demoPhoto(13, 400, 400), 90));
    await runJobs([{ type: "image-variants", key: `image-variants:${first}`, objectKey: first }]);
    expect(await env.MEDIA.head(variantKey(first, 48))).not.toBeNull();
    expect(await env.MEDIA.head(webpCopyKey(variantKey(first, 48)))).not.toBeNull();
    await upload("icon", encodeJpeg(demoPhoto(14, 400, 400), 90));
    // the deletion runs after the answer (waitUntil): give it a moment
    for (let i = 0; i < 50 && (await env.MEDIA.head(first)); i++) await new Promise((r) => setTimeout(r, 20));
    for (const key of [first, ...allVariantKeys(first)]) expect(await env.MEDIA.head(key), key).toBeNull();
  });
});
