import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubEditors, fanclubManagers, fanclubs, openRequests, sessions } from "../../db/schema";
import { parsePermissions, type EditorPermission, type FanclubRole } from "../domain/fanclub-permissions";

/**
 * What the signed-in person is as a creator (spec §3 auth user: fanclub, fanclubEditor,
 * isOpenFanclub, hasManagedFanclub). Read in the same D1 round trip as the session, so every page
 * knows it without a query of its own.
 */
export interface CreatorSummary {
  /** the person's own fan club (one per person), closed ones excluded */
  own: {
    id: number;
    name: string;
    serviceId: number;
    uniquePath: string | null;
    /** spec §2 nextActions: the profile was never saved / no plan exists yet */
    nextActions: { profile: boolean; plan: boolean };
    /** spec §3 useCampaign: the fan club runs campaigns (docs/decisions/037) */
    useCampaign: boolean;
  } | null;
  /** fan clubs the person edits (accepted invitations), oldest first */
  editing: { fanclubId: number; name: string; serviceId: number; ownerId: number; permissions: EditorPermission[] }[];
  /** spec §6: sees the bulk management link */
  hasManagedFanclub: boolean;
  /** brands where an operator approved this person's request to open a fan club */
  approvedOpenServiceIds: number[];
}

/** Statements keyed on the session id hash, so they run in the session's batch. */
export function creatorSummaryStatements(db: Db, idHash: string) {
  const sessionUser = sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash})`;
  return [
    db
      .select({
        id: fanclubs.id,
        name: fanclubs.name,
        serviceId: fanclubs.serviceId,
        uniquePath: fanclubs.uniquePath,
        profileEditedAt: fanclubs.profileEditedAt,
        // spelled out: in a one-table select drizzle drops table names inside sql``, and a bare
        // "id" in the subquery would mean plans.id
        planCount: sql<number>`(SELECT count(*) FROM "plans" p WHERE p."fanclub_id" = "fanclubs"."id")`,
        useCampaign: sql<number>`coalesce((SELECT cs."use_campaign" FROM "fanclub_campaign_settings" cs WHERE cs."fanclub_id" = "fanclubs"."id"), 0)`,
      })
      .from(fanclubs)
      .where(and(sql`${fanclubs.ownerId} = ${sessionUser}`, eq(fanclubs.status, "open")))
      .limit(1),
    db
      .select({
        fanclubId: fanclubs.id,
        name: fanclubs.name,
        serviceId: fanclubs.serviceId,
        ownerId: fanclubs.ownerId,
        permissions: fanclubEditors.permissions,
      })
      .from(fanclubEditors)
      .innerJoin(fanclubs, eq(fanclubs.id, fanclubEditors.fanclubId))
      .where(and(sql`${fanclubEditors.userId} = ${sessionUser}`, isNotNull(fanclubEditors.acceptedAt), eq(fanclubs.status, "open")))
      .orderBy(asc(fanclubEditors.acceptedAt))
      .limit(20),
    db
      .select({ n: sql<number>`count(*)` })
      .from(fanclubManagers)
      .where(sql`${fanclubManagers.userId} = ${sessionUser}`),
    db
      .select({ serviceId: openRequests.serviceId })
      .from(openRequests)
      .where(and(sql`${openRequests.userId} = ${sessionUser}`, eq(openRequests.status, "approved"))),
  ] as const;
}

type Rows<T> = T extends { all: () => Promise<infer R> } ? R : never;
type Statements = ReturnType<typeof creatorSummaryStatements>;

export function creatorSummaryFrom(results: {
  own: Rows<Statements[0]>;
  editing: Rows<Statements[1]>;
  managed: Rows<Statements[2]>;
  approved: Rows<Statements[3]>;
}): CreatorSummary {
  const own = results.own[0];
  return {
    own: own
      ? {
          id: own.id,
          name: own.name,
          serviceId: own.serviceId,
          uniquePath: own.uniquePath,
          nextActions: { profile: own.profileEditedAt === null, plan: Number(own.planCount) === 0 },
          useCampaign: Number(own.useCampaign) === 1,
        }
      : null,
    editing: results.editing.map((e) => ({ ...e, permissions: [...parsePermissions(safeJsonArray(e.permissions))] })),
    hasManagedFanclub: Number(results.managed[0]?.n ?? 0) > 0,
    approvedOpenServiceIds: results.approved.map((r) => r.serviceId),
  };
}

/** Stored editor permissions as strings (a broken value grants nothing). */
export function safeJsonArray(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The fan club a person manages on the creator pages (spec §6): their own one, or in editor mode
 * (an operating fan club but no own one) the first fan club they edit.
 */
export interface OperatingFanclub {
  fanclubId: number;
  name: string;
  serviceId: number;
  mode: "owner" | "editor";
  role: FanclubRole;
  permissions: EditorPermission[];
  /** the own fan club runs campaigns (editors never manage them) */
  useCampaign: boolean;
}

export function operatingFanclub(userId: number, summary: CreatorSummary): OperatingFanclub | null {
  if (summary.own) {
    return {
      fanclubId: summary.own.id,
      name: summary.own.name,
      serviceId: summary.own.serviceId,
      mode: "owner",
      role: { userId, ownerId: userId, editorPermissions: null },
      permissions: [],
      useCampaign: summary.own.useCampaign,
    };
  }
  const e = summary.editing[0];
  if (!e) return null;
  return {
    fanclubId: e.fanclubId,
    name: e.name,
    serviceId: e.serviceId,
    mode: "editor",
    role: { userId, ownerId: e.ownerId, editorPermissions: new Set(e.permissions) },
    permissions: e.permissions,
    useCampaign: false,
  };
}

/** The fan clubs a manager oversees (spec §6 bulk management), with their brand; a query for a page's one batch. */
export function managedFanclubsQuery(db: Db, userId: number) {
  return db
    .select({
      id: fanclubs.id,
      name: fanclubs.name,
      creatorName: fanclubs.creatorName,
      uniquePath: fanclubs.uniquePath,
      iconKey: fanclubs.iconKey,
      serviceId: fanclubs.serviceId,
    })
    .from(fanclubManagers)
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubManagers.fanclubId))
    .where(and(eq(fanclubManagers.userId, userId), eq(fanclubs.status, "open")))
    .orderBy(asc(fanclubs.id));
}
