import { SELF, env } from "cloudflare:test";
import { expect } from "vitest";
import { createPostFile } from "../factories";
import { at } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { hosts } from "./helpers";

/** What the post editor's requests carry (its API answers JSON to them). */
export const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

/** The smallest bytes a PNG sniff accepts. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** The editor's save of a post of `type` (a new one, or `postId`'s edit), as its form sends it. */
export function savePost(b: TestBrowser, type: string, fields: Record<string, string | string[]>, postId?: number) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return b.request(at(hosts.www, postId ? `/api/v1/me/fanclub/posts/${type}/${postId}` : `/api/v1/me/fanclub/posts/${type}`), {
    method: postId ? "PATCH" : "POST",
    headers: xhr,
    body,
  });
}

/** A stored picture of the fan club, as a finished upload leaves it (`bytes` tells copies apart). */
export async function storedPicture(fanclubId: number, uploaderId: number, filename: string, bytes: Uint8Array = PNG) {
  const key = `posts/${fanclubId}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  const row = await createPostFile(env.DB, {
    fanclubId,
    uploaderId,
    kind: "picture",
    filename,
    extension: "png",
    contentType: "image/png",
    size: bytes.byteLength,
    r2Key: key,
  });
  return { id: row.id, key, bytes };
}

/** A POST to the creator's uploads API (`path` after `/uploads`), as the uploader sends it; its payload. */
export async function uploadsApi<T>(b: TestBrowser, path: string, body?: unknown) {
  const res = await b.request(at(hosts.www, `/api/v1/me/fanclub/uploads${path}`), {
    method: "POST",
    headers: { ...xhr, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { payload: T }).payload;
}

/** A JPEG uploaded as the browser does it (upload-single.ts): issue, one part, complete. */
export async function uploadJpeg(b: TestBrowser, bytes: Uint8Array<ArrayBuffer>, kind: "picture" | "blog_image", filename: string) {
  const issued = await uploadsApi<{ file: { id: number; key: string } }>(b, "", {
    kind,
    filename,
    size: bytes.byteLength,
    contentType: "image/jpeg",
  });
  const signed = await uploadsApi<{ url: string }>(b, `/${issued.file.id}/parts/1`);
  const put = await SELF.fetch(at(hosts.www, signed.url), {
    method: "PUT",
    body: bytes,
    headers: { "content-length": String(bytes.byteLength) },
  });
  expect(put.status).toBe(200);
  await uploadsApi(b, `/${issued.file.id}/complete`, { parts: [] });
  return issued.file;
}
