import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { demoPhoto } from "../../db/seed/leak-images.mjs";
import { createFollow } from "../factories";
import { decodeJpeg, encodeJpeg, markKeyFor } from "../../server/media/fan-marks";
import { detectFan } from "../../server/domain/fan-mark";
import { allVariantKeys, variantKey } from "../../server/domain/image-variants";
import { mediaSigningSecret } from "../../server/config";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { insertFanclub, insertMembership, insertPlan, insertPostFileRow, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { contains, withExif } from "./exif-fixture";
import { uploadJpeg, xhr } from "./posts-fixture";

/*
 * Blog picture variants (docs/decisions/044): completing a blog image's upload queues the job;
 * the paid blog's page gives a member a srcset of links signed for them, served behind the
 * original's gate and marked for them; a follower, an outsider or a visitor gets no link at all.
 * Copying a post queues the job for the copy's new keys.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;

let owner: Account;
let member: Account;
let follower: Account;
let outsider: Account;
let fanclubId: number;
let postId: number;
let first: { id: number; key: string };
let second: { id: number; key: string };
let original: Uint8Array;

/** Waits for the queue's own consumer (batches wait at most a second) to store `key`. */
async function stored(key: string) {
  for (let i = 0; i < 150 && !(await env.MEDIA.head(key)); i++) await new Promise((r) => setTimeout(r, 100));
  return env.MEDIA.head(key);
}

const blogJson = (images: { key: string; width: number; height: number }[]) =>
  JSON.stringify({
    root: {
      type: "root",
      children: [
        { type: "paragraph", children: [{ type: "text", text: "海へ行きました", format: 0 }] },
        ...images.map((img) => ({
          type: "paragraph",
          children: [{ type: "image", src: img.key, altText: "海", width: img.width, height: img.height }],
        })),
      ],
    },
  });

/** The blog's <img> tags on the post page as this viewer gets it (null: no page), entities decoded. */
async function imagesOnPage(b: TestBrowser | null, id = postId) {
  const path = `/fanclubs/${fanclubId}/posts/${id}`;
  const res = b ? await b.get(at(hosts.www, path)) : await SELF.fetch(at(hosts.www, path));
  expect(res.status).toBe(200);
  const html = (await res.text()).replaceAll("&amp;", "&");
  const article = /<div class="blog-article">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  return { html, imgs: [...article.matchAll(/<img [^>]+>/g)].map((m) => m[0]) };
}

const srcsetOf = (img: string) => /srcset="([^"]+)"/.exec(img)?.[1] ?? "";
const linkOf = (srcset: string, width: number) =>
  srcset
    .split(", ")
    .find((c) => c.endsWith(` ${width}w`))!
    .split(" ")[0]!;

beforeAll(async () => {
  [owner, member, follower, outsider] = await Promise.all([
    confirmedAccount({ name: "ブログ作者", prefix: "ivb" }),
    confirmedAccount({ name: "ブログ会員", prefix: "ivbm" }),
    confirmedAccount({ name: "ブログフォロワー", prefix: "ivbf" }),
    confirmedAccount({ name: "ブログ非会員", prefix: "ivbn" }),
  ]);
  fanclubId = await insertFanclub(owner.id, { name: "ブログ写真館" });
  const plan = await insertPlan(fanclubId, { name: "ブログプラン", price: 600 });
  await insertMembership(member.id, fanclubId, plan);
  await createFollow(env.DB, { userId: follower.id, fanclubId });
  original = withExif(encodeJpeg(demoPhoto(31, 1500, 1000), 92));
  first = await uploadJpeg(owner.b, original as Uint8Array<ArrayBuffer>, "blog_image", "sea.jpg");
  second = await uploadJpeg(owner.b, encodeJpeg(demoPhoto(32, 1200, 800), 90), "blog_image", "sand.jpg");
  postId = await insertPostRow(fanclubId, owner.id, {
    type: "blog",
    title: "限定ブログ",
    planId: plan,
    publishedAt: Date.now() - 60_000,
    blogJson: blogJson([
      { key: first.key, width: 1500, height: 1000 },
      { key: second.key, width: 1200, height: 800 },
    ]),
  });
  await env.DB.prepare("UPDATE post_files SET post_id = ? WHERE id IN (?, ?)").bind(postId, first.id, second.id).run();
});

