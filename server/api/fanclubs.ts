import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { setFollowing } from "../services/follows";
import { ApiError, ok } from "./envelope";

export const fanclubsApi = new Hono<AppEnv>();

/** POST follow / DELETE unfollow a fan club (spec §7), for the signed-in person. */
async function follow(c: Context<AppEnv>, following: boolean) {
  const app = c.get("app");
  if (!app.user) throw new ApiError(401, app.t("api.signInRequired"));
  const id = Number(c.req.param("id") ?? "");
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  const result = await setFollowing(app.db, { userId: app.user.id, fanclubId: id, follow: following, now: Date.now() });
  if (!result.ok) {
    if (result.reason === "notFound") throw new ApiError(404, app.t("api.notFound"));
    throw new ApiError(403, app.t(result.reason === "own" ? "api.followOwn" : "api.blocked"));
  }
  return ok(c, { following: result.following, followerCount: result.followerCount });
}

fanclubsApi.post("/:id/follow", (c) => follow(c, true));
fanclubsApi.delete("/:id/follow", (c) => follow(c, false));
