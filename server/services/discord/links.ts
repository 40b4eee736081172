import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { discordAccounts, discordMembers, discordPlanRoles, discordServers, fanclubs, plans } from "../../../db/schema";
import { discordRoleChanges } from "../../domain/discord-roles";
import type { DiscordClient, DiscordGuild, DiscordRole, DiscordUserGrant } from "../../integrations/discord";
import { discordResyncStatement } from "./roles";

/**
 * Linking both ends (docs/decisions/040): a fan's Discord account (`/me/discord`) and a fan
 * club's server with its plan → role map (`/me/fanclub/applications/discord`).
 */

export type LinkAccountResult = { ok: true } | { ok: false; reason: "takenByOther" };

/** Stores the fan's Discord account after OAuth. Another Discord account replaces the old one (its server rows are synced again). */
export async function linkDiscordAccount(
  db: Db,
  input: { userId: number; grant: DiscordUserGrant; now: number },
): Promise<LinkAccountResult> {
  const other = await db
    .select({ userId: discordAccounts.userId })
    .from(discordAccounts)
    .where(eq(discordAccounts.discordUserId, input.grant.user.id))
    .get();
  if (other && other.userId !== input.userId) return { ok: false, reason: "takenByOther" };
  const now = new Date(input.now);
  const values = {
    discordUserId: input.grant.user.id,
    username: input.grant.user.username,
    accessToken: input.grant.accessToken,
    tokenExpiresAt: new Date(input.now + input.grant.expiresIn * 1000),
    updatedAt: now,
  };
  await db.batch([
    db
      .insert(discordAccounts)
      .values({ userId: input.userId, createdAt: now, ...values })
      .onConflictDoUpdate({ target: discordAccounts.userId, set: values }),
    discordResyncStatement(db, { userId: input.userId }, input.now),
  ]);
  return { ok: true };
}

/**
 * Unlinks the fan's account: the roles this platform gave are taken back first (best effort: a
 * server the bot left cannot be asked), then the rows go.
 */
export async function unlinkDiscordAccount(db: Db, client: DiscordClient, input: { userId: number }): Promise<void> {
  const account = await db.select().from(discordAccounts).where(eq(discordAccounts.userId, input.userId)).get();
  if (!account) return;
  const joined = await db
    .select({ fanclubId: discordMembers.fanclubId, guildId: discordServers.guildId })
    .from(discordMembers)
    .innerJoin(discordServers, eq(discordServers.fanclubId, discordMembers.fanclubId))
    .where(eq(discordMembers.userId, input.userId));
  for (const j of joined) {
    try {
      const managed = await db
        .select({ roleId: discordPlanRoles.roleId })
        .from(discordPlanRoles)
        .where(eq(discordPlanRoles.fanclubId, j.fanclubId));
      const held = await client.memberRoles(j.guildId, account.discordUserId);
      if (held === null) continue;
      const { remove } = discordRoleChanges({ managed: managed.map((m) => m.roleId), held, want: null });
      for (const roleId of remove) await client.removeRole(j.guildId, account.discordUserId, roleId);
    } catch (error) {
      console.warn("[discord] could not take roles back on unlink", error);
    }
  }
  await db.batch([
    db.delete(discordMembers).where(eq(discordMembers.userId, input.userId)),
    db.delete(discordAccounts).where(eq(discordAccounts.userId, input.userId)),
  ]);
}

/** `/me/discord`: the linked account and the fan clubs whose servers the fan can join or joined. */
export async function myDiscord(db: Db, userId: number) {
  const [account, joinable, joined] = await db.batch([
    db
      .select({ username: discordAccounts.username, discordUserId: discordAccounts.discordUserId, linkedAt: discordAccounts.createdAt })
      .from(discordAccounts)
      .where(eq(discordAccounts.userId, userId)),
    db
      .select({ fanclubId: fanclubs.id, fanclubName: fanclubs.name, guildName: discordServers.guildName })
      .from(discordServers)
      .innerJoin(fanclubs, eq(fanclubs.id, discordServers.fanclubId))
      .where(
        inArray(
          discordServers.fanclubId,
          db.select({ id: plans.fanclubId }).from(plans).innerJoin(discordPlanRoles, eq(discordPlanRoles.planId, plans.id)),
        ),
      )
      .orderBy(asc(fanclubs.id)),
    db
      .select({ fanclubId: discordMembers.fanclubId, roleId: discordMembers.roleId })
      .from(discordMembers)
      .where(eq(discordMembers.userId, userId)),
  ]);
  return { account: account[0] ?? null, servers: joinable, joined };
}

/** Links (or re-links) the fan club's server after the bot was installed. A different server starts the role map over. */
export async function linkDiscordServer(
  db: Db,
  input: { fanclubId: number; userId: number; guild: DiscordGuild; now: number },
): Promise<void> {
  const now = new Date(input.now);
  const current = await db.select().from(discordServers).where(eq(discordServers.fanclubId, input.fanclubId)).get();
  const sameGuild = current?.guildId === input.guild.id;
  const upsert = db
    .insert(discordServers)
    .values({
      fanclubId: input.fanclubId,
      guildId: input.guild.id,
      guildName: input.guild.name,
      linkedBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: discordServers.fanclubId,
      set: { guildId: input.guild.id, guildName: input.guild.name, linkedBy: input.userId, updatedAt: now },
    });
  if (current && !sameGuild)
    await db.batch([
      db.delete(discordPlanRoles).where(eq(discordPlanRoles.fanclubId, input.fanclubId)),
      db.delete(discordMembers).where(eq(discordMembers.fanclubId, input.fanclubId)),
      upsert,
    ]);
  else await upsert;
}

