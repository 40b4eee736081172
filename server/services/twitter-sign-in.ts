import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authChallenges, oauthIdentities, users } from "../../db/schema";
import { MINUTE } from "../domain/accounts";
import type { Locale } from "../domain/locale";
import { authorizeUrl, fetchTwitterProfile, type TwitterConfig } from "../integrations/twitter";
import { randomToken, sha256Hex } from "../security/crypto";

const STATE_TTL = 10 * MINUTE;

/** Starts the OAuth dance: remembers state and PKCE verifier, returns where to send the browser. */
export async function beginTwitter(db: Db, config: TwitterConfig, input: { redirectUri: string; returnTo: string | null; now: number }) {
  const state = randomToken(24);
  const verifier = randomToken(48);
  await db.insert(authChallenges).values({
    id: await sha256Hex(state),
    userId: null,
    purpose: "oauth_twitter",
    challenge: verifier,
    returnTo: input.returnTo,
    expiresAt: new Date(input.now + STATE_TTL),
  });
  return authorizeUrl(config, { redirectUri: input.redirectUri, state, verifier });
}

/**
 * Finishes it: the state must be one we issued (once, within 10 minutes). A Twitter account seen
 * before signs in to its person; a new one becomes an account (no e-mail address; Twitter gives
 * none) whose terms acceptance is the sign-up button it pressed.
 */
export async function completeTwitter(
  db: Db,
  config: TwitterConfig,
  input: { code: string; state: string; redirectUri: string; locale: Locale; now: number; fetcher?: typeof fetch },
): Promise<{ ok: true; userId: number; returnTo: string | null } | { ok: false }> {
  const pending = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, await sha256Hex(input.state)), eq(authChallenges.purpose, "oauth_twitter")))
    .returning()
    .get();
  if (!pending || pending.expiresAt.getTime() <= input.now) return { ok: false };
  let profile;
  try {
    profile = await fetchTwitterProfile(
      config,
      { code: input.code, redirectUri: input.redirectUri, verifier: pending.challenge },
      input.fetcher,
    );
  } catch (error) {
    console.warn("[twitter] sign-in failed", error);
    return { ok: false };
  }
  const known = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.provider, "twitter"), eq(oauthIdentities.subject, profile.id)))
    .get();
  if (known) return { ok: true, userId: known.userId, returnTo: pending.returnTo };

  const now = new Date(input.now);
  const identifyToken = randomToken(12);
  const [created] = await db
    .insert(users)
    .values({
      email: null,
      name: profile.name.slice(0, 50),
      iconImageUrl: profile.profileImageUrl,
      identifyToken,
      locale: input.locale,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!created) return { ok: false };
  await db
    .insert(oauthIdentities)
    .values({ provider: "twitter", subject: profile.id, userId: created.id, createdAt: now })
    .onConflictDoNothing()
    .run();
  return { ok: true, userId: created.id, returnTo: pending.returnTo };
}
