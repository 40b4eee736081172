import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { safeReturnUrl } from "../../../server/domain/accounts";
import { destinationAfterSignIn, knownOrigins } from "../../../server/services/sign-in";

/**
 * Silent sign-in check for a brand on its own domain, on the login domain. A signed-in browser
 * goes back with a one-time token; any other goes back empty-handed. Only our own origins are
 * ever a target.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const target = safeReturnUrl(new URL(request.url).searchParams.get("return"), knownOrigins(app));
  if (!target) throw redirect(`${app.origins.base}/`);
  if (app.session) {
    throw redirect(await destinationAfterSignIn(app, { rootHash: app.session.rootHash, userId: app.session.user.id }, target, false));
  }
  const url = new URL(target);
  const callback = new URL("/sso/callback", url.origin);
  callback.searchParams.set("next", url.pathname + url.search);
  throw redirect(callback.toString());
}
