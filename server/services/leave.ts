import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import {
  authChallenges,
  emailTokens,
  fanclubEditors,
  fanclubs,
  follows,
  memberships,
  handoffTokens,
  linkApplications,
  notificationSettings,
  notifications,
  oauthIdentities,
  passkeys,
  plans,
  recoveryCodes,
  userAddresses,
  users,
} from "../../db/schema";
import type { Locale } from "../domain/locale";
import { randomToken, verifyPassword } from "../security/crypto";
import { emailInsert } from "./mailer";
import { revokeAllSessionsStatement } from "./sessions";

export type LeaveResult = { ok: true; emailId: number | undefined } | { ok: false; reason: "wrongPassword" | "gone" | "ownsFanclub" };

/**
 * Leaving the service (/me/user/leave). In one D1 batch: every session ends; credentials, contact
 * details and settings are deleted; the person's row stays, anonymised, so records that point at
 * it (purchases, ledger entries, memberships) keep their integrity without naming anyone. The
 * goodbye e-mail row is rendered from the address before the batch erases it.
 */
export async function leaveService(db: Db, input: { userId: number; password: string; now: number }): Promise<LeaveResult> {
  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.leftAt)))
    .get();
  if (!user) return { ok: false, reason: "gone" };
  // accounts made through Twitter have no password; for them the signed-in session is the proof
  if (user.passwordHash && !(await verifyPassword(input.password, user.passwordHash))) return { ok: false, reason: "wrongPassword" };
  // a creator closes their fan club first (/help/fanclub_close): members must not lose it silently
  const owned = await db
    .select({ id: fanclubs.id })
    .from(fanclubs)
    .where(and(eq(fanclubs.ownerId, user.id), eq(fanclubs.status, "open")))
    .get();
  if (owned) return { ok: false, reason: "ownsFanclub" };
  const now = new Date(input.now);
  const id = user.id;
  const goodbye = user.email
    ? [emailInsert(db, { to: user.email, template: "left", locale: user.locale as Locale, params: { name: user.name }, now: input.now })]
    : [];
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    revokeAllSessionsStatement(db, id, input.now),
    // memberships end (counters first, while the rows still say which plans), follows go
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} - 1` })
      .where(
        inArray(
          plans.id,
          db
            .select({ id: memberships.planId })
            .from(memberships)
            .where(and(eq(memberships.userId, id), ne(memberships.status, "left"))),
        ),
      ),
    db
      .update(fanclubs)
      .set({ memberCount: sql`${fanclubs.memberCount} - 1` })
      .where(
        inArray(
          fanclubs.id,
          db
            .select({ id: memberships.fanclubId })
            .from(memberships)
            .where(and(eq(memberships.userId, id), ne(memberships.status, "left"))),
        ),
      ),
    db
      .update(memberships)
      .set({ status: "left", leftAt: now })
      .where(and(eq(memberships.userId, id), ne(memberships.status, "left"))),
    db
      .update(fanclubs)
      .set({ followerCount: sql`${fanclubs.followerCount} - 1` })
      .where(inArray(fanclubs.id, db.select({ id: follows.fanclubId }).from(follows).where(eq(follows.userId, id)))),
    db.delete(follows).where(eq(follows.userId, id)),
    db.delete(fanclubEditors).where(eq(fanclubEditors.userId, id)),
    db.delete(passkeys).where(eq(passkeys.userId, id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id)),
    db.delete(authChallenges).where(eq(authChallenges.userId, id)),
    db.delete(emailTokens).where(eq(emailTokens.userId, id)),
    db.delete(handoffTokens).where(eq(handoffTokens.userId, id)),
    db.delete(userAddresses).where(eq(userAddresses.userId, id)),
    db.delete(notificationSettings).where(eq(notificationSettings.userId, id)),
    db.delete(linkApplications).where(eq(linkApplications.userId, id)),
    db.delete(oauthIdentities).where(eq(oauthIdentities.userId, id)),
    db.delete(notifications).where(eq(notifications.userId, id)),
    db
      .update(users)
      .set({
        email: null,
        emailConfirmedAt: null,
        passwordHash: null,
        name: "",
        iconImageUrl: null,
        otpSecret: null,
        otpEnabledAt: null,
        // a new random token: the old profile URL stops working
        identifyToken: randomToken(12),
        leftAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id)),
    ...goodbye,
  ];
  const results = await db.batch(statements);
  const mailed = goodbye.length ? (results[statements.length - 1] as Array<{ id: number }>) : [];
  return { ok: true, emailId: mailed[0]?.id };
}
