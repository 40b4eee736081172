import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";
import { translatorFor } from "../i18n";
import { requestUrl } from "./request-url";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for form posts to pages: the browser's Origin header must be
 * this very origin. (The API has its own rule: X-Requested-With, which a cross-site form cannot
 * send.) SameSite=Lax cookies already stop most forgeries; this closes the rest.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const own = requestUrl(c.req.raw).origin;
    const origin = c.req.header("origin");
    if (origin === own) return next();
    const app = c.get("app");
    return c.text(translatorFor(app.locale, "account")("errors.forbiddenOrigin"), 403);
  };
}
