import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import type { AppContext } from "../context";
import { mediaSignerFor } from "../media/private-urls";
import { can } from "../domain/fanclub-permissions";
import { mediaUrl, sniffImageType } from "../domain/images";
import { lessonSchema, postFormSchema, postFormValues } from "../domain/post-form";
import { COMMENT_SCOPES, POST_LIMITS, POST_TYPES, UPLOAD_RULES, type PostType } from "../domain/posts";
import { randomToken } from "../security/crypto";
import { blogContentFrom } from "../services/post-blog";
import { copyPost } from "../services/post-copy";
import { editData } from "../services/post-edit-data";
import { loadPostAccess, postViewerFrom } from "../services/post-access";
import { deletePost, draftSummary, postFormData, savePost, type PostContent, type SaveRefusal } from "../services/posts";
import { coverIdsQuery, postListQuery, type ParamProblem } from "../domain/post-list";
import {
  aroundPosts,
  listFanclubPosts,
  listPosts,
  loadGroupPostDetail,
  loadPostDetail,
  postCardsByIds,
  postCovers,
  timeline,
} from "../services/post-view";
import { ApiError, ok, type ErrorItem } from "./envelope";
import { requireCreatorApi } from "./creator";
import { formOf } from "./body";

/**
 * Posts in the API (spec §7): the creator's form data, drafts, create/update/edit data and delete
 * under `/me/fanclub/posts`; readers' post detail, lists and timeline. Pages call the same
 * services, so the paywall is the same everywhere.
 */
export const creatorPostsApi = new Hono<AppEnv>();
export const postsApi = new Hono<AppEnv>();

/** Anyone who may at least write drafts (postable or postable_drafts, or the owner). */
function requirePosterApi(app: AppContext) {
  const op = requireCreatorApi(app, "viewPostManagement");
  if (!can(op.role, "createDraft") && !can(op.role, "publishPost")) throw new ApiError(403, app.t("posts:errors.forbidden"));
  return op;
}

function postId(app: AppContext, value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("posts:errors.notFound"));
  return id;
}

function postType(app: AppContext, value: string | undefined): PostType {
  if (!value || !(value in POST_TYPES)) throw new ApiError(404, app.t("api.notFound"));
  return value as PostType;
}

const REFUSAL_STATUS: Record<SaveRefusal, 400 | 403 | 404> = {
  forbidden: 403,
  notFound: 404,
  notEditable: 403,
  draftScheduled: 400,
  endBeforeStart: 400,
  badPlan: 400,
  badEditor: 400,
  badContest: 400,
  badFiles: 400,
  tooManyFiles: 400,
  notGroupOwner: 403,
  ownerOnlyScope: 403,
  badProduct: 400,
};

creatorPostsApi.get("/new_data", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const data = await postFormData(app.db, op);
  return ok(c, { ...data, commentScopes: [...COMMENT_SCOPES] });
});

/** spec §3 draft post summary. */
creatorPostsApi.get("/drafts", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  return ok(c, { posts: await draftSummary(app.db, op.fanclubId) });
});

/** PUT a cover already cropped to 1200×630 in the browser; public like the title. */
creatorPostsApi.put("/cover", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const max = POST_LIMITS.cover.maxBytes;
  const tooLarge = () => new ApiError(413, app.t("posts:errors.coverTooLarge", { size: "30MB" }));
  if (Number(c.req.header("content-length") ?? "0") > max) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > max) throw tooLarge();
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type) throw new ApiError(415, app.t("posts:errors.coverType"));
  const key = `public/covers/${op.fanclubId}/${randomToken(12)}.${type.ext}`;
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  // the list cards' smaller copies are made off the request; until then the original serves
  await c.env.JOBS.send({ type: "image-variants", key: `image-variants:${key}`, objectKey: key });
  return ok(c, { key, url: mediaUrl(key) });
});

