import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authChallenges, passkeySettings, passkeys, users } from "../../db/schema";
import { MINUTE } from "../domain/accounts";
import { passkeySignInEnabled } from "../domain/passkey-sign-in";
import { fromBase64Url, randomToken, toBase64Url } from "../security/crypto";

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. The relying party is the shared cookie domain,
 * so a passkey registered in the account settings (user domain) signs in on the login domain.
 */

export interface RelyingParty {
  id: string;
  name: string;
  /** origins where ceremonies may happen: the login and user domains */
  origins: string[];
}

const CHALLENGE_TTL = 5 * MINUTE;

async function storeChallenge(
  db: Db,
  purpose: "passkey_register" | "passkey_login",
  challenge: string,
  userId: number | null,
  now: number,
) {
  const id = randomToken(16);
  await db.insert(authChallenges).values({ id, userId, purpose, challenge, expiresAt: new Date(now + CHALLENGE_TTL) });
  return id;
}

/** Takes a challenge out of the table: each is used at most once, and only before it expires. */
async function takeChallenge(db: Db, id: string, purpose: "passkey_register" | "passkey_login", now: number) {
  const row = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, id), eq(authChallenges.purpose, purpose)))
    .returning()
    .get();
  return row && row.expiresAt.getTime() > now ? row : null;
}

export async function listPasskeys(db: Db, userId: number) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all();
}

/** Whether the account lets its passkeys sign it in (the settings page's switch). */
export async function passkeySignInSetting(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ signInEnabled: passkeySettings.signInEnabled })
    .from(passkeySettings)
    .where(eq(passkeySettings.userId, userId))
    .get();
  return passkeySignInEnabled(row);
}

/** Switches passkey sign-in on or off for the account; the passkeys themselves stay registered. */
export async function setPasskeySignIn(db: Db, userId: number, enabled: boolean, now: number): Promise<boolean> {
  await db
    .insert(passkeySettings)
    .values({ userId, signInEnabled: enabled, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: passkeySettings.userId, set: { signInEnabled: enabled, updatedAt: new Date(now) } })
    .run();
  return enabled;
}

export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: number; name: string; email: string | null }, now: number) {
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email ?? user.name,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user:${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: parseTransports(c.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = await storeChallenge(db, "passkey_register", options.challenge, user.id, now);
  return { challengeId, options };
}

function parseTransports(value: string | null): AuthenticatorTransport[] | undefined {
  return value ? (value.split(",") as AuthenticatorTransport[]) : undefined;
}

export async function completeRegistration(
  db: Db,
  rp: RelyingParty,
  input: { userId: number; challengeId: string; response: RegistrationResponseJSON; name: string; now: number },
): Promise<{ ok: true; id: string } | { ok: false }> {
  const challenge = await takeChallenge(db, input.challengeId, "passkey_register", input.now);
  if (!challenge || challenge.userId !== input.userId) return { ok: false };
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false };
  }
  if (!verification.verified || !verification.registrationInfo) return { ok: false };
  const { credential } = verification.registrationInfo;
  await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: input.userId,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.join(",") ?? null,
      name: input.name,
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing()
    .run();
  return { ok: true, id: credential.id };
}

export async function deletePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
    .get();
  return Boolean(removed);
}

/** Options for signing in without typing an address: any discoverable passkey of ours. */
export async function authenticationOptions(db: Db, rp: RelyingParty, now: number) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  const challengeId = await storeChallenge(db, "passkey_login", options.challenge, null, now);
  return { challengeId, options };
}

export async function verifyPasskeyLogin(
  db: Db,
  rp: RelyingParty,
  input: { challengeId: string; response: AuthenticationResponseJSON; now: number },
): Promise<{ ok: true; userId: number } | { ok: false; disabled?: true }> {
  const challenge = await takeChallenge(db, input.challengeId, "passkey_login", input.now);
  if (!challenge) return { ok: false };
  const stored = await db
    .select({ passkey: passkeys, leftAt: users.leftAt, signInEnabled: passkeySettings.signInEnabled })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .leftJoin(passkeySettings, eq(passkeySettings.userId, passkeys.userId))
    .where(and(eq(passkeys.id, input.response.id), isNull(users.leftAt)))
    .get();
  if (!stored) return { ok: false };
  // the account switched passkey sign-in off: refused before any signature work, with its own reason
  if (!passkeySignInEnabled(stored.signInEnabled === null ? undefined : { signInEnabled: stored.signInEnabled })) {
    return { ok: false, disabled: true };
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: stored.passkey.id,
        publicKey: fromBase64Url(stored.passkey.publicKey),
        counter: stored.passkey.counter,
        transports: parseTransports(stored.passkey.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    return { ok: false };
  }
  if (!verification.verified) return { ok: false };
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date(input.now) })
    .where(eq(passkeys.id, stored.passkey.id))
    .run();
  return { ok: true, userId: stored.passkey.userId };
}
