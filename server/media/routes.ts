import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { PUBLIC_MEDIA_PREFIX } from "../domain/images";
import { acceptsWebp, parseVariantKey, variantRepresentation, VARIANT_QUALITY, webpCopyKey } from "../domain/image-variants";
import { mediaSigningSecret } from "../config";
import { requestContext } from "../http/request-context";
import { verifySignedPath } from "../security/signed-url";
import { countsAsDownload, mediaSubject } from "../domain/media-session";
import { countMediaDownload } from "../services/media-rate";
import { mediaEntitlement } from "../services/media-access";
import { postViewerFrom } from "../services/post-access";
import { PRIVATE_MEDIA_PREFIX } from "./private-urls";
import { MARKABLE_TYPES, markJpeg, markedCacheKey, recordDelivery } from "./fan-marks";

/**
 * `/media/*`: objects from R2.
 * - Public profile images and covers (`public/`) are served to anyone and cached for good: every
 *   upload gets a new key, so a URL never changes meaning.
 * - Post files (`posts/`) need a signed, unexpired URL minted for this viewer in this session
 *   (docs/decisions/042), a download rate under the account's limit, AND the viewer's entitlement now (a member who left loses access at once, whatever links they kept). They are
 *   served with Range (video seeking) and `Cache-Control: private`.
 */
export const mediaRoutes = new Hono<AppEnv>();

function keyOf(c: Context<AppEnv>): string | null {
  try {
    const key = decodeURIComponent(new URL(c.req.url).pathname.slice("/media/".length));
    return key.includes("..") || key.includes("//") ? null : key;
  } catch {
    return null;
  }
}

function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function privateHeaders(contentType: string): Headers {
  const headers = new Headers();
  headers.set("content-type", contentType);
  // the browser may keep it as long as the link lives (decision 042); shared caches never
  headers.set("cache-control", "private, max-age=600");
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; sandbox");
  return headers;
}

/**
 * The fan's marked copy of a JPEG (docs/decisions/042), from the edge cache when this fan got it
 * before, else made now from the original and cached under a key that names the fan (`fanId`,
 * the entitlement's `markFor` once known not to be null). Range is not offered on these: the copy
 * is made whole.
 */
async function markedCopy(
  c: Context<AppEnv>,
  key: string,
  file: { id: number; fanclubId: number; visibleMark: boolean },
  fanId: number,
  now: number,
  variant: { original: string } | null,
): Promise<ArrayBuffer | Uint8Array<ArrayBuffer> | null> {
  const app = c.get("app");
  const cacheKey = markedCacheKey(new URL(c.req.url).origin, key, String(file.id), fanId, file.visibleMark);
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(cacheKey);
  if (hit) return hit.arrayBuffer();
  // a variant is marked as it is delivered, like the original; one not made yet: the original
  const stored = await c.env.MEDIA.get(key);
  const object = stored ?? (variant ? await c.env.MEDIA.get(variant.original) : null);
  if (!object) return null;
  const original = new Uint8Array(await object.arrayBuffer());
  const secret = mediaSigningSecret(c.env);
  const marked = await markJpeg(original, {
    secret,
    fanclubId: file.fanclubId,
    userId: fanId,
    visible: file.visibleMark,
    // a variant keeps its own (smaller) quality: the mark outlives far lower ones (decision 042)
    ...(stored && variant ? { quality: VARIANT_QUALITY } : {}),
  });
  // a picture the codec cannot read goes out as it is (and is not cached: nothing was made)
  if (!marked) return original;
  app.waitUntil(
    Promise.all([
      cache.put(
        cacheKey,
        new Response(marked.slice(), { headers: { "content-type": "image/jpeg", "cache-control": "public, max-age=86400" } }),
      ),
      recordDelivery(app.db, file.fanclubId, fanId, now),
    ]),
  );
  return marked;
}

