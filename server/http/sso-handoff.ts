import type { Context } from "hono";
import { parse } from "hono/utils/cookie";
import type { AppContext } from "../context";
import { isUnderCookieDomain } from "../domain/hosts";
import { safeReturnPath } from "../domain/return-path";
import type { AppEnv } from "../hono-env";
import { constantTimeEqual, randomToken } from "../security/crypto";

/**
 * The brand's half of binding a sign-in handoff to the browser that asked for it (login CSRF).
 *
 * Before a brand on its own domain sends a browser to the login domain for a handoff, it keeps a
 * random state in a host-only cookie and sends the same value along; the login domain hands it
 * back beside the one-time token; `/sso/callback` spends the token only when the value in the URL
 * equals the one in this browser's cookie, and clears the cookie whatever happens (one use).
 * Someone who mails a victim a callback link carrying a token for their own account cannot know
 * the state in the victim's cookie, so the victim's session is never swapped for theirs.
 */
const SSO_STATE_COOKIE = "sso_state";
/** A handoff takes two redirects; a person signing in may also type a password on the way. */
const SSO_STATE_SECONDS = 10 * 60;
const STATE_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

/** A state value as the login domain may pass it on, or null for anything else. */
export function handoffState(value: string | null | undefined): string | null {
  return value && STATE_SHAPE.test(value) ? value : null;
}

function stateCookie(app: AppContext, value: string, maxAge: number) {
  // only /sso/* reads it; host-only, like everything on a brand of its own domain
  app.setCookie(SSO_STATE_COOKIE, value, { path: "/sso", httpOnly: true, sameSite: "Lax", secure: app.https, maxAge });
}

/**
 * Sends the browser to the login domain for a handoff back to `path` on this brand, after keeping
 * a fresh state in its cookie. Returns the URL to redirect to.
 */
export function beginHandoff(app: AppContext, path: string): string {
  if (!app.service) throw new Error("a handoff starts on a brand");
  const state = randomToken(24);
  stateCookie(app, state, SSO_STATE_SECONDS);
  const target = `${new URL(app.service.frontUrl).origin}${safeReturnPath(path) ?? "/"}`;
  return `${app.origins.login}/auth/sso?return=${encodeURIComponent(target)}&state=${state}`;
}

/**
 * Whether the state in the callback's URL is the one this browser was given, compared in constant
 * time. The cookie is cleared in the same response: a state is good for one callback only.
 */
export function takeHandoffState(app: AppContext, request: Request): boolean {
  const kept = handoffState(parse(request.headers.get("cookie") ?? "", SSO_STATE_COOKIE)[SSO_STATE_COOKIE]);
  const given = handoffState(new URL(request.url).searchParams.get("state"));
  stateCookie(app, "", 0);
  if (!kept || !given) return false;
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(kept), encoder.encode(given));
}

/**
 * `GET /sso/start?next=`: where the login domain sends a browser that just signed in for a brand
 * on its own domain. The brand sets its state and asks for the handoff itself, so every token is
 * bound to a browser. Brands under the shared cookie domain need no handoff.
 */
export function ssoStart(c: Context<AppEnv>) {
  const app = c.get("app");
  const next = safeReturnPath(c.req.query("next")) ?? "/";
  if (!app.service || isUnderCookieDomain(app.hostname, app.config)) return c.redirect(next, 302);
  return c.redirect(beginHandoff(app, next), 302);
}
