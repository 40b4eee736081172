import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { handoffTokens, sessions, users } from "../../db/schema";
import { HANDOFF_TTL, isSessionLive, newSessionTimes, shouldTouchSession } from "../domain/accounts";
import type { SessionUser } from "../context";
import { randomToken, sha256Hex } from "../security/crypto";
import { sessionCoinBalanceStatement } from "./coin-summary";
import { creatorSummaryFrom, creatorSummaryStatements, type CreatorSummary } from "./creator";
import { expiredPlansFrom, expiredPlansQuery, type ExpiredPlan } from "./expired-plans";
import { unreadMessagesStatement } from "./messages";

/**
 * Sign-in sessions in D1. The browser holds a random id; the table holds its SHA-256. A fresh id
 * is issued at every sign-in, so an id planted before sign-in (session fixation) is never used.
 */

/** What a handoff needs to know about a sign-in. */
export interface SignedIn {
  rootHash: string;
  userId: number;
}

export interface ResolvedSession {
  idHash: string;
  /** the login-domain session at the root of this one's family */
  rootHash: string;
  user: SessionUser & { email: string | null; otpEnabled: boolean; isOperator: boolean };
  /** the person as a creator: own fan club, fan clubs they edit, managed fan clubs */
  creator: CreatorSummary;
  /** coins spendable now, for the header (spec §2) */
  coinBalance: number;
  /** plans whose renewal could not be paid (spec §3 isSubscriptionAlert, the layout's expired-plan alert) */
  expiredPlans: ExpiredPlan[];
  /** the header's messages mark: something unread as fan or as a fan club they answer for (issue 20) */
  unreadMessages: boolean;
}

export async function createSession(
  db: Db,
  input: { userId: number; scope: string; parentHash?: string | null; userAgent?: string | null; now: number },
): Promise<{ id: string; idHash: string }> {
  const id = randomToken(32);
  const idHash = await sha256Hex(id);
  await db.insert(sessions).values({
    idHash,
    userId: input.userId,
    parentHash: input.parentHash ?? null,
    scope: input.scope,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ...newSessionTimes(input.now),
  });
  return { id, idHash };
}

/**
 * One D1 round trip: the session, its person, what they are as a creator, their coin balance and
 * their expired plans.
 * Returns null for anything not live.
 */
export async function resolveSession(
  db: Db,
  id: string | undefined | null,
  now: number,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<ResolvedSession | null> {
  if (!id || id.length > 100) return null;
  const idHash = await sha256Hex(id);
  const [rows, own, editing, managed, approved, coins, expired, unreadMessages] = await db.batch([
    db
      .select({
        idHash: sessions.idHash,
        parentHash: sessions.parentHash,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        name: users.name,
        email: users.email,
        iconImageUrl: users.iconImageUrl,
        identifyToken: users.identifyToken,
        otpEnabledAt: users.otpEnabledAt,
        isOperator: users.isOperator,
        leftAt: users.leftAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash)),
    ...creatorSummaryStatements(db, idHash),
    sessionCoinBalanceStatement(db, idHash, now),
    expiredPlansQuery(db, sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash})`),
    unreadMessagesStatement(db, sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash})`),
  ]);
  const row = rows[0];
  if (!row || row.leftAt || !isSessionLive(row, now)) return null;
  if (shouldTouchSession(row, now)) {
    const touch = db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash))
      .run();
    if (waitUntil) waitUntil(touch);
    else await touch;
  }
  return {
    idHash,
    rootHash: row.parentHash ?? idHash,
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      iconImageUrl: row.iconImageUrl,
      userIdentifyToken: row.identifyToken,
      otpEnabled: row.otpEnabledAt !== null,
      isOperator: row.isOperator,
    },
    creator: creatorSummaryFrom({ own, editing, managed, approved }),
    coinBalance: Number(coins[0]?.balance ?? 0),
    expiredPlans: expiredPlansFrom(expired),
    unreadMessages: Boolean(Number(unreadMessages[0]?.unread ?? 0)),
  };
}

/** Signs out one browser: its login-domain session and every brand session handed from it. */
export async function revokeSessionFamily(db: Db, rootHash: string, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(or(eq(sessions.idHash, rootHash), eq(sessions.parentHash, rootHash)), isNull(sessions.revokedAt)))
    .run();
}

/** Signs a person out everywhere (password reset, 'sign out of all devices', leaving). */
export function revokeAllSessionsStatement(db: Db, userId: number, now: number) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A one-time token that lets `targetOrigin` start its own session for this sign-in. */
export async function createHandoff(db: Db, input: { session: SignedIn; targetOrigin: string; now: number }): Promise<string> {
  const token = randomToken(32);
  await db.insert(handoffTokens).values({
    tokenHash: await sha256Hex(token),
    sessionHash: input.session.rootHash,
    userId: input.session.userId,
    targetOrigin: input.targetOrigin,
    expiresAt: new Date(input.now + HANDOFF_TTL),
  });
  return token;
}

/**
 * Spends a handoff token on the origin it was made for. The update is conditional, so two
 * concurrent uses cannot both succeed. Returns the session to create, or null.
 */
export async function consumeHandoff(
  db: Db,
  input: { token: string; origin: string; now: number },
): Promise<{ userId: number; parentHash: string } | null> {
  if (!input.token || input.token.length > 100) return null;
  const tokenHash = await sha256Hex(input.token);
  const spent = await db
    .update(handoffTokens)
    .set({ usedAt: new Date(input.now) })
    .where(and(eq(handoffTokens.tokenHash, tokenHash), isNull(handoffTokens.usedAt), eq(handoffTokens.targetOrigin, input.origin)))
    .returning()
    .get();
  if (!spent || spent.expiresAt.getTime() <= input.now) return null;
  // the login session it came from must still be signed in
  const parent = await db.select().from(sessions).where(eq(sessions.idHash, spent.sessionHash)).get();
  if (!parent || !isSessionLive(parent, input.now)) return null;
  return { userId: spent.userId, parentHash: spent.sessionHash };
}
