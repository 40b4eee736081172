import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { paymentProviderFrom } from "../integrations/payments";
import { paymentProfile, setUseCoinSubscription } from "../services/payment-cards";
import { ApiError, ok } from "./envelope";
import { bodyOf } from "./body";
import { requireApiSession } from "../http/require-user";

/** The user settings root, PUT /api/v1/me/user (spec §7). */
export const meUserApi = new Hono<AppEnv>();

/** `1`/`0` as a form sends them, or a JSON boolean or number; anything else is not a setting. */
function flag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === "1" || value === "true") return true;
  if (value === false || value === 0 || value === "0" || value === "false") return false;
  return null;
}

/**
 * Coin-for-renewal (spec §4): form data `user[use_coin_subscription]` = 1 or 0, saved at once.
 * Answers payload.user.useCoinSubscription and the auth user (payload.authUser.user), which the
 * payment dialog keeps.
 */
meUserApi.put("/", async (c) => {
  const app = c.get("app");
  const session = requireApiSession(app);
  const body = await bodyOf(c);
  const nested = body.user && typeof body.user === "object" ? (body.user as Record<string, unknown>) : {};
  const on = flag(body["user[use_coin_subscription]"] ?? nested.use_coin_subscription);
  if (on === null) {
    const message = app.t("api.invalid");
    throw new ApiError(400, message, [{ message, target: "user[use_coin_subscription]" }]);
  }
  await setUseCoinSubscription(app.db, paymentProviderFrom(app.env), session.user.id, on, Date.now());
  const saved = (await paymentProfile(app.db, session.user.id))?.useCoinSubscription ?? false;
  const { name, iconImageUrl, userIdentifyToken } = session.user;
  return ok(c, {
    message: app.t("flash.updated"),
    user: { useCoinSubscription: saved },
    authUser: {
      loggedIn: true,
      hasManagedFanclub: session.creator.hasManagedFanclub,
      user: { name, iconImageUrl, userIdentifyToken, useCoinSubscription: saved },
    },
  });
});
