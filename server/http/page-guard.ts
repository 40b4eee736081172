import type { MiddlewareHandler } from "hono";
import { guard } from "../domain/route-guard";
import type { AppEnv } from "../hono-env";
import { queueCookie } from "./cookies";
import { isDocumentRequest } from "./request-context";
import { requestUrl } from "./request-url";

/** Runs the spec §2 route guard before Remix renders a page. */
export function pageGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isDocumentRequest(c.req.raw)) return next();
    const app = c.get("app");
    const url = requestUrl(c.req.raw);
    const result = guard({
      path: url.pathname,
      query: url.search,
      host: c.req.header("host") ?? url.host,
      session: { service: app.service, primaryService: app.primaryService, user: app.user },
      config: app.config,
    });
    if (result.kind === "redirect") return c.redirect(result.location, 302);
    for (const cookie of result.cookies) {
      queueCookie(c, cookie.name, cookie.value, {
        path: cookie.path,
        maxAge: cookie.maxAge,
        sameSite: "Lax",
        secure: url.protocol === "https:",
        ...(cookie.domain ? { domain: cookie.domain } : {}),
      });
    }
    if (result.flash) app.flash.push({ type: result.flash.type, key: result.flash.key, closable: true });
    return next();
  };
}
