import { and, asc, eq, gt, isNotNull, isNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignBannerOf, campaignBannerQuery } from "./community/fan-campaigns";
import { goalRowsOf, goalRowsQueries, openGoalBounds, openGoalQuery, progressOf } from "./community/share-goals";
import { fanclubSearch } from "../../db/search-tables";
import {
  fanclubBlocks,
  fanclubEditors,
  fanclubTags,
  fanclubs,
  follows,
  memberships,
  plans,
  posts,
  services,
  specialTicketTypes,
  dc3Contents,
} from "../../db/schema";
import type { FanclubCategory } from "../domain/fanclub-rules";
import type { ProfileInput } from "../domain/fanclub-profile";
import { searchIndexStatements } from "./fanclub-search";
import { groupsOfFanclubQuery } from "./groups";

export type OpenResult = { ok: true; id: number } | { ok: false; reason: "exists" | "closedExists" | "requestRequired" };

/**
 * Opens a person's fan club on a brand. One per person (a unique index, so two tabs cannot open
 * two); a brand that requires an open request needs an approved one. The search row is written
 * in the same batch.
 */
export async function openFanclub(
  db: Db,
  input: {
    userId: number;
    service: { id: number; requireOpenRequest: boolean };
    approvedServiceIds: readonly number[];
    name: string;
    creatorName: string;
    category: FanclubCategory;
    now: number;
  },
): Promise<OpenResult> {
  if (input.service.requireOpenRequest && !input.approvedServiceIds.includes(input.service.id))
    return { ok: false, reason: "requestRequired" };
  const at = new Date(input.now);
  const [inserted] = await db.batch([
    db
      .insert(fanclubs)
      .values({
        serviceId: input.service.id,
        ownerId: input.userId,
        name: input.name,
        creatorName: input.creatorName,
        category: input.category,
        activedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: fanclubs.id }),
    // the search row of the fan club inserted just above: an older fan club of this person
    // (created at another moment) keeps its own row
    db.insert(fanclubSearch).select(
      db
        .select({
          rowid: fanclubs.id,
          name: fanclubs.name,
          creatorName: fanclubs.creatorName,
          tags: sql<string>`''`.as("tags"),
          description: fanclubs.description,
        })
        .from(fanclubs)
        .where(
          and(
            eq(fanclubs.ownerId, input.userId),
            eq(fanclubs.createdAt, at),
            notExists(
              db
                .select({ one: sql`1` })
                .from(fanclubSearch)
                .where(sql`${fanclubSearch.rowid} = ${fanclubs.id}`),
            ),
          ),
        ),
    ),
  ]);
  const id = inserted[0]?.id;
  if (id) return { ok: true, id };
  const existing = await db.select({ status: fanclubs.status }).from(fanclubs).where(eq(fanclubs.ownerId, input.userId)).get();
  return { ok: false, reason: existing?.status === "closed" ? "closedExists" : "exists" };
}

/** The fan club as its owner edits it. */
export async function loadProfile(db: Db, fanclubId: number) {
  const [rows, tags] = await db.batch([
    db.select().from(fanclubs).where(eq(fanclubs.id, fanclubId)),
    db.select({ tag: fanclubTags.tag }).from(fanclubTags).where(eq(fanclubTags.fanclubId, fanclubId)).orderBy(asc(fanclubTags.tag)),
  ]);
  const f = rows[0];
  if (!f) return null;
  return { ...f, externalLinks: parseLinks(f.externalLinks), tags: tags.map((r) => r.tag) };
}

export type ProfileResult = { ok: true } | { ok: false; reason: "pathTaken" | "notFound" };

/** Saves the profile, its tags and its search row together. */
export async function updateProfile(
  db: Db,
  fanclubId: number,
  input: ProfileInput & { iconKey?: string | null; headerKey?: string | null },
  now: number,
): Promise<ProfileResult> {
  if (input.uniquePath) {
    const taken = await db
      .select({ id: fanclubs.id })
      .from(fanclubs)
      .where(and(eq(fanclubs.uniquePath, input.uniquePath), ne(fanclubs.id, fanclubId)))
      .get();
    if (taken) return { ok: false, reason: "pathTaken" };
  }
  const at = new Date(now);
  const tags = input.tags;
  try {
    const [updated] = await db.batch([
      db
        .update(fanclubs)
        .set({
          name: input.name,
          creatorName: input.creatorName,
          uniquePath: input.uniquePath,
          description: input.description,
          introduction: input.introduction,
          externalLinks: JSON.stringify(input.links),
          category: input.category,
          displayMemberCount: input.displayMemberCount,
          displaySchedule: input.displaySchedule,
          lawPrice: input.lawPrice,
          lawPaymentMethod: input.lawPaymentMethod,
          lawPaymentTime: input.lawPaymentTime,
          lawDeliveryTime: input.lawDeliveryTime,
          lawContract: input.lawContract,
          lawContact: input.lawContact,
          ...(input.iconKey !== undefined ? { iconKey: input.iconKey } : {}),
          ...(input.headerKey !== undefined ? { headerKey: input.headerKey } : {}),
          profileEditedAt: sql`COALESCE(${fanclubs.profileEditedAt}, ${now})`,
          activedAt: at,
          updatedAt: at,
        })
        .where(eq(fanclubs.id, fanclubId))
        .returning({ id: fanclubs.id }),
      db.delete(fanclubTags).where(eq(fanclubTags.fanclubId, fanclubId)),
      ...(tags.length ? [db.insert(fanclubTags).values(tags.map((tag) => ({ fanclubId, tag })))] : []),
      ...searchIndexStatements(
        db,
        { id: fanclubId, name: input.name, creatorName: input.creatorName, description: input.description },
        tags,
      ),
    ]);
    return updated.length ? { ok: true } : { ok: false, reason: "notFound" };
  } catch (error) {
    // a path claimed between the check and the write
    if (String(error).includes("UNIQUE") && String(error).includes("unique_path")) return { ok: false, reason: "pathTaken" };
    throw error;
  }
}

