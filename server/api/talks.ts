import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { talkProblemMessage } from "../http/talk-problems";
import { postViewerFrom } from "../services/post-access";
import {
  changeTopic,
  commentOnTopic,
  likeTopic,
  likeTopicComment,
  removeTopicComment,
  setTalkBlock,
  startTopic,
  type TalkOutcome,
} from "../services/talk-actions";
import { loadBoard, loadTopicPage, type TopicView } from "../services/talks";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";

/**
 * Talks over the API (spec §7 topics: index, load, show, delete, like, comments). Mounted on
 * `/fanclubs`: `/fanclubs/{id}/topics` and below. The same services as the pages, so a locked
 * topic's body and comments are dropped before anything here sees them.
 */
export const talksApi = new Hono<AppEnv>();

type AppCtx = AppEnv["Variables"]["app"];

function idOf(app: AppCtx, value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  return id;
}

function ids(c: Context<AppEnv>) {
  const app = c.get("app");
  return {
    app,
    fanclubId: idOf(app, c.req.param("id")),
    topicId: c.req.param("topicId") === undefined ? 0 : idOf(app, c.req.param("topicId")),
    viewer: postViewerFrom(app.session),
    now: Date.now(),
  };
}

function unwrap<T>(app: AppCtx, outcome: TalkOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  const message = talkProblemMessage(app.t, outcome.problem);
  throw new ApiError(outcome.problem.status, message, outcome.problem.field ? [{ message, target: outcome.problem.field }] : []);
}

function topicJson(t: TopicView) {
  return {
    id: t.id,
    title: t.title,
    body: t.body,
    locked: t.locked,
    plan: t.plan,
    pinned: t.pinned,
    closed: t.closed,
    likeCount: t.likeCount,
    commentCount: t.commentCount,
    likedByMe: t.likedByMe,
    lastActivityAt: t.lastActivityAt,
    createdAt: t.createdAt,
    author: { id: t.author.id, name: t.author.name, iconUrl: t.author.iconUrl },
  };
}

/** index (first page, pinned first) and load (`?before=` the previous page's cursor). */
async function board(c: Context<AppEnv>) {
  const { app, fanclubId, viewer, now } = ids(c);
  const b = await loadBoard(app.db, { fanclubId, viewer, before: c.req.query("before") ?? null, now });
  if (!b) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, { topics: b.topics.map(topicJson), nextCursor: b.nextCursor });
}
talksApi.get("/:id/topics", board);
talksApi.get("/:id/topics/load", board);

talksApi.post("/:id/topics", async (c) => {
  const { app, fanclubId, viewer, now } = ids(c);
  const fields = await bodyOf(c);
  const value = unwrap(app, await startTopic(app.db, { fanclubId, viewer, raw: fields, now }));
  return ok(c, value, 201);
});

/** show: the topic and its comments (403 with no body or comments for a locked topic). */
talksApi.get("/:id/topics/:topicId", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const page = await loadTopicPage(app.db, { fanclubId, topicId, viewer, now });
  if (!page) throw new ApiError(404, app.t("api.notFound"));
  if (page.topic.locked) throw new ApiError(403, app.t("talks:refusals.locked"));
  return ok(c, { topic: topicJson(page.topic), comments: page.comments });
});

talksApi.delete("/:id/topics/:topicId", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  unwrap(app, await changeTopic(app.db, { fanclubId, topicId, viewer, action: "delete", now }));
  return ok(c, { deleted: true });
});

/** Moderation: {action: pin | unpin | close | reopen}. */
talksApi.post("/:id/topics/:topicId/moderation", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const action = (await bodyOf(c)).action;
  if (action !== "pin" && action !== "unpin" && action !== "close" && action !== "reopen") {
    throw new ApiError(400, app.t("validation.choice"));
  }
  unwrap(app, await changeTopic(app.db, { fanclubId, topicId, viewer, action, now }));
  return ok(c, { action });
});

talksApi.post("/:id/topics/:topicId/like", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  return ok(c, unwrap(app, await likeTopic(app.db, { fanclubId, topicId, viewer, liked: true, now })));
});
talksApi.delete("/:id/topics/:topicId/like", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  return ok(c, unwrap(app, await likeTopic(app.db, { fanclubId, topicId, viewer, liked: false, now })));
});

talksApi.get("/:id/topics/:topicId/comments", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const page = await loadTopicPage(app.db, { fanclubId, topicId, viewer, now });
  if (!page) throw new ApiError(404, app.t("api.notFound"));
  if (page.topic.locked) throw new ApiError(403, app.t("talks:refusals.locked"));
  return ok(c, { comments: page.comments, commentCount: page.topic.commentCount });
});

/** A comment, or a reply with `parentId`. */
talksApi.post("/:id/topics/:topicId/comments", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const fields = await bodyOf(c);
  const parentId = fields.parentId ? idOf(app, String(fields.parentId)) : null;
  return ok(c, unwrap(app, await commentOnTopic(app.db, { fanclubId, topicId, viewer, body: fields.body, parentId, now })), 201);
});

talksApi.delete("/:id/topics/:topicId/comments/:commentId", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const commentId = idOf(app, c.req.param("commentId"));
  unwrap(app, await removeTopicComment(app.db, { fanclubId, topicId, commentId, viewer, now }));
  return ok(c, { deleted: true });
});

talksApi.post("/:id/topics/:topicId/comments/:commentId/like", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const commentId = idOf(app, c.req.param("commentId"));
  return ok(c, unwrap(app, await likeTopicComment(app.db, { fanclubId, topicId, commentId, viewer, liked: true, now })));
});
talksApi.delete("/:id/topics/:topicId/comments/:commentId/like", async (c) => {
  const { app, fanclubId, topicId, viewer, now } = ids(c);
  const commentId = idOf(app, c.req.param("commentId"));
  return ok(c, unwrap(app, await likeTopicComment(app.db, { fanclubId, topicId, commentId, viewer, liked: false, now })));
});

/** Bars a fan from the fan club's talks (moderators), or lets them back. */
talksApi.post("/:id/talk_blocks/:userId", async (c) => {
  const { app, fanclubId, viewer, now } = ids(c);
  const userId = idOf(app, c.req.param("userId"));
  unwrap(app, await setTalkBlock(app.db, { fanclubId, userId, viewer, blocked: true, now }));
  return ok(c, { blocked: true });
});
talksApi.delete("/:id/talk_blocks/:userId", async (c) => {
  const { app, fanclubId, viewer, now } = ids(c);
  const userId = idOf(app, c.req.param("userId"));
  unwrap(app, await setTalkBlock(app.db, { fanclubId, userId, viewer, blocked: false, now }));
  return ok(c, { blocked: false });
});