/** Unlinks the server: the map and the members' rows go (the bot stays in the server until its owner removes it). */
export async function unlinkDiscordServer(db: Db, fanclubId: number): Promise<void> {
  await db.batch([
    db.delete(discordPlanRoles).where(eq(discordPlanRoles.fanclubId, fanclubId)),
    db.delete(discordMembers).where(eq(discordMembers.fanclubId, fanclubId)),
    db.delete(discordServers).where(eq(discordServers.fanclubId, fanclubId)),
  ]);
}

export type DiscordSettings = {
  server: { guildId: string; guildName: string } | null;
  plans: Array<{ id: number; name: string; price: number; closed: boolean; roleId: string | null }>;
  /** the server's roles, or null when Discord could not be asked */
  roles: DiscordRole[] | null;
  memberCount: number;
};

/** The creator's Discord page: the server, each plan with its role, the roles to choose from. */
export async function discordSettings(db: Db, client: DiscordClient, fanclubId: number): Promise<DiscordSettings> {
  const [server, planRows, mapped, members] = await db.batch([
    db.select().from(discordServers).where(eq(discordServers.fanclubId, fanclubId)),
    db
      .select({ id: plans.id, name: plans.name, price: plans.price, closedAt: plans.closedAt })
      .from(plans)
      .where(eq(plans.fanclubId, fanclubId))
      .orderBy(asc(plans.sortOrder), asc(plans.id)),
    db
      .select({ planId: discordPlanRoles.planId, roleId: discordPlanRoles.roleId })
      .from(discordPlanRoles)
      .where(eq(discordPlanRoles.fanclubId, fanclubId)),
    db
      .select({ id: discordMembers.id })
      .from(discordMembers)
      .where(and(eq(discordMembers.fanclubId, fanclubId), isNull(discordMembers.lastError))),
  ]);
  const roleOf = new Map(mapped.map((m) => [m.planId, m.roleId]));
  let roles: DiscordRole[] | null = null;
  if (server[0]) {
    try {
      roles = await client.guildRoles(server[0].guildId);
    } catch (error) {
      console.warn("[discord] roles unavailable", error);
    }
  }
  return {
    server: server[0] ? { guildId: server[0].guildId, guildName: server[0].guildName } : null,
    plans: planRows.map((p) => ({ id: p.id, name: p.name, price: p.price, closed: p.closedAt !== null, roleId: roleOf.get(p.id) ?? null })),
    roles,
    memberCount: members.length,
  };
}

export type SaveRolesResult = { ok: true } | { ok: false; reason: "noServer" | "unknownPlan" | "unknownRole" | "discord" };

/**
 * Saves the plan → role map (an empty role = none). Every plan and role is checked against the
 * fan club and the server; the map is replaced whole, and every member is synced again.
 */
export async function saveDiscordRoles(
  db: Db,
  client: DiscordClient,
  input: { fanclubId: number; map: ReadonlyArray<{ planId: number; roleId: string | null }>; now: number },
): Promise<SaveRolesResult> {
  const server = await db.select().from(discordServers).where(eq(discordServers.fanclubId, input.fanclubId)).get();
  if (!server) return { ok: false, reason: "noServer" };
  const own = new Set((await db.select({ id: plans.id }).from(plans).where(eq(plans.fanclubId, input.fanclubId))).map((p) => p.id));
  if (input.map.some((m) => !own.has(m.planId))) return { ok: false, reason: "unknownPlan" };
  let roles: DiscordRole[];
  try {
    roles = await client.guildRoles(server.guildId);
  } catch {
    return { ok: false, reason: "discord" };
  }
  const nameOf = new Map(roles.map((r) => [r.id, r.name]));
  if (input.map.some((m) => m.roleId !== null && !nameOf.has(m.roleId))) return { ok: false, reason: "unknownRole" };
  const now = new Date(input.now);
  const rows = input.map.filter((m): m is { planId: number; roleId: string } => m.roleId !== null);
  await db.batch([
    db.delete(discordPlanRoles).where(eq(discordPlanRoles.fanclubId, input.fanclubId)),
    ...rows.map((m) =>
      db.insert(discordPlanRoles).values({
        fanclubId: input.fanclubId,
        planId: m.planId,
        roleId: m.roleId,
        roleName: nameOf.get(m.roleId)!,
        createdAt: now,
        updatedAt: now,
      }),
    ),
    db.update(discordMembers).set({ pendingSince: now, attempts: 0 }).where(eq(discordMembers.fanclubId, input.fanclubId)),
  ]);
  return { ok: true };
}

/** The fan club's linked server, if any. */
export async function discordServerOf(db: Db, fanclubId: number) {
  return (await db.select().from(discordServers).where(eq(discordServers.fanclubId, fanclubId)).get()) ?? null;
}
