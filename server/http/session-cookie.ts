import type { AppContext } from "../context";
import { SESSION_POLICY, sessionCookieFor } from "../domain/accounts";
import { createSession } from "../services/sessions";

/** Marks a brand on its own domain as having asked the login domain for a sign-in recently. */
export const SSO_CHECKED_COOKIE = "sso_checked";
export const SSO_CHECK_EVERY_SECONDS = 30 * 60;
/** Holds the id of a sign-in waiting for its second step (login domain, 5 minutes). */
export const OTP_PENDING_COOKIE = "otp_pending";

function cookieOptions(app: AppContext) {
  const spec = sessionCookieFor(app.hostname, app.config, app.https);
  return {
    spec,
    options: {
      path: "/",
      httpOnly: true,
      secure: spec.secure,
      sameSite: "Lax" as const,
      ...(spec.domain ? { domain: spec.domain } : {}),
    },
  };
}

/**
 * Starts a new session for `userId` on this host's cookie scope and sets its cookie. Always a
 * fresh id: whatever id the browser held before sign-in is never reused.
 */
export async function startSession(app: AppContext, userId: number, parentHash: string | null = null) {
  const { spec, options } = cookieOptions(app);
  const created = await createSession(app.db, {
    userId,
    scope: spec.domain ?? app.hostname,
    parentHash,
    userAgent: app.userAgent,
    now: Date.now(),
  });
  app.setCookie(spec.name, created.id, { ...options, maxAge: Math.floor(SESSION_POLICY.absolute / 1000) });
  return created;
}

export function clearSessionCookie(app: AppContext): void {
  const { spec, options } = cookieOptions(app);
  app.setCookie(spec.name, "", { ...options, maxAge: 0 });
}
