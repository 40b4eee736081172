import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { beginDiscordOAuth, requireDiscord } from "../../../server/http/discord-oauth";
import { requireCreator } from "../../../server/http/require-creator";

/** Off to Discord to add the bot to the creator's server (scope bot, Manage Roles; PKCE). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireCreator(app, request, "managePlans");
  const client = requireDiscord(app);
  throw redirect(
    await beginDiscordOAuth(app, client, request, { purpose: "bot", callbackPath: "/me/fanclub/applications/discord/callback" }),
  );
}
