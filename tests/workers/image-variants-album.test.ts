import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhoto } from "../../db/seed/leak-images.mjs";
import { decodeJpeg, encodeJpeg, markKeyFor } from "../../server/media/fan-marks";
import { detectFan } from "../../server/domain/fan-mark";
import { variantKey, webpCopyKey } from "../../server/domain/image-variants";
import { mediaSigningSecret } from "../../server/config";
import { signPath } from "../../server/security/signed-url";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { insertFanclub, insertMembership, insertPlan, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { contains, withExif } from "./exif-fixture";
import { uploadJpeg } from "./posts-fixture";

/*
 * Album picture variants (docs/decisions/044): completing a picture's upload queues the job; the
 * paid post's page gives a member signed links to the thumbnail and the larger size, served behind
 * the original's gate and marked for that member as they go out (decision 042); nobody else gets
 * them.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;

let owner: Account;
let member: Account;
let outsider: Account;
let fanclubId: number;
let postId: number;
let key: string;
let original: Uint8Array;

/** The post page's links to this picture for the viewer, by width ("original" for the full one). */
async function linksOnPage(b: TestBrowser): Promise<{ html: string; links: Map<string, string> }> {
  const html = (await (await b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text())
    .replaceAll("&amp;", "&")
    .replaceAll("\\u0026", "&");
  const links = new Map<string, string>();
  for (const m of html.matchAll(/\/media\/posts\/[^"'\s\\)]+/g)) {
    const link = m[0];
    const width = /%40w(\d+)\.jpg/.exec(link)?.[1];
    // the first of each: the markup's (the lightbox's larger size is only in the loader data)
    if (!link.includes("download=1") && !links.has(width ?? "original")) links.set(width ?? "original", link);
  }
  return { html, links };
}

beforeAll(async () => {
  [owner, member, outsider] = await Promise.all([
    confirmedAccount({ name: "アルバム作者", prefix: "iva" }),
    confirmedAccount({ name: "アルバム会員", prefix: "ivm" }),
    confirmedAccount({ name: "アルバム非会員", prefix: "ivn" }),
  ]);
  fanclubId = await insertFanclub(owner.id, { name: "アルバム写真館" });
  const plan = await insertPlan(fanclubId, { name: "写真プラン", price: 800 });
  await insertMembership(member.id, fanclubId, plan);
  postId = await insertPostRow(fanclubId, owner.id, { title: "限定アルバム", planId: plan, publishedAt: Date.now() - 60_000 });
  original = withExif(encodeJpeg(demoPhoto(21, 1200, 900), 92));
  const file = await uploadJpeg(owner.b, original as Uint8Array<ArrayBuffer>, "picture", "beach.jpg");
  key = file.key;
  await env.DB.prepare("UPDATE post_files SET post_id = ? WHERE id = ?").bind(postId, file.id).run();
});

describe("album picture variants", () => {
  it("are made by the job the upload queued, at the grid's and the lightbox's widths, without the EXIF GPS block", async () => {
    // the queue's own consumer runs the job (batches wait at most a second)
    for (let i = 0; i < 100 && !(await env.MEDIA.head(variantKey(key, 800))); i++) await new Promise((r) => setTimeout(r, 100));
    for (const width of [400, 800]) {
      const object = await env.MEDIA.get(variantKey(key, width));
      expect(object, `variant ${width}`).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect(contains(bytes, "Exif")).toBe(false);
      expect(contains(bytes, "GPSLatitude")).toBe(false);
      expect(decodeJpeg(bytes).width).toBe(width);
      expect(bytes.byteLength).toBeLessThan(original.byteLength / 4);
      // a paid picture stays JPEG: the fan marks are written into the JPEG as it is delivered
      expect(await env.MEDIA.head(webpCopyKey(variantKey(key, width)))).toBeNull();
    }
    // never enlarged: the picture is 1,200 px wide
    expect(await env.MEDIA.head(variantKey(key, 1600))).toBeNull();
  });

  it("go to a member marked for that member: the grid gets the thumbnail, the lightbox the larger size", async () => {
    const { html, links } = await linksOnPage(member.b);
    expect(html.replaceAll("srcSet=", "srcset=")).toMatch(
      /<img src="\/media\/posts\/[^"]+%40w400\.jpg\?[^"]+" srcset="[^"]+ 400w, [^"]+ 800w"/,
    );
    const thumb = await member.b.get(at(hosts.www, links.get("400")!));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("x-fan-mark")).toBe("invisible");
    expect(thumb.headers.get("cache-control")).toContain("private");
    const bytes = new Uint8Array(await thumb.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(original.byteLength / 4);
    expect(contains(bytes, "GPSLatitude")).toBe(false);
    const img = decodeJpeg(bytes);
    expect(img.width).toBe(400);
    // the member's own mark is in the thumbnail they received, and nobody else's
    const markKey = await markKeyFor(mediaSigningSecret(env), fanclubId);
    expect(detectFan(img, markKey, [member.id, outsider.id, owner.id, member.id + 1000])?.fanId).toBe(member.id);
    // the larger size asked before it exists (1,600 px of a 1,200 px picture): the original, marked
    const large = await member.b.get(at(hosts.www, links.get("1600")!));
    expect(large.status).toBe(200);
    expect(large.headers.get("x-fan-mark")).toBe("invisible");
    expect(decodeJpeg(new Uint8Array(await large.arrayBuffer())).width).toBe(1200);
  });

  it("are refused to whoever may not see the post, even with a valid signature", async () => {
    const { links } = await linksOnPage(member.b);
    // the member's link elsewhere: bound to the member's session
    expect((await outsider.b.get(at(hosts.www, links.get("400")!))).status).toBe(403);
    expect((await SELF.fetch(at(hosts.www, links.get("800")!))).status).toBe(403);
    // the outsider's own page carries no link at all
    expect((await linksOnPage(outsider.b)).links.size).toBe(0);
    // a visitor's correctly signed link to the variant: the gate, not the signature, refuses it
    const path = `/media/${variantKey(key, 400).split("/").map(encodeURIComponent).join("/")}`;
    const query = await signPath(mediaSigningSecret(env), path, Date.now() + 60_000, "0");
    const res = await SELF.fetch(at(hosts.www, `${path}?${query}`));
    expect(res.status).toBe(403);
    expect(res.headers.get("x-fan-mark")).toBeNull();
  });
});