/** Replaces one image key (icon or header) and returns the old key so the caller can delete it. */
export async function setFanclubImage(
  db: Db,
  fanclubId: number,
  kind: "icon" | "header",
  key: string,
  now: number,
): Promise<string | null> {
  const column = kind === "icon" ? fanclubs.iconKey : fanclubs.headerKey;
  const [before] = await db.batch([
    db.select({ key: column }).from(fanclubs).where(eq(fanclubs.id, fanclubId)),
    db
      .update(fanclubs)
      .set(kind === "icon" ? { iconKey: key, updatedAt: new Date(now) } : { headerKey: key, updatedAt: new Date(now) })
      .where(eq(fanclubs.id, fanclubId)),
  ]);
  return before[0]?.key ?? null;
}

export async function setInvoiceNumber(db: Db, fanclubId: number, invoiceNumber: string | null, now: number): Promise<void> {
  await db
    .update(fanclubs)
    .set({ invoiceNumber, updatedAt: new Date(now) })
    .where(eq(fanclubs.id, fanclubId))
    .run();
}

export interface ExternalLink {
  label: string;
  url: string;
}

function parseLinks(text: string): ExternalLink[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (v): v is ExternalLink => Boolean(v) && typeof v.label === "string" && typeof v.url === "string" && /^https?:\/\//i.test(v.url),
    );
  } catch {
    return [];
  }
}

export type FanclubKey = { id: number } | { uniquePath: string };

/**
 * Everything the public fan club page shows, in ONE D1 round trip: the fan club and its brand,
 * tags, plans, groups, and the viewer's relation to it (membership, follow, block, editor).
 * The fan club is addressed by id or unique path through a subquery, so no statement waits for
 * another.
 */
