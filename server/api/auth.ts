import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { setFlash } from "../http/flash";
import { clearSessionCookie } from "../http/session-cookie";
import { revokeSessionFamily } from "../services/sessions";
import { ok } from "./envelope";

export const authApi = new Hono<AppEnv>();

/**
 * DELETE /api/v1/auth/sign_out, from any brand: ends this browser's sign-in on every brand (the
 * login-domain session and each brand session handed from it) and leaves 'ログアウトしました。'
 * for the next page. Signing out without a session is not an error: the result is the same.
 */
authApi.delete("/sign_out", async (c) => {
  const app = c.get("app");
  if (app.session) await revokeSessionFamily(app.db, app.session.rootHash, Date.now());
  clearSessionCookie(app);
  setFlash(app, [{ type: "info", key: "flash.logoutSuccess" }]);
  return ok(c, { loggedOut: true });
});