describe("blog picture variants", () => {
  it("are made by the job the upload queued, at the column's widths, without the EXIF GPS block", async () => {
    expect(await stored(variantKey(first.key, 1080))).not.toBeNull();
    for (const width of [640, 1080]) {
      const object = await env.MEDIA.get(variantKey(first.key, width));
      expect(object, `variant ${width}`).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect(contains(bytes, "Exif")).toBe(false);
      expect(contains(bytes, "GPSLatitude")).toBe(false);
      expect(decodeJpeg(bytes).width).toBe(width);
      expect(bytes.byteLength).toBeLessThan(original.byteLength / 2);
    }
    // never enlarged: the picture is 1,500 px wide
    expect(await env.MEDIA.head(variantKey(first.key, 2048))).toBeNull();
  });

  it("give a member a srcset signed for them, lazy after the first picture, marked for that member", async () => {
    const { imgs } = await imagesOnPage(member.b);
    expect(imgs).toHaveLength(2);
    const [a, b] = imgs as [string, string];
    expect(a).toMatch(
      /^<img src="\/media\/posts\/[^"]+\.jpg\?[^"]+" srcset="[^"]+%40w640\.jpg\?[^"]+ 640w, [^"]+%40w1080\.jpg\?[^"]+ 1080w, [^"]+ 1500w" sizes="\(max-width: 575px\)[^"]+1008px"/,
    );
    expect(a).toContain('width="1500" height="1000"');
    // the first picture may be above the fold; the next ones wait until they are near
    expect(a).not.toContain("loading=");
    expect(b).toContain('loading="lazy"');
    expect(srcsetOf(b)).toMatch(/ 640w, [^"]+ 1080w, [^"]+ 1200w$/);

    const res = await member.b.get(at(hosts.www, linkOf(srcsetOf(a), 640)));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-fan-mark")).toBe("invisible");
    expect(res.headers.get("cache-control")).toContain("private");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(contains(bytes, "GPSLatitude")).toBe(false);
    const img = decodeJpeg(bytes);
    expect(img.width).toBe(640);
    const markKey = await markKeyFor(mediaSigningSecret(env), fanclubId);
    expect(detectFan(img, markKey, [member.id, follower.id, outsider.id, owner.id])?.fanId).toBe(member.id);
  });

  it("are refused in another session, and whoever may not see the post gets no image link at all", async () => {
    const { imgs } = await imagesOnPage(member.b);
    const link = linkOf(srcsetOf(imgs[0]!), 1080);
    expect((await outsider.b.get(at(hosts.www, link))).status).toBe(403);
    expect((await follower.b.get(at(hosts.www, link))).status).toBe(403);
    expect((await SELF.fetch(at(hosts.www, link))).status).toBe(403);
    for (const viewer of [follower.b, outsider.b, null]) {
      const { html, imgs: none } = await imagesOnPage(viewer);
      expect(none).toHaveLength(0);
      expect(html).not.toContain("/media/posts/");
      expect(html).not.toContain("blog-article");
    }
  });

  it("are deleted with a blog image its uploader deletes", async () => {
    const extra = await uploadJpeg(owner.b, encodeJpeg(demoPhoto(33, 1400, 900), 90), "blog_image", "extra.jpg");
    expect(await stored(variantKey(extra.key, 1080))).not.toBeNull();
    const res = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/uploads/${extra.id}`), { method: "DELETE", headers: xhr });
    expect(res.status).toBe(200);
    const left = await Promise.all([extra.key, ...allVariantKeys(extra.key)].map((k) => env.MEDIA.head(k)));
    expect(left.filter(Boolean)).toHaveLength(0);
  });
});

describe("a copied post's pictures", () => {
  it("get their variants made for the copy's own keys: blog pictures, album pictures and the cover", async () => {
    const coverKey = `public/covers/${fanclubId}/copy-cover.jpg`;
    await env.MEDIA.put(coverKey, encodeJpeg(demoPhoto(34, 1200, 630), 90), { httpMetadata: { contentType: "image/jpeg" } });
    const inline = await uploadJpeg(owner.b, encodeJpeg(demoPhoto(36, 1200, 800), 90), "blog_image", "copy.jpg");
    const source = await insertPostRow(fanclubId, owner.id, {
      type: "blog",
      title: "コピー元",
      coverKey,
      publishedAt: Date.now() - 60_000,
      blogJson: blogJson([{ key: inline.key, width: 1200, height: 800 }]),
    });
    await env.DB.prepare("UPDATE post_files SET post_id = ? WHERE id = ?").bind(source, inline.id).run();
    const album = await insertPostFileRow(source, fanclubId, owner.id, {
      kind: "picture",
      filename: "album.jpg",
      contentType: "image/jpeg",
      bytes: encodeJpeg(demoPhoto(35, 1000, 750), 90),
    });
    expect(await env.MEDIA.head(variantKey(album.key, 800))).toBeNull();

    const res = await owner.b.request(at(hosts.www, `/api/v1/me/fanclub/posts/${source}/copy`), { method: "POST", headers: xhr });
    expect(res.status).toBe(200);
    const copyId = ((await res.json()) as { payload: { postId: number } }).payload.postId;
    const rows = await env.DB.prepare("SELECT kind, r2_key FROM post_files WHERE post_id = ?")
      .bind(copyId)
      .all<{ kind: string; r2_key: string }>();
    const copyCover = (await env.DB.prepare("SELECT cover_key FROM posts WHERE id = ?").bind(copyId).first<{ cover_key: string }>())!
      .cover_key;
    const blogKey = rows.results.find((r) => r.kind === "blog_image")!.r2_key;
    const albumKey = rows.results.find((r) => r.kind === "picture")!.r2_key;
    expect(blogKey).not.toBe(inline.key);

    expect(await stored(variantKey(blogKey, 1080))).not.toBeNull();
    expect(await stored(variantKey(blogKey, 640))).not.toBeNull();
    expect(await stored(variantKey(albumKey, 800))).not.toBeNull();
    expect(await stored(variantKey(copyCover, 400))).not.toBeNull();

    // the copy (a draft its owner may open) carries the copy's own variants in its srcset
    const { imgs } = await imagesOnPage(owner.b, copyId);
    expect(srcsetOf(imgs[0]!)).toContain(`${blogKey.split("/").pop()}%40w640.jpg?`);
    const variant = await owner.b.get(at(hosts.www, linkOf(srcsetOf(imgs[0]!), 640)));
    expect(variant.status).toBe(200);
    expect(decodeJpeg(new Uint8Array(await variant.arrayBuffer())).width).toBe(640);
  });
});
