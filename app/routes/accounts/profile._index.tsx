import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";

/** /profile without a token: one's own profile, after signing in. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!app.user) throw redirect(`${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(`${app.origins.user}/profile`)}`);
  throw redirect(`/profile/${app.user.userIdentifyToken}`);
}
