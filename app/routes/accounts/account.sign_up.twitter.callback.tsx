import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { setFlash } from "../../../server/http/flash";
import { startSession } from "../../../server/http/session-cookie";
import { twitterConfig } from "../../../server/integrations/twitter";
import { destinationAfterSignIn, returnTarget } from "../../../server/services/sign-in";
import { completeTwitter } from "../../../server/services/twitter-sign-in";

/** Twitter sends the browser back here with `code` and our `state`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const config = twitterConfig(app.env);
  if (!config) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const result =
    code && state
      ? await completeTwitter(app.db, config, {
          code,
          state,
          redirectUri: `${app.origins.user}/account/sign_up/twitter/callback`,
          locale: app.locale,
          now: Date.now(),
        })
      : ({ ok: false } as const);
  if (!result.ok) {
    setFlash(app, [{ type: "error", key: "errors.generic" }]);
    throw redirect("/account/sign_up");
  }
  await startSession(app, result.userId);
  throw redirect(destinationAfterSignIn(app, returnTarget(app, result.returnTo)));
}