async function save(c: Context<AppEnv>, id: number | null) {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const type = postType(app, c.req.param("type"));
  const form = await formOf(c);
  const parsed = postFormSchema(app.t).safeParse(postFormValues(form));
  const draft = form.get("post[is_publish]") !== "1" && form.get("post[is_publish]") !== "true";
  const fallback = app.t(draft ? "posts:errors.draftFailed" : "posts:errors.postFailed");
  if (!parsed.success) {
    const errors: ErrorItem[] = parsed.error.issues.map((i) => ({ message: i.message, target: String(i.path[0] ?? "base") }));
    throw new ApiError(400, errors[0]?.message ?? fallback, errors);
  }
  const input = parsed.data;
  const content: PostContent = {};
  // a blog saved before anything was typed has no body yet (a title-only draft)
  if (type === "blog" && input.blogContent?.trim()) {
    const blog = blogContentFrom(app.t, input.blogContent);
    if (!blog.ok) throw new ApiError(400, blog.message, [{ message: blog.message, target: "blogContent" }]);
    content.blog = blog.value;
  }
  if (type === "lesson") {
    const lesson = lessonSchema(app.t).safeParse(input);
    if (!lesson.success) {
      const errors = lesson.error.issues.map((i) => ({ message: i.message, target: String(i.path[0] ?? "base") }));
      throw new ApiError(400, errors[0]?.message ?? fallback, errors);
    }
    content.lesson = lesson.data;
  }
  const result = await savePost(app.db, { op, userId: app.user!.id, type, postId: id, input, content, now: Date.now() });
  if (!result.ok) {
    const kind = type === "picture" || type === "streaming" || type === "attachment" ? type : "picture";
    const message = app.t(`posts:errors.${result.reason}`, { max: UPLOAD_RULES[kind].maxFiles });
    throw new ApiError(REFUSAL_STATUS[result.reason], message, [{ message, target: result.reason }]);
  }
  return ok(c, { postId: result.postId });
}

creatorPostsApi.post("/:type", (c) => save(c, null));
creatorPostsApi.patch("/:type/:postId", (c) => save(c, postId(c.get("app"), c.req.param("postId"))));

/** spec §7 edit data: the post as the form holds it, plus its files as upload items. */
creatorPostsApi.get("/:postId/edit", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const id = postId(app, c.req.param("postId"));
  const now = Date.now();
  const access = await loadPostAccess(app.db, id, postViewerFrom(app.session), now);
  if (!access || access.fanclub.id !== op.fanclubId) throw new ApiError(404, app.t("posts:errors.editDataFailed"));
  if (!access.editable) throw new ApiError(403, app.t("posts:errors.notEditable"));
  return ok(c, await editData(app.db, { post: access.post, signer: mediaSignerFor(app, now) }));
});

/** spec §2 copyPostId: the post becomes a new draft with copies of its files; answers the draft's id. */
creatorPostsApi.post("/:postId/copy", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const id = postId(app, c.req.param("postId"));
  const result = await copyPost(
    app.db,
    { bucket: c.env.MEDIA, jobs: c.env.JOBS },
    { op, userId: app.user!.id, postId: id, now: Date.now() },
  );
  if (!result.ok) {
    const status = result.reason === "notFound" ? 404 : result.reason === "forbidden" ? 403 : 503;
    throw new ApiError(status, app.t(`posts:copy.${result.reason === "storageFailed" ? "failed" : result.reason}`));
  }
  // the type names the editor the draft opens in (spec §2 copyPostId: copy, then edit)
  return ok(c, { postId: result.postId, postTypeStr: result.postTypeStr });
});

creatorPostsApi.delete("/:postId", async (c) => {
  const app = c.get("app");
  const op = requirePosterApi(app);
  const id = postId(app, c.req.param("postId"));
  if (!(await deletePost(app.db, op, app.user!.id, id, Date.now()))) throw new ApiError(404, app.t("posts:errors.notFound"));
  return ok(c, { postId: id });
});

// ---- readers ---------------------------------------------------------------------------------

