import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { PUBLIC_MEDIA_PREFIX } from "../domain/images";

/**
 * `/media/*`: objects from R2. Public profile images (keys under `public/`) are served to anyone
 * and cached for good: every upload gets a new key, so a URL never changes meaning. Paid media
 * are added with their entitlement check; until then nothing else is served.
 */
export const mediaRoutes = new Hono<AppEnv>();

mediaRoutes.get("/*", async (c) => {
  let key: string;
  try {
    key = decodeURIComponent(new URL(c.req.url).pathname.slice("/media/".length));
  } catch {
    return c.notFound();
  }
  if (!key.startsWith(PUBLIC_MEDIA_PREFIX) || key.includes("..")) return c.notFound();
  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return c.notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "public, max-age=31536000, immutable");
  headers.set("x-content-type-options", "nosniff");
  // a conditional request that matched: R2 returns the object without a body
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response((object as R2ObjectBody).body, { headers });
});
