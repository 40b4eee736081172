import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";

// Personal settings: addresses, notification choices, linked accounts, on-site notifications, OAuth identities.

/** Delivery addresses (Japanese format). One may be the default. */
export const userAddresses = sqliteTable(
  "user_addresses",
  {
    id: serialId(),
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
    ...timestamps(),
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
  updatedAt: timestamp("updated_at").notNull(),
});

/** Links to a person's accounts elsewhere, shown on their profile (spec §3 account link kinds). */
export const linkApplications = sqliteTable(
  "link_applications",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["twitter", "instagram", "youtube", "other"] }).notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("link_applications_user").on(t.userId)],
);

/** On-site notifications (the header bell). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** an i18n key of the `common` namespace under notifications.kinds */
    kind: text("kind").notNull(),
    /** values for the text's placeholders, JSON */
    params: text("params").notNull().default("{}"),
    url: text("url"),
    readAt: timestamp("read_at"),
    createdAt: createdAt(),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_identities_provider_subject").on(t.provider, t.subject), index("oauth_identities_user").on(t.userId)],
);

export type UserAddressRow = typeof userAddresses.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type LinkApplicationRow = typeof linkApplications.$inferSelect;
