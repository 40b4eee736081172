import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Brands. The Host header picks one on every request. `frontUrl` is the brand's public origin
 * (scheme, host and port) exactly as links and redirects use it.
 */
export const services = sqliteTable(
  "services",
  {
    id: integer("id").primaryKey(),
    domain: text("domain").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["official", "indies"] }).notNull(),
    cssClass: text("css_class").notNull(),
    /** brand colour as #rrggbb; the theme is derived from it so a new brand needs no deploy */
    themeColor: text("theme_color").notNull().default("#e4007f"),
    frontUrl: text("front_url").notNull(),
    requireOpenRequest: integer("require_open_request", { mode: "boolean" }).notNull().default(false),
    requireBasic: integer("require_basic", { mode: "boolean" }).notNull().default(false),
    logo: text("logo").notNull(),
    fullLogo: text("full_logo").notNull(),
    ogp: text("ogp").notNull(),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("services_domain_unique").on(t.domain),
    // at most one primary brand: the fallback for hosts that serve none
    uniqueIndex("services_one_primary").on(t.isPrimary).where(sql`${t.isPrimary} = 1`),
    // D1 caps GLOB pattern length, so "#rrggbb" is checked in parts
    check(
      "services_theme_color_hex",
      sql`length(${t.themeColor}) = 7 AND substr(${t.themeColor}, 1, 1) = '#' AND lower(substr(${t.themeColor}, 2)) NOT GLOB '*[^0-9a-f]*'`,
    ),
  ],
);

/** Messages sent from /help/inquiry; staff answer them by e-mail. */
export const inquiries = sqliteTable(
  "inquiries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceId: integer("service_id").references(() => services.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category", {
      enum: ["account", "payment", "fanclub", "creator", "bug", "other"],
    }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    locale: text("locale").notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] }).notNull().default("open"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("inquiries_status_created").on(t.status, t.createdAt)],
);

/**
 * Last run of each background entry point (cron, queue consumer). Operators read it to see that
 * the scheduled machinery is alive; jobs added later record here too.
 */
export const heartbeats = sqliteTable("heartbeats", {
  source: text("source").primaryKey(),
  beatAt: integer("beat_at", { mode: "timestamp_ms" }).notNull(),
  runs: integer("runs").notNull().default(0),
  detail: text("detail"),
});

/**
 * Idempotency keys of effects that must happen once although their trigger arrives at least once
 * (cron, queue redelivery, webhooks). Written in the same batch as the effect.
 */
export const processedEvents = sqliteTable("processed_events", {
  key: text("key").primaryKey(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});

export type ServiceRow = typeof services.$inferSelect;
export type InquiryRow = typeof inquiries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Accounts

/**
 * People. E-mail is stored lower-cased and unique among accounts that have not left; leaving
 * anonymises the row (e-mail, name, password, icon cleared) so ledger and sales rows that point
 * at it keep their integrity.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email"),
    /** set when the address has been confirmed from the e-mail link */
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    iconImageUrl: text("icon_image_url"),
    /** public, unguessable id used in /profile/{token} */
    identifyToken: text("identify_token").notNull(),
    locale: text("locale").notNull().default("ja"),
    /** TOTP secret (base32) once two-step sign-in is on */
    otpSecret: text("otp_secret"),
    otpEnabledAt: integer("otp_enabled_at", { mode: "timestamp_ms" }),
    /** set by the Terms checkbox at sign-up */
    termsAcceptedAt: integer("terms_accepted_at", { mode: "timestamp_ms" }).notNull(),
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
    /** platform staff: review fan club open requests (set by hand in the database, never by a form) */
    isOperator: integer("is_operator", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email).where(sql`${t.email} IS NOT NULL`),
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
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
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
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
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
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

/** Failed sign-ins, per account and per address, for the lockout rule. Old rows are pruned. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "email:<address>" or "ip:<address>" */
    subject: text("subject").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
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
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
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
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** Two-step sign-in recovery codes; only hashes are stored, each works once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("recovery_codes_user").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Personal settings

/** Delivery addresses (Japanese format). One may be the default. */
export const userAddresses = sqliteTable(
  "user_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    lastName: text("last_name").notNull(),
    firstName: text("first_name").notNull(),
    /** 7 digits, stored without the hyphen */
    postalCode: text("postal_code").notNull(),
    prefecture: text("prefecture").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    building: text("building"),
    /** digits only, 10 or 11 */
    phone: text("phone").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("user_addresses_user").on(t.userId)],
);

/** Which e-mails and on-site notices a person wants. A missing row means the defaults (all on). */
export const notificationSettings = sqliteTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  emailNewPost: integer("email_new_post", { mode: "boolean" }).notNull().default(true),
  emailMessage: integer("email_message", { mode: "boolean" }).notNull().default(true),
  emailPlanRenewal: integer("email_plan_renewal", { mode: "boolean" }).notNull().default(true),
  emailPurchase: integer("email_purchase", { mode: "boolean" }).notNull().default(true),
  emailNews: integer("email_news", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Links to a person's accounts elsewhere, shown on their profile (spec §3 account link kinds). */
export const linkApplications = sqliteTable(
  "link_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["twitter", "instagram", "youtube", "other"] }).notNull(),
    url: text("url").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("link_applications_user").on(t.userId)],
);

