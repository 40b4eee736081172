import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { ApiError } from "../api/envelope";

/**
 * The sign-in guards: one for pages (a redirect to sign in) and one for the API (the 401
 * envelope). Both read the same session, so a page and its API calls agree on who is signed in.
 */

/**
 * For loaders and actions of signed-in pages. The route guard already sends visitors on /me
 * paths to sign in; this covers a session that ended meanwhile (another tab logged out, a
 * password reset). Throws the redirect to the login page; returns the signed-in person.
 */
export function requireUser(app: AppContext) {
  if (!app.session) throw redirect(`${app.origins.login}/auth/login`);
  return app.session.user;
}

/**
 * For API handlers (spec §7): the live session, or a 401 `{ success: false, payload: { message } }`
 * with "sign in" in the caller's language (`message` when the call names its own text).
 */
export function requireApiSession(app: AppContext, message?: string): NonNullable<AppContext["session"]> {
  if (!app.session) throw new ApiError(401, message ?? app.t("api.signInRequired"));
  return app.session;
}

/** The signed-in person of an API call, or the 401 envelope (see requireApiSession). */
export function requireApiUser(app: AppContext, message?: string): NonNullable<AppContext["session"]>["user"] {
  return requireApiSession(app, message).user;
}
