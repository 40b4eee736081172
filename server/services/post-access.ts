import { and, eq, gte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanCampaignRewards, fanCampaigns, fanclubs, membershipPayments, memberships, plans, posts, type PostRow } from "../../db/schema";
import { billingMonthOf } from "../domain/billing-month";
import type { EditorPermission } from "../domain/fanclub-permissions";
import { canViewPaidPost, type PaywallMembership } from "../domain/paywall";
import type { PaidMonth } from "../domain/plan-change";
import { canEditPost, isPostLive, type EditScope } from "../domain/posts";
import type { ResolvedSession } from "./sessions";

/**
 * Who is looking, as far as posts care: their id and the fan clubs they own or edit, all known
 * from the session already read for the request (no query of its own).
 */
export interface PostViewer {
  userId: number | null;
  ownFanclubId: number | null;
  editing: ReadonlyMap<number, ReadonlySet<EditorPermission>>;
}

export function postViewerFrom(session: ResolvedSession | null): PostViewer {
  if (!session) return { userId: null, ownFanclubId: null, editing: new Map() };
  return {
    userId: session.user.id,
    ownFanclubId: session.creator.own?.id ?? null,
    editing: new Map(session.creator.editing.map((e) => [e.fanclubId, new Set(e.permissions)])),
  };
}

export interface PostAccess {
  post: PostRow;
  fanclub: { id: number; ownerId: number; serviceId: number; name: string };
  planPrice: number | null;
  /** the viewer owns or edits the post's fan club */
  manages: boolean;
  /** the viewer may see the body, files and media (the paywall, spec §4) */
  canView: boolean;
  /** spec §6 the post's editable flag for this viewer */
  editable: boolean;
}

/**
 * The viewer's memberships that may still open posts: current ones (active or unpaid; the rule
 * decides), and left ones whose paid month has not ended (decision 012: leaving keeps access to
 * the end of the paid month). `fanclub` narrows to one fan club (an SQL expression), or all.
 */
export function viewerMembershipsQuery(db: Db, userId: number | null, now: number, fanclub: SQL | null) {
  return db
    .select({
      fanclubId: memberships.fanclubId,
      planId: memberships.planId,
      planPrice: plans.price,
      status: memberships.status,
      paidThroughMonth: memberships.paidThrough,
    })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(
      and(
        eq(memberships.userId, userId ?? 0),
        or(ne(memberships.status, "left"), gte(memberships.paidThrough, billingMonthOf(now))),
        fanclub ? sql`${memberships.fanclubId} = ${fanclub}` : undefined,
      ),
    );
}

/** Months the viewer paid for (decision 012: posts published in them stay theirs), at the plan paid for. */
export function viewerPaidMonthsQuery(db: Db, userId: number | null, fanclub: SQL | null) {
  return db
    .selectDistinct({
      fanclubId: membershipPayments.fanclubId,
      month: membershipPayments.month,
      planId: membershipPayments.planId,
      planPrice: plans.price,
    })
    .from(membershipPayments)
    .innerJoin(plans, eq(plans.id, membershipPayments.planId))
    .where(and(eq(membershipPayments.userId, userId ?? 0), fanclub ? sql`${membershipPayments.fanclubId} = ${fanclub}` : undefined));
}

export type ViewerMembershipRow = PaywallMembership;
export type ViewerPaidMonthRow = PaidMonth;

/**
 * Statements for one post and the viewer's memberships and paid months in its fan club: one round
 * trip. `postId` may be an SQL expression (the `/media` gate names the post by its file's key, so
 * the file row and the post's gate go in one batch).
 */
