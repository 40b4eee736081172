import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubEditors, fanclubGroups, fanclubs, plans, postFiles, posts, users, type PostRow } from "../../db/schema";
import { can } from "../domain/fanclub-permissions";
import { permissionsFromJson } from "../domain/fans";
import {
  POST_TYPE_STR,
  POST_TYPES,
  UPLOAD_RULES,
  canEditPost,
  postStatus,
  scheduleProblem,
  type EditScope,
  type PostStatus,
  type PostType,
  type UploadKind,
} from "../domain/posts";
import type { PostFormInput } from "../domain/post-form";
import type { OperatingFanclub } from "./creator";
import { loadPostAccess, type PostViewer } from "./post-access";
import { enterContestStatement, resolveContestChoice } from "./contests/entries";
import { openContestsQuery } from "./contests/queries";
import { productChoiceOf } from "../domain/post-product";
import { isOwnProduct, linkableProductsQuery, productLinkStatements } from "./post-product";

/**
 * Creating, saving and deleting posts (spec §4 post lifecycle): the first save creates, later
 * saves update, a draft cannot be scheduled, an editor needs postable (or postable_drafts for a
 * draft), group announcements are public with no tipping or contest.
 */

export type SaveRefusal =
  | "forbidden"
  | "notFound"
  | "notEditable"
  | "draftScheduled"
  | "endBeforeStart"
  | "badPlan"
  | "badEditor"
  | "badContest"
  | "badFiles"
  | "tooManyFiles"
  | "notGroupOwner"
  | "ownerOnlyScope"
  | "badProduct";
export type SaveResult = { ok: true; postId: number } | { ok: false; reason: SaveRefusal };

/** Extra content some types carry, prepared (parsed, checked) by the caller. */
export interface PostContent {
  blog?: { json: string; charCount: number; imageKeys: readonly string[] };
  lesson?: { limitLesson: number; lessonPlatformType: string; reservationStartAt: number; lessonDuration: number };
}

/** The group a fan club owns and may post announcements to (spec §6 allowPost). */
async function postableGroupId(db: Db, fanclubId: number): Promise<number | null> {
  const row = await db
    .select({ id: fanclubGroups.id })
    .from(fanclubGroups)
    .where(and(eq(fanclubGroups.ownerFanclubId, fanclubId), eq(fanclubGroups.allowPost, true), isNull(fanclubGroups.closedAt)))
    .get();
  return row?.id ?? null;
}

/** spec §7 post new data: plans, comment scopes, editors, owner flag, publishable, contests. */
export async function postFormData(db: Db, op: OperatingFanclub, now: number = Date.now()) {
  const [planRows, editorRows, group, contestRows, productRows] = await db.batch([
    db
      .select({ id: plans.id, name: plans.name, price: plans.price })
      .from(plans)
      .where(and(eq(plans.fanclubId, op.fanclubId), isNull(plans.closedAt)))
      .orderBy(asc(plans.price), asc(plans.id)),
    db
      .select({ identifyToken: users.identifyToken, name: users.name, permissions: fanclubEditors.permissions })
      .from(fanclubEditors)
      .innerJoin(users, eq(users.id, fanclubEditors.userId))
      .where(and(eq(fanclubEditors.fanclubId, op.fanclubId), sql`${fanclubEditors.acceptedAt} IS NOT NULL`))
      .orderBy(asc(fanclubEditors.acceptedAt)),
    db
      .select({ id: fanclubGroups.id, name: fanclubGroups.name })
      .from(fanclubGroups)
      .where(and(eq(fanclubGroups.ownerFanclubId, op.fanclubId), eq(fanclubGroups.allowPost, true), isNull(fanclubGroups.closedAt)))
      .limit(1),
    openContestsQuery(db, now),
    linkableProductsQuery(db, op.fanclubId),
  ]);
  return {
    plans: planRows,
    // only editors who may post can be chosen as the one editor of a post
    editorUsers: editorRows
      .filter((e) => {
        const p = permissionsFromJson(e.permissions);
        return p.includes("postable") || p.includes("postable_drafts");
      })
      .map(({ identifyToken, name }) => ({ identifyToken, name })),
    publishable: can(op.role, "publishPost"),
    isFanclubOwner: op.mode === "owner",
    contests: contestRows,
    // spec §2 linked product: the fan club's own products the post may link
    products: productRows,
    groupOwner: group[0] ? { groupId: group[0].id, groupName: group[0].name } : null,
  };
}

