import type { AppContext } from "../context";
import { withLoginSuccess } from "../domain/accounts";
import { safeReturnUrl } from "../domain/return-path";
import { hostnameOf, isUnderCookieDomain } from "../domain/hosts";
import { createHandoff, type SignedIn } from "./sessions";

/** Every origin we ever send a browser to: the brands, and the base, user and login domains. */
export function knownOrigins(app: AppContext): string[] {
  const brands = app.services.map((s) => new URL(s.frontUrl).origin);
  return [...new Set([...brands, app.origins.base, app.origins.user, app.origins.login])];
}

/** The page to return to after signing in: the requested one if it is ours, else the brand's top. */
export function returnTarget(app: AppContext, loggedInPath: string | null | undefined): string {
  const fallbackBrand = app.lastAccessedService ?? app.primaryService;
  return safeReturnUrl(loggedInPath, knownOrigins(app)) ?? `${fallbackBrand ? new URL(fallbackBrand.frontUrl).origin : app.origins.base}/`;
}

/**
 * Where the browser goes once the login domain holds a session. Hosts under the shared cookie
 * domain already see it. A brand on its own domain is sent back to its `/sso/start`, which keeps a
 * state in that browser and asks for the handoff (handoffTo): a token is only ever made for a
 * browser that asked for one.
 */
export function destinationAfterSignIn(app: AppContext, target: string, flash = true): string {
  const url = new URL(flash ? withLoginSuccess(target) : target);
  if (isUnderCookieDomain(hostnameOf(url.host), app.config)) return url.toString();
  const start = new URL("/sso/start", url.origin);
  start.searchParams.set("next", url.pathname + url.search);
  return start.toString();
}

/**
 * The login domain's answer to a brand's handoff request: the brand's callback with a one-time
 * token for its origin (when signed in) and the brand's own state, which the callback checks
 * against the browser's cookie.
 */
export async function handoffTo(app: AppContext, session: SignedIn | null, target: string, state: string): Promise<string> {
  const url = new URL(target);
  const callback = new URL("/sso/callback", url.origin);
  if (session) callback.searchParams.set("token", await createHandoff(app.db, { session, targetOrigin: url.origin, now: Date.now() }));
  callback.searchParams.set("state", state);
  callback.searchParams.set("next", url.pathname + url.search);
  return callback.toString();
}
