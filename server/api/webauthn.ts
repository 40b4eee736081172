import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context";
import type { AppEnv } from "../hono-env";
import { startSession } from "../http/session-cookie";
import { translatorFor } from "../i18n";
import {
  authenticationOptions,
  completeRegistration,
  deletePasskey,
  listPasskeys,
  passkeySignInSetting,
  registrationOptions,
  setPasskeySignIn,
  verifyPasskeyLogin,
  type RelyingParty,
} from "../services/passkeys";
import { destinationAfterSignIn, returnTarget } from "../services/sign-in";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";
import { bodyOf } from "./body";

export const webauthnApi = new Hono<AppEnv>();

function relyingParty(app: AppContext): RelyingParty {
  return { id: app.config.cookieDomain, name: app.primaryService?.name ?? "Fanclub", origins: [app.origins.login, app.origins.user] };
}

// passkeys name their own reason: the account page explains what signing in first gives
const signedIn = (app: AppContext) => requireApiUser(app, translatorFor(app.locale, "account")("passkeys.signInFirst"));

const registerBody = z.object({
  challengeId: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(50),
  // the browser's RegistrationResponseJSON; @simplewebauthn verifies every field of it
  response: z.object({ id: z.string(), rawId: z.string(), type: z.literal("public-key"), response: z.record(z.unknown()) }).passthrough(),
});

const loginBody = z.object({
  challengeId: z.string().min(1).max(100),
  loggedInPath: z.string().max(2000).optional(),
  response: z.object({ id: z.string(), rawId: z.string(), type: z.literal("public-key"), response: z.record(z.unknown()) }).passthrough(),
});

/** POST /api/v1/webauthn/register: options for adding a passkey to the signed-in account. */
webauthnApi.post("/register", async (c) => {
  const app = c.get("app");
  const user = signedIn(app);
  return ok(c, await registrationOptions(app.db, relyingParty(app), user, Date.now()));
});

/** POST /api/v1/webauthn/callback: the authenticator's answer; stores the passkey. */
webauthnApi.post("/callback", async (c) => {
  const app = c.get("app");
  const user = signedIn(app);
  const body = registerBody.parse(await bodyOf(c));
  const result = await completeRegistration(app.db, relyingParty(app), {
    userId: user.id,
    challengeId: body.challengeId,
    response: body.response as never,
    name: body.name,
    now: Date.now(),
  });
  if (!result.ok) throw new ApiError(400, translatorFor(app.locale, "account")("passkeys.failed"));
  return ok(c, { passkeys: await listPasskeys(app.db, user.id) });
});

webauthnApi.get("/", async (c) => {
  const app = c.get("app");
  const user = signedIn(app);
  return ok(c, { passkeys: await listPasskeys(app.db, user.id), enabled: await passkeySignInSetting(app.db, user.id) });
});

const enableBody = z.object({ enabled: z.boolean() });

/** POST /api/v1/webauthn/enable: switches signing in with this account's passkeys on or off. */
webauthnApi.post("/enable", async (c) => {
  const app = c.get("app");
  const user = signedIn(app);
  const parsed = enableBody.safeParse(await bodyOf(c));
  if (!parsed.success) throw new ApiError(400, translatorFor(app.locale, "account")("passkeys.enableInvalid"));
  return ok(c, { enabled: await setPasskeySignIn(app.db, user.id, parsed.data.enabled, Date.now()) });
});

/** DELETE /api/v1/webauthn/:id: removes one of the signed-in person's passkeys. */
webauthnApi.delete("/:id", async (c) => {
  const app = c.get("app");
  const user = signedIn(app);
  if (!(await deletePasskey(app.db, user.id, c.req.param("id")))) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, { passkeys: await listPasskeys(app.db, user.id) });
});

/** POST /api/v1/webauthn/login/options: a challenge for signing in with any passkey. */
webauthnApi.post("/login/options", async (c) => {
  const app = c.get("app");
  return ok(c, await authenticationOptions(app.db, relyingParty(app), Date.now()));
});

/** POST /api/v1/webauthn/login: verifies the assertion, signs in, and says where to go next. */
webauthnApi.post("/login", async (c) => {
  const app = c.get("app");
  if (app.hostname !== app.config.loginDomain) throw new ApiError(403, app.t("api.xhrRequired"));
  const body = loginBody.parse(await bodyOf(c));
  const result = await verifyPasskeyLogin(app.db, relyingParty(app), {
    challengeId: body.challengeId,
    response: body.response as never,
    now: Date.now(),
  });
  if (!result.ok) {
    if (result.disabled) throw new ApiError(403, translatorFor(app.locale, "account")("passkeys.signInDisabled"));
    throw new ApiError(400, translatorFor(app.locale, "account")("passkeys.loginFailed"));
  }
  await startSession(app, result.userId);
  const location = destinationAfterSignIn(app, returnTarget(app, body.loggedInPath));
  return ok(c, { location });
});
