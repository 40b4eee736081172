import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { services } from "./brands";

// Fan clubs and plans: the clubs, their plans, members, followers, editors, groups and managers.

/**
 * A creator's fan club on one brand. One own fan club per person. Counters are kept in the row
 * (updated in the same batch as the change) so lists and pages read them without counting.
 */
export const fanclubs = sqliteTable(
  "fanclubs",
  {
    id: serialId(),
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
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** set when the creator first saves the profile (the sidebar's 'not edited' badge) */
    profileEditedAt: timestamp("profile_edited_at"),
    memberCount: integer("member_count").notNull().default(0),
    followerCount: integer("follower_count").notNull().default(0),
    postCount: integer("post_count").notNull().default(0),
    /** last activity (post, profile change); orders "updated" and the sidebar list */
    activedAt: timestamp("actived_at").notNull(),
    ...timestamps(),
    closedAt: timestamp("closed_at"),
  },
  (t) => [
    uniqueIndex("fanclubs_owner_unique").on(t.ownerId),
    uniqueIndex("fanclubs_unique_path_unique")
      .on(t.uniquePath)
      .where(sql`${t.uniquePath} IS NOT NULL`),
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
    id: serialId(),
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
    closedAt: timestamp("closed_at"),
    ...timestamps(),
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
    id: serialId(),
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
    status: text("status", { enum: ["active", "unpaid", "left"] })
      .notNull()
      .default("active"),
    joinedAt: timestamp("joined_at").notNull(),
    leftAt: timestamp("left_at"),
    /** last billing month paid ('yyyy-mm', JST); access runs to its end. Null = never charged (free plan or rows older than money) */
    paidThrough: text("paid_through"),
    /** when the renewal failed and the plan became expired ('unpaid') */
    expiredAt: timestamp("expired_at"),
  },
  (t) => [
    // one current membership per person and fan club
    uniqueIndex("memberships_current_unique")
      .on(t.userId, t.fanclubId)
      .where(sql`${t.status} != 'left'`),
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
    createdAt: createdAt(),
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
    createdAt: createdAt(),
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
    invitedAt: timestamp("invited_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
  },
  (t) => [uniqueIndex("fanclub_editors_unique").on(t.fanclubId, t.userId), index("fanclub_editors_user").on(t.userId)],
);

/** Requests to open a fan club on a brand that requires one; an operator approves them. */
export const openRequests = sqliteTable(
  "open_requests",
  {
    id: serialId(),
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
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reviewedAt: timestamp("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("open_requests_user_service").on(t.userId, t.serviceId), index("open_requests_status").on(t.status, t.createdAt)],
);

/** Groups of fan clubs; the owner's fan club invites others, members accept. */
export const fanclubGroups = sqliteTable("fanclub_groups", {
  id: serialId(),
  ownerFanclubId: integer("owner_fanclub_id")
    .notNull()
    .references(() => fanclubs.id),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** members may post group announcements */
  allowPost: integer("allow_post", { mode: "boolean" }).notNull().default(false),
  closedAt: timestamp("closed_at"),
  createdAt: createdAt(),
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
    status: text("status", { enum: ["invited", "member", "declined", "removed"] })
      .notNull()
      .default("invited"),
    invitedAt: timestamp("invited_at").notNull(),
    respondedAt: timestamp("responded_at"),
  },
  (t) => [
    uniqueIndex("fanclub_group_members_unique").on(t.groupId, t.fanclubId),
    index("fanclub_group_members_fanclub").on(t.fanclubId, t.status),
  ],
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("fanclub_managers_unique").on(t.userId, t.fanclubId), index("fanclub_managers_fanclub").on(t.fanclubId)],
);

export type FanclubRow = typeof fanclubs.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
