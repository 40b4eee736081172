import {
  ALBUM_LARGE_WIDTHS,
  ALBUM_THUMB_WIDTHS,
  coverSrcSet,
  hasVariants,
  srcSetOf,
  variantKey,
  VARIANT_WIDTHS,
} from "../domain/image-variants";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubGroupMembers, fanclubGroups, fanclubs, plans, posts, type PostRow } from "../../db/schema";
import { mediaUrl } from "../domain/images";
import { canViewPaidPost } from "../domain/paywall";
import { POST_TYPES, POST_TYPE_STR, readerFileName, type PostType } from "../domain/posts";
import { privateMediaUrl, type MediaSigner } from "../media/private-urls";
import {
  accessOfRows,
  accessStatements,
  loadPostAccess,
  viewerMembershipsQuery,
  viewerPaidMonthsQuery,
  type PostAccess,
  type PostViewer,
  type ViewerMembershipRow,
  type ViewerPaidMonthRow,
} from "./post-access";
import { postSocialFrom, postSocialQueries, type PostSocialState } from "./post-comments";
import { filesOfPost, filesOfPostQuery, listFiles, type PostFile } from "./posts";
import { postTipSummaryQuery } from "./tips";
import { linkedProduct, linkedProductFrom, linkedProductQuery, type LinkedProduct } from "./post-product";

/**
 * What readers get of a post. A viewer who may not see it gets the title, the cover and the plans
 * that unlock it, and nothing else: no text, file names, keys or URLs (the paywall is here, not in
 * the browser). Media links are minted per viewer only after the check.
 */

export interface PostFileView {
  id: number;
  kind: "picture" | "streaming" | "attachment";
  /** null when the creator hid file names (albums and players; attachments always show it) */
  filename: string | null;
  contentType: string;
  size: number;
  url: string;
  downloadUrl: string;
  /**
   * An album picture's smaller sizes (docs/decisions/044), each a link signed for this viewer
   * like `url` and served behind the same gate and marks: the grid's thumbnail and the opened
   * picture. Absent when the type has no variants (PNG, GIF): `url` serves both.
   */
  sizes?: { thumb: { src: string; srcSet: string }; large: { src: string; srcSet: string } };
}

export interface PostBody {
  comment: string;
  /**
   * Lexical JSON of a blog, rendered by the page with signed image URLs: each picture's original,
   * and its smaller sizes by variant key (docs/decisions/044), signed for this viewer like the
   * original and served behind the same gate and marks
   */
  blog: { json: string; imageUrls: Record<string, string>; variantUrls: Record<string, string> } | null;
  files: PostFileView[];
  lesson: {
    limitLesson: number | null;
    lessonPlatformType: string | null;
    reservationStartAt: number | null;
    lessonDuration: number | null;
  } | null;
}

export interface PostDetail {
  id: number;
  fanclubId: number;
  fanclubName: string;
  type: PostType;
  title: string;
  coverUrl: string | null;
  publishedAt: number;
  likeCount: number;
  commentCount: number;
  allowComment: boolean;
  commentScope: string;
  allowTipping: boolean;
  isGroupPost: boolean;
  locked: boolean;
  /** plans whose members see the post: that plan or a higher-priced one (spec §4), when locked */
  unlockPlans: { id: number; name: string; price: number }[];
  body: PostBody | null;
  /** spec §2 linked product: a published product of the fan club, shown locked or not (decision 041) */
  linkedProduct: LinkedProduct | null;
  editable: boolean;
  manages: boolean;
}

async function bodyOf(db: Db, post: PostRow, signer: MediaSigner): Promise<PostBody> {
  return bodyFrom(post, await filesOfPost(db, post.id), signer);
}