export async function loadFanclubPage(db: Db, key: FanclubKey, viewerId: number | null, now = Date.now()) {
  const idExpr: SQL =
    "id" in key ? sql`${key.id}` : sql`(SELECT ${fanclubs.id} FROM ${fanclubs} WHERE ${fanclubs.uniquePath} = ${key.uniquePath})`;
  const viewer = viewerId ?? -1;
  const [
    clubRows,
    tagRows,
    planRows,
    groupRows,
    membershipRows,
    followRows,
    blockRows,
    editorRows,
    ticketRows,
    dc3Rows,
    goalRows,
    bannerRows,
    ...progressRows
  ] = await db.batch([
    db
      .select({
        id: fanclubs.id,
        ownerId: fanclubs.ownerId,
        name: fanclubs.name,
        creatorName: fanclubs.creatorName,
        uniquePath: fanclubs.uniquePath,
        iconKey: fanclubs.iconKey,
        headerKey: fanclubs.headerKey,
        description: fanclubs.description,
        introduction: fanclubs.introduction,
        externalLinks: fanclubs.externalLinks,
        category: fanclubs.category,
        displayMemberCount: fanclubs.displayMemberCount,
        displaySchedule: fanclubs.displaySchedule,
        lawPrice: fanclubs.lawPrice,
        lawPaymentMethod: fanclubs.lawPaymentMethod,
        lawPaymentTime: fanclubs.lawPaymentTime,
        lawDeliveryTime: fanclubs.lawDeliveryTime,
        lawContract: fanclubs.lawContract,
        lawContact: fanclubs.lawContact,
        memberCount: fanclubs.memberCount,
        followerCount: fanclubs.followerCount,
        // the posts a visitor can find now: a scheduled post counts from its start time, not
        // from the save that scheduled it (the stored post_count cannot know when that passes)
        postCount:
          sql<number>`(SELECT count(*) FROM ${posts} WHERE ${posts.fanclubId} = ${fanclubs.id} AND ${posts.isPublish} = 1 AND ${posts.deletedAt} IS NULL AND ${posts.publishedAt} <= ${now} AND (${posts.unpublishedAt} IS NULL OR ${posts.unpublishedAt} > ${now}))`.as(
            "live_post_count_",
          ),
        createdAt: fanclubs.createdAt,
        // aliased: D1 batch results are keyed by column name, so a second `id`/`name` would
        // overwrite the fan club's own
        service: {
          id: sql<number>`${services.id}`.as("service_id_"),
          domain: services.domain,
          frontUrl: services.frontUrl,
          name: sql<string>`${services.name}`.as("service_name_"),
        },
      })
      .from(fanclubs)
      .innerJoin(services, eq(services.id, fanclubs.serviceId))
      .where(and(sql`${fanclubs.id} = ${idExpr}`, eq(fanclubs.status, "open"))),
    db
      .select({ tag: fanclubTags.tag })
      .from(fanclubTags)
      .where(sql`${fanclubTags.fanclubId} = ${idExpr}`)
      .orderBy(asc(fanclubTags.tag)),
    db
      .select({
        id: plans.id,
        name: plans.name,
        price: plans.price,
        description: plans.description,
        iconKey: plans.iconKey,
        joinLimit: plans.joinLimit,
        memberCount: plans.memberCount,
        closedAt: plans.closedAt,
      })
      .from(plans)
      .where(
        and(
          sql`${plans.fanclubId} = ${idExpr}`,
          // a closed plan still shows to the people who support it
          or(
            isNull(plans.closedAt),
            sql`${plans.id} IN (SELECT ${memberships.planId} FROM ${memberships} WHERE ${memberships.userId} = ${viewer} AND ${memberships.status} != 'left')`,
          ),
        ),
      )
      .orderBy(asc(plans.price), asc(plans.sortOrder), asc(plans.id)),
    groupsOfFanclubQuery(db, idExpr),
    db
      .select({ planId: memberships.planId, memberNumber: memberships.memberNumber })
      .from(memberships)
      .where(and(sql`${memberships.fanclubId} = ${idExpr}`, eq(memberships.userId, viewer), ne(memberships.status, "left"))),
    db
      .select({ n: sql<number>`1` })
      .from(follows)
      .where(and(sql`${follows.fanclubId} = ${idExpr}`, eq(follows.userId, viewer))),
    db
      .select({ n: sql<number>`1` })
      .from(fanclubBlocks)
      .where(and(sql`${fanclubBlocks.fanclubId} = ${idExpr}`, eq(fanclubBlocks.userId, viewer))),
    db
      .select({ permissions: fanclubEditors.permissions })
      .from(fanclubEditors)
      .where(and(sql`${fanclubEditors.fanclubId} = ${idExpr}`, eq(fanclubEditors.userId, viewer), isNotNull(fanclubEditors.acceptedAt))),
    // special tickets on sale: the fan club's tickets tab shows only when there are some (docs/decisions/037)
    db
      .select({ n: sql<number>`count(*)`.as("tickets_on_sale_") })
      .from(specialTicketTypes)
      .where(and(sql`${specialTicketTypes.fanclubId} = ${idExpr}`, isNull(specialTicketTypes.archivedAt), gt(specialTicketTypes.price, 0))),
    // DC3 contents: the downloads tab shows only when the fan club has some (docs/decisions/045)
    db
      .select({ n: sql<number>`count(*)`.as("dc3_contents_") })
      .from(dc3Contents)
      .where(sql`${dc3Contents.fanclubId} = ${idExpr}`),
    // the open share goal, the running campaign's banner and the goal's progress (docs/decisions/037):
    // with no open goal the progress statements find nothing
    openGoalQuery(db, idExpr),
    campaignBannerQuery(db, idExpr, now),
    ...goalRowsQueries(db, openGoalBounds(idExpr)),
  ]);
  const club = clubRows[0];
  if (!club) return null;
  return {
    fanclub: { ...club, externalLinks: parseLinks(club.externalLinks), tags: tagRows.map((r) => r.tag) },
    plans: planRows,
    groups: groupRows,
    viewer: {
      joinedPlanId: membershipRows[0]?.planId ?? null,
      memberNumber: membershipRows[0]?.memberNumber ?? null,
      following: followRows.length > 0,
      blocked: blockRows.length > 0,
      isEditor: editorRows.length > 0,
    },
    ticketsOnSale: Number(ticketRows[0]?.n ?? 0),
    dc3Count: Number(dc3Rows[0]?.n ?? 0),
    openGoal: goalRows[0] ? progressOf(goalRows[0], goalRowsOf(progressRows, goalRows[0].startsAt.getTime()), now) : null,
    banner: campaignBannerOf(bannerRows[0]),
  };
}
