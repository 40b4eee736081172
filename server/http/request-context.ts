import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createDb } from "../../db/client";
import { hostConfigFrom } from "../config";
import { createAppContext } from "../context";
import { hostnameOf, isUnderCookieDomain } from "../domain/hosts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, resolveLocale } from "../domain/locale";
import { LAST_ACCESSED_SERVICE_COOKIE } from "../domain/route-guard";
import type { AppEnv } from "../hono-env";
import { queueCookie } from "./cookies";
import { readFlash } from "./flash";
import { loadBrands } from "../services/brand-directory";
import { resolveSession } from "../services/sessions";
import { sessionCookieFor } from "../domain/accounts";
import { requestUrl } from "./request-url";

const SIDEBAR_COOKIE = "sidebar";

/** Whether a request is a browser navigation to a page (not the API, not Remix's data requests). */
export function isDocumentRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = requestUrl(req).pathname;
  // Remix's own data (`.data`) and route discovery (`/__manifest`) calls are answered on any host
  return !path.endsWith(".data") && path !== "/__manifest";
}

/**
 * Builds the request's AppContext: brand from Host, locale, flash, sidebar state. The brand list
 * comes from D1 through a short per-isolate cache.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = requestUrl(c.req.raw);
    const config = hostConfigFrom(c.env);
    const hostname = hostnameOf(c.req.header("host") ?? url.host);
    const services = await loadBrands(createDb(c.env.DB));

    const queryLocale = url.searchParams.get("locale");
    const choice = resolveLocale({
      query: queryLocale,
      cookie: getCookie(c, LOCALE_COOKIE) ?? null,
      acceptLanguage: c.req.header("accept-language") ?? null,
    });
    const shared = isUnderCookieDomain(hostname, config);
    if (choice.persist) {
      queueCookie(c, LOCALE_COOKIE, choice.locale, {
        path: "/",
        maxAge: LOCALE_COOKIE_MAX_AGE,
        sameSite: "Lax",
        secure: url.protocol === "https:",
        ...(shared ? { domain: config.cookieDomain } : {}),
      });
      if (isDocumentRequest(c.req.raw)) {
        // The choice is stored; show the same page without the parameter.
        const clean = new URL(url);
        clean.searchParams.delete("locale");
        return c.redirect(`${clean.pathname}${clean.search}`, 302);
      }
    }

    // One read: the session and its person, when the browser holds a session cookie.
    const https = url.protocol === "https:";
    const sessionId = getCookie(c, sessionCookieFor(hostname, config, https).name);
    const session = sessionId ? await resolveSession(createDb(c.env.DB), sessionId, Date.now(), (p) => c.executionCtx.waitUntil(p)) : null;

    // The cookie is client-controlled: only a known brand's front URL counts.
    const lastAccessed = getCookie(c, LAST_ACCESSED_SERVICE_COOKIE) ?? null;
    const lastAccessedFrontUrl = services.some((s) => s.frontUrl === lastAccessed) ? lastAccessed : null;

    c.set(
      "app",
      createAppContext({
        env: c.env,
        waitUntil: (p) => c.executionCtx.waitUntil(p),
        hostname,
        nonce: c.get("nonce"),
        locale: choice.locale,
        services,
        user: session
          ? {
              id: session.user.id,
              name: session.user.name,
              iconImageUrl: session.user.iconImageUrl,
              userIdentifyToken: session.user.userIdentifyToken,
            }
          : null,
        session,
        clientIp: c.req.header("cf-connecting-ip") ?? null,
        userAgent: c.req.header("user-agent") ?? null,
        https,
        setCookie: (name, value, options) => queueCookie(c, name, value, options),
        // Only what renders a page takes the flash: Remix's route discovery (`/__manifest`) and
        // API calls run between an action's redirect and the next page's loaders, and must not
        // consume a message they cannot show.
        flash: url.pathname === "/__manifest" || url.pathname.startsWith("/api/") ? [] : readFlash(c),
        lastAccessedFrontUrl,
        sidebarOpen: getCookie(c, SIDEBAR_COOKIE) !== "closed",
      }),
    );
    await next();
  };
}