async function bodyFrom(post: PostRow, files: readonly PostFile[], signer: MediaSigner): Promise<PostBody> {
  const sign = (key: string, kind: "streaming" | "other" = "other") => privateMediaUrl(signer, key, kind);
  const views = await Promise.all(
    listFiles(files).map(async (f) => {
      const url = await sign(f.r2Key, f.kind === "streaming" ? "streaming" : "other");
      const sizes = f.kind === "picture" ? await albumSizes(f.r2Key, sign) : undefined;
      return {
        id: f.id,
        kind: f.kind as PostFileView["kind"],
        filename: readerFileName(post.showFilename, f),
        contentType: f.contentType,
        size: f.size,
        url,
        downloadUrl: `${url}&download=1`,
        ...(sizes ? { sizes } : {}),
      };
    }),
  );
  const blogImages = post.blogJson ? files.filter((f) => f.kind === "blog_image") : [];
  const imageUrls = Object.fromEntries(await Promise.all(blogImages.map(async (f) => [f.r2Key, await sign(f.r2Key)] as const)));
  const variantUrls = Object.fromEntries(
    await Promise.all(
      blogImages
        .filter((f) => hasVariants(f.r2Key))
        .flatMap((f) => VARIANT_WIDTHS.blog.map((w) => variantKey(f.r2Key, w)))
        .map(async (key) => [key, await sign(key)] as const),
    ),
  );
  return {
    comment: post.comment,
    blog: post.blogJson ? { json: post.blogJson, imageUrls, variantUrls } : null,
    files: views,
    lesson:
      post.type === 5
        ? {
            limitLesson: post.limitLesson,
            lessonPlatformType: post.lessonPlatformType,
            reservationStartAt: post.reservationStartAt?.getTime() ?? null,
            lessonDuration: post.lessonDuration,
          }
        : null,
  };
}

/**
 * The signed links of an album picture's variants: every width signed once, then laid out as the
 * grid's and the lightbox's srcset. A variant not made yet is answered with the original.
 */
async function albumSizes(key: string, sign: (key: string) => Promise<string>): Promise<PostFileView["sizes"]> {
  if (!hasVariants(key)) return undefined;
  const widths = [...new Set([...ALBUM_THUMB_WIDTHS, ...ALBUM_LARGE_WIDTHS])];
  const urls = new Map(await Promise.all(widths.map(async (w) => [variantKey(key, w), await sign(variantKey(key, w))] as const)));
  const urlOf = (k: string) => urls.get(k)!;
  return {
    thumb: { src: urlOf(variantKey(key, ALBUM_THUMB_WIDTHS[0])), srcSet: srcSetOf(key, ALBUM_THUMB_WIDTHS, null, urlOf)! },
    large: { src: urlOf(variantKey(key, ALBUM_LARGE_WIDTHS[1])), srcSet: srcSetOf(key, ALBUM_LARGE_WIDTHS, null, urlOf)! },
  };
}

/** Open plans of the fan club at or above the post's price: the ones that would open it. */
function unlockPlansQuery(db: Db, fanclubId: number | SQL, price: number | SQL) {
  return db
    .select({ id: plans.id, name: plans.name, price: plans.price })
    .from(plans)
    .where(and(eq(plans.fanclubId, fanclubId), gte(plans.price, price), isNull(plans.closedAt)))
    .orderBy(asc(plans.price), asc(plans.id));
}

async function unlockPlans(db: Db, fanclubId: number, price: number | null) {
  return price === null ? [] : unlockPlansQuery(db, fanclubId, price).all();
}

function detailFrom(
  access: PostAccess,
  body: PostBody | null,
  plansThatUnlock: PostDetail["unlockPlans"],
  product: LinkedProduct | null,
): PostDetail {
  const p = access.post;
  return {
    id: p.id,
    fanclubId: access.fanclub.id,
    fanclubName: access.fanclub.name,
    type: POST_TYPE_STR[p.type] ?? "picture",
    title: p.title,
    coverUrl: mediaUrl(p.coverKey),
    publishedAt: p.publishedAt.getTime(),
    likeCount: p.likeCount,
    commentCount: p.commentCount,
    allowComment: p.allowComment,
    commentScope: p.commentScope,
    allowTipping: p.allowTipping,
    isGroupPost: p.groupId !== null,
    locked: !access.canView,
    unlockPlans: access.canView ? [] : plansThatUnlock,
    body,
    linkedProduct: product,
    editable: access.editable,
    manages: access.manages,
  };
}

