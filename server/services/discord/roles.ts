import { and, asc, eq, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import {
  discordAccounts,
  discordMembers,
  discordPlanRoles,
  discordServers,
  membershipPayments,
  memberships,
  plans,
} from "../../../db/schema";
import { billingMonthOf } from "../../domain/billing-month";
import { DISCORD_SYNC_MAX_ATTEMPTS, discordRoleChanges, discordRoleFor, type DiscordRoleDecision } from "../../domain/discord-roles";
import { membershipGrantsAccess } from "../../domain/plan-change";
import { DiscordError, type DiscordClient } from "../../integrations/discord";

/**
 * Discord roles follow memberships (docs/decisions/040). The one hook: every statement builder
 * that changes a membership adds `discordResyncStatement` to its own batch, which marks the fan's
 * server rows pending; the row and its mark commit together, so no change is lost. The sync reads
 * the fan's memberships and paid months, asks `discordRoleFor`, and makes Discord match. It runs
 * from the queue right after a change and from the daily cron, which also picks up the roles kept
 * to the end of a paid month (`recheckAt`) and retries failures.
 */

type Stmt = BatchItem<"sqlite">;

export type DiscordResyncTarget = { userId: number; fanclubId?: number } | { membershipId: number } | { userIdSql: SQL };

/** Marks the fan's Discord rows pending, in the caller's batch (the membership change services). */
export function discordResyncStatement(db: Db, target: DiscordResyncTarget, now: number): Stmt {
  let where: SQL | undefined;
  if ("membershipId" in target)
    where = sql`(${discordMembers.userId}, ${discordMembers.fanclubId}) IN (SELECT "user_id", "fanclub_id" FROM "memberships" WHERE "id" = ${target.membershipId})`;
  else if ("userIdSql" in target) where = sql`${discordMembers.userId} IN ${target.userIdSql}`;
  else
    where = and(
      eq(discordMembers.userId, target.userId),
      target.fanclubId !== undefined ? eq(discordMembers.fanclubId, target.fanclubId) : undefined,
    );
  return db
    .update(discordMembers)
    .set({ pendingSince: sql`COALESCE(${discordMembers.pendingSince}, ${now})`, attempts: 0 })
    .where(where);
}

/** Whether the fan has Discord rows waiting for a sync (so a request sends the queue a message only then). */
export async function hasPendingDiscordSync(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: discordMembers.id })
    .from(discordMembers)
    .where(and(eq(discordMembers.userId, userId), isNotNull(discordMembers.pendingSince)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The role the fan should hold in the fan club's server now, from what D1 says. */
async function discordRoleDecision(
  db: Db,
  input: { userId: number; fanclubId: number; now: number },
): Promise<DiscordRoleDecision & { isMember: boolean }> {
  const month = billingMonthOf(input.now);
  const [held, paid, roles] = await db.batch([
    db
      .select({ planId: memberships.planId, planPrice: plans.price, status: memberships.status, paidThroughMonth: memberships.paidThrough })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .where(and(eq(memberships.userId, input.userId), eq(memberships.fanclubId, input.fanclubId))),
    db
      .select({ month: membershipPayments.month, planId: membershipPayments.planId, planPrice: plans.price })
      .from(membershipPayments)
      .innerJoin(plans, eq(plans.id, membershipPayments.planId))
      .where(
        and(
          eq(membershipPayments.userId, input.userId),
          eq(membershipPayments.fanclubId, input.fanclubId),
          eq(membershipPayments.month, month),
        ),
      ),
    db
      .select({ planId: discordPlanRoles.planId, roleId: discordPlanRoles.roleId })
      .from(discordPlanRoles)
      .where(eq(discordPlanRoles.fanclubId, input.fanclubId)),
  ]);
  const decision = discordRoleFor({ now: input.now, memberships: held, paidMonths: paid, roles });
  const isMember = held.some((m) => membershipGrantsAccess(m, input.now)) || paid.length > 0;
  return { ...decision, isMember };
}

type DiscordSyncOutcome = "synced" | "notInServer" | "noAccount" | "failed";

/**
 * Makes the fan's roles in the fan club's server match the decision. Idempotent: it reads the
 * member's roles from Discord and changes only what differs, so a retry or a second message
 * does nothing more.
 */
async function syncDiscordMember(
  db: Db,
  client: DiscordClient,
  input: { userId: number; fanclubId: number; now: number },
): Promise<DiscordSyncOutcome> {
  const row = and(eq(discordMembers.userId, input.userId), eq(discordMembers.fanclubId, input.fanclubId));
  const [server, account, mapped, member] = await db.batch([
    db.select().from(discordServers).where(eq(discordServers.fanclubId, input.fanclubId)),
    db.select().from(discordAccounts).where(eq(discordAccounts.userId, input.userId)),
    db.select({ roleId: discordPlanRoles.roleId }).from(discordPlanRoles).where(eq(discordPlanRoles.fanclubId, input.fanclubId)),
    db.select({ roleId: discordMembers.roleId }).from(discordMembers).where(row),
  ]);
  // the roles this fan club manages: the mapped ones, and the one we gave before the map changed
  const managed = [...mapped.map((m) => m.roleId), ...(member[0]?.roleId ? [member[0].roleId] : [])];
  if (!server[0] || !account[0]) {
    // nothing to act on (server unlinked or account unlinked): the row is done
    await db
      .update(discordMembers)
      .set({ pendingSince: null, recheckAt: null, syncedAt: new Date(input.now), lastError: null })
      .where(row);
    return "noAccount";
  }
  const decision = await discordRoleDecision(db, input);
  try {
    const held = await client.memberRoles(server[0].guildId, account[0].discordUserId);
    if (held === null) {
      await db
        .update(discordMembers)
        .set({ pendingSince: null, recheckAt: null, roleId: null, syncedAt: new Date(input.now), lastError: null })
        .where(row);
      return "notInServer";
    }
    const changes = discordRoleChanges({ managed, held, want: decision.roleId });
    for (const roleId of changes.remove) await client.removeRole(server[0].guildId, account[0].discordUserId, roleId);
    for (const roleId of changes.add) await client.addRole(server[0].guildId, account[0].discordUserId, roleId);
    await db
      .update(discordMembers)
      .set({
        roleId: decision.roleId,
        pendingSince: null,
        recheckAt: decision.recheckAt === null ? null : new Date(decision.recheckAt),
        attempts: 0,
        lastError: null,
        syncedAt: new Date(input.now),
      })
      .where(row);
    return "synced";
  } catch (error) {
    const retryable = !(error instanceof DiscordError) || error.retryable;
    await db
      .update(discordMembers)
      .set({
        attempts: sql`${discordMembers.attempts} + 1`,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 300),
        // a refusal that will not change (the bot lost its permission) waits for the next change
        ...(retryable ? {} : { pendingSince: null }),
      })
      .where(row);
    return "failed";
  }
}

/**
 * The sync run of the queue and the cron: rows pending (oldest first, not given up on) and rows
 * whose kept role ran out. Returns how many it synced and how many failed; the caller retries.
 */
export async function runDiscordSync(
  db: Db,
  client: DiscordClient,
  input: { now: number; userId?: number; limit?: number },
): Promise<{ synced: number; failed: number; more: boolean }> {
  const limit = input.limit ?? 50;
  const due = or(
    and(isNotNull(discordMembers.pendingSince), lte(discordMembers.attempts, DISCORD_SYNC_MAX_ATTEMPTS)),
    lte(discordMembers.recheckAt, new Date(input.now)),
  );
  const rows = await db
    .select({ userId: discordMembers.userId, fanclubId: discordMembers.fanclubId })
    .from(discordMembers)
    .where(and(due, input.userId !== undefined ? eq(discordMembers.userId, input.userId) : undefined))
    .orderBy(asc(discordMembers.id))
    .limit(limit + 1);
  let synced = 0;
  let failed = 0;
  for (const r of rows.slice(0, limit)) {
    const outcome = await syncDiscordMember(db, client, { ...r, now: input.now });
    if (outcome === "failed") failed++;
    else synced++;
  }
  return { synced, failed, more: rows.length > limit };
}

export type JoinDiscordResult =
  | { ok: true; added: boolean; guildName: string; roleName: string | null }
  | { ok: false; reason: "noServer" | "notMember" | "noAccount" | "tokenExpired" | "discord" };

/**
 * POST /fanclubs/{id}/join_discord_server: a member with a linked Discord account joins the fan
 * club's server with their plan's role (Discord's guilds.join, done by the bot with the fan's
 * token). Joining again when already in the server just syncs the role.
 */
export async function joinDiscordServer(
  db: Db,
  client: DiscordClient,
  input: { userId: number; fanclubId: number; now: number },
): Promise<JoinDiscordResult> {
  const [server, account] = await db.batch([
    db.select().from(discordServers).where(eq(discordServers.fanclubId, input.fanclubId)),
    db.select().from(discordAccounts).where(eq(discordAccounts.userId, input.userId)),
  ]);
  if (!server[0]) return { ok: false, reason: "noServer" };
  if (!account[0]) return { ok: false, reason: "noAccount" };
  const decision = await discordRoleDecision(db, input);
  if (!decision.isMember) return { ok: false, reason: "notMember" };
  const token = account[0].accessToken;
  if (!token || !account[0].tokenExpiresAt || account[0].tokenExpiresAt.getTime() <= input.now)
    return { ok: false, reason: "tokenExpired" };
  let added: boolean;
  try {
    added = await client.addMember({
      guildId: server[0].guildId,
      userId: account[0].discordUserId,
      accessToken: token,
      roles: decision.roleId ? [decision.roleId] : [],
    });
  } catch (error) {
    console.warn("[discord] join failed", error);
    return { ok: false, reason: "discord" };
  }
  await db
    .insert(discordMembers)
    .values({ fanclubId: input.fanclubId, userId: input.userId, pendingSince: new Date(input.now), createdAt: new Date(input.now) })
    .onConflictDoUpdate({
      target: [discordMembers.fanclubId, discordMembers.userId],
      set: { pendingSince: new Date(input.now), attempts: 0 },
    });
  // already in the server (Discord ignores the roles then), or anything else: make the roles match now
  const outcome = await syncDiscordMember(db, client, input);
  if (outcome === "failed" && added === false) return { ok: false, reason: "discord" };
  const roleName = decision.roleId
    ? ((
        await db
          .select({ name: discordPlanRoles.roleName })
          .from(discordPlanRoles)
          .where(eq(discordPlanRoles.roleId, decision.roleId))
          .get()
      )?.name ?? null)
    : null;
  return { ok: true, added, guildName: server[0].guildName, roleName };
}
