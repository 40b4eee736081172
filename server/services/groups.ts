import { and, asc, count, desc, eq, inArray, isNull, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubGroupMembers, fanclubGroups, fanclubs } from "../../db/schema";
import {
  REINVITABLE,
  REMOVABLE,
  canCreateGroup,
  canInvite,
  canRemove,
  canRespond,
  statusAfterAnswer,
  type GroupInput,
  type GroupMemberStatus,
  type InviteRefusal,
  type InviteTarget,
  type RemoveRefusal,
  type RespondRefusal,
} from "../domain/fanclub-groups";
import { notificationInsert } from "./notifications";

/**
 * Groups of fan clubs (spec §2, §6 group owner). Every use case reads what it needs in one batch,
 * asks the rules in server/domain/fanclub-groups.ts, then writes in one batch whose statements
 * carry the same conditions, so a double click or two tabs can never leave two open groups, a
 * member answered twice or an owner fan club removed.
 */

/** The open group a fan club owns (at most one). */
const openGroupOf = (ownerFanclubId: number) => and(eq(fanclubGroups.ownerFanclubId, ownerFanclubId), isNull(fanclubGroups.closedAt));

/** A member row's fan club, as cards and lists show it. */
const fanclubCardFields = {
  id: fanclubs.id,
  name: fanclubs.name,
  creatorName: fanclubs.creatorName,
  uniquePath: fanclubs.uniquePath,
  iconKey: fanclubs.iconKey,
  memberCount: fanclubs.memberCount,
  displayMemberCount: fanclubs.displayMemberCount,
};

export type CreateGroupResult = { ok: true; groupId: number } | { ok: false; reason: "alreadyOwns" | "notFound" };

/** The creator's own fan club opens a group and is its first member. */
export async function createGroup(db: Db, input: { fanclubId: number; now: number } & GroupInput): Promise<CreateGroupResult> {
  const [club, owned] = await db.batch([
    db
      .select({ id: fanclubs.id })
      .from(fanclubs)
      .where(and(eq(fanclubs.id, input.fanclubId), eq(fanclubs.status, "open"))),
    db.select({ id: fanclubGroups.id }).from(fanclubGroups).where(openGroupOf(input.fanclubId)).limit(1),
  ]);
  if (!club[0]) return { ok: false, reason: "notFound" };
  const allowed = canCreateGroup({ ownsOpenGroup: owned.length > 0 });
  if (!allowed.ok) return allowed;

  // The group row is written only while the fan club is open and owns no open group, checked
  // inside the insert itself: two concurrent creates make one group.
  const noOpenGroup = db.select({ id: fanclubGroups.id }).from(fanclubGroups).where(openGroupOf(input.fanclubId));
  const [created] = await db.batch([
    db
      .insert(fanclubGroups)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`NULL`.as("id"),
            ownerFanclubId: fanclubs.id,
            name: sql<string>`${input.name}`.as("name"),
            description: sql<string>`${input.description}`.as("description"),
            allowPost: sql<boolean>`0`.as("allow_post"),
            closedAt: sql<Date | null>`NULL`.as("closed_at"),
            createdAt: sql<Date>`${input.now}`.as("created_at"),
          })
          .from(fanclubs)
          .where(and(eq(fanclubs.id, input.fanclubId), eq(fanclubs.status, "open"), notExists(noOpenGroup))),
      )
      .returning({ id: fanclubGroups.id }),
    // the owner fan club is a member of its own group from the start
    db
      .insert(fanclubGroupMembers)
      .select((qb) =>
        qb
          .select({
            groupId: fanclubGroups.id,
            fanclubId: fanclubGroups.ownerFanclubId,
            status: sql<GroupMemberStatus>`'member'`.as("status"),
            invitedAt: sql<Date>`${input.now}`.as("invited_at"),
            respondedAt: sql<Date>`${input.now}`.as("responded_at"),
          })
          .from(fanclubGroups)
          .where(openGroupOf(input.fanclubId)),
      )
      .onConflictDoNothing(),
  ]);
  const id = created[0]?.id;
  return id === undefined ? { ok: false, reason: "alreadyOwns" } : { ok: true, groupId: id };
}