/** On-site notifications (the header bell). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** an i18n key of the `common` namespace under notifications.kinds */
    kind: text("kind").notNull(),
    /** values for the text's placeholders, JSON */
    params: text("params").notNull().default("{}"),
    url: text("url"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("notifications_user_unread").on(t.userId, t.readAt)],
);

/** Twitter (X) accounts that signed up or were linked through OAuth. */
export const oauthIdentities = sqliteTable(
  "oauth_identities",
  {
    provider: text("provider", { enum: ["twitter"] }).notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("oauth_identities_provider_subject").on(t.provider, t.subject), index("oauth_identities_user").on(t.userId)],
);

export type UserAddressRow = typeof userAddresses.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type LinkApplicationRow = typeof linkApplications.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Fan clubs and plans

/**
 * A creator's fan club on one brand. One own fan club per person. Counters are kept in the row
 * (updated in the same batch as the change) so lists and pages read them without counting.
 */
export const fanclubs = sqliteTable(
  "fanclubs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    creatorName: text("creator_name").notNull(),
    /** `/@{uniquePath}`; null until the creator picks one */
    uniquePath: text("unique_path"),
    /** R2 keys of the cropped images */
    iconKey: text("icon_key"),
    headerKey: text("header_key"),
    description: text("description").notNull().default(""),
    introduction: text("introduction").notNull().default(""),
    /** JSON array of {label, url} */
    externalLinks: text("external_links").notNull().default("[]"),
    category: text("category").notNull().default("other"),
    displayMemberCount: integer("display_member_count", { mode: "boolean" }).notNull().default(true),
    displaySchedule: integer("display_schedule", { mode: "boolean" }).notNull().default(false),
    lawPrice: text("law_price").notNull().default(""),
    lawPaymentMethod: text("law_payment_method").notNull().default(""),
    lawPaymentTime: text("law_payment_time").notNull().default(""),
    lawDeliveryTime: text("law_delivery_time").notNull().default(""),
    lawContract: text("law_contract").notNull().default(""),
    lawContact: text("law_contact").notNull().default(""),
    /** qualified invoice issuer number, "T" + 13 digits */
    invoiceNumber: text("invoice_number"),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    /** set when the creator first saves the profile (the sidebar's 'not edited' badge) */
    profileEditedAt: integer("profile_edited_at", { mode: "timestamp_ms" }),
    memberCount: integer("member_count").notNull().default(0),
    followerCount: integer("follower_count").notNull().default(0),
    postCount: integer("post_count").notNull().default(0),
    /** last activity (post, profile change); orders "updated" and the sidebar list */
    activedAt: integer("actived_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("fanclubs_owner_unique").on(t.ownerId),
    uniqueIndex("fanclubs_unique_path_unique").on(t.uniquePath).where(sql`${t.uniquePath} IS NOT NULL`),
    index("fanclubs_service_status_created").on(t.serviceId, t.status, t.createdAt),
    index("fanclubs_service_status_members").on(t.serviceId, t.status, t.memberCount),
    index("fanclubs_service_status_actived").on(t.serviceId, t.status, t.activedAt),
    check("fanclubs_counts_not_negative", sql`${t.memberCount} >= 0 AND ${t.followerCount} >= 0 AND ${t.postCount} >= 0`),
  ],
);

export const fanclubTags = sqliteTable(
  "fanclub_tags",
  {
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    tag: text("tag").notNull(),
  },
  (t) => [uniqueIndex("fanclub_tags_unique").on(t.fanclubId, t.tag), index("fanclub_tags_tag").on(t.tag)],
);

/** Monthly plans. Closing stops new joins; members stay until they leave. */
export const plans = sqliteTable(
  "plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    name: text("name").notNull(),
    /** yen per month, tax included; 0 = free */
    price: integer("price").notNull(),
    description: text("description").notNull().default(""),
    iconKey: text("icon_key"),
    /** null = no limit */
    joinLimit: integer("join_limit"),
    memberCount: integer("member_count").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("plans_fanclub").on(t.fanclubId, t.sortOrder),
    check("plans_price_range", sql`${t.price} = 0 OR (${t.price} >= 100 AND ${t.price} <= 50000)`),
    check("plans_member_count_not_negative", sql`${t.memberCount} >= 0`),
  ],
);

/**
 * A person's plan membership. The money issue adds payments and renewals; the membership number
 * is issued per fan club at joining and expires when the member leaves.
 */
