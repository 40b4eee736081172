import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { SSO_CHECKED_COOKIE, SSO_CHECK_EVERY_SECONDS, startSession } from "../../../server/http/session-cookie";
import { consumeHandoff } from "../../../server/services/sessions";

/**
 * A brand's end of the sign-in handoff. A valid token (one use, under a minute, made for this
 * origin) starts this brand's own session as a child of the login-domain session; then the
 * browser continues to `next`, a path on this same origin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const nextParam = url.searchParams.get("next") ?? "/";
  // a path on this host only: "//evil.example" or "/\evil" would leave it
  const next = nextParam.startsWith("/") && !nextParam.startsWith("//") && !nextParam.startsWith("/\\") ? nextParam : "/";
  const token = url.searchParams.get("token");
  app.setCookie(SSO_CHECKED_COOKIE, "1", {
    path: "/",
    maxAge: SSO_CHECK_EVERY_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: app.https,
  });
  // the brand's configured origin, the same string the login domain made the token for
  const origin = app.service ? new URL(app.service.frontUrl).origin : null;
  if (token && origin) {
    const handed = await consumeHandoff(app.db, { token, origin, now: Date.now() });
    if (handed) await startSession(app, handed.userId, handed.parentHash);
  }
  throw redirect(next);
}