/** Renames or re-describes the open group the fan club owns. */
export async function updateGroup(db: Db, input: { ownerFanclubId: number } & GroupInput): Promise<{ ok: boolean }> {
  const rows = await db
    .update(fanclubGroups)
    .set({ name: input.name, description: input.description })
    .where(openGroupOf(input.ownerFanclubId))
    .returning({ id: fanclubGroups.id });
  return { ok: rows.length > 0 };
}

/** Closes the fan club's open group: its page and its place on member fan clubs' pages go. */
export async function closeGroup(db: Db, input: { ownerFanclubId: number; now: number }): Promise<{ ok: boolean }> {
  const rows = await db
    .update(fanclubGroups)
    .set({ closedAt: new Date(input.now) })
    .where(openGroupOf(input.ownerFanclubId))
    .returning({ id: fanclubGroups.id });
  return { ok: rows.length > 0 };
}

export interface MyGroupMember {
  id: number;
  name: string;
  creatorName: string;
  uniquePath: string | null;
  status: GroupMemberStatus;
  isOwner: boolean;
}

/**
 * /me/fanclub_group in one batch: the group the fan club owns with every fan club it ever asked
 * (removed ones left out), the invitations waiting for this fan club, and the other groups it
 * belongs to.
 */
export async function myGroupOverview(db: Db, fanclubId: number) {
  const ownedId = sql`(SELECT ${fanclubGroups.id} FROM ${fanclubGroups} WHERE ${fanclubGroups.ownerFanclubId} = ${fanclubId} AND ${fanclubGroups.closedAt} IS NULL)`;
  const [group, members, invitations, belongs] = await db.batch([
    db
      .select({
        id: fanclubGroups.id,
        name: fanclubGroups.name,
        description: fanclubGroups.description,
        allowPost: fanclubGroups.allowPost,
      })
      .from(fanclubGroups)
      .where(openGroupOf(fanclubId))
      .limit(1),
    db
      .select({
        id: fanclubs.id,
        name: fanclubs.name,
        creatorName: fanclubs.creatorName,
        uniquePath: fanclubs.uniquePath,
        status: fanclubGroupMembers.status,
      })
      .from(fanclubGroupMembers)
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroupMembers.fanclubId))
      .where(and(sql`${fanclubGroupMembers.groupId} = ${ownedId}`, ne(fanclubGroupMembers.status, "removed")))
      .orderBy(asc(fanclubGroupMembers.invitedAt), asc(fanclubs.id)),
    db
      .select({ n: count() })
      .from(fanclubGroupMembers)
      .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
      .where(and(eq(fanclubGroupMembers.fanclubId, fanclubId), eq(fanclubGroupMembers.status, "invited"), isNull(fanclubGroups.closedAt))),
    groupsOfFanclubQuery(db, fanclubId),
  ]);
  const own = group[0] ?? null;
  return {
    group: own,
    members: own
      ? members
          .map((m): MyGroupMember => ({ ...m, isOwner: m.id === fanclubId }))
          // the owner first, then in the order they were asked
          .sort((a, b) => Number(b.isOwner) - Number(a.isOwner))
      : [],
    invitationCount: Number(invitations[0]?.n ?? 0),
    memberOf: belongs.filter((g) => g.id !== own?.id),
  };
}

/** The open group a fan club owns, for the edit and close pages. */
export async function ownedGroup(db: Db, fanclubId: number) {
  const row = await db
    .select({ id: fanclubGroups.id, name: fanclubGroups.name, description: fanclubGroups.description })
    .from(fanclubGroups)
    .where(openGroupOf(fanclubId))
    .get();
  return row ?? null;
}

export type InviteResult = { ok: true; groupId: number; fanclubName: string } | { ok: false; reason: InviteRefusal | "noGroup" };