export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    memberNumber: integer("member_number").notNull(),
    /** 'unpaid' = the plan expired after a failed renewal (spec's expired plan); it leaves on the 7th JST */
    status: text("status", { enum: ["active", "unpaid", "left"] }).notNull().default("active"),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }).notNull(),
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
    /** last billing month paid ('yyyy-mm', JST); access runs to its end. Null = never charged (free plan or rows older than money) */
    paidThrough: text("paid_through"),
    /** when the renewal failed and the plan became expired ('unpaid') */
    expiredAt: integer("expired_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // one current membership per person and fan club
    uniqueIndex("memberships_current_unique").on(t.userId, t.fanclubId).where(sql`${t.status} != 'left'`),
    uniqueIndex("memberships_number_unique").on(t.fanclubId, t.memberNumber),
    index("memberships_fanclub_status").on(t.fanclubId, t.status),
    index("memberships_user_status").on(t.userId, t.status),
    // the renewal run walks memberships still due for a month
    index("memberships_status_paid_through").on(t.status, t.paidThrough),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("follows_unique").on(t.userId, t.fanclubId), index("follows_fanclub_created").on(t.fanclubId, t.createdAt)],
);

/** A blocked person cannot follow, join, comment or message; their renewal stops. */
export const fanclubBlocks = sqliteTable(
  "fanclub_blocks",
  {
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("fanclub_blocks_unique").on(t.fanclubId, t.userId)],
);

/** Editors and their spec §3 permissions (JSON array), invited by the owner. */
export const fanclubEditors = sqliteTable(
  "fanclub_editors",
  {
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    permissions: text("permissions").notNull().default("[]"),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("fanclub_editors_unique").on(t.fanclubId, t.userId), index("fanclub_editors_user").on(t.userId)],
);

/** Requests to open a fan club on a brand that requires one; an operator approves them. */
export const openRequests = sqliteTable(
  "open_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    activityName: text("activity_name").notNull(),
    activityDescription: text("activity_description").notNull(),
    /** JSON array of URLs where the track record can be checked */
    urls: text("urls").notNull().default("[]"),
    plan: text("plan").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull().default("pending"),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("open_requests_user_service").on(t.userId, t.serviceId), index("open_requests_status").on(t.status, t.createdAt)],
);

/** Groups of fan clubs; the owner's fan club invites others, members accept. */
export const fanclubGroups = sqliteTable("fanclub_groups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ownerFanclubId: integer("owner_fanclub_id")
    .notNull()
    .references(() => fanclubs.id),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** members may post group announcements */
  allowPost: integer("allow_post", { mode: "boolean" }).notNull().default(false),
  closedAt: integer("closed_at", { mode: "timestamp_ms" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export const fanclubGroupMembers = sqliteTable(
  "fanclub_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => fanclubGroups.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    status: text("status", { enum: ["invited", "member", "declined", "removed"] }).notNull().default("invited"),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }).notNull(),
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("fanclub_group_members_unique").on(t.groupId, t.fanclubId), index("fanclub_group_members_fanclub").on(t.fanclubId, t.status)],
);

/**
 * Bulk management (spec §6 hasManagedFanclub): an agency or label account that oversees several
 * fan clubs' sales and transfers. Assigned by operators with the fan club owner's agreement.
 */
export const fanclubManagers = sqliteTable(
  "fanclub_managers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("fanclub_managers_unique").on(t.userId, t.fanclubId), index("fanclub_managers_fanclub").on(t.fanclubId)],
);

export type FanclubRow = typeof fanclubs.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/**
 * Posts of the five types of spec §3. `planId` null = anyone (spec's -1); otherwise members of
 * that plan or a higher-priced one of the same fan club see the body (the paywall is
 * `canViewPost`). A blog's Lexical JSON is kept for the editor and its safe HTML, rendered once on
 * save, for readers. Deleted posts keep their row (comments, purchases refer to them).
 */
export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    /** spec §4 type codes: picture 1, streaming 2, attachment 3, blog 4, lesson 5 */
    type: integer("type").notNull(),
    title: text("title").notNull().default(""),
    comment: text("comment").notNull().default(""),
    blogJson: text("blog_json"),
    blogHtml: text("blog_html"),
    blogCharCount: integer("blog_char_count").notNull().default(0),
    /** public R2 key of the 1200×630 cover (the cover is shown to everyone, like the title) */
    coverKey: text("cover_key"),
    coverName: text("cover_name"),
    isPublish: integer("is_publish", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    unpublishedAt: integer("unpublished_at", { mode: "timestamp_ms" }),
    planId: integer("plan_id").references(() => plans.id),
    allowComment: integer("allow_comment", { mode: "boolean" }).notNull().default(true),
    commentScope: text("comment_scope").notNull().default("everyone"),
    showFilename: integer("show_filename", { mode: "boolean" }).notNull().default(false),
    allowTipping: integer("allow_tipping", { mode: "boolean" }).notNull().default(false),
    editScope: text("edit_scope", { enum: ["editable_owner_only", "editable_owner_or_edit_user", "editable_all_editors"] })
      .notNull()
      .default("editable_all_editors"),
    editorUserId: integer("editor_user_id").references(() => users.id),
    contestId: integer("contest_id"),
    /** a group announcement: public, posted by the group's owner fan club */
    groupId: integer("group_id").references(() => fanclubGroups.id),
    limitLesson: integer("limit_lesson"),
    lessonPlatformType: text("lesson_platform_type"),
    reservationStartAt: integer("reservation_start_at", { mode: "timestamp_ms" }),
    lessonDuration: integer("lesson_duration"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("posts_fanclub_published").on(t.fanclubId, t.isPublish, t.publishedAt),
    index("posts_published").on(t.isPublish, t.publishedAt),
    index("posts_group").on(t.groupId, t.publishedAt),
    check("posts_type", sql`${t.type} BETWEEN 1 AND 5`),
    check("posts_counts_not_negative", sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
  ],
);

/**
 * Every uploaded file: issued by the server (key, declared size and type checked first), written
 * as an R2 multipart upload, then verified (`stored`) before a post may use it. `postId` is set
 * when a saved post takes the file. Unfinished uploads are aborted by the daily job.
 */
export const postFiles = sqliteTable(
  "post_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id),
    postId: integer("post_id").references(() => posts.id),
    kind: text("kind", { enum: ["picture", "streaming", "attachment", "blog_image"] }).notNull(),
    filename: text("filename").notNull(),
    extension: text("extension").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
    uploadId: text("upload_id"),
    status: text("status", { enum: ["uploading", "stored", "rejected", "aborted"] }).notNull().default("uploading"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("post_files_key_unique").on(t.r2Key),
    index("post_files_post").on(t.postId, t.kind, t.sortOrder),
    index("post_files_status_created").on(t.status, t.createdAt),
  ],
);

/**
 * Parts written through the local upload endpoint (the R2 binding cannot list the parts of an
 * upload; production lists them with the S3 API), so a reloaded upload skips finished parts.
 */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => postFiles.id),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.partNumber] })],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Comments and one level of replies (`parentId`). Deleting blanks the row, replies stay. */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    parentId: integer("parent_id"),
    body: text("body").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("post_comments_post").on(t.postId, t.parentId, t.createdAt), check("post_comments_like_count", sql`${t.likeCount} >= 0`)],
);

