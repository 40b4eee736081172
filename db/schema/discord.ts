import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs, plans } from "./fanclubs";

// Discord (docs/decisions/040): a fan club's server, its plan → role map, the fans' linked Discord
// accounts, and each fan's place in a server with the role last applied there.

/** The Discord server (guild) a fan club linked by installing the bot; one per fan club. */
export const discordServers = sqliteTable(
  "discord_servers",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** Discord snowflakes are 64-bit: kept as text */
    guildId: text("guild_id").notNull(),
    guildName: text("guild_name").notNull(),
    linkedBy: integer("linked_by")
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex("discord_servers_fanclub_unique").on(t.fanclubId)],
);

/** The role a plan's members get in the fan club's server. A plan without a row gives no role. */
export const discordPlanRoles = sqliteTable(
  "discord_plan_roles",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    roleId: text("role_id").notNull(),
    roleName: text("role_name").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("discord_plan_roles_plan_unique").on(t.planId), index("discord_plan_roles_fanclub").on(t.fanclubId)],
);

/**
 * A person's linked Discord account (`/me/discord`). The access token (scope identify +
 * guilds.join) lets the bot add the person to a server; it is kept only until it expires.
 */
export const discordAccounts = sqliteTable(
  "discord_accounts",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    discordUserId: text("discord_user_id").notNull(),
    username: text("username").notNull(),
    accessToken: text("access_token"),
    tokenExpiresAt: timestamp("token_expires_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("discord_accounts_user_unique").on(t.userId),
    uniqueIndex("discord_accounts_discord_user_unique").on(t.discordUserId),
  ],
);

/**
 * A fan who joined a fan club's server through us, and the role sync's state: `roleId` is the
 * role last applied; `pendingSince` is set in the same batch as any membership change (the sync
 * then runs from the queue, and the daily cron retries what is left); `recheckAt` is when a kept
 * role runs out (the end of a paid month).
 */
export const discordMembers = sqliteTable(
  "discord_members",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    roleId: text("role_id"),
    pendingSince: timestamp("pending_since"),
    recheckAt: timestamp("recheck_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    syncedAt: timestamp("synced_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discord_members_unique").on(t.fanclubId, t.userId),
    index("discord_members_user").on(t.userId),
    index("discord_members_pending").on(t.pendingSince),
    index("discord_members_recheck").on(t.recheckAt),
  ],
);

export type DiscordServerRow = typeof discordServers.$inferSelect;
export type DiscordAccountRow = typeof discordAccounts.$inferSelect;