/** Kind of the on-site notice an invited fan club's owner gets (text in common notifications.kinds). */
const INVITATION_NOTICE = "groupInvitation";

/**
 * Invites a fan club, by id or unique path, into the group the inviting fan club owns. A fan club
 * that declined or was removed may be asked again. The invited fan club's owner gets an on-site
 * notice linking to the invitation, written in the same batch as the invitation.
 */
export async function inviteFanclub(
  db: Db,
  input: { ownerFanclubId: number; target: InviteTarget; now: number; invitationUrl: (groupId: number) => string },
): Promise<InviteResult> {
  const targetWhere = input.target.kind === "id" ? eq(fanclubs.id, input.target.id) : eq(fanclubs.uniquePath, input.target.path);
  const [group, target, existing] = await db.batch([
    db
      // D1 batch rows arrive keyed by column name: the owner's name needs its own
      .select({
        id: fanclubGroups.id,
        name: fanclubGroups.name,
        ownerFanclubId: fanclubGroups.ownerFanclubId,
        serviceId: fanclubs.serviceId,
        ownerName: sql<string>`${fanclubs.name}`.as("owner_name"),
      })
      .from(fanclubGroups)
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroups.ownerFanclubId))
      .where(openGroupOf(input.ownerFanclubId))
      .limit(1),
    db
      .select({
        id: fanclubs.id,
        name: fanclubs.name,
        serviceId: fanclubs.serviceId,
        status: fanclubs.status,
        ownerId: fanclubs.ownerId,
      })
      .from(fanclubs)
      .where(targetWhere)
      .limit(1),
    // the target's row in this group, if it was ever asked
    db
      .select({ status: fanclubGroupMembers.status })
      .from(fanclubGroupMembers)
      .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroupMembers.fanclubId))
      .where(and(openGroupOf(input.ownerFanclubId), targetWhere))
      .limit(1),
  ]);
  const g = group[0];
  if (!g) return { ok: false, reason: "noGroup" };
  const t = target[0] ?? null;
  const allowed = canInvite({
    group: { ownerFanclubId: g.ownerFanclubId, serviceId: g.serviceId, closed: false },
    target: t ? { id: t.id, serviceId: t.serviceId, open: t.status === "open" } : null,
    existing: existing[0]?.status ?? null,
  });
  if (!allowed.ok || !t) return allowed.ok ? { ok: false, reason: "notFound" } : allowed;

  await db.batch([
    db
      .insert(fanclubGroupMembers)
      .values({ groupId: g.id, fanclubId: t.id, status: "invited", invitedAt: new Date(input.now), respondedAt: null })
      // asking again is allowed only after a no or a removal: a member or a pending invitation stays as it is
      .onConflictDoUpdate({
        target: [fanclubGroupMembers.groupId, fanclubGroupMembers.fanclubId],
        set: { status: "invited", invitedAt: new Date(input.now), respondedAt: null },
        setWhere: inArray(fanclubGroupMembers.status, [...REINVITABLE]),
      }),
    notificationInsert(db, {
      userId: t.ownerId,
      kind: INVITATION_NOTICE,
      params: { groupName: g.name, fanclubName: g.ownerName },
      url: input.invitationUrl(g.id),
      now: input.now,
    }),
  ]);
  return { ok: true, groupId: g.id, fanclubName: t.name };
}

export type InvitationView = {
  groupId: number;
  name: string;
  description: string;
  status: GroupMemberStatus;
  invitedAt: Date;
  from: { id: number; name: string; creatorName: string; uniquePath: string | null };
};

