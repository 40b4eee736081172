import { Hono } from "hono";
import { hostConfigFrom } from "../config";
import { isBannerKind, type BannerKind } from "../domain/banners";
import { hostnameOf } from "../domain/hosts";
import type { Env } from "../env";
import type { AppEnv } from "../hono-env";
import type { BannerFetcher } from "../integrations/banners";
import { requestUrl } from "./request-url";

/**
 * Where the operators put each kind's list: one JSON file per kind in the media bucket, outside
 * the public/ prefix that /media serves (docs/decisions/020-header-banners.md).
 */
export function bannerObjectKey(kind: BannerKind): string {
  return `banners/${kind}.json`;
}

/**
 * The help site's banner lists (spec §7): `GET /help/banners/{kind}` on the base domain answers
 * the stored file as it is, or 404 when there is none; readers check the format. On other hosts
 * the path falls through to the pages, where it is no page.
 */
export const helpBannerRoutes = new Hono<AppEnv>().get("/help/banners/:kind", async (c, next) => {
  // the URL, not a Host header: the in-process call below builds a Request without one
  if (hostnameOf(requestUrl(c.req.raw).host) !== hostConfigFrom(c.env).baseDomain) return next();
  const kind = c.req.param("kind");
  if (!isBannerKind(kind)) return c.notFound();
  const object = await c.env.MEDIA.get(bannerObjectKey(kind));
  if (!object) return c.notFound();
  return new Response(object.body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      etag: object.httpEtag,
      // the same minute the Worker's own pages keep a list for (server/http/header-banners.ts)
      "cache-control": "public, max-age=60",
    },
  });
});

/**
 * The help site is this Worker, and a Worker cannot fetch() itself: on Cloudflare a subrequest
 * to a URL of the same zone goes to the origin, not to the Worker, and under wrangler dev workerd
 * does not resolve the *.localhost names at all (the request fails). So pages call the help site's
 * handler directly: the same request, routing and answer as over the network, no subrequest.
 */
export function helpSiteFetcher(env: Env): BannerFetcher {
  return async (request) => helpBannerRoutes.fetch(request, env);
}
