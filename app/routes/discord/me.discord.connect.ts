import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { beginDiscordOAuth, requireDiscord } from "../../../server/http/discord-oauth";
import { requireUser } from "../../../server/http/require-user";

/** /me/discord/connect: off to Discord's authorize screen (identify + guilds.join, PKCE). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  const client = requireDiscord(app);
  throw redirect(await beginDiscordOAuth(app, client, request, { purpose: "user", callbackPath: "/me/discord/callback" }));
}