/** Invitations of a fan club from open groups whose owner fan club is open, narrowed by `where`. */
function invitationsQuery(db: Db, fanclubId: number, where?: SQL) {
  return db
    .select({
      groupId: fanclubGroups.id,
      name: fanclubGroups.name,
      description: fanclubGroups.description,
      status: fanclubGroupMembers.status,
      invitedAt: fanclubGroupMembers.invitedAt,
      fromId: fanclubs.id,
      fromName: fanclubs.name,
      fromCreatorName: fanclubs.creatorName,
      fromUniquePath: fanclubs.uniquePath,
    })
    .from(fanclubGroupMembers)
    .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroups.ownerFanclubId))
    .where(and(eq(fanclubGroupMembers.fanclubId, fanclubId), isNull(fanclubGroups.closedAt), eq(fanclubs.status, "open"), where));
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationsQuery>["all"]>>[number];

const toInvitation = (r: InvitationRow): InvitationView => ({
  groupId: r.groupId,
  name: r.name,
  description: r.description,
  status: r.status,
  invitedAt: r.invitedAt,
  from: { id: r.fromId, name: r.fromName, creatorName: r.fromCreatorName, uniquePath: r.fromUniquePath },
});

/** The invitations a fan club has not answered yet, newest first (open groups only). */
export async function listInvitationsFor(db: Db, fanclubId: number): Promise<InvitationView[]> {
  const rows = await invitationsQuery(db, fanclubId, eq(fanclubGroupMembers.status, "invited"))
    .orderBy(desc(fanclubGroupMembers.invitedAt))
    .all();
  return rows.map(toInvitation);
}

/**
 * One invitation of a fan club (any answer so far), for the page a notice links to. Null when
 * the group never asked this fan club, withdrew the invitation or is closed.
 */
export async function getInvitation(db: Db, fanclubId: number, groupId: number): Promise<InvitationView | null> {
  const row = await invitationsQuery(db, fanclubId, eq(fanclubGroupMembers.groupId, groupId)).get();
  return row && row.status !== "removed" ? toInvitation(row) : null;
}

export type RespondResult = { ok: true; status: GroupMemberStatus } | { ok: false; reason: RespondRefusal };

/** The invited fan club answers. The caller has checked that its owner is the one asking. */
export async function respondToInvitation(
  db: Db,
  input: { fanclubId: number; groupId: number; decision: "accept" | "decline"; now: number },
): Promise<RespondResult> {
  const current = await getInvitation(db, input.fanclubId, input.groupId);
  const allowed = canRespond({ status: current?.status ?? null, groupClosed: current === null });
  if (!allowed.ok) return allowed;
  const status = statusAfterAnswer(input.decision);
  const rows = await db
    .update(fanclubGroupMembers)
    .set({ status, respondedAt: new Date(input.now) })
    .where(
      and(
        eq(fanclubGroupMembers.groupId, input.groupId),
        eq(fanclubGroupMembers.fanclubId, input.fanclubId),
        // answered once: a second click (or the other tab) finds nothing to change
        eq(fanclubGroupMembers.status, "invited"),
        sql`EXISTS (SELECT 1 FROM ${fanclubGroups} WHERE ${fanclubGroups.id} = ${input.groupId} AND ${fanclubGroups.closedAt} IS NULL)`,
      ),
    )
    .returning({ status: fanclubGroupMembers.status });
  return rows[0] ? { ok: true, status } : { ok: false, reason: "alreadyAnswered" };
}

/** `withdrawn`: it was a pending invitation, not a member, that was taken back. */
export type RemoveResult = { ok: true; withdrawn: boolean } | { ok: false; reason: RemoveRefusal | "noGroup" };