/** fanclubs.post_count: the fan club's published, undeleted posts, recounted in the same batch. */
function publishedCount(fanclubId: number) {
  return sql<number>`(SELECT count(*) FROM "posts" WHERE "fanclub_id" = ${fanclubId} AND "is_publish" = 1 AND "deleted_at" IS NULL)`;
}

/** The person on the creator pages as the post gate sees them: owner or editor of the operating fan club. */
/** The operating fan club's owner or editor as a post viewer: what they may see and edit of its posts. */
export function operatorViewer(op: OperatingFanclub, userId: number): PostViewer {
  const isOwner = op.mode === "owner";
  return {
    userId,
    ownFanclubId: isOwner ? op.fanclubId : null,
    editing: isOwner ? new Map() : new Map([[op.fanclubId, op.role.editorPermissions ?? new Set()]]),
  };
}

export interface SavePostArgs {
  op: OperatingFanclub;
  userId: number;
  type: PostType;
  /** null for the first save */
  postId: number | null;
  input: PostFormInput;
  content: PostContent;
  now: number;
}

export async function savePost(db: Db, args: SavePostArgs): Promise<SaveResult> {
  const { op, userId, type, input, content, now } = args;
  const isOwner = op.mode === "owner";
  if (input.isPublish ? !can(op.role, "publishPost") : !(can(op.role, "createDraft") || can(op.role, "publishPost"))) {
    return { ok: false, reason: "forbidden" };
  }

  let existing: PostRow | null = null;
  if (args.postId !== null) {
    const access = await loadPostAccess(db, args.postId, operatorViewer(op, userId), now);
    if (!access || access.fanclub.id !== op.fanclubId || access.post.type !== POST_TYPES[type]) return { ok: false, reason: "notFound" };
    if (!access.editable) return { ok: false, reason: "notEditable" };
    existing = access.post;
  }

  const schedule = scheduleProblem({ isPublish: input.isPublish, publishedAt: input.publishedAt, unpublishedAt: input.unpublishedAt, now });
  if (schedule) return { ok: false, reason: schedule };

  // group announcements: public, no plan, tipping or contest (spec §6)
  let groupId: number | null = null;
  if (input.isGroupPost) {
    if (!isOwner) return { ok: false, reason: "notGroupOwner" };
    groupId = await postableGroupId(db, op.fanclubId);
    if (groupId === null) return { ok: false, reason: "notGroupOwner" };
  }
  const contest = await resolveContestChoice(db, {
    requested: input.contestId,
    currentId: existing?.contestId ?? null,
    isGroupPost: groupId !== null,
    now,
  });
  if (!contest.ok) return { ok: false, reason: "badContest" };

  // the linked product: one of this fan club's products, or none (decision 041)
  const productChoice = productChoiceOf(input.productId);
  if (productChoice === null) return { ok: false, reason: "badProduct" };
  if (productChoice.kind === "link" && !(await isOwnProduct(db, op.fanclubId, productChoice.productId))) {
    return { ok: false, reason: "badProduct" };
  }

  let planId: number | null = null;
  if (!groupId && input.publicLevel === "over_paid_member") {
    planId = Number(input.planId);
    const plan = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.fanclubId, op.fanclubId)))
      .get();
    if (!plan) return { ok: false, reason: "badPlan" };
  }

  // edit scope: owner-only is the owner's choice alone; editors default to all editors (spec §6)
  let editScope: EditScope = input.editScope ?? (isOwner ? "editable_owner_or_edit_user" : "editable_all_editors");
  if (!isOwner && existing) editScope = existing.editScope as EditScope;
  if (!isOwner && editScope === "editable_owner_only") return { ok: false, reason: "ownerOnlyScope" };
  let editorUserId: number | null = null;
  if (editScope === "editable_owner_or_edit_user" && input.editorUserIdentifyToken) {
    const editor = await db
      .select({ id: users.id })
      .from(fanclubEditors)
      .innerJoin(users, eq(users.id, fanclubEditors.userId))
      .where(
        and(
          eq(fanclubEditors.fanclubId, op.fanclubId),
          eq(users.identifyToken, input.editorUserIdentifyToken),
          sql`${fanclubEditors.acceptedAt} IS NOT NULL`,
        ),
      )
      .get();
    if (!editor) return { ok: false, reason: "badEditor" };
    editorUserId = editor.id;
  }
  if (!isOwner && existing) editorUserId = existing.editorUserId;

  // files: stored uploads of this fan club, of this type's list, not taken by another post
  const kind: UploadKind | "blog_image" | null = type === "blog" ? "blog_image" : type === "lesson" ? null : type;
  const fileIds = type === "blog" ? [] : [...new Set(input.fileIds)];
  if (kind && kind !== "blog_image" && fileIds.length > UPLOAD_RULES[kind].maxFiles) return { ok: false, reason: "tooManyFiles" };
  if ((kind === null || kind === "blog_image") && input.fileIds.length) return { ok: false, reason: "badFiles" };
  const blogKeys = content.blog ? [...new Set(content.blog.imageKeys)] : [];
  const fileFilter: SQL | undefined =
    kind === "blog_image"
      ? blogKeys.length
        ? inArray(postFiles.r2Key, blogKeys)
        : undefined
      : fileIds.length
        ? inArray(postFiles.id, fileIds)
        : undefined;
  if (fileFilter && kind) {
    const usable = await db
      .select({ id: postFiles.id, r2Key: postFiles.r2Key })
      .from(postFiles)
      .where(
        and(
          fileFilter,
          eq(postFiles.fanclubId, op.fanclubId),
          eq(postFiles.kind, kind),
          eq(postFiles.status, "stored"),
          existing ? or(isNull(postFiles.postId), eq(postFiles.postId, existing.id)) : isNull(postFiles.postId),
        ),
      )
      .all();
    const wanted = kind === "blog_image" ? blogKeys.length : fileIds.length;
    if (usable.length !== wanted) return { ok: false, reason: "badFiles" };
    if (kind === "blog_image") fileIds.push(...usable.map((f) => f.id));
  }

  const values = {
    title: input.title,
    comment: type === "blog" ? "" : input.comment,
    blogJson: content.blog?.json ?? null,
    blogCharCount: content.blog?.charCount ?? 0,
    coverKey: input.removeCoverImage ? null : (input.coverImage ?? existing?.coverKey ?? null),
    coverName: input.removeCoverImage ? null : (input.coverName ?? existing?.coverName ?? null),
    isPublish: input.isPublish,
    publishedAt: new Date(
      input.publishedAt ?? (existing?.isPublish && existing.publishedAt.getTime() <= now ? existing.publishedAt.getTime() : now),
    ),
    unpublishedAt: input.unpublishedAt === null ? null : new Date(input.unpublishedAt),
    planId,
    allowComment: input.allowComment,
    commentScope: input.commentScope,
    showFilename: input.showFilename,
    allowTipping: groupId ? false : input.allowTipping,
    editScope,
    editorUserId,
    contestId: contest.contestId,
    groupId,
    limitLesson: content.lesson?.limitLesson ?? null,
    lessonPlatformType: content.lesson?.lessonPlatformType ?? null,
    reservationStartAt: content.lesson ? new Date(content.lesson.reservationStartAt) : null,
    lessonDuration: content.lesson?.lessonDuration ?? null,
    updatedAt: new Date(now),
  };
  const coverOk =
    values.coverKey === null || values.coverKey === existing?.coverKey || values.coverKey.startsWith(`public/covers/${op.fanclubId}/`);
  if (!coverOk) return { ok: false, reason: "badFiles" };

  // The post and its files change in one batch: a saved post never points at half its files.
  const postIdSql = existing ? sql`${existing.id}` : sql`last_insert_rowid()`;
  const write = existing
    ? db.update(posts).set(values).where(eq(posts.id, existing.id)).returning({ id: posts.id })
    : db
        .insert(posts)
        .values({ ...values, fanclubId: op.fanclubId, authorId: userId, type: POST_TYPES[type], createdAt: new Date(now) })
        .returning({ id: posts.id });
  const detach = db
    .update(postFiles)
    .set({ postId: null })
    .where(
      and(
        sql`${postFiles.postId} = ${postIdSql}`,
        fileIds.length
          ? sql`${postFiles.id} NOT IN (${sql.join(
              fileIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  const attach = fileIds.map((id, i) =>
    db
      .update(postFiles)
      .set({ postId: sql`${postIdSql}`, sortOrder: i })
      .where(and(eq(postFiles.id, id), eq(postFiles.fanclubId, op.fanclubId))),
  );
  const counts = db
    .update(fanclubs)
    .set({ postCount: publishedCount(op.fanclubId), activedAt: new Date(now) })
    .where(eq(fanclubs.id, op.fanclubId));
  // last in the batch: the entry reads the new post's id from last_insert_rowid() as attach does
  const entry = contest.enter
    ? [enterContestStatement(db, { contestId: contest.contestId!, postId: postIdSql, fanclubId: op.fanclubId, now })]
    : [];
  // the link goes last: the contest entry before it still reads the new post's last_insert_rowid(),
  // and a new post is the newest row of posts inside this one transaction (ids only grow)
  const link =
    productChoice.kind === "keep"
      ? []
      : productLinkStatements(
          db,
          existing ? sql`${existing.id}` : sql`(SELECT max("id") FROM "posts")`,
          productChoice.kind === "link" ? productChoice.productId : null,
          now,
        );
  const [written] = await db.batch([write, detach, ...attach, counts, ...entry, ...link]);
  return { ok: true, postId: written[0]!.id };
}

/** Deletes (hides) a post the person may edit; its files stay until the clean-up job. */
export async function deletePost(db: Db, op: OperatingFanclub, userId: number, postId: number, now: number): Promise<boolean> {
  const access = await loadPostAccess(db, postId, operatorViewer(op, userId), now);
  if (!access || access.fanclub.id !== op.fanclubId || !access.editable) return false;
  await db.batch([
    db
      .update(posts)
      .set({ deletedAt: new Date(now) })
      .where(eq(posts.id, postId)),
    db
      .update(fanclubs)
      .set({ postCount: publishedCount(op.fanclubId) })
      .where(eq(fanclubs.id, op.fanclubId)),
  ]);
  return true;
}

export const MANAGED_FILTERS = ["all", "published", "future", "private", "unpublish", "draft"] as const;
export type ManagedFilter = (typeof MANAGED_FILTERS)[number];
export const MANAGED_PAGE_SIZE = 20;

function statusCondition(filter: ManagedFilter, now: number): SQL | undefined {
  const started = lte(posts.publishedAt, new Date(now));
  const notEnded = or(isNull(posts.unpublishedAt), sql`${posts.unpublishedAt} > ${now}`);
  switch (filter) {
    case "all":
      return undefined;
    case "draft":
      return eq(posts.isPublish, false);
    case "future":
      return and(eq(posts.isPublish, true), sql`${posts.publishedAt} > ${now}`);
    case "unpublish":
      return and(eq(posts.isPublish, true), started, sql`${posts.unpublishedAt} <= ${now}`);
    case "private":
      return and(eq(posts.isPublish, true), started, notEnded, sql`${posts.planId} IS NOT NULL`);
    case "published":
      return and(eq(posts.isPublish, true), started, notEnded, isNull(posts.planId));
  }
}

export interface ManagedPost {
  id: number;
  title: string;
  type: PostType;
  status: PostStatus;
  planName: string | null;
  publishedAt: number;
  updatedAt: number;
  likeCount: number;
  commentCount: number;
  isGroupPost: boolean;
  editable: boolean;
}

/** Post management (spec §2 /me/fanclub/posts): newest first, filtered by status and type. */
export async function listManagedPosts(
  db: Db,
  op: OperatingFanclub,
  userId: number,
  input: { filter: ManagedFilter; type: PostType | null; page: number; now: number },
): Promise<{ posts: ManagedPost[]; total: number }> {
  const where = and(
    eq(posts.fanclubId, op.fanclubId),
    isNull(posts.deletedAt),
    statusCondition(input.filter, input.now),
    input.type ? eq(posts.type, POST_TYPES[input.type]) : undefined,
  );
  const [rows, count] = await db.batch([
    db
      .select({ post: posts, planName: plans.name })
      .from(posts)
      .leftJoin(plans, eq(plans.id, posts.planId))
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(MANAGED_PAGE_SIZE)
      .offset((input.page - 1) * MANAGED_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(where),
  ]);
  return {
    total: Number(count[0]?.n ?? 0),
    posts: rows.map(({ post, planName }) => ({
      id: post.id,
      title: post.title,
      type: POST_TYPE_STR[post.type] ?? "picture",
      status: postStatus(
        {
          isPublish: post.isPublish,
          publishedAt: post.publishedAt.getTime(),
          unpublishedAt: post.unpublishedAt?.getTime() ?? null,
          planId: post.planId,
        },
        input.now,
      ),
      planName,
      publishedAt: post.publishedAt.getTime(),
      updatedAt: post.updatedAt.getTime(),
      likeCount: post.likeCount,
      commentCount: post.commentCount,
      isGroupPost: post.groupId !== null,
      editable: canEditPost({
        post: {
          isPublish: post.isPublish,
          editScope: post.editScope as EditScope,
          editorUserId: post.editorUserId,
          ownerId: op.role.ownerId,
        },
        user: { id: userId, editorPermissions: op.role.editorPermissions },
      }),
    })),
  };
}

/** spec §3 draft post summary: id, title, updatedAt, postTypeStr; the chooser's drafts list. */
export async function draftSummary(db: Db, fanclubId: number) {
  const rows = await db
    .select({ id: posts.id, title: posts.title, updatedAt: posts.updatedAt, type: posts.type })
    .from(posts)
    .where(and(eq(posts.fanclubId, fanclubId), eq(posts.isPublish, false), isNull(posts.deletedAt)))
    .orderBy(desc(posts.updatedAt))
    .limit(20)
    .all();
  return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.getTime(), postTypeStr: POST_TYPE_STR[r.type] ?? "picture" }));
}

/** The files of a post in list order (what the edit form and the reader's body show). */
/** A post's stored files in their order, as a query a batch can carry. */
export function filesOfPostQuery(db: Db, postId: number) {
  return db
    .select({
      id: postFiles.id,
      kind: postFiles.kind,
      filename: postFiles.filename,
      extension: postFiles.extension,
      contentType: postFiles.contentType,
      size: postFiles.size,
      r2Key: postFiles.r2Key,
    })
    .from(postFiles)
    .where(and(eq(postFiles.postId, postId), eq(postFiles.status, "stored")))
    .orderBy(asc(postFiles.sortOrder), asc(postFiles.id));
}

export async function filesOfPost(db: Db, postId: number) {
  return filesOfPostQuery(db, postId).all();
}

export type PostFile = Awaited<ReturnType<typeof filesOfPost>>[number];

/** Files that are not the post's own list (blog images) are skipped by the list views. */
export function listFiles(files: readonly PostFile[]) {
  return files.filter((f) => f.kind !== "blog_image");
}