mediaRoutes.get(`/${PRIVATE_MEDIA_PREFIX}*`, requestContext(), async (c) => {
  const key = keyOf(c);
  if (!key) return c.notFound();
  const app = c.get("app");
  const url = new URL(c.req.url);
  const viewerId = app.user?.id ?? null;
  const now = Date.now();
  // bound to the viewer AND their session: a URL replayed elsewhere, or signed out, is refused
  const subject = mediaSubject(viewerId, app.session?.idHash ?? null);
  const problem = await verifySignedPath(mediaSigningSecret(c.env), url.pathname, url.searchParams, now, subject);
  if (problem) return c.text("Forbidden", 403, { "cache-control": "no-store" });
  if (viewerId !== null && countsAsDownload(c.req.header("range"))) {
    const rate = await countMediaDownload(app.db, { userId: viewerId, now, clientIp: app.clientIp, userAgent: app.userAgent });
    if (!rate.allowed) return c.text("Too Many Requests", 429, { "cache-control": "no-store", "retry-after": String(rate.retryAfter) });
  }
  // a variant is the original's: the same gate, asked of the original's row (docs/decisions/044)
  const variant = parseVariantKey(key);
  const file = await mediaEntitlement(app.db, variant?.original ?? key, postViewerFrom(app.session), now);
  if (!file) return c.text("Forbidden", 403, { "cache-control": "no-store" });
  if (file.markFor !== null && MARKABLE_TYPES.has(file.contentType)) {
    const body = await markedCopy(c, key, file, file.markFor, now, variant);
    if (!body) return c.notFound();
    const headers = privateHeaders(file.contentType);
    headers.set("content-length", String(body.byteLength));
    headers.set("x-fan-mark", file.visibleMark ? "invisible, visible" : "invisible");
    if (url.searchParams.get("download") === "1") headers.set("content-disposition", contentDisposition(file.downloadName));
    return new Response(body, { headers });
  }

  let object = await c.env.MEDIA.get(key, { range: c.req.raw.headers, onlyIf: c.req.raw.headers });
  if (!object && variant) object = await c.env.MEDIA.get(variant.original, { range: c.req.raw.headers, onlyIf: c.req.raw.headers });
  if (!object) return c.notFound();
  const headers = privateHeaders(file.contentType);
  headers.set("etag", object.httpEtag);
  headers.set("accept-ranges", "bytes");
  if (url.searchParams.get("download") === "1") headers.set("content-disposition", contentDisposition(file.downloadName));
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (range && c.req.header("range")) {
    const offset = range.offset ?? (range.suffix !== undefined ? object.size - range.suffix : 0);
    const length = range.length ?? object.size - offset;
    headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set("content-length", String(length));
    return new Response((object as R2ObjectBody).body, { status: 206, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response((object as R2ObjectBody).body, { headers });
});

mediaRoutes.get("/*", async (c) => {
  const key = keyOf(c);
  if (!key || !key.startsWith(PUBLIC_MEDIA_PREFIX)) return c.notFound();
  const variant = parseVariantKey(key);
  // content negotiation (docs/decisions/044): a variant's URL answers with its WebP copy when the
  // browser accepts WebP and the job stored one, so pages keep one URL and one srcset
  const accept = c.req.header("accept");
  const webp = variant && acceptsWebp(accept) ? await c.env.MEDIA.get(webpCopyKey(key), { onlyIf: c.req.raw.headers }) : null;
  let object =
    variantRepresentation(accept, webp !== null) === "image/webp" ? webp : await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers });
  // a variant the job has not stored (yet, or never for a type it cannot decode): the original
  // answers, briefly cached, so a srcset never shows a broken image (docs/decisions/044)
  const fallback = !object && variant !== null;
  if (fallback) object = await c.env.MEDIA.get(variant.original, { onlyIf: c.req.raw.headers });
  if (!object) return c.notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", fallback ? "public, max-age=300" : "public, max-age=31536000, immutable");
  // one URL, WebP or JPEG by the request's Accept: a cache must keep one answer per Accept
  if (variant) headers.set("vary", "Accept");
  headers.set("x-content-type-options", "nosniff");
  // a conditional request that matched: R2 returns the object without a body
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response((object as R2ObjectBody).body, { headers });
});
