import { Hono, type Context } from "hono";
import { bodyOf } from "./body";
import type { AppEnv } from "../hono-env";
import type { FanclubRole } from "../domain/fanclub-permissions";
import {
  canDeleteComment,
  canModerateComments,
  COMMENT_MAX_LENGTH,
  commentCsvRows,
  commentRefusal,
  commentsCsvFilename,
  likeRefusal,
  parseCommentBody,
  replyProblem,
  socialPermissions,
  toCsv,
  type CommentRefusal,
  type SocialPermissions,
} from "../domain/post-comments";
import { loadPostAccess, postViewerFrom, type PostAccess } from "../services/post-access";
import {
  commentsForExport,
  createComment,
  deleteComment,
  listComments,
  loadCommentContext,
  type CommentRow,
} from "../services/post-comments";
import { setCommentLike, setPostLike } from "../services/post-likes";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

/**
 * Likes and comments of a post (spec §7: `/posts/{id}/like`, `cancel_like`, and
 * `/posts/{id}/post_comments` with create, create_child, like, csv, destroy). Mounted on
 * `/posts` beside the post routes, owning only these paths.
 */
export const postsSocialApi = new Hono<AppEnv>();

type AppCtx = AppEnv["Variables"]["app"];

function positiveId(app: AppCtx, value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  return id;
}

interface Gate {
  app: AppCtx;
  postId: number;
  access: PostAccess;
  role: FanclubRole;
  now: number;
}

/**
 * Every call starts here: the post gate decides whether the post exists for this viewer (404) and
 * whether they may see it (403; a locked post shows none of its comments either).
 */
async function gate(c: Context<AppEnv>): Promise<Gate> {
  const app = c.get("app");
  const postId = positiveId(app, c.req.param("id"));
  const viewer = postViewerFrom(app.session);
  const now = Date.now();
  const access = await loadPostAccess(app.db, postId, viewer, now);
  if (!access) throw new ApiError(404, app.t("api.notFound"));
  if (!access.canView) throw new ApiError(403, app.t("comments:errors.locked"));
  const role: FanclubRole = {
    userId: viewer.userId,
    ownerId: access.fanclub.ownerId,
    editorPermissions: viewer.editing.get(access.fanclub.id) ?? null,
  };
  return { app, postId, access, role, now };
}

const requireSignedIn = (g: Gate): number => requireApiUser(g.app).id;

const REFUSAL_STATUS: Record<CommentRefusal, 401 | 403> = {
  signIn: 401,
  closed: 403,
  blocked: 403,
  editorNotCommentable: 403,
  followersOnly: 403,
  membersOnly: 403,
};

const REFUSAL_MESSAGE: Record<CommentRefusal, string> = {
  signIn: "api.signInRequired",
  closed: "comments:errors.closed",
  blocked: "comments:errors.blocked",
  editorNotCommentable: "comments:errors.editorNotCommentable",
  followersOnly: "comments:errors.followersOnly",
  membersOnly: "comments:errors.membersOnly",
};

function refuse(app: AppCtx, refusal: CommentRefusal): never {
  throw new ApiError(REFUSAL_STATUS[refusal], app.t(REFUSAL_MESSAGE[refusal]));
}

async function commentBody(c: Context<AppEnv>, app: AppCtx): Promise<string> {
  const fields = await bodyOf(c);
  const parsed = parseCommentBody(fields.body ?? fields["post_comment[body]"]);
  if (parsed.ok) return parsed.body;
  const message =
    parsed.problem === "required"
      ? app.t("validation.required", { field: app.t("comments:form.label") })
      : app.t("validation.maxLength", { max: COMMENT_MAX_LENGTH });
  throw new ApiError(400, message, [{ message, target: "body" }]);
}

/** A comment as a viewer gets it: a deleted one keeps only its place (and its replies). */
export type CommentJson = ReturnType<typeof commentJson> & { replies: CommentJson[] };

function commentJson(row: CommentRow, g: Gate) {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    parentId: row.parentId,
    deleted,
    body: deleted ? "" : row.body,
    user: deleted ? null : { name: row.userName, iconImageUrl: row.userIconUrl },
    likeCount: deleted ? 0 : row.likeCount,
    likedByMe: !deleted && row.likedByMe,
    createdAt: new Date(row.createdAt).toISOString(),
    mine: g.role.userId !== null && row.userId === g.role.userId,
    deletable: !deleted && canDeleteComment(row, g.role),
  };
}

// ----- likes of the post -----

async function likePost(c: Context<AppEnv>, liked: boolean) {
  const g = await gate(c);
  const userId = requireSignedIn(g);
  const { relation } = await loadCommentContext(g.app.db, { fanclubId: g.access.fanclub.id, postId: g.postId, userId });
  const refusal = likeRefusal({ role: g.role, blocked: relation.blocked });
  if (refusal) refuse(g.app, refusal);
  return ok(c, await setPostLike(g.app.db, { postId: g.postId, userId, liked, now: g.now }));
}

postsSocialApi.post("/:id/like", (c) => likePost(c, true));
postsSocialApi.delete("/:id/like", (c) => likePost(c, false));
postsSocialApi.post("/:id/cancel_like", (c) => likePost(c, false));

// ----- comments -----

