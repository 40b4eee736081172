import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { requireApiUser } from "../http/require-user";
import { workerDiscordClient } from "../jobs/discord";
import { myDiscord } from "../services/discord/links";
import { joinDiscordServer } from "../services/discord/roles";
import { ApiError, ok } from "./envelope";

/** Discord calls of spec §7 (docs/decisions/040). Without a Discord client (production without its secrets) they answer 404. */
export const discordApi = new Hono<AppEnv>();

function client(c: { get: (key: "app") => AppEnv["Variables"]["app"] }) {
  const app = c.get("app");
  const discord = workerDiscordClient(app.env);
  if (!discord) throw new ApiError(404, app.t("api.notFound"));
  return discord;
}

/** GET /me/user/discord: the linked Discord account and the fan club servers one can join. */
discordApi.get("/me/user/discord", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  client(c);
  const mine = await myDiscord(app.db, user.id);
  return ok(c, {
    discord: mine.account ? { username: mine.account.username, discordUserId: mine.account.discordUserId } : null,
    servers: mine.servers.map((s) => ({ ...s, joined: mine.joined.some((j) => j.fanclubId === s.fanclubId) })),
  });
});

/**
 * POST /fanclubs/{id}/join_discord_server: the signed-in member joins the fan club's server with
 * their plan's role.
 */
discordApi.post("/fanclubs/:id/join_discord_server", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const discord = client(c);
  const id = Number(c.req.param("id") ?? "");
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  const result = await joinDiscordServer(app.db, discord, { userId: user.id, fanclubId: id, now: Date.now() });
  if (!result.ok) {
    const message = app.t(`discord:errors.${result.reason}`);
    const status = result.reason === "noServer" ? 404 : result.reason === "discord" ? 502 : result.reason === "notMember" ? 403 : 400;
    throw new ApiError(status, message, [{ message, target: "discord" }]);
  }
  return ok(c, { joined: true, added: result.added, guildName: result.guildName, roleName: result.roleName });
});