export const postCommentLikes = sqliteTable(
  "post_comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => postComments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export type PostRow = typeof posts.$inferSelect;
export type PostFileRow = typeof postFiles.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Money
//
// Yen are integers; 1 coin = 1 yen. Every money effect carries a UNIQUE idempotency key written in
// the same D1 batch as the effect (docs/decisions/014). Stripe webhook deliveries are deduplicated
// through `processed_events` with the key `stripe-event:{event.id}`: no table of their own.

/**
 * Coin accounts of the double-entry ledger: one per person (created at their first credit) and a
 * few system accounts seeded by the migration, which are the other side of every movement and may
 * go negative ('issued:card' coins sold for card money, 'issued:bonus' campaign grants, 'revenue'
 * coins spent on purchases, 'expired' bonus coins that ran out). `balance` is kept in the same
 * batch as the postings; the CHECK refuses any batch that would overdraw a person.
 */
export const coinAccounts = sqliteTable(
  "coin_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["user", "system"] }).notNull(),
    userId: integer("user_id").references(() => users.id),
    code: text("code"),
    balance: integer("balance").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // NULLs are distinct in SQLite unique indexes, so system rows (no user) and user rows (no code) coexist
    uniqueIndex("coin_accounts_user_unique").on(t.userId),
    uniqueIndex("coin_accounts_code_unique").on(t.code),
    check(
      "coin_accounts_owner",
      sql`(${t.kind} = 'user' AND ${t.userId} IS NOT NULL AND ${t.code} IS NULL) OR (${t.kind} = 'system' AND ${t.code} IS NOT NULL AND ${t.userId} IS NULL)`,
    ),
    check("coin_accounts_balance_not_negative", sql`${t.kind} = 'system' OR ${t.balance} >= 0`),
  ],
);

/**
 * One money movement. Append-only (triggers refuse UPDATE and DELETE); its postings say which
 * accounts moved. `amount` is what the person gained or lost, always positive.
 */
