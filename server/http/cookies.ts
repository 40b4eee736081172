import type { Context, MiddlewareHandler } from "hono";
import { serialize, type CookieOptions } from "hono/utils/cookie";
import type { AppEnv } from "../hono-env";
import { writableHeaders } from "./writable-headers";

/**
 * Cookies decided by middleware must reach whatever response the route produces, including
 * Responses built by Remix, which Hono's header helpers do not touch. They are collected here
 * and appended once the response exists.
 */
export function queueCookie(c: Context<AppEnv>, name: string, value: string, options: CookieOptions): void {
  c.get("pendingCookies").push(serialize(name, value, options));
}

export function pendingCookies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("pendingCookies", []);
    await next();
    const cookies = c.get("pendingCookies");
    if (cookies.length === 0) return;
    const headers = writableHeaders(c);
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  };
}
