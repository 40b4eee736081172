import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubEditors, fanclubs, users } from "../../db/schema";
import { invitationProblem, normalizePermissions, permissionsFromJson, type InvitationProblem } from "../domain/fans";
import type { EditorPermission } from "../domain/fanclub-permissions";
import { notificationInsert } from "./notifications";

/**
 * Fan club editors (spec §3, §6): the owner invites a person by their profile, with a set of
 * permissions; the person accepts or declines on /me/editor_invitations. Only accepted rows grant
 * anything (server/services/creator.ts reads `accepted_at IS NOT NULL`), so a pending invitation
 * is an offer and nothing more.
 */

export type InviteResult = { ok: true; userId: number; name: string } | { ok: false; reason: InvitationProblem };

export async function inviteEditor(
  db: Db,
  input: {
    fanclubId: number;
    ownerId: number;
    userToken: string;
    permissions: readonly EditorPermission[];
    now: number;
    /** what the invitee's notification says and where it leads */
    notice: { fanclubName: string; url: string };
  },
): Promise<InviteResult> {
  const invitee = await db
    .select({
      id: users.id,
      name: users.name,
      leftAt: users.leftAt,
      existingAcceptedAt: fanclubEditors.acceptedAt,
      existingInvitedAt: fanclubEditors.invitedAt,
    })
    .from(users)
    .leftJoin(fanclubEditors, and(eq(fanclubEditors.userId, users.id), eq(fanclubEditors.fanclubId, input.fanclubId)))
    .where(eq(users.identifyToken, input.userToken))
    .get();
  const problem = invitationProblem({
    ownerId: input.ownerId,
    invitee: invitee ? { id: invitee.id, left: invitee.leftAt !== null } : null,
    existing: invitee?.existingInvitedAt ? { accepted: invitee.existingAcceptedAt !== null } : null,
  });
  if (problem || !invitee) return { ok: false, reason: problem ?? "unknownUser" };
  // the unique index settles two owners' tabs inviting at once: the second insert adds nothing
  const inserted = await db
    .insert(fanclubEditors)
    .values({
      fanclubId: input.fanclubId,
      userId: invitee.id,
      permissions: JSON.stringify(normalizePermissions(input.permissions)),
      invitedAt: new Date(input.now),
    })
    .onConflictDoNothing()
    .returning({ userId: fanclubEditors.userId });
  if (inserted.length === 0) return { ok: false, reason: "alreadyInvited" };
  await notificationInsert(db, {
    userId: invitee.id,
    kind: "editorInvitation",
    params: { fanclub: input.notice.fanclubName },
    url: input.notice.url,
    now: input.now,
  }).run();
  return { ok: true, userId: invitee.id, name: invitee.name };
}

export interface EditorRow {
  userId: number;
  name: string;
  iconImageUrl: string | null;
  identifyToken: string;
  permissions: EditorPermission[];
  invitedAt: Date;
  /** null while the invitation is pending */
  acceptedAt: Date | null;
}

/** Editors of a fan club, accepted ones first, then pending invitations; oldest first in each. */
export async function listEditors(db: Db, fanclubId: number): Promise<EditorRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      iconImageUrl: users.iconImageUrl,
      identifyToken: users.identifyToken,
      permissions: fanclubEditors.permissions,
      invitedAt: fanclubEditors.invitedAt,
      acceptedAt: fanclubEditors.acceptedAt,
    })
    .from(fanclubEditors)
    .innerJoin(users, eq(users.id, fanclubEditors.userId))
    .where(eq(fanclubEditors.fanclubId, fanclubId))
    .orderBy(sql`${fanclubEditors.acceptedAt} IS NULL`, asc(fanclubEditors.acceptedAt), asc(fanclubEditors.invitedAt))
    .all();
  return rows.map((r) => ({ ...r, permissions: permissionsFromJson(r.permissions) }));
}

/**
 * Replaces an editor's permissions (accepted or still pending: the offer can be changed before it
 * is answered). Takes effect on the editor's next request, which reads them with the session.
 */