/** A post as its reader may see it, from the gate's answer already read for this request. */
async function postDetailFor(db: Db, access: PostAccess, signer: MediaSigner): Promise<PostDetail> {
  const product = await linkedProduct(db, access.post.id);
  if (access.canView) return detailFrom(access, await bodyOf(db, access.post, signer), [], product);
  return detailFrom(access, null, await unlockPlans(db, access.fanclub.id, access.planPrice), product);
}

/** A post as its reader may see it, or null (404). */
export async function loadPostDetail(db: Db, postId: number, viewer: PostViewer, signer: MediaSigner): Promise<PostDetail | null> {
  const access = await loadPostAccess(db, postId, viewer, signer.now);
  return access ? postDetailFor(db, access, signer) : null;
}

/**
 * A post seen from a group (`fanclub_groups/{id}/posts/{postId}`): one of the group's own
 * announcements, or a post of a fan club that is a member of the group (the posts tab's cards).
 * Null (404) when the group is closed or unknown, or the post belongs to neither; otherwise the
 * same detail, through the same gate, as the fan club's own post call.
 */
export async function loadGroupPostDetail(
  db: Db,
  groupId: number,
  postId: number,
  viewer: PostViewer,
  signer: MediaSigner,
): Promise<PostDetail | null> {
  const access = await loadPostAccess(db, postId, viewer, signer.now);
  if (!access) return null;
  const p = access.post;
  const [group, member] = await db.batch([
    db
      .select({ id: fanclubGroups.id })
      .from(fanclubGroups)
      .where(and(eq(fanclubGroups.id, groupId), isNull(fanclubGroups.closedAt))),
    db
      .select({ id: fanclubGroupMembers.fanclubId })
      .from(fanclubGroupMembers)
      .where(
        and(
          eq(fanclubGroupMembers.groupId, groupId),
          eq(fanclubGroupMembers.fanclubId, p.fanclubId),
          eq(fanclubGroupMembers.status, "member"),
        ),
      ),
  ]);
  if (!group.length) return null;
  const belongs = p.groupId !== null ? p.groupId === groupId : member.length > 0;
  return belongs ? postDetailFor(db, access, signer) : null;
}

/** Live posts: published, started, not ended, not deleted. */
function liveCondition(now: number): SQL {
  return and(
    eq(posts.isPublish, true),
    lte(posts.publishedAt, new Date(now)),
    or(isNull(posts.unpublishedAt), gt(posts.unpublishedAt, new Date(now))),
    isNull(posts.deletedAt),
  )!;
}

export interface PostCard {
  id: number;
  fanclubId: number;
  fanclubName: string;
  type: PostType;
  title: string;
  coverUrl: string | null;
  /** the cover's smaller variants for a card (docs/decisions/044); undefined for a static file */
  coverSrcSet?: string;
  publishedAt: number;
  likeCount: number;
  commentCount: number;
  planName: string | null;
  /** the viewer cannot open the body (a lock icon on the card) */
  locked: boolean;
}

const cardColumns = {
  id: posts.id,
  fanclubId: posts.fanclubId,
  fanclubName: fanclubs.name,
  type: posts.type,
  title: posts.title,
  coverKey: posts.coverKey,
  publishedAt: posts.publishedAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  planId: posts.planId,
  // aliased: a batch maps rows by column name, and the fan club's is "name" too
  planName: sql<string | null>`${plans.name}`.as("plan_name"),
  planPrice: plans.price,
};

function cardsQuery(db: Db, where: SQL, limit: number, order: "newest" | "oldest" = "newest") {
  return db
    .select(cardColumns)
    .from(posts)
    .innerJoin(fanclubs, and(eq(fanclubs.id, posts.fanclubId), eq(fanclubs.status, "open")))
    .leftJoin(plans, eq(plans.id, posts.planId))
    .where(where)
    .orderBy(order === "newest" ? desc(posts.publishedAt) : asc(posts.publishedAt), order === "newest" ? desc(posts.id) : asc(posts.id))
    .limit(limit);
}

