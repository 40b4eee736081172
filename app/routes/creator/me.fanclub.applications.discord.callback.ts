import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { readDiscordCallback, requireDiscord } from "../../../server/http/discord-oauth";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { requireUser } from "../../../server/http/require-user";
import { linkDiscordServer } from "../../../server/services/discord/links";

const PAGE = "/me/fanclub/applications/discord";

/** The bot install's answer: the server comes from the code exchange, never from the query (which anyone can write). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const user = requireUser(app);
  const client = requireDiscord(app);
  const callback = readDiscordCallback(app, request, { purpose: "bot", callbackPath: `${PAGE}/callback` });
  if (!callback.ok) {
    setFlash(app, [{ type: "error", key: callback.reason === "denied" ? "discord:errors.denied" : "discord:errors.state" }]);
    throw redirect(PAGE);
  }
  let guild;
  try {
    guild = await client.exchangeBotCode(callback);
  } catch (error) {
    console.warn("[discord] bot install failed", error);
    setFlash(app, [{ type: "error", key: "discord:errors.discord" }]);
    throw redirect(PAGE);
  }
  await linkDiscordServer(app.db, { fanclubId: op.fanclubId, userId: user.id, guild, now: Date.now() });
  setFlash(app, [{ type: "info", key: "discord:creator.done.linked" }]);
  throw redirect(PAGE);
}
