import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { safeReturnUrl } from "../../../server/domain/return-path";
import { handoffState } from "../../../server/http/sso-handoff";
import { handoffTo, knownOrigins } from "../../../server/services/sign-in";

/**
 * The login domain's end of a handoff a brand on its own domain asked for (`/sso/start` or its
 * first-visit check). A signed-in browser goes back with a one-time token; any other goes back
 * empty-handed. Either way the brand's state goes back with it, for the callback to check against
 * the browser's cookie; without a state no token is made. Only our own origins are ever a target.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const params = new URL(request.url).searchParams;
  const target = safeReturnUrl(params.get("return"), knownOrigins(app));
  if (!target) throw redirect(`${app.origins.base}/`);
  const state = handoffState(params.get("state"));
  if (!state) throw redirect(target);
  const session = app.session ? { rootHash: app.session.rootHash, userId: app.session.user.id } : null;
  throw redirect(await handoffTo(app, session, target, state));
}