export async function updatePermissions(
  db: Db,
  input: { fanclubId: number; userId: number; permissions: readonly EditorPermission[] },
): Promise<EditorChange> {
  const [person, updated] = await db.batch([
    personName(db, input.userId),
    db
      .update(fanclubEditors)
      .set({ permissions: JSON.stringify(normalizePermissions(input.permissions)) })
      .where(and(eq(fanclubEditors.fanclubId, input.fanclubId), eq(fanclubEditors.userId, input.userId)))
      .returning({ userId: fanclubEditors.userId }),
  ]);
  return updated.length > 0 ? { ok: true, name: person[0]?.name ?? "" } : { ok: false };
}

/** Ends an editor's rights, or withdraws a pending invitation. */
export async function removeEditor(db: Db, input: { fanclubId: number; userId: number }): Promise<EditorChange> {
  const [person, removed] = await db.batch([
    personName(db, input.userId),
    db
      .delete(fanclubEditors)
      .where(and(eq(fanclubEditors.fanclubId, input.fanclubId), eq(fanclubEditors.userId, input.userId)))
      .returning({ userId: fanclubEditors.userId }),
  ]);
  return removed.length > 0 ? { ok: true, name: person[0]?.name ?? "" } : { ok: false };
}

/** The changed editor's name comes back with the change, for the page's confirmation line. */
export type EditorChange = { ok: true; name: string } | { ok: false };

const personName = (db: Db, userId: number) => db.select({ name: users.name }).from(users).where(eq(users.id, userId));

export interface EditorInvitation {
  fanclubId: number;
  fanclubName: string;
  creatorName: string;
  permissions: EditorPermission[];
  invitedAt: Date;
}

/** Pending invitations for a person, from open fan clubs only, newest first. */
export async function listEditorInvitationsFor(db: Db, userId: number): Promise<EditorInvitation[]> {
  const rows = await db
    .select({
      fanclubId: fanclubs.id,
      fanclubName: fanclubs.name,
      creatorName: fanclubs.creatorName,
      permissions: fanclubEditors.permissions,
      invitedAt: fanclubEditors.invitedAt,
    })
    .from(fanclubEditors)
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubEditors.fanclubId))
    .where(and(eq(fanclubEditors.userId, userId), isNull(fanclubEditors.acceptedAt), eq(fanclubs.status, "open")))
    .orderBy(sql`${fanclubEditors.invitedAt} DESC`)
    .all();
  return rows.map((r) => ({ ...r, permissions: permissionsFromJson(r.permissions) }));
}

/**
 * The invited person's answer. Accepting stamps `accepted_at` (from then on the permissions count);
 * declining deletes the row, so the owner may invite again later. Only a pending invitation of an
 * open fan club can be answered: an accepted one, a withdrawn one or a second click finds nothing.
 */
export async function respondToEditorInvitation(
  db: Db,
  input: { userId: number; fanclubId: number; accept: boolean; now: number },
): Promise<{ ok: true; fanclubName: string } | { ok: false }> {
  const pending = and(
    eq(fanclubEditors.userId, input.userId),
    eq(fanclubEditors.fanclubId, input.fanclubId),
    isNull(fanclubEditors.acceptedAt),
    inArray(fanclubEditors.fanclubId, db.select({ id: fanclubs.id }).from(fanclubs).where(eq(fanclubs.status, "open"))),
  );
  const change = input.accept
    ? db
        .update(fanclubEditors)
        .set({ acceptedAt: new Date(input.now) })
        .where(pending)
        .returning({ userId: fanclubEditors.userId })
    : db.delete(fanclubEditors).where(pending).returning({ userId: fanclubEditors.userId });
  const [club, changed] = await db.batch([
    db.select({ name: fanclubs.name }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)),
    change,
  ]);
  return changed.length > 0 ? { ok: true, fanclubName: club[0]?.name ?? "" } : { ok: false };
}