/** The viewer's memberships and paid months across fan clubs, for the locks on cards (the gate's own rule). */
function viewerPaywall(db: Db, userId: number | null, now: number) {
  return [viewerMembershipsQuery(db, userId, now, null), viewerPaidMonthsQuery(db, userId, null)] as const;
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardsQuery>["all"]>>[number];
type Paywall = { memberships: readonly ViewerMembershipRow[]; paidMonths: readonly ViewerPaidMonthRow[]; now: number };

function cardsFrom(rows: CardRow[], paywall: Paywall, viewer: PostViewer): PostCard[] {
  return rows.map((r) => ({
    id: r.id,
    fanclubId: r.fanclubId,
    fanclubName: r.fanclubName,
    type: POST_TYPE_STR[r.type] ?? "picture",
    title: r.title,
    coverUrl: mediaUrl(r.coverKey),
    coverSrcSet: coverSrcSet(r.coverKey),
    publishedAt: r.publishedAt.getTime(),
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    planName: r.planName,
    locked: !canViewPaidPost({
      post: { fanclubId: r.fanclubId, planId: r.planId, planPrice: r.planPrice, publishedAt: r.publishedAt.getTime() },
      viewer: {
        isOwner: viewer.ownFanclubId === r.fanclubId,
        isEditor: viewer.editing.has(r.fanclubId),
        memberships: paywall.memberships,
        paidMonths: paywall.paidMonths,
      },
      now: paywall.now,
    }),
  }));
}

const POST_PAGE_SIZE = 12;

/** A fan club's posts, newest first, page by page (the posts tab). Group announcements excluded. */
export async function listFanclubPosts(db: Db, fanclubId: number, viewer: PostViewer, page: number, now: number) {
  const where = and(eq(posts.fanclubId, fanclubId), isNull(posts.groupId), liveCondition(now))!;
  const [rows, count, memberships, paidMonths] = await db.batch([
    cardsQuery(db, where, POST_PAGE_SIZE).offset((page - 1) * POST_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(where),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  return { posts: cardsFrom(rows, { memberships, paidMonths, now }, viewer), total: Number(count[0]?.n ?? 0), pageSize: POST_PAGE_SIZE };
}

/**
 * `GET /api/v1/posts`: the newest live posts of every open fan club of a brand (all brands when
 * the host has none), optionally of one kind, page by page, each card locked by the same rule as
 * every other card. Group announcements stay on their groups.
 */
export async function listPosts(
  db: Db,
  filter: { serviceId: number | null; type: PostType | null },
  viewer: PostViewer,
  page: number,
  now: number,
) {
  const where = and(
    isNull(posts.groupId),
    liveCondition(now),
    filter.type ? eq(posts.type, POST_TYPES[filter.type]) : undefined,
    filter.serviceId !== null ? eq(fanclubs.serviceId, filter.serviceId) : undefined,
  )!;
  const [rows, count, memberships, paidMonths] = await db.batch([
    cardsQuery(db, where, POST_PAGE_SIZE).offset((page - 1) * POST_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .innerJoin(fanclubs, and(eq(fanclubs.id, posts.fanclubId), eq(fanclubs.status, "open")))
      .where(where),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  return {
    posts: cardsFrom(rows, { memberships, paidMonths, now }, viewer),
    total: Number(count[0]?.n ?? 0),
    page,
    pageSize: POST_PAGE_SIZE,
  };
}

/** Group announcements (`/groups/{id}/notifies`), public by rule. */
export async function listGroupPosts(db: Db, groupId: number, viewer: PostViewer, now: number) {
  const [rows, memberships, paidMonths] = await db.batch([
    cardsQuery(db, and(eq(posts.groupId, groupId), liveCondition(now))!, 50),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  return cardsFrom(rows, { memberships, paidMonths, now }, viewer);
}

/**
 * The group's posts tab (`/groups/{id}/posts`): the live posts of the group's member fan clubs
 * (open fan clubs with membership "member"), newest first, locked by the same rule as every card.
 * Group announcements stay on the notifies tab.
 */
export async function listGroupMemberPosts(db: Db, groupId: number, viewer: PostViewer, now: number) {
  const members = db
    .select({ id: fanclubGroupMembers.fanclubId })
    .from(fanclubGroupMembers)
    .where(and(eq(fanclubGroupMembers.groupId, groupId), eq(fanclubGroupMembers.status, "member")));
  const [rows, memberships, paidMonths] = await db.batch([
    cardsQuery(db, and(inArray(posts.fanclubId, members), isNull(posts.groupId), liveCondition(now))!, 50),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  return cardsFrom(rows, { memberships, paidMonths, now }, viewer);
}

/**
 * The timeline (`/posts`): posts of fan clubs the person follows or belongs to, newest first,
 * with a cursor (`before` = publishedAt ms of the last card, `beforeId` its id).
 */
export async function timeline(db: Db, viewer: PostViewer, cursor: { before: number; beforeId: number } | null, now: number) {
  if (viewer.userId === null) return { posts: [], next: null };
  const mine = sql`(SELECT "fanclub_id" FROM "follows" WHERE "user_id" = ${viewer.userId} UNION SELECT "fanclub_id" FROM "memberships" WHERE "user_id" = ${viewer.userId} AND "status" != 'left')`;
  const where = and(
    sql`${posts.fanclubId} IN ${mine}`,
    isNull(posts.groupId),
    liveCondition(now),
    cursor
      ? or(
          lt(posts.publishedAt, new Date(cursor.before)),
          and(eq(posts.publishedAt, new Date(cursor.before)), lt(posts.id, cursor.beforeId)),
        )
      : undefined,
  )!;
  const [rows, memberships, paidMonths] = await db.batch([
    cardsQuery(db, where, POST_PAGE_SIZE + 1),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  const cards = cardsFrom(rows.slice(0, POST_PAGE_SIZE), { memberships, paidMonths, now }, viewer);
  const last = cards.at(-1);
  return { posts: cards, next: rows.length > POST_PAGE_SIZE && last ? { before: last.publishedAt, beforeId: last.id } : null };
}

/** Cards of the given ids that are live (browsing history, spec §4: kept locally, 4 at most). */
export async function postCardsByIds(db: Db, ids: readonly number[], viewer: PostViewer, now: number) {
  if (!ids.length) return [];
  const [rows, memberships, paidMonths] = await db.batch([
    cardsQuery(db, and(inArray(posts.id, [...ids]), liveCondition(now))!, ids.length),
    ...viewerPaywall(db, viewer.userId, now),
  ]);
  const cards = cardsFrom(rows, { memberships, paidMonths, now }, viewer);
  return ids.map((id) => cards.find((c) => c.id === id)).filter((c): c is PostCard => Boolean(c));
}

/**
 * `GET /api/v1/posts/covers`: the public face of live posts (title and cover, shown to anyone as
 * on a card), in the order asked; ids that are not live are left out. No body, no lock decision
 * needed, but the cards come through the same query so a hidden post never shows.
 */
export async function postCovers(db: Db, ids: readonly number[], viewer: PostViewer, now: number) {
  const cards = await postCardsByIds(db, ids, viewer, now);
  return cards.map((c) => ({ postId: c.id, fanclubId: c.fanclubId, fanclubName: c.fanclubName, title: c.title, coverUrl: c.coverUrl }));
}

/** Previous (older) and next (newer) live posts of the same fan club. */
type AroundOf = { id: number; fanclubId: number; publishedAt: number; groupId: number | null };

/**
 * The live post just before and just after one in its list. The fan club and the publish time may
 * be subqueries, so the post page reads them in the batch that finds the post.
 */
function aroundCardQueries(
  db: Db,
  post: { id: number; fanclubId: number | SQL; publishedAt: Date | SQL; groupId: number | null },
  now: number,
) {
  const base = and(
    eq(posts.fanclubId, post.fanclubId),
    post.groupId === null ? isNull(posts.groupId) : eq(posts.groupId, post.groupId),
    liveCondition(now),
  );
  const at = post.publishedAt;
  return [
    cardsQuery(db, and(base, or(lt(posts.publishedAt, at), and(eq(posts.publishedAt, at), lt(posts.id, post.id))))!, 1, "newest"),
    cardsQuery(db, and(base, or(gt(posts.publishedAt, at), and(eq(posts.publishedAt, at), gt(posts.id, post.id))))!, 1, "oldest"),
  ] as const;
}

/** The live post just before and just after this one in its list, and the viewer's memberships (for their locks). */
function aroundQueries(db: Db, post: AroundOf, viewer: PostViewer, now: number) {
  return [
    ...aroundCardQueries(db, { ...post, publishedAt: new Date(post.publishedAt) }, now),
    ...viewerPaywall(db, viewer.userId, now),
  ] as const;
}

type Around = { prev: PostCard | null; next: PostCard | null };

function aroundFrom(
  [older, newer, memberships, paidMonths]: [CardRow[], CardRow[], ViewerMembershipRow[], ViewerPaidMonthRow[]],
  viewer: PostViewer,
  now: number,
): Around {
  const paywall = { memberships, paidMonths, now };
  const [prev] = cardsFrom(older, paywall, viewer);
  const [next] = cardsFrom(newer, paywall, viewer);
  return { prev: prev ?? null, next: next ?? null };
}

export async function aroundPosts(db: Db, post: AroundOf, viewer: PostViewer, now: number): Promise<Around> {
  const [older, newer, memberships, paidMonths] = await db.batch(aroundQueries(db, post, viewer, now));
  return aroundFrom([older, newer, memberships, paidMonths], viewer, now);
}

/**
 * Everything the post page shows, in one round trip: the gate's rows (the post, the viewer's
 * memberships and paid months in its fan club, a campaign reward), and beside them the body's
 * files, previous and next, likes, the tips' count and the plans that would unlock it. The reads
 * after the gate find the post's fan club, time and plan by subquery, so they need not wait for
 * it. The gate still decides in the Worker what leaves it: a locked post's file rows are read and
 * dropped here, never signed or returned; an open post's unlock plans are dropped the same way.
 * Null when the gate says the post does not exist for this viewer (404).
 */
export async function loadPostPage(
  db: Db,
  postId: number,
  viewer: PostViewer,
  signer: MediaSigner,
): Promise<{ detail: PostDetail; around: Around; social: PostSocialState | null; tips: { count: number; total: number } | null } | null> {
  const ofPost = (column: string) => sql`(SELECT ${sql.identifier(column)} FROM "posts" WHERE "id" = ${postId})`;
  const fanclubOfPost = ofPost("fanclub_id");
  const [rows, memberRows, paidMonths, rewards, files, older, newer, relation, liked, tipSummary, unlock, productRows] = await db.batch([
    ...accessStatements(db, postId, viewer.userId, signer.now),
    filesOfPostQuery(db, postId),
    // around a group announcement is the group's list, not shown here; these rows are then unused
    ...aroundCardQueries(db, { id: postId, fanclubId: fanclubOfPost, publishedAt: ofPost("published_at"), groupId: null }, signer.now),
    ...postSocialQueries(db, { postId, fanclubId: fanclubOfPost }, viewer),
    postTipSummaryQuery(db, postId),
    unlockPlansQuery(db, fanclubOfPost, sql`(SELECT "price" FROM "plans" WHERE "id" = ${ofPost("plan_id")})`),
    linkedProductQuery(db, postId),
  ]);
  const access = accessOfRows([rows, memberRows, paidMonths, rewards], viewer, signer.now);
  if (!access) return null;
  const p = access.post;
  // previous and next are of the same fan club, so the gate's memberships decide their locks
  const around = p.groupId === null ? aroundFrom([older, newer, memberRows, paidMonths], viewer, signer.now) : { prev: null, next: null };
  const product = linkedProductFrom(productRows);
  if (!access.canView) return { detail: detailFrom(access, null, unlock, product), around, social: null, tips: null };
  return {
    detail: detailFrom(access, await bodyFrom(p, files, signer), [], product),
    around,
    social: postSocialFrom(access, viewer, [relation, liked]),
    tips: p.allowTipping ? { count: tipSummary[0]?.count ?? 0, total: tipSummary[0]?.total ?? 0 } : null,
  };
}
