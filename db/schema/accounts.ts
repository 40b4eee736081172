import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";

// Accounts: people, sign-in (sessions, passkeys, two-step, hand-over between brands) and the e-mail outbox.

/**
 * People. E-mail is stored lower-cased and unique among accounts that have not left; leaving
 * anonymises the row (e-mail, name, password, icon cleared) so ledger and sales rows that point
 * at it keep their integrity.
 */
export const users = sqliteTable(
  "users",
  {
    id: serialId(),
    email: text("email"),
    /** set when the address has been confirmed from the e-mail link */
    emailConfirmedAt: timestamp("email_confirmed_at"),
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    iconImageUrl: text("icon_image_url"),
    /** public, unguessable id used in /profile/{token} */
    identifyToken: text("identify_token").notNull(),
    locale: text("locale").notNull().default("ja"),
    /** TOTP secret (base32) once two-step sign-in is on */
    otpSecret: text("otp_secret"),
    otpEnabledAt: timestamp("otp_enabled_at"),
    /** set by the Terms checkbox at sign-up */
    termsAcceptedAt: timestamp("terms_accepted_at").notNull(),
    leftAt: timestamp("left_at"),
    /** platform staff: review fan club open requests (set by hand in the database, never by a form) */
    isOperator: integer("is_operator", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_unique")
      .on(t.email)
      .where(sql`${t.email} IS NOT NULL`),
    uniqueIndex("users_identify_token_unique").on(t.identifyToken),
  ],
);

/**
 * Single-use links sent by e-mail (confirm address, reset password, confirm a new address).
 * Only the SHA-256 of the token is stored; the link carries the token itself.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: ["confirm", "reset", "change_email"] }).notNull(),
    /** the address being confirmed (for change_email, the new one) */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_purpose").on(t.userId, t.purpose)],
);

/**
 * Sign-in sessions. The cookie holds a random 256-bit id; only its SHA-256 is stored. A session
 * made on a brand outside the shared cookie domain is a child of the login-domain session that
 * handed it over, so signing out ends the whole family.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the login-domain session this one was handed over from */
    parentHash: text("parent_hash"),
    /** the cookie scope: the shared cookie domain or a brand's own host */
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_parent").on(t.parentHash)],
);

/**
 * One-time tokens that carry a sign-in from the login domain to a brand on its own domain.
 * Valid for under a minute, for one target origin, once.
 */
export const handoffTokens = sqliteTable("handoff_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  sessionHash: text("session_hash").notNull(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
  targetOrigin: text("target_origin").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  usedAt: timestamp("used_at"),
});

/** Failed sign-ins, per account and per address, for the lockout rule. Old rows are pruned. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: serialId(),
    /** "email:<address>" or "ip:<address>" */
    subject: text("subject").notNull(),
    at: timestamp("at").notNull(),
  },
  (t) => [index("login_failures_subject_at").on(t.subject, t.at)],
);

/**
 * Every e-mail the product sends, written in the same batch as the change that causes it.
 * Locally this table is the mailbox (a development page lists it); in production a queue job
 * hands each row to the configured sender and records the result.
 */
export const emails = sqliteTable(
  "emails",
  {
    id: serialId(),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    sentAt: timestamp("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("emails_status_created").on(t.status, t.createdAt), index("emails_to_created").on(t.toAddress, t.createdAt)],
);

/** WebAuthn credentials (passkeys). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** credential id, base64url */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** COSE public key, base64url */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports"),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [index("passkeys_user").on(t.userId)],
);

/** Pending WebAuthn and two-step challenges; single use, a few minutes long. */
export const authChallenges = sqliteTable("auth_challenges", {
  id: text("id").primaryKey(),
  userId: integer("user_id").references(() => users.id),
  purpose: text("purpose", { enum: ["passkey_register", "passkey_login", "otp_login", "oauth_twitter"] }).notNull(),
  challenge: text("challenge").notNull(),
  /** where to go after a two-step sign-in */
  returnTo: text("return_to"),
  expiresAt: timestamp("expires_at").notNull(),
});

/** Two-step sign-in recovery codes; only hashes are stored, each works once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [index("recovery_codes_user").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;