/** The owner takes a member out, or withdraws a pending invitation. */
export async function removeMember(db: Db, input: { ownerFanclubId: number; fanclubId: number; now: number }): Promise<RemoveResult> {
  const [group, member] = await db.batch([
    db.select({ id: fanclubGroups.id }).from(fanclubGroups).where(openGroupOf(input.ownerFanclubId)).limit(1),
    db
      .select({ status: fanclubGroupMembers.status })
      .from(fanclubGroupMembers)
      .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
      .where(and(openGroupOf(input.ownerFanclubId), eq(fanclubGroupMembers.fanclubId, input.fanclubId))),
  ]);
  const g = group[0];
  if (!g) return { ok: false, reason: "noGroup" };
  const allowed = canRemove({ ownerFanclubId: input.ownerFanclubId, fanclubId: input.fanclubId, status: member[0]?.status ?? null });
  if (!allowed.ok) return allowed;
  const rows = await db
    .update(fanclubGroupMembers)
    .set({ status: "removed", respondedAt: new Date(input.now) })
    .where(
      and(
        eq(fanclubGroupMembers.groupId, g.id),
        eq(fanclubGroupMembers.fanclubId, input.fanclubId),
        ne(fanclubGroupMembers.fanclubId, input.ownerFanclubId),
        inArray(fanclubGroupMembers.status, [...REMOVABLE]),
      ),
    )
    .returning({ status: fanclubGroupMembers.status });
  return rows[0] ? { ok: true, withdrawn: member[0]?.status === "invited" } : { ok: false, reason: "notMember" };
}

interface GroupPageMember {
  id: number;
  name: string;
  creatorName: string;
  uniquePath: string | null;
  iconKey: string | null;
  /** null when the fan club hides its member count */
  memberCount: number | null;
  displayMemberCount: boolean;
}

export interface GroupPage {
  id: number;
  name: string;
  description: string;
  /** the brand the group lives on (its owner fan club's) */
  serviceId: number;
  ownerFanclubId: number;
  members: GroupPageMember[];
}

/**
 * The public group page (/groups/{id}): the group and its member fan clubs in one batch. Null
 * when there is no such group, it is closed, or its owner fan club is closed.
 */
export async function getGroupPage(db: Db, groupId: number): Promise<GroupPage | null> {
  const [group, members] = await db.batch([
    db
      .select({
        id: fanclubGroups.id,
        name: fanclubGroups.name,
        description: fanclubGroups.description,
        serviceId: fanclubs.serviceId,
        ownerFanclubId: fanclubGroups.ownerFanclubId,
      })
      .from(fanclubGroups)
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroups.ownerFanclubId))
      .where(and(eq(fanclubGroups.id, groupId), isNull(fanclubGroups.closedAt), eq(fanclubs.status, "open")))
      .limit(1),
    db
      .select({ ...fanclubCardFields, ownerFanclubId: fanclubGroups.ownerFanclubId })
      .from(fanclubGroupMembers)
      .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroupMembers.fanclubId))
      .where(and(eq(fanclubGroupMembers.groupId, groupId), eq(fanclubGroupMembers.status, "member"), eq(fanclubs.status, "open")))
      // the owner fan club first, then in the order they joined
      .orderBy(sql`${fanclubs.id} = ${fanclubGroups.ownerFanclubId} DESC`, asc(fanclubGroupMembers.respondedAt), asc(fanclubs.id)),
  ]);
  const g = group[0];
  if (!g) return null;
  // a hidden member count never leaves the server, not even in loader data
  return {
    ...g,
    members: members.map(({ ownerFanclubId: _owner, ...m }) => ({ ...m, memberCount: m.displayMemberCount ? m.memberCount : null })),
  };
}

/**
 * The open groups a fan club belongs to (its own included), for the "groups" line of the public
 * fan club page (spec §2); a statement, so the page reads it inside its own `db.batch`.
 */
export function groupsOfFanclubQuery(db: Db, fanclubId: number | SQL) {
  return db
    .select({ id: fanclubGroups.id, name: fanclubGroups.name })
    .from(fanclubGroupMembers)
    .innerJoin(fanclubGroups, eq(fanclubGroups.id, fanclubGroupMembers.groupId))
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubGroups.ownerFanclubId))
    .where(
      and(
        sql`${fanclubGroupMembers.fanclubId} = ${fanclubId}`,
        eq(fanclubGroupMembers.status, "member"),
        isNull(fanclubGroups.closedAt),
        eq(fanclubs.status, "open"),
      ),
    )
    .orderBy(asc(fanclubGroupMembers.respondedAt), asc(fanclubGroups.id));
}