export const coinEntries = sqliteTable(
  "coin_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind", { enum: ["charge", "bonus", "spend", "expire"] }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    memo: text("memo"),
    /** what the movement was for: 'purchase', 'membership', 'card_charge', 'campaign', 'lot' */
    refType: text("ref_type"),
    refId: text("ref_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("coin_entries_key_unique").on(t.idempotencyKey),
    index("coin_entries_user").on(t.userId, t.id),
    check("coin_entries_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Coins granted together, spent down: bonus lots expire and are spent first (earliest expiry
 * first), paid lots never expire and are spent oldest first. `remaining` only ever decreases
 * (a trigger refuses anything else), so each lot expires at most once.
 */
export const coinLots = sqliteTable(
  "coin_lots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => coinAccounts.id),
    /** the credit that created the lot */
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    kind: text("kind", { enum: ["paid", "bonus"] }).notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    campaignId: integer("campaign_id").references(() => coinCampaigns.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("coin_lots_entry_unique").on(t.entryId),
    // a spend reads only lots with something left
    index("coin_lots_account_open").on(t.accountId).where(sql`${t.remaining} > 0`),
    // the daily sweep finds bonus lots past their expiry with something left
    index("coin_lots_bonus_expiring").on(t.expiresAt).where(sql`${t.kind} = 'bonus' AND ${t.remaining} > 0`),
    check("coin_lots_amount_positive", sql`${t.amount} > 0`),
    check("coin_lots_remaining_range", sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    check("coin_lots_expiry", sql`(${t.kind} = 'paid' AND ${t.expiresAt} IS NULL) OR (${t.kind} = 'bonus' AND ${t.expiresAt} IS NOT NULL)`),
  ],
);

/**
 * One side of an entry on one account. The postings of an entry sum to zero (built by one
 * function, server/domain/coin-ledger.ts `entryPostings`); a person's postings name the lot they
 * took from or created.
 */
export const coinPostings = sqliteTable(
  "coin_postings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => coinAccounts.id),
    lotId: integer("lot_id").references(() => coinLots.id),
    /** signed: + into the account, − out of it */
    amount: integer("amount").notNull(),
  },
  (t) => [
    index("coin_postings_entry").on(t.entryId),
    index("coin_postings_account").on(t.accountId),
    index("coin_postings_lot").on(t.lotId).where(sql`${t.lotId} IS NOT NULL`),
    check("coin_postings_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

/** Vesting campaigns (/me/coin_vesting_campaign): bonus coins granted once per person on a trigger. */
export const coinCampaigns = sqliteTable(
  "coin_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    bonusAmount: integer("bonus_amount").notNull(),
    /** what earns the bonus: joining a paid plan, or charging coins by card */
    vestOn: text("vest_on", { enum: ["plan_join", "charge"] }).notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** days the granted coins stay usable */
    expiresAfterDays: integer("expires_after_days").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("coin_campaigns_window").on(t.startsAt, t.endsAt),
    check("coin_campaigns_amounts", sql`${t.bonusAmount} > 0 AND ${t.expiresAfterDays} > 0`),
  ],
);

export const coinCampaignGrants = sqliteTable(
  "coin_campaign_grants",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => coinCampaigns.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index("coin_campaign_grants_user").on(t.userId)],
);

/** A person's payment settings: the card provider's customer and the coin-for-renewal option. */
export const paymentProfiles = sqliteTable("payment_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
  /** the provider's customer id; null until a card is registered */
  customerId: text("customer_id"),
  /** spec §4: settle a renewal with coins when the card fails */
  useCoinSubscription: integer("use_coin_subscription", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Registered cards: only the provider's payment method id and what the card list shows. */
export const paymentCards = sqliteTable(
  "payment_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payment_cards_method_unique").on(t.paymentMethodId),
    index("payment_cards_user").on(t.userId),
    // at most one default card among those not deleted
    uniqueIndex("payment_cards_one_default").on(t.userId).where(sql`${t.isDefault} = 1 AND ${t.deletedAt} IS NULL`),
  ],
);

/**
 * One cart per person, kept for good. `version` goes up with every change of its items and with
 * every purchase attempt, so `purchase:{cartId}:{version}` names exactly one attempt at one content.
 */
export const carts = sqliteTable(
  "carts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    version: integer("version").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("carts_user_unique").on(t.userId)],
);

/** Spec §3 cart item; `price` is the price when it was added (yen, tax included). */
/**
 * What a cart (and a purchase) can hold. Spec §3 names Plan, LiveEventTicket and Product; tips and
 * raffle entries are paid through the same cart and modal, so they are item types too.
 */
export const CART_ITEM_TYPES = ["Plan", "LiveEventTicket", "Product", "Tipping", "Raffle"] as const;
export const CART_ITEM_TARGET_TYPES = [
  "join_plan_type",
  "upgrade_plan_type",
  "subscribe_plan_type",
  "live_event_ticket",
  "product",
  "post_tipping",
  "fanclub_tipping",
  "raffle_entry",
] as const;

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id),
    type: text("type", { enum: CART_ITEM_TYPES }).notNull(),
    targetType: text("target_type", { enum: CART_ITEM_TARGET_TYPES }).notNull(),
    /** the plan, live event ticket or product */
    targetId: integer("target_id").notNull(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** the line's price: the unit price times quantity (yen) */
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** what the fan wrote with the item (a tip's message), shown to the creator once paid */
    note: text("note"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("cart_items_target_unique").on(t.cartId, t.targetType, t.targetId),
    // one plan change per fan club in a cart
    uniqueIndex("cart_items_one_plan_per_fanclub").on(t.cartId, t.fanclubId).where(sql`${t.type} = 'Plan'`),
    check("cart_items_price_not_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * A payment of a cart (or a direct purchase). `idempotencyKey` is 'purchase:{cartId}:{version}'
 * for carts, so a double click or a retried request finds the first attempt instead of paying twice.
 */
export const purchases = sqliteTable(
  "purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    cartId: integer("cart_id").references(() => carts.id),
    idempotencyKey: text("idempotency_key").notNull(),
    /**
     * pending: the card part is being charged (the split is fixed for the attempt; a charge id is
     * kept as soon as the provider gives one); requires_action: waiting for 3-D Secure; paid and
     * failed are final. A plain text column: adding a state needs no migration.
     */
    /** refunded: the card part was charged, then the effect could not land (sold out meanwhile) and the charge was given back */
    status: text("status", { enum: ["pending", "requires_action", "paid", "failed", "refunded"] }).notNull(),
    total: integer("total").notNull(),
    coinAmount: integer("coin_amount").notNull().default(0),
    cardAmount: integer("card_amount").notNull().default(0),
    cardProvider: text("card_provider", { enum: ["sandbox", "stripe"] }),
    cardChargeId: text("card_charge_id"),
    coinEntryId: integer("coin_entry_id").references(() => coinEntries.id),
    /** the provider's decline code of a failed attempt */
    failureCode: text("failure_code"),
    /** the provider's refund of the card part (status refunded) */
    refundId: text("refund_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("purchases_key_unique").on(t.idempotencyKey),
    index("purchases_user_created").on(t.userId, t.createdAt),
    check("purchases_split", sql`${t.coinAmount} >= 0 AND ${t.cardAmount} >= 0 AND ${t.coinAmount} + ${t.cardAmount} = ${t.total}`),
  ],
);

export const purchaseItems = sqliteTable(
  "purchase_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    type: text("type", { enum: CART_ITEM_TYPES }).notNull(),
    targetType: text("target_type", { enum: CART_ITEM_TARGET_TYPES }).notNull(),
    targetId: integer("target_id").notNull(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** the line's price: the unit price times quantity (yen) */
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    note: text("note"),
    /** billing month ('yyyy-mm', JST) a plan item pays for */
    month: text("month"),
  },
  (t) => [
    index("purchase_items_purchase").on(t.purchaseId),
    index("purchase_items_fanclub_target").on(t.fanclubId, t.targetType),
    check("purchase_items_price_not_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * Each month a membership was paid for, whatever paid it (a purchase, a card renewal, coins).
 * `idempotencyKey` is e.g. 'renewal:{membershipId}:{yyyy-mm}'. It also answers which months a fan
 * paid for: posts published in a paid month stay viewable to that fan after leaving.
 */
export const membershipPayments = sqliteTable(
  "membership_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    month: text("month").notNull(),
    amount: integer("amount").notNull(),
    kind: text("kind", { enum: ["join", "upgrade", "renewal", "subscribe"] }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    purchaseId: integer("purchase_id").references(() => purchases.id),
    /** renewals have no purchase: the coin entry or card charge that paid */
    coinEntryId: integer("coin_entry_id").references(() => coinEntries.id),
    cardChargeId: text("card_charge_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("membership_payments_key_unique").on(t.idempotencyKey),
    index("membership_payments_user_fanclub_month").on(t.userId, t.fanclubId, t.month),
    index("membership_payments_membership_month").on(t.membershipId, t.month),
    check("membership_payments_amount_not_negative", sql`${t.amount} >= 0`),
  ],
);

export type CoinAccountRow = typeof coinAccounts.$inferSelect;
export type CoinEntryRow = typeof coinEntries.$inferSelect;
export type CoinLotRow = typeof coinLots.$inferSelect;
export type CoinCampaignRow = typeof coinCampaigns.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Tips

/**
 * Tips a fan paid through the cart (Tipping items): on a post (`postId`), or to the fan club
 * itself (`postId` null). `idempotencyKey` is derived from the purchase key
 * (`purchase:{cartId}:{version}:tip:{target}:{id}`), so a purchase applied twice cannot tip twice.
 * The message is the cart item's note, kept here for the post's tips page and the creator's list.
 */
export const tips = sqliteTable(
  "tips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    postId: integer("post_id").references(() => posts.id),
    /** yen, tax included (docs/decisions/019 for the range) */
    amount: integer("amount").notNull(),
    message: text("message"),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("tips_key_unique").on(t.idempotencyKey),
    index("tips_post_created").on(t.postId, t.id),
    index("tips_fanclub_created").on(t.fanclubId, t.id),
    index("tips_user_created").on(t.userId, t.id),
    check("tips_amount_positive", sql`${t.amount} > 0`),
  ],
);

export type TipRow = typeof tips.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Live events (issue 7; the tickets are sold through the cart of issue 6)
//
// Times are stored as instants; the creator picks them in Japan time on half-hour steps (spec §5).
// The live room (Durable Object, chat, video) builds on these rows and adds its own state.

/** Who may watch (spec issue 7): members of the chosen plans, ticket holders, or either. */
export const LIVE_EVENT_VISIBILITIES = ["plan", "ticket", "both"] as const;

/** Spec §4 live event status: 0 waiting for broadcast, 1 private, 2 broadcast ended. */
export const LIVE_EVENT_STATUSES = [0, 1, 2] as const;

export const liveEvents = sqliteTable(
  "live_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** spec §3 liveEventOwnerId: the one person who broadcasts (spec §6 'only the event owner publishes') */
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** R2 key (or a static demo path) of the 1200×630 cover */
    coverKey: text("cover_key"),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    visibility: text("visibility", { enum: LIVE_EVENT_VISIBILITIES }).notNull(),
    status: integer("status").notNull().default(0),
    /**
     * The event's meeting at the production video provider (RealtimeKit), made on the first join
     * and kept for every later one; null until then and under the local provider
     */
    videoMeetingId: text("video_meeting_id"),
    /**
     * When the owner's current broadcast went on air (spec §4 "on air"), null when off air. Only
     * the event's live room writes it, on each transition, so lists can show what is really on
     * air without asking every room; see decision 024 for how a stale value is bounded.
     */
    onAirAt: integer("on_air_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("live_events_fanclub_start").on(t.fanclubId, t.startAt),
    // the public lists and now-on-air walk events by status and time
    index("live_events_status_start").on(t.status, t.startAt),
    check("live_events_schedule", sql`${t.endAt} > ${t.startAt}`),
    check("live_events_status_values", sql`${t.status} IN (0, 1, 2)`),
  ],
);

/** The plans whose members may watch, when the visibility includes plan members. */
export const liveEventPlans = sqliteTable(
  "live_event_plans",
  {
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
  },
  (t) => [primaryKey({ columns: [t.liveEventId, t.planId] }), index("live_event_plans_plan").on(t.planId)],
);

/**
 * Ticket types of an event (spec §3 live ticket: id, title, price). `soldCount` moves in the same
 * batch as the ticket row, and the CHECK makes a sale past the capacity fail the whole purchase
 * batch: two fans racing for the last ticket cannot both get it.
 */
export const liveEventTicketTypes = sqliteTable(
  "live_event_ticket_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    title: text("title").notNull(),
    /** yen, tax included; 0 = free (decision 021 ticket price rule) */
    price: integer("price").notNull(),
    /** null = no limit */
    capacity: integer("capacity"),
    soldCount: integer("sold_count").notNull().default(0),
    /** null = on sale until the event ends */
    saleEndAt: integer("sale_end_at", { mode: "timestamp_ms" }),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("live_event_ticket_types_event").on(t.liveEventId, t.sortOrder),
    check("live_event_ticket_types_price", sql`${t.price} = 0 OR (${t.price} >= 100 AND ${t.price} <= 100000)`),
    // the name ends in _capacity: the purchase refunds a card part when this aborts its batch (decision 018)
    check("live_event_ticket_types_capacity", sql`${t.soldCount} >= 0 AND (${t.capacity} IS NULL OR ${t.soldCount} <= ${t.capacity})`),
  ],
);

/**
 * A fan's ticket. `idempotencyKey` derives from the purchase key, so a replayed purchase writes
 * nothing twice; one ticket per fan and event (UNIQUE), whatever type.
 */
export const liveEventTickets = sqliteTable(
  "live_event_tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    liveEventId: integer("live_event_id")
      .notNull()
      .references(() => liveEvents.id),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => liveEventTicketTypes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    /** what the fan paid (yen) */
    price: integer("price").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("live_event_tickets_key_unique").on(t.idempotencyKey),
    uniqueIndex("live_event_tickets_one_per_fan").on(t.liveEventId, t.userId),
    index("live_event_tickets_user_created").on(t.userId, t.createdAt),
    index("live_event_tickets_type").on(t.ticketTypeId),
  ],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
export type LiveEventTicketTypeRow = typeof liveEventTicketTypes.$inferSelect;
export type LiveEventTicketRow = typeof liveEventTickets.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Raffles
//
// A creator's raffle: fans buy entries through the cart (type Raffle, target raffle_entry,
// quantity = entries), the creator draws winners once the entry window has closed. The draw's seed
// and algorithm are recorded with the winners in one batch, so anyone can recompute the result
// (server/domain/raffles.ts).

export const RAFFLE_STATUSES = ["draft", "published", "drawn"] as const;

export const raffles = sqliteTable(
  "raffles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    prizeDescription: text("prize_description").notNull().default(""),
    /** yen per entry, tax included; 0 is a free raffle */
    entryPrice: integer("entry_price").notNull(),
    winnerCount: integer("winner_count").notNull(),
    entryStartAt: integer("entry_start_at", { mode: "timestamp_ms" }).notNull(),
    entryEndAt: integer("entry_end_at", { mode: "timestamp_ms" }).notNull(),
    maxEntriesPerFan: integer("max_entries_per_fan").notNull(),
    /** draft: only managers see it; published: fans see it and enter in its window; drawn: final */
    status: text("status", { enum: RAFFLE_STATUSES }).notNull().default("draft"),
    drawnAt: integer("drawn_at", { mode: "timestamp_ms" }),
    /** the draw's random seed, lower-case hex */
    seed: text("seed"),
    /** the name of the draw algorithm that turns seed and entries into winners */
    algorithm: text("algorithm"),
    /** how many tickets (entries counted with their count) the draw was run over */
    drawnTicketCount: integer("drawn_ticket_count"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("raffles_fanclub_end").on(t.fanclubId, t.entryEndAt),
    check("raffles_entry_price_not_negative", sql`${t.entryPrice} >= 0`),
    check("raffles_counts", sql`${t.winnerCount} >= 1 AND ${t.maxEntriesPerFan} >= 1`),
    check("raffles_window", sql`${t.entryEndAt} > ${t.entryStartAt}`),
    // a drawn raffle carries its whole result's recipe; an undrawn one none of it
    check(
      "raffles_draw_recorded",
      sql`(${t.status} = 'drawn' AND ${t.drawnAt} IS NOT NULL AND ${t.seed} IS NOT NULL AND ${t.algorithm} IS NOT NULL AND ${t.drawnTicketCount} IS NOT NULL) OR (${t.status} <> 'drawn' AND ${t.drawnAt} IS NULL AND ${t.seed} IS NULL AND ${t.algorithm} IS NULL AND ${t.drawnTicketCount} IS NULL)`,
    ),
  ],
);

/**
 * Entries a fan bought in one purchase. `fanTotal` is the fan's entries in this raffle including
 * this row and `fanLimit` the most the raffle allowed when the row was written (0 when it was not
 * open for entries: a draft, drawn, or outside the window): both are computed by the INSERT ...
 * SELECT inside the purchase batch, so the CHECK refuses the whole purchase when a concurrent
 * purchase took the fan past the limit or the window closed meanwhile.
 */
export const raffleEntries = sqliteTable(
  "raffle_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    raffleId: integer("raffle_id")
      .notNull()
      .references(() => raffles.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    count: integer("count").notNull(),
    fanTotal: integer("fan_total").notNull(),
    fanLimit: integer("fan_limit").notNull(),
    /** '{purchase key}:raffle:{raffleId}': one entry row per purchase and raffle */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("raffle_entries_key_unique").on(t.idempotencyKey),
    index("raffle_entries_raffle_user").on(t.raffleId, t.userId),
    index("raffle_entries_user").on(t.userId, t.id),
    check("raffle_entries_count_positive", sql`${t.count} >= 1`),
    check("raffle_entries_limit_capacity", sql`${t.fanTotal} >= ${t.count} AND ${t.fanTotal} <= ${t.fanLimit}`),
  ],
);

/** The draw's result: one row per winner, rank 1 first (the order the draw picked them). */
export const raffleWinners = sqliteTable(
  "raffle_winners",
  {
    raffleId: integer("raffle_id")
      .notNull()
      .references(() => raffles.id),
    rank: integer("rank").notNull(),
    /** the entry whose ticket won */
    entryId: integer("entry_id")
      .notNull()
      .references(() => raffleEntries.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.rank] }),
    // winners are distinct fans
    uniqueIndex("raffle_winners_user_unique").on(t.raffleId, t.userId),
    check("raffle_winners_rank_positive", sql`${t.rank} >= 1`),
  ],
);

export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleEntryRow = typeof raffleEntries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Products (issue 6 purchases: spec §2 /products, /fanclubs/{id}/products, §4 page 50)

export const PRODUCT_KINDS = ["physical", "digital"] as const;
export const PRODUCT_STATUSES = ["draft", "published"] as const;

/**
 * What a fan club sells besides plans. `stock` null means unlimited; `soldCount` rises in the
 * purchase's own batch and the CHECK refuses a count above the stock, so two fans paying for the
 * last one at once cannot both land (the losing batch fails whole). A digital product's file is a
 * private R2 object (`fileKey`), streamed only to owners.
 */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** yen, tax included; 0 is a free product (got through the free action) */
    price: integer("price").notNull(),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    stock: integer("stock"),
    soldCount: integer("sold_count").notNull().default(0),
    saleStartAt: integer("sale_start_at", { mode: "timestamp_ms" }),
    saleEndAt: integer("sale_end_at", { mode: "timestamp_ms" }),
    imageKey: text("image_key"),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("products_fanclub_created").on(t.fanclubId, t.createdAt),
    index("products_status_created").on(t.status, t.createdAt),
    check("products_price_not_negative", sql`${t.price} >= 0`),
    check("products_stock_capacity", sql`${t.soldCount} >= 0 AND (${t.stock} IS NULL OR ${t.soldCount} <= ${t.stock})`),
  ],
);

/** The recipient a physical order ships to, copied from the fan's default address when paid. */
export type ShippingSnapshot = { name: string; postalCode: string; prefecture: string; city: string; street: string; building: string | null; phone: string };

/**
 * A fan's paid (or free) product line: what they own. `orderKey` is derived from the purchase key
 * (`product:{purchaseKey}:{productId}`) so a replayed purchase writes nothing twice; `freeKey`
 * (`free-product:{productId}:{userId}`, null for paid lines) keeps a free product to one per fan
 * even when two clicks race.
 */
export const productOrders = sqliteTable(
  "product_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    quantity: integer("quantity").notNull(),
    /** the line's price: unit price times quantity (yen) */
    price: integer("price").notNull(),
    /** JSON ShippingSnapshot for physical products, null for digital ones */
    shippingAddress: text("shipping_address", { mode: "json" }).$type<ShippingSnapshot>(),
    orderKey: text("order_key").notNull(),
    freeKey: text("free_key"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("product_orders_key_unique").on(t.orderKey),
    uniqueIndex("product_orders_free_unique").on(t.freeKey),
    index("product_orders_user_created").on(t.userId, t.createdAt),
    index("product_orders_fanclub_created").on(t.fanclubId, t.createdAt),
    index("product_orders_product_user").on(t.productId, t.userId),
    check("product_orders_quantity_positive", sql`${t.quantity} > 0`),
    check("product_orders_price_not_negative", sql`${t.price} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductOrderRow = typeof productOrders.$inferSelect;