/** The list's payload, as app/components/posts reads it. */
export interface CommentsPayload {
  comments: CommentJson[];
  nextCursor: number | null;
  commentCount: number;
  permissions: SocialPermissions;
}

/** GET ?before={id}: a page of top-level comments (newest first) with their replies. */
postsSocialApi.get("/:id/post_comments", async (c) => {
  const g = await gate(c);
  const beforeParam = c.req.query("before");
  const before = beforeParam ? positiveId(g.app, beforeParam) : null;
  const page = await listComments(g.app.db, { postId: g.postId, fanclubId: g.access.fanclub.id, viewerId: g.role.userId, before });
  const payload: CommentsPayload = {
    comments: page.comments.map((row) => ({
      ...commentJson(row, g),
      replies: row.replies.map((r) => ({ ...commentJson(r, g), replies: [] })),
    })),
    nextCursor: page.nextCursor,
    commentCount: page.commentCount,
    permissions: socialPermissions(g.access.post, { role: g.role, ...page.relation }),
  };
  return ok(c, payload);
});

/** CSV of every comment of the post, for the owner and editors who moderate comments. */
postsSocialApi.get("/:id/post_comments/csv", async (c) => {
  const g = await gate(c);
  requireSignedIn(g);
  if (!canModerateComments(g.role)) throw new ApiError(403, g.app.t("api.forbidden"));
  const t = g.app.t;
  const rows = await commentsForExport(g.app.db, g.postId);
  const header = ["id", "parentId", "userName", "body", "likeCount", "createdAt", "deleted"].map((k) => t(`comments:csv.${k}`));
  const csv = toCsv([header, ...commentCsvRows(rows.map((r) => ({ ...r, userName: r.userName || t("comments:leftUser") })))]);
  const filename = commentsCsvFilename(g.postId, g.now);
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
  });
});

async function writeComment(c: Context<AppEnv>, parentParam: string | undefined) {
  const g = await gate(c);
  const userId = requireSignedIn(g);
  const parentId = parentParam === undefined ? null : positiveId(g.app, parentParam);
  const { relation, comment: parent } = await loadCommentContext(g.app.db, {
    fanclubId: g.access.fanclub.id,
    postId: g.postId,
    userId,
    commentId: parentId ?? undefined,
  });
  const refusal = commentRefusal(g.access.post, { role: g.role, ...relation });
  if (refusal) refuse(g.app, refusal);
  if (parentId !== null) {
    const problem = replyProblem(parent, g.postId);
    if (problem === "parentNotFound") throw new ApiError(404, g.app.t("comments:errors.parentNotFound"));
    if (problem === "nested") throw new ApiError(400, g.app.t("comments:errors.nested"));
  }
  const body = await commentBody(c, g.app);
  const created = await createComment(g.app.db, { postId: g.postId, userId, parentId, body, now: g.now });
  const user = g.app.user;
  const row: CommentRow = {
    id: created.id,
    parentId,
    userId,
    body,
    likeCount: 0,
    createdAt: created.createdAt,
    deletedAt: null,
    userName: user?.name ?? "",
    userIconUrl: user?.iconImageUrl ?? null,
    likedByMe: false,
  };
  const comment: CommentJson = { ...commentJson(row, g), replies: [] };
  return ok(c, { comment, commentCount: created.commentCount }, 201);
}

postsSocialApi.post("/:id/post_comments", (c) => writeComment(c, undefined));
postsSocialApi.post("/:id/post_comments/:commentId/create_child", (c) => writeComment(c, c.req.param("commentId")));

async function likeComment(c: Context<AppEnv>, liked: boolean) {
  const g = await gate(c);
  const userId = requireSignedIn(g);
  const commentId = positiveId(g.app, c.req.param("commentId"));
  const { relation } = await loadCommentContext(g.app.db, { fanclubId: g.access.fanclub.id, postId: g.postId, userId });
  const refusal = likeRefusal({ role: g.role, blocked: relation.blocked });
  if (refusal) refuse(g.app, refusal);
  const result = await setCommentLike(g.app.db, { postId: g.postId, commentId, userId, liked, now: g.now });
  if (!result) throw new ApiError(404, g.app.t("api.notFound"));
  return ok(c, result);
}

postsSocialApi.post("/:id/post_comments/:commentId/like", (c) => likeComment(c, true));
postsSocialApi.delete("/:id/post_comments/:commentId/like", (c) => likeComment(c, false));
postsSocialApi.post("/:id/post_comments/:commentId/cancel_like", (c) => likeComment(c, false));

/** Destroy: the author, the owner or an editor with deletable_comments blanks the comment. */
postsSocialApi.delete("/:id/post_comments/:commentId", async (c) => {
  const g = await gate(c);
  const userId = requireSignedIn(g);
  const commentId = positiveId(g.app, c.req.param("commentId"));
  const { comment } = await loadCommentContext(g.app.db, { fanclubId: g.access.fanclub.id, postId: g.postId, userId, commentId });
  if (!comment) throw new ApiError(404, g.app.t("api.notFound"));
  if (!canDeleteComment(comment, g.role)) throw new ApiError(403, g.app.t("api.forbidden"));
  const result = await deleteComment(g.app.db, { postId: g.postId, commentId, now: g.now });
  return ok(c, { deleted: true, commentCount: result.commentCount });
});
