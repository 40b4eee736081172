import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";
import { posts } from "./posts";
import { coinCampaigns, purchases } from "./money";

// Special tickets, share goals and fan club campaigns (issue 21, docs/decisions/037).

/**
 * A kind of ticket a creator defines: what it grants (a lesson seat, a members-only event), how
 * long a ticket stays usable, and whether fans can buy it (price in yen; 0 = only issued).
 */
export const specialTicketTypes = sqliteTable(
  "special_ticket_types",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    name: text("name").notNull(),
    grants: text("grants").notNull().default(""),
    /** days a ticket is usable after it is issued; null = no expiry */
    validDays: integer("valid_days"),
    /** yen, tax included; 0 = not for sale */
    price: integer("price").notNull().default(0),
    ...timestamps(),
    archivedAt: timestamp("archived_at"),
  },
  (t) => [
    index("special_ticket_types_fanclub").on(t.fanclubId),
    check("special_ticket_types_price", sql`${t.price} = 0 OR (${t.price} >= 100 AND ${t.price} <= 100000)`),
  ],
);

/**
 * One ticket a fan holds. `issueKey` makes each issue happen once (issue batch, purchase, campaign
 * reward); using it is one conditional UPDATE (`used_at IS NULL`), so two uses race to one success.
 */
export const specialTickets = sqliteTable(
  "special_tickets",
  {
    id: serialId(),
    typeId: integer("type_id")
      .notNull()
      .references(() => specialTicketTypes.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    source: text("source", { enum: ["issued", "purchased", "campaign"] }).notNull(),
    issueKey: text("issue_key").notNull(),
    purchaseId: integer("purchase_id").references(() => purchases.id),
    expiresAt: timestamp("expires_at"),
    usedAt: timestamp("used_at"),
    /** what it was used for ('lesson:12', 'event'), as the caller names it */
    usedPurpose: text("used_purpose"),
    /** the use's idempotency key: a retried use answers the first one */
    useKey: text("use_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("special_tickets_issue_key_unique").on(t.issueKey),
    uniqueIndex("special_tickets_use_key_unique")
      .on(t.useKey)
      .where(sql`${t.useKey} IS NOT NULL`),
    index("special_tickets_user").on(t.userId, t.id),
    index("special_tickets_type").on(t.typeId),
  ],
);

/**
 * A share goal: a number of supporters, or a month's support in yen, to reach by a date, and what
 * the creator promises when it is. Closing freezes the result in the row.
 */
export const shareGoals = sqliteTable(
  "share_goals",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    metric: text("metric", { enum: ["supporters", "monthly_amount"] }).notNull(),
    target: integer("target").notNull(),
    startsAt: timestamp("starts_at").notNull(),
    deadline: timestamp("deadline").notNull(),
    reward: text("reward").notNull().default(""),
    closedAt: timestamp("closed_at"),
    /** progress when it was closed */
    resultValue: integer("result_value"),
    ...timestamps(),
  },
  (t) => [index("share_goals_fanclub").on(t.fanclubId, t.id), check("share_goals_target", sql`${t.target} > 0`)],
);

/** Per fan club switch of campaigns (spec: the campaigns menu shows only when the fan club uses them). */
export const fanclubCampaignSettings = sqliteTable("fanclub_campaign_settings", {
  fanclubId: integer("fanclub_id")
    .primaryKey()
    .references(() => fanclubs.id),
  useCampaign: integer("use_campaign", { mode: "boolean" }).notNull().default(false),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * A fan club's campaign: within a JST period, fans who meet the condition (join a plan, buy a
 * product, tip) earn the reward once: bonus coins (through a vesting coin campaign row), a special
 * post, or a special ticket. `bannerPostId` puts the fixed banner on the fan club page.
 */
export const fanCampaigns = sqliteTable(
  "fan_campaigns",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at").notNull(),
    endsAt: timestamp("ends_at").notNull(),
    condition: text("condition", { enum: ["join_plan", "buy_product", "tip"] }).notNull(),
    rewardKind: text("reward_kind", { enum: ["coins", "post", "ticket"] }).notNull(),
    coinCampaignId: integer("coin_campaign_id").references(() => coinCampaigns.id),
    rewardPostId: integer("reward_post_id").references(() => posts.id),
    rewardTicketTypeId: integer("reward_ticket_type_id").references(() => specialTicketTypes.id),
    bannerPostId: integer("banner_post_id").references(() => posts.id),
    ...timestamps(),
  },
  (t) => [index("fan_campaigns_fanclub").on(t.fanclubId, t.startsAt), check("fan_campaigns_period", sql`${t.endsAt} > ${t.startsAt}`)],
);

/** One reward per fan and campaign: the primary key is what makes a repeated event grant nothing more. */
export const fanCampaignRewards = sqliteTable(
  "fan_campaign_rewards",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => fanCampaigns.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the event that earned it ('purchase:{key}') */
    triggerKey: text("trigger_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index("fan_campaign_rewards_user").on(t.userId)],
);

export type SpecialTicketTypeRow = typeof specialTicketTypes.$inferSelect;
export type SpecialTicketRow = typeof specialTickets.$inferSelect;
export type ShareGoalRow = typeof shareGoals.$inferSelect;
export type FanCampaignRow = typeof fanCampaigns.$inferSelect;
