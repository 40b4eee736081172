import { and, eq, isNull } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { Db } from "../../db/client";
import { authChallenges, recoveryCodes, users } from "../../db/schema";
import { MINUTE } from "../domain/accounts";
import { RECOVERY_CODE_COUNT, codeKind, formatRecoveryCode, normalizeCode } from "../domain/two-step";
import { randomToken, sha256Hex, verifyPassword } from "../security/crypto";

/**
 * Two-step sign-in with TOTP (RFC 6238, 6 digits, 30 s, one step of drift) through otpauth, plus
 * single-use recovery codes. The secret is kept pending until a first code proves the app has it.
 */

const ISSUER = "Fanclub";
const PENDING_LOGIN_TTL = 5 * MINUTE;

function totpFor(secret: string, label: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

export async function beginSetup(
  db: Db,
  user: { id: number; email: string | null; name: string },
): Promise<{ secret: string; uri: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ otpSecret: secret, otpEnabledAt: null })
    .where(and(eq(users.id, user.id), isNull(users.otpEnabledAt)))
    .run();
  return { secret, uri: totpFor(secret, user.email ?? user.name).toString() };
}

/** Turns two-step sign-in on once a code from the app matches; returns the recovery codes, shown once. */
export async function confirmSetup(
  db: Db,
  userId: number,
  code: string,
  now: number,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user?.otpSecret || user.otpEnabledAt) return { ok: false };
  if (codeKind(code) !== "totp" || totpFor(user.otpSecret, "").validate({ token: normalizeCode(code), timestamp: now, window: 1 }) === null)
    return { ok: false };
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(crypto.getRandomValues(new Uint8Array(8))));
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalizeCode(c))));
  await db.batch([
    db
      .update(users)
      .set({ otpEnabledAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
  ]);
  return { ok: true, recoveryCodes: codes };
}

/** Turning it off asks for the password, so a borrowed unlocked session cannot weaken the account. */
export async function disable(db: Db, userId: number, password: string, now: number): Promise<boolean> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(password, user.passwordHash))) return false;
  await db.batch([
    db
      .update(users)
      .set({ otpSecret: null, otpEnabledAt: null, updatedAt: new Date(now) })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return true;
}

/** Checks an authenticator code or spends a recovery code. */
export async function verifySecondStep(db: Db, userId: number, code: string, now: number): Promise<boolean> {
  const kind = codeKind(code);
  if (kind === "invalid") return false;
  if (kind === "totp") {
    const user = await db.select({ secret: users.otpSecret, enabled: users.otpEnabledAt }).from(users).where(eq(users.id, userId)).get();
    if (!user?.secret || !user.enabled) return false;
    return totpFor(user.secret, "").validate({ token: normalizeCode(code), timestamp: now, window: 1 }) !== null;
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, await sha256Hex(normalizeCode(code))), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id })
    .get();
  return Boolean(spent);
}

/** After a correct password: remember who is half signed in, for five minutes, by a random id. */
export async function startPendingLogin(db: Db, userId: number, returnTo: string | null, now: number): Promise<string> {
  const id = randomToken(24);
  await db.insert(authChallenges).values({
    id: await sha256Hex(id),
    userId,
    purpose: "otp_login",
    challenge: "",
    returnTo,
    expiresAt: new Date(now + PENDING_LOGIN_TTL),
  });
  return id;
}

export async function pendingLogin(db: Db, id: string | undefined, now: number) {
  if (!id || id.length > 100) return null;
  const row = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.id, await sha256Hex(id)), eq(authChallenges.purpose, "otp_login")))
    .get();
  return row && row.userId !== null && row.expiresAt.getTime() > now ? { ...row, userId: row.userId } : null;
}

export async function finishPendingLogin(db: Db, id: string): Promise<void> {
  await db
    .delete(authChallenges)
    .where(eq(authChallenges.id, await sha256Hex(id)))
    .run();
}