export function accessStatements(db: Db, postId: number | SQL, userId: number | null, now: number) {
  const fanclubOfPost = sql`(SELECT "fanclub_id" FROM "posts" WHERE "id" = ${postId})`;
  return [
    db
      // aliased: D1 batch rows are keyed by column name, and a second "id" (the post's) would
      // shift every column after it
      .select({
        post: posts,
        fanclubId: sql<number>`${fanclubs.id}`.as("access_fanclub_id"),
        ownerId: fanclubs.ownerId,
        serviceId: fanclubs.serviceId,
        fanclubName: fanclubs.name,
        planPrice: plans.price,
      })
      .from(posts)
      .innerJoin(fanclubs, and(eq(fanclubs.id, posts.fanclubId), eq(fanclubs.status, "open")))
      .leftJoin(plans, eq(plans.id, posts.planId))
      .where(and(eq(posts.id, postId), sql`${posts.deletedAt} IS NULL`))
      .limit(1),
    viewerMembershipsQuery(db, userId, now, fanclubOfPost),
    viewerPaidMonthsQuery(db, userId, fanclubOfPost),
    // a campaign whose reward is this post, earned by the viewer, opens it to them (decision 037)
    db
      .select({ campaignId: fanCampaignRewards.campaignId })
      .from(fanCampaignRewards)
      .innerJoin(fanCampaigns, eq(fanCampaigns.id, fanCampaignRewards.campaignId))
      .where(and(eq(fanCampaignRewards.userId, userId ?? 0), eq(fanCampaigns.rewardPostId, postId), eq(fanCampaigns.rewardKind, "post")))
      .limit(1),
  ] as const;
}

/**
 * The one gate for everything a post shows: pages, `/api/v1` and `/media`. Null when the post does
 * not exist for this viewer (deleted, closed fan club, or a draft/scheduled/ended post they do not
 * manage), which callers answer with 404.
 */
export async function loadPostAccess(db: Db, postId: number, viewer: PostViewer, now: number): Promise<PostAccess | null> {
  return accessOfRows(await readAccess(db, postId, viewer.userId, now), viewer, now);
}

function readAccess(db: Db, postId: number, userId: number | null, now: number) {
  return db.batch(accessStatements(db, postId, userId, now));
}

type AccessRows = Awaited<ReturnType<typeof readAccess>>;

/** The gate's answer from the rows of `accessStatements`, read on their own or inside a page's batch. */
export function accessOfRows(
  [rows, memberRows, paidMonths, campaignRewards]: AccessRows,
  viewer: PostViewer,
  now: number,
): PostAccess | null {
  const row = rows[0];
  if (!row) return null;
  const access = accessFrom(row, { memberships: memberRows, paidMonths }, viewer, now);
  return access && campaignRewards.length > 0 ? { ...access, canView: true } : access;
}

function accessFrom(
  row: { post: PostRow; fanclubId: number; ownerId: number; serviceId: number; fanclubName: string; planPrice: number | null },
  paid: { memberships: readonly ViewerMembershipRow[]; paidMonths: readonly ViewerPaidMonthRow[] },
  viewer: PostViewer,
  now: number,
): PostAccess | null {
  const isOwner = viewer.userId !== null && viewer.userId === row.ownerId;
  const editorPermissions = viewer.editing.get(row.fanclubId) ?? null;
  const manages = isOwner || editorPermissions !== null;
  const post = row.post;
  const live = isPostLive(
    { isPublish: post.isPublish, publishedAt: post.publishedAt.getTime(), unpublishedAt: post.unpublishedAt?.getTime() ?? null },
    now,
  );
  if (!live && !manages) return null;
  const canView = canViewPaidPost({
    post: { fanclubId: row.fanclubId, planId: post.planId, planPrice: row.planPrice, publishedAt: post.publishedAt.getTime() },
    viewer: { isOwner, isEditor: editorPermissions !== null, memberships: paid.memberships, paidMonths: paid.paidMonths },
    now,
  });
  const editable =
    viewer.userId !== null &&
    canEditPost({
      post: { isPublish: post.isPublish, editScope: post.editScope as EditScope, editorUserId: post.editorUserId, ownerId: row.ownerId },
      user: { id: viewer.userId, editorPermissions },
    });
  return {
    post,
    fanclub: { id: row.fanclubId, ownerId: row.ownerId, serviceId: row.serviceId, name: row.fanclubName },
    planPrice: row.planPrice,
    manages,
    canView,
    editable,
  };
}
