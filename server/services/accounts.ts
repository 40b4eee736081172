import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailTokens, loginFailures, users, type UserRow } from "../../db/schema";
import { TOKEN_TTL, normalizeEmail, tokenState, type TokenState } from "../domain/accounts";
import { MAIL_THROTTLE, SIGN_IN_THROTTLE, THROTTLE_MEMORY, ceilingWait, growingDelayWait, longestWait } from "../domain/throttle";
import type { Locale } from "../domain/locale";
import { decoyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from "../security/crypto";
import { emailInsert } from "./mailer";
import { notificationInsert } from "./notifications";
import { revokeAllSessionsStatement } from "./sessions";
import { welcomeDueStatement } from "./welcome";

/**
 * Account use cases: sign-up, confirmation, password reset, e-mail and password changes,
 * sign-in with the lockout rule. Pages and the API call these; validation happened before.
 */

export interface Links {
  /** origin of the user domain, where account pages live */
  user: string;
}

type TokenPurpose = "confirm" | "reset" | "change_email";

const emailTaken = (db: Db, email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();

/** Makes a token row for `userIdSql` (a value or a sub-select) and returns the raw token for the link. */
async function tokenInsert(db: Db, userId: number | ReturnType<typeof sql>, purpose: TokenPurpose, email: string, now: number) {
  const token = randomToken(32);
  const insert = db.insert(emailTokens).values({
    tokenHash: await sha256Hex(token),
    userId: userId as number,
    purpose,
    email,
    expiresAt: new Date(now + TOKEN_TTL[purpose]),
    createdAt: new Date(now),
  });
  return { token, insert };
}

/** Where each e-mailed link leads (the user domain's account pages). */
const linkFor: Record<TokenPurpose, (links: Links, token: string, returnTo?: string | null) => string> = {
  // the page the person signed up from rides along, so signing in after confirming returns there
  // (checked again when the link is used: the link is a URL anyone may edit)
  confirm: (links, token, returnTo) =>
    `${links.user}/account/confirmation?confirmation_token=${token}${returnTo ? `&loggedInPath=${encodeURIComponent(returnTo)}` : ""}`,
  change_email: (links, token) => `${links.user}/account/confirmation?confirmation_token=${token}&change=1`,
  reset: (links, token) => `${links.user}/account/password_reset?reset_password_token=${token}`,
};

const templateFor: Record<TokenPurpose, "confirm" | "changeEmail" | "reset"> = {
  confirm: "confirm",
  change_email: "changeEmail",
  reset: "reset",
};

/** Stores a single-use link for `user` and the e-mail that carries it, in one batch. */
async function mailLink(
  db: Db,
  user: Pick<UserRow, "id" | "name" | "locale">,
  input: { purpose: TokenPurpose; email: string; links: Links; now: number },
): Promise<number | undefined> {
  const { token, insert } = await tokenInsert(db, user.id, input.purpose, input.email, input.now);
  const mail = emailInsert(db, {
    to: input.email,
    template: templateFor[input.purpose],
    locale: user.locale as Locale,
    params: { name: user.name, url: linkFor[input.purpose](input.links, token) },
    now: input.now,
  });
  const [, mailed] = await db.batch([insert, mail]);
  return mailed[0]?.id;
}

export type SignUpResult = { ok: true; emailId: number | undefined } | { ok: false; reason: "duplicate" };

export async function signUp(
  db: Db,
  input: { email: string; password: string; name: string; locale: Locale; links: Links; now: number; returnTo?: string | null },
): Promise<SignUpResult> {
  if (await emailTaken(db, input.email)) return { ok: false, reason: "duplicate" };
  const now = new Date(input.now);
  const userInsert = db.insert(users).values({
    email: input.email,
    passwordHash: await hashPassword(input.password),
    name: input.name,
    identifyToken: randomToken(12),
    locale: input.locale,
    termsAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  // the token refers to the row inserted in the same batch: all three are stored, or none
  const { token, insert } = await tokenInsert(
    db,
    sql`(SELECT id FROM users WHERE email = ${input.email})`,
    "confirm",
    input.email,
    input.now,
  );
  const mail = emailInsert(db, {
    to: input.email,
    template: "confirm",
    locale: input.locale,
    params: { name: input.name, url: linkFor.confirm(input.links, token, input.returnTo) },
    now: input.now,
  });
  try {
    const [, , mailed] = await db.batch([userInsert, insert, mail]);
    return { ok: true, emailId: mailed[0]?.id };
  } catch (error) {
    // two sign-ups with one address at the same moment: the unique index decides
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Spends a token of `purpose`. The conditional update makes a second use fail even when concurrent. */
async function spendToken(db: Db, token: string | null, purpose: TokenPurpose, now: number) {
  if (!token || token.length > 100) return { state: "missing" as TokenState, row: null };
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .get();
  const state = tokenState(row, now);
  if (state !== "valid" || !row) return { state, row: null };
  const spent = await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
    .returning()
    .get();
  return spent ? { state: "valid" as const, row: spent } : { state: "used" as TokenState, row: null };
}

export async function confirmEmail(
  db: Db,
  token: string | null,
  now: number,
): Promise<{ ok: true; userId: number } | { ok: false; state: TokenState }> {
  const { state, row } = await spendToken(db, token, "confirm", now);
  if (!row) return { ok: false, state };
  await db.batch([
    db
      .update(users)
      .set({ emailConfirmedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(users.id, row.userId), isNull(users.leftAt))),
    notificationInsert(db, { userId: row.userId, kind: "welcome", url: "/fanclubs?order=2&category=", now }),
    welcomeDueStatement(db, row.userId, now),
  ]);
  return { ok: true, userId: row.userId };
}

/**
 * Sends a new confirmation link when the address belongs to an unconfirmed account. The answer
 * is the same either way, so the form does not reveal who has an account.
 */
export async function resendConfirmation(db: Db, input: { email: string; links: Links; now: number }): Promise<number | undefined> {
  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.emailConfirmedAt), isNull(users.leftAt)))
    .get();
  if (!user) return undefined;
  return mailLink(db, user, { purpose: "confirm", email: input.email, links: input.links, now: input.now });
}

export async function requestPasswordReset(db: Db, input: { email: string; links: Links; now: number }): Promise<number | undefined> {
  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.leftAt)))
    .get();
  if (!user) return undefined;
  return mailLink(db, user, { purpose: "reset", email: input.email, links: input.links, now: input.now });
}

