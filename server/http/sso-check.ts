import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isbot } from "isbot";
import { isUnderCookieDomain } from "../domain/hosts";
import type { AppEnv } from "../hono-env";
import { isDocumentRequest } from "./request-context";
import { beginHandoff } from "./sso-handoff";
import { SSO_CHECKED_COOKIE } from "./session-cookie";
import { requestUrl } from "./request-url";

/**
 * A brand on its own domain cannot read the shared session cookie. The first time a browser
 * without a session opens one of its pages (then at most every 30 minutes), it asks the login
 * domain, which hands back a one-time sign-in if the browser is signed in there. That is how a
 * person signed in on one brand is signed in on every brand. The handoff is bound to this browser
 * (sso-handoff.ts).
 */
export function ssoCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const app = c.get("app");
    if (
      c.req.method !== "GET" ||
      !isDocumentRequest(c.req.raw) ||
      app.session ||
      !app.service ||
      isUnderCookieDomain(app.hostname, app.config) ||
      requestUrl(c.req.raw).pathname.startsWith("/sso/") ||
      getCookie(c, SSO_CHECKED_COOKIE) ||
      isbot(c.req.header("user-agent") ?? "")
    ) {
      return next();
    }
    const here = requestUrl(c.req.raw);
    return c.redirect(beginHandoff(app, `${here.pathname}${here.search}`), 302);
  };
}
