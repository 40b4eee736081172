import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";
import { writableHeaders } from "./writable-headers";
import { requestUrl } from "./request-url";

const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Whether a response may carry one person's data, so that no cache (a shared proxy, the
 * browser's back-forward and disk caches on a shared computer) may keep it: anything answered to a
 * signed-in browser, every Remix data request (`.data`, `?_data=`: loader JSON, made for whoever
 * asked), and the API's `/me` family whoever asks. Private media keep their own short private
 * cache (signed per viewer, entitlement checked on every request, Range for video).
 */
function isPersonalResponse(input: { signedIn: boolean; pathname: string; search: string }): boolean {
  const { pathname } = input;
  if (pathname.startsWith("/media/")) return false;
  if (input.signedIn) return true;
  if (pathname.endsWith(".data") || new URLSearchParams(input.search).has("_data")) return true;
  return pathname === "/api/v1/me" || pathname.startsWith("/api/v1/me/");
}

/**
 * Marks personal responses `Cache-Control: private, no-store`. Pages rendered for signed-out
 * visitors keep theirs (`private, no-cache`, and the Worker's own anonymous page cache, decision 007).
 */
export function personalCacheControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const url = requestUrl(c.req.raw);
    const app = c.get("app") as AppEnv["Variables"]["app"] | undefined;
    if (isPersonalResponse({ signedIn: Boolean(app?.session), pathname: url.pathname, search: url.search })) {
      writableHeaders(c).set("Cache-Control", PERSONAL_CACHE_CONTROL);
    }
  };
}