/** Is this reset link still usable? (The form is shown only then; the token is spent on submit.) */
export async function resetTokenState(db: Db, token: string | null, now: number): Promise<TokenState> {
  if (!token || token.length > 100) return "missing";
  const row = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, await sha256Hex(token)), eq(emailTokens.purpose, "reset")))
    .get();
  return tokenState(row, now);
}

/** Sets the new password and signs the person out everywhere; a reset also proves the address. */
export async function resetPassword(
  db: Db,
  input: { token: string | null; password: string; now: number },
): Promise<{ ok: true } | { ok: false; state: TokenState }> {
  const { state, row } = await spendToken(db, input.token, "reset", input.now);
  if (!row) return { ok: false, state };
  const now = new Date(input.now);
  await db.batch([
    db
      .update(users)
      .set({
        passwordHash: await hashPassword(input.password),
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${input.now})`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId)),
    revokeAllSessionsStatement(db, row.userId, input.now),
    // a new password starts the account's count afresh, on every source
    db
      .delete(loginFailures)
      .where(sql`${loginFailures.subject} = ${`email:${row.email}`} OR ${loginFailures.subject} LIKE ${`pair:${row.email}|%`}`),
  ]);
  return { ok: true };
}

export type LoginResult =
  { ok: true; user: UserRow } | { ok: false; reason: "invalid" | "unconfirmed" } | { ok: false; reason: "locked"; waitMs: number };

/**
 * The throttle subjects of a sign-in (server/domain/throttle.ts): the account and source together,
 * the source, the account. Rows of login_failures, so every isolate sees them. Without a known
 * source (only in local runs: Cloudflare always names the client) the source rules do not apply.
 */
export function lockSubjects(email: string, ip: string | null): { pair: string | null; source: string | null; account: string } {
  const address = normalizeEmail(email);
  return { pair: ip ? `pair:${address}|${ip}` : null, source: ip ? `ip:${ip}` : null, account: `email:${address}` };
}

type Subjects = ReturnType<typeof lockSubjects>;
const listed = (subjects: Subjects) => [subjects.pair, subjects.source, subjects.account].filter((s): s is string => s !== null);

async function timesBySubject(db: Db, subjects: string[], now: number): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ subject: loginFailures.subject, at: loginFailures.at })
    .from(loginFailures)
    .where(and(inArray(loginFailures.subject, subjects), gt(loginFailures.at, new Date(now - THROTTLE_MEMORY))))
    .all();
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.subject, [...(out.get(r.subject) ?? []), r.at.getTime()]);
  return out;
}

/** How long this account-and-source must wait before the next password (or second-step code), or null. */
export async function signInWait(db: Db, subjects: Subjects, now: number): Promise<number | null> {
  const times = await timesBySubject(db, listed(subjects), now);
  const of = (subject: string | null) => (subject ? (times.get(subject) ?? []) : []);
  return longestWait(
    growingDelayWait(SIGN_IN_THROTTLE.pair, of(subjects.pair), now),
    growingDelayWait(SIGN_IN_THROTTLE.source, of(subjects.source), now),
    ceilingWait(SIGN_IN_THROTTLE.account, of(subjects.account), now),
  );
}

async function recordEvents(db: Db, subjects: string[], now: number): Promise<void> {
  const at = new Date(now);
  await db.batch([
    db.insert(loginFailures).values(subjects.map((subject) => ({ subject, at }))),
    // keep the table small: rows older than any rule looks at go
    db.delete(loginFailures).where(lt(loginFailures.at, new Date(now - THROTTLE_MEMORY - 60_000))),
  ]);
}

export function recordFailure(db: Db, subjects: Subjects, now: number): Promise<void> {
  return recordEvents(db, listed(subjects), now);
}

/** A right password from this source forgets its failures there (the owner's typos cost nothing later). */
async function forgetPair(db: Db, subjects: Subjects): Promise<void> {
  if (subjects.pair) await db.delete(loginFailures).where(eq(loginFailures.subject, subjects.pair)).run();
}

export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null; now: number },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const subjects = lockSubjects(email, input.ip);
  const wait = await signInWait(db, subjects, input.now);
  if (wait !== null) return { ok: false, reason: "locked", waitMs: wait };

  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.leftAt), isNotNull(users.passwordHash)))
    .get();
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid) {
    await recordFailure(db, subjects, input.now);
    return { ok: false, reason: "invalid" };
  }
  await forgetPair(db, subjects);
  if (!user.emailConfirmedAt) return { ok: false, reason: "unconfirmed" };
  return { ok: true, user };
}

/**
 * Password-reset and confirmation e-mails on request: at most a few an hour to one address and
 * from one source, counted per request whether or not the address has an account (so the answer
 * reveals nothing). Returns the wait, or null after recording this request.
 */
export async function takeMailAllowance(db: Db, input: { email: string; ip: string | null; now: number }): Promise<number | null> {
  const address = `mail:${normalizeEmail(input.email)}`;
  const source = input.ip ? `mailip:${input.ip}` : null;
  const subjects = [address, ...(source ? [source] : [])];
  const times = await timesBySubject(db, subjects, input.now);
  const wait = longestWait(
    ceilingWait(MAIL_THROTTLE.address, times.get(address) ?? [], input.now),
    source ? ceilingWait(MAIL_THROTTLE.source, times.get(source) ?? [], input.now) : null,
  );
  if (wait !== null) return wait;
  await recordEvents(db, subjects, input.now);
  return null;
}

export async function changePassword(
  db: Db,
  input: { userId: number; currentPassword: string; password: string; now: number },
): Promise<{ ok: true; emailId: number | undefined } | { ok: false; reason: "wrongPassword" }> {
  const user = await db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) return { ok: false, reason: "wrongPassword" };
  const statements = [
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date(input.now) })
      .where(eq(users.id, user.id)),
  ] as const;
  if (!user.email) {
    await db.batch(statements);
    return { ok: true, emailId: undefined };
  }
  const mail = emailInsert(db, {
    to: user.email,
    template: "passwordChanged",
    locale: user.locale as Locale,
    params: { name: user.name },
    now: input.now,
  });
  const [, mailed] = await db.batch([...statements, mail]);
  return { ok: true, emailId: mailed[0]?.id };
}

/** Sends a confirmation link to the new address; the address changes only when it is opened. */
export async function requestEmailChange(
  db: Db,
  input: { userId: number; email: string; links: Links; now: number },
): Promise<{ ok: true; emailId: number | undefined } | { ok: false; reason: "duplicate" | "same" }> {
  const user = await db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!user) return { ok: false, reason: "same" };
  if (user.email === input.email) return { ok: false, reason: "same" };
  if (await emailTaken(db, input.email)) return { ok: false, reason: "duplicate" };
  return {
    ok: true,
    emailId: await mailLink(db, user, { purpose: "change_email", email: input.email, links: input.links, now: input.now }),
  };
}

export async function confirmEmailChange(
  db: Db,
  token: string | null,
  now: number,
): Promise<{ ok: true } | { ok: false; state: TokenState | "duplicate" }> {
  const { state, row } = await spendToken(db, token, "change_email", now);
  if (!row) return { ok: false, state };
  try {
    await db
      .update(users)
      .set({ email: row.email, emailConfirmedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(users.id, row.userId), isNull(users.leftAt)))
      .run();
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, state: "duplicate" };
    throw error;
  }
  return { ok: true };
}
