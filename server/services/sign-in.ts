import type { AppContext } from "../context";
import { safeReturnUrl, withLoginSuccess } from "../domain/accounts";
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
 * domain already see it; a brand on its own domain receives a one-time handoff token for its
 * origin and starts its own session from it.
 */
export async function destinationAfterSignIn(app: AppContext, session: SignedIn, target: string, flash = true): Promise<string> {
  const url = new URL(flash ? withLoginSuccess(target) : target);
  if (isUnderCookieDomain(hostnameOf(url.host), app.config)) return url.toString();
  const token = await createHandoff(app.db, { session, targetOrigin: url.origin, now: Date.now() });
  const callback = new URL("/sso/callback", url.origin);
  callback.searchParams.set("token", token);
  callback.searchParams.set("next", url.pathname + url.search);
  return callback.toString();
}
