import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { twitterConfig } from "../../../server/integrations/twitter";
import { beginTwitter } from "../../../server/services/twitter-sign-in";

/** /account/sign_up/twitter: off (404) unless the Twitter client secrets are configured. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const config = twitterConfig(app.env);
  if (!config) throw new Response("Not Found", { status: 404 });
  const returnTo = new URL(request.url).searchParams.get("loggedInPath");
  throw redirect(
    await beginTwitter(app.db, config, { redirectUri: `${app.origins.user}/account/sign_up/twitter/callback`, returnTo, now: Date.now() }),
  );
}
