import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { safeReturnPath } from "../../../server/domain/return-path";
import { SSO_CHECKED_COOKIE, SSO_CHECK_EVERY_SECONDS, startSession } from "../../../server/http/session-cookie";
import { takeHandoffState } from "../../../server/http/sso-handoff";
import { consumeHandoff } from "../../../server/services/sessions";

/**
 * A brand's end of the sign-in handoff. A valid token (one use, under a minute, made for this
 * origin) starts this brand's own session as a child of the login-domain session, but only in the
 * browser that asked for it: the URL's state must match this browser's state cookie (a link
 * carrying someone else's token does nothing). Then the browser continues to `next`, a path on
 * this same origin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const next = safeReturnPath(url.searchParams.get("next")) ?? "/";
  const token = url.searchParams.get("token");
  const bound = takeHandoffState(app, request);
  app.setCookie(SSO_CHECKED_COOKIE, "1", {
    path: "/",
    maxAge: SSO_CHECK_EVERY_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: app.https,
  });
  // the brand's configured origin, the same string the login domain made the token for
  const origin = app.service ? new URL(app.service.frontUrl).origin : null;
  if (token && origin && bound) {
    const handed = await consumeHandoff(app.db, { token, origin, now: Date.now() });
    if (handed) await startSession(app, handed.userId, handed.parentHash);
  }
  throw redirect(next);
}
