import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";

/**
 * For loaders and actions of signed-in pages. The route guard already sends visitors on /me
 * paths to sign in; this covers a session that ended meanwhile (another tab logged out, a
 * password reset). Throws the redirect to the login page; returns the signed-in person.
 */
export function requireUser(app: AppContext) {
  if (!app.session) throw redirect(`${app.origins.login}/auth/login`);
  return app.session.user;
}
