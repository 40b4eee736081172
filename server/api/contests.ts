import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../hono-env";
import { idParam } from "../http/params";
import { requireApiUser } from "../http/require-user";
import { contestById, contestEntriesPage, contestRanking, contestSummary } from "../services/contests/queries";
import { castVote, votedToday } from "../services/contests/votes";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";

/** spec §7 contests: /contests/{id}, its posts (entries), vote/post and the ranking. */
export const contestsApi = new Hono<AppEnv>();

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(50).default(3);

/** An id that cannot name a contest answers like an unknown one: 404. */
function contestIdParam(raw: string | undefined, message: string): number {
  try {
    return idParam(raw);
  } catch {
    throw new ApiError(404, message);
  }
}

function parse<S extends z.ZodTypeAny>(schema: S, value: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, message);
  return parsed.data;
}

/** GET /contests/{id}: the contest, its stage, and the entries the signed-in fan voted for today. */
contestsApi.get("/:id", async (c) => {
  const app = c.get("app");
  const now = Date.now();
  const contestId = contestIdParam(c.req.param("id"), app.t("contests:errors.notFound"));
  const row = await contestById(app.db, contestId);
  if (!row) throw new ApiError(404, app.t("contests:errors.notFound"));
  const voted = app.session ? await votedToday(app.db, contestId, app.session.user.id, now) : [];
  return ok(c, { contest: contestSummary(row, now), votedToday: voted });
});

/** GET /contests/{id}/posts?page=: one page of entries in entry order. */
contestsApi.get("/:id/posts", async (c) => {
  const app = c.get("app");
  const contestId = contestIdParam(c.req.param("id"), app.t("contests:errors.notFound"));
  const p = parse(page, c.req.query("page") ?? undefined, app.t("contests:errors.badInput"));
  if (!(await contestById(app.db, contestId))) throw new ApiError(404, app.t("contests:errors.notFound"));
  return ok(c, await contestEntriesPage(app.db, contestId, p, Date.now()));
});

/** GET /contests/{id}/ranking?limit=: the top entries by stored votes (default the podium's three). */
contestsApi.get("/:id/ranking", async (c) => {
  const app = c.get("app");
  const contestId = contestIdParam(c.req.param("id"), app.t("contests:errors.notFound"));
  const n = parse(limit, c.req.query("limit") ?? undefined, app.t("contests:errors.badInput"));
  if (!(await contestById(app.db, contestId))) throw new ApiError(404, app.t("contests:errors.notFound"));
  return ok(c, { ranking: await contestRanking(app.db, contestId, n, Date.now()) });
});

/** POST /contests/{id}/vote/post {post_id}: a signed-in fan's vote, once per entry and Japan day. */
contestsApi.post("/:id/vote/post", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app, app.t("contests:errors.signIn"));
  const contestId = contestIdParam(c.req.param("id"), app.t("contests:errors.notFound"));
  const body = await bodyOf(c);
  const postId = parse(id, body.post_id, app.t("contests:errors.badInput"));
  const result = await castVote(app.db, { contestId, postId, userId: user.id, now: Date.now() });
  if (!result.ok) throw new ApiError(result.reason === "notFound" ? 404 : 400, app.t(`contests:errors.${result.reason}`));
  return ok(c, { entryId: result.entryId, voteCount: result.voteCount });
});
