import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { hostnameOf, isUnderCookieDomain, type HostConfig } from "./hosts";

/**
 * Account rules: what a valid sign-up looks like, how long links and sessions live, when sign-in
 * is locked. Pure: the clock is always passed in.
 */

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const ACCOUNT_LIMITS = {
  nameMax: 50,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const TOKEN_TTL = {
  confirm: DAY,
  change_email: DAY,
  reset: HOUR,
} as const;

/** A handed-over sign-in must be used within this time, once. */
export const HANDOFF_TTL = 45_000;

export const SESSION_POLICY = {
  /** signed out after this long without a request */
  idle: 30 * DAY,
  /** signed out after this long whatever happens */
  absolute: 90 * DAY,
  /** last-seen is written at most this often, to keep reads free of writes */
  touchEvery: 10 * MINUTE,
} as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailField = (t: TFunction) =>
  z
    .string({ required_error: t("validation.required", { field: t("account:fields.email") }) })
    .trim()
    .min(1, t("validation.required", { field: t("account:fields.email") }))
    .max(ACCOUNT_LIMITS.emailMax, t("validation.maxLength", { max: ACCOUNT_LIMITS.emailMax }))
    .email(t("validation.email"))
    .transform(normalizeEmail);

const passwordField = (t: TFunction, field = "account:fields.password") =>
  z
    .string({ required_error: t("validation.required", { field: t(field) }) })
    .min(1, t("validation.required", { field: t(field) }))
    .min(ACCOUNT_LIMITS.passwordMin, t("validation.minLength", { min: ACCOUNT_LIMITS.passwordMin }))
    .max(ACCOUNT_LIMITS.passwordMax, t("validation.maxLength", { max: ACCOUNT_LIMITS.passwordMax }))
    .refine((p) => /[A-Za-z]/.test(p) && /[0-9]/.test(p), t("account:errors.passwordLettersDigits"));

export const signUpSchema = (t: TFunction) =>
  z
    .object({
      email: emailField(t),
      password: passwordField(t),
      name: z
        .string({ required_error: t("validation.required", { field: t("account:fields.name") }) })
        .trim()
        .min(1, t("validation.required", { field: t("account:fields.name") }))
        .max(ACCOUNT_LIMITS.nameMax, t("validation.maxLength", { max: ACCOUNT_LIMITS.nameMax })),
      agree: z.literal("on", {
        errorMap: () => ({ message: t("account:errors.mustAgree") }),
      }),
    })
    .refine((v) => v.password.toLowerCase() !== v.email, { path: ["password"], message: t("account:errors.passwordIsEmail") });

export const loginSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    // no length rule here: an old password must still be accepted by the form
    password: z
      .string({ required_error: t("validation.required", { field: t("account:fields.password") }) })
      .min(1, t("validation.required", { field: t("account:fields.password") })),
    loggedInPath: z.string().optional(),
  });

export const emailOnlySchema = (t: TFunction) => z.object({ email: emailField(t) });

export const newPasswordSchema = (t: TFunction) =>
  z
    .object({
      password: passwordField(t, "account:fields.newPassword"),
      passwordConfirmation: z.string({ required_error: t("validation.required", { field: t("account:fields.passwordConfirmation") }) }),
    })
    .refine((v) => v.password === v.passwordConfirmation, {
      path: ["passwordConfirmation"],
      message: t("account:errors.passwordMismatch"),
    });

export const changePasswordSchema = (t: TFunction) =>
  z
    .object({
      currentPassword: z
        .string({ required_error: t("validation.required", { field: t("account:fields.currentPassword") }) })
        .min(1, t("validation.required", { field: t("account:fields.currentPassword") })),
      password: passwordField(t, "account:fields.newPassword"),
      passwordConfirmation: z.string({ required_error: t("validation.required", { field: t("account:fields.passwordConfirmation") }) }),
    })
    .refine((v) => v.password === v.passwordConfirmation, {
      path: ["passwordConfirmation"],
      message: t("account:errors.passwordMismatch"),
    });

export type TokenState = "valid" | "missing" | "used" | "expired";

export function tokenState(row: { expiresAt: Date; usedAt: Date | null } | null | undefined, now: number): TokenState {
  if (!row) return "missing";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "valid";
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export function newSessionTimes(now: number): Omit<SessionTimes, "revokedAt"> {
  return { createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_POLICY.absolute) };
}

export function isSessionLive(s: SessionTimes, now: number): boolean {
  if (s.revokedAt) return false;
  if (s.expiresAt.getTime() <= now) return false;
  return s.lastSeenAt.getTime() + SESSION_POLICY.idle > now;
}

export function shouldTouchSession(s: Pick<SessionTimes, "lastSeenAt">, now: number): boolean {
  return now - s.lastSeenAt.getTime() >= SESSION_POLICY.touchEvery;
}

export interface SessionCookieSpec {
  name: string;
  /** null: a host-only cookie for a brand on its own domain */
  domain: string | null;
  secure: boolean;
}

/**
 * Hosts under the shared cookie domain share one session cookie; a brand on its own domain gets
 * a host-only cookie, `__Host-` prefixed where the browser allows it (https).
 */
export function sessionCookieFor(host: string, config: HostConfig, https: boolean): SessionCookieSpec {
  if (isUnderCookieDomain(hostnameOf(host), config))
    return { name: https ? "__Secure-sid" : "sid", domain: config.cookieDomain, secure: https };
  return { name: https ? "__Host-sid" : "sid", domain: null, secure: https };
}

/** Appends `ref=login_success` so the page shows 'ログインしました。' once (spec §2). */
export function withLoginSuccess(url: string): string {
  const u = new URL(url);
  u.searchParams.set("ref", "login_success");
  return u.toString();
}