function pageParam(value: string | undefined): number {
  const n = Number(value ?? "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

postsApi.get("/fanclubs/:id/posts", async (c) => {
  const app = c.get("app");
  const fanclubId = postId(app, c.req.param("id"));
  return ok(c, await listFanclubPosts(app.db, fanclubId, postViewerFrom(app.session), pageParam(c.req.query("page")), Date.now()));
});

/** spec §7 /fanclubs/{id}/posts/{postId}: the post as this viewer may see it. */
postsApi.get("/fanclubs/:id/posts/:postId", async (c) => {
  const app = c.get("app");
  const fanclubId = postId(app, c.req.param("id"));
  const id = postId(app, c.req.param("postId"));
  const now = Date.now();
  const viewer = postViewerFrom(app.session);
  const detail = await loadPostDetail(app.db, id, viewer, mediaSignerFor(app, now));
  if (!detail || detail.fanclubId !== fanclubId) throw new ApiError(404, app.t("posts:errors.notFound"));
  return ok(c, { post: detail });
});

/** A wrong query parameter: a localized 400 naming it (never a silent default). */
function badParam(app: AppContext, problem: ParamProblem): ApiError {
  const message = app.t("api.invalid");
  return new ApiError(400, message, [{ message, target: problem.param }]);
}

/** spec §7 GET /posts: the newest live posts of this host's brand, `page` and optional `type`. */
postsApi.get("/posts", async (c) => {
  const app = c.get("app");
  const query = postListQuery(new URL(c.req.url).searchParams);
  if (!query.ok) throw badParam(app, query.problem);
  const { page, type } = query.value;
  const serviceId = app.service?.id ?? null;
  return ok(c, await listPosts(app.db, { serviceId, type }, postViewerFrom(app.session), page, Date.now()));
});

/** spec §7 covers: title and cover of the given live posts (`ids`, up to 20). */
postsApi.get("/posts/covers", async (c) => {
  const app = c.get("app");
  const ids = coverIdsQuery(new URL(c.req.url).searchParams);
  if (!ids.ok) throw badParam(app, ids.problem);
  return ok(c, { covers: await postCovers(app.db, ids.value, postViewerFrom(app.session), Date.now()) });
});

/** spec §7 fanclub_groups/{id}/posts/{postId}: a group announcement or a member fan club's post. */
postsApi.get("/fanclub_groups/:id/posts/:postId", async (c) => {
  const app = c.get("app");
  const groupId = postId(app, c.req.param("id"));
  const id = postId(app, c.req.param("postId"));
  const now = Date.now();
  const detail = await loadGroupPostDetail(app.db, groupId, id, postViewerFrom(app.session), mediaSignerFor(app, now));
  if (!detail) throw new ApiError(404, app.t("posts:errors.notFound"));
  return ok(c, { post: detail });
});

postsApi.get("/posts/timeline", async (c) => {
  const app = c.get("app");
  const before = Number(c.req.query("before"));
  const beforeId = Number(c.req.query("beforeId"));
  const cursor = Number.isSafeInteger(before) && Number.isSafeInteger(beforeId) && beforeId > 0 ? { before, beforeId } : null;
  return ok(c, await timeline(app.db, postViewerFrom(app.session), cursor, Date.now()));
});

/** Browsing history cards (spec §4: the ids are kept in the browser). */
postsApi.get("/posts/recently_view", async (c) => {
  const app = c.get("app");
  const ids = (c.req.query("ids") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, 4);
  return ok(c, { posts: await postCardsByIds(app.db, ids, postViewerFrom(app.session), Date.now()) });
});

/** Previous and next posts of the same fan club (spec §7 around_newer). */
postsApi.get("/posts/:postId/around_newer", async (c) => {
  const app = c.get("app");
  const id = postId(app, c.req.param("postId"));
  const now = Date.now();
  const viewer = postViewerFrom(app.session);
  const access = await loadPostAccess(app.db, id, viewer, now);
  if (!access) throw new ApiError(404, app.t("posts:errors.notFound"));
  const p = access.post;
  return ok(
    c,
    await aroundPosts(app.db, { id: p.id, fanclubId: p.fanclubId, publishedAt: p.publishedAt.getTime(), groupId: p.groupId }, viewer, now),
  );
});
