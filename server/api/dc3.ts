import { Hono, type Context } from "hono";
import type { AppContext } from "../context";
import { DC3_LIMITS, parseDc3Input, type Dc3FormProblem } from "../domain/dc3";
import type { AppEnv } from "../hono-env";
import { mediaSignerFor } from "../media/private-urls";
import {
  createDc3Content,
  deleteDc3Content,
  fanclubDc3Listing,
  listDc3Contents,
  updateDc3Content,
  type Dc3Item,
  type Dc3Problem,
} from "../services/dc3";
import { postViewerFrom } from "../services/post-access";
import { bodyOf } from "./body";
import { requireCreatorApi } from "./creator";
import { ApiError, ok } from "./envelope";

/**
 * DC3 contents over the API (docs/decisions/045). `/me/fanclub/dc_three_contents`: the owner's
 * list, create, update (title, description, plans, the file) and delete, always of their own fan
 * club. `/fanclubs/{id}/dc_three_contents`: what a viewer of the fan club sees, with download
 * links only on the items they may download.
 */
export const creatorDc3Api = new Hono<AppEnv>();
export const fanclubDc3Api = new Hono<AppEnv>();

const MAX_OF: Partial<Record<Dc3FormProblem["field"], number>> = { title: DC3_LIMITS.title, description: DC3_LIMITS.description };

function formError(app: AppContext, problems: readonly Dc3FormProblem[]): ApiError {
  const errors = problems.map((p) => ({ message: app.t(`dc3:errors.${p.field}.${p.problem}`, { max: MAX_OF[p.field] }), target: p.field }));
  return new ApiError(400, errors[0]!.message, errors);
}

function problemError(app: AppContext, problem: Dc3Problem): ApiError {
  if (problem === "notFound") return new ApiError(404, app.t("dc3:errors.notFound"));
  const target = problem === "badFile" ? "file" : "planIds";
  const message = app.t(`dc3:errors.${problem}`);
  return new ApiError(400, message, [{ message, target }]);
}

function idOf(c: Context<AppEnv>, name: string): number {
  const raw = c.req.param(name) ?? "";
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, c.get("app").t("dc3:errors.notFound"));
  return id;
}

/** What the owner's page and scripts get for an item: no storage key. */
function itemView(item: Dc3Item) {
  const { r2Key: _key, ...file } = item.file;
  return { ...item, file };
}

creatorDc3Api.get("/", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageDc3Contents");
  return ok(c, { items: (await listDc3Contents(app.db, op.fanclubId)).map(itemView) });
});

creatorDc3Api.post("/", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageDc3Contents");
  const parsed = parseDc3Input(await bodyOf(c), "create");
  if (!parsed.ok) throw formError(app, parsed.problems);
  const result = await createDc3Content(app.db, op.fanclubId, parsed.value, Date.now());
  if (!result.ok) throw problemError(app, result.problem);
  return ok(c, { item: itemView(result.item) }, 201);
});

creatorDc3Api.put("/:contentId", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageDc3Contents");
  const id = idOf(c, "contentId");
  const parsed = parseDc3Input(await bodyOf(c), "update");
  if (!parsed.ok) throw formError(app, parsed.problems);
  const result = await updateDc3Content(app.db, c.env.MEDIA, op.fanclubId, id, parsed.value, Date.now());
  if (!result.ok) throw problemError(app, result.problem);
  return ok(c, { item: itemView(result.item) });
});

creatorDc3Api.delete("/:contentId", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageDc3Contents");
  const id = idOf(c, "contentId");
  if (!(await deleteDc3Content(app.db, c.env.MEDIA, op.fanclubId, id))) throw problemError(app, "notFound");
  return ok(c, { deleted: true });
});

fanclubDc3Api.get("/:id/dc_three_contents", async (c) => {
  const app = c.get("app");
  const now = Date.now();
  const items = await fanclubDc3Listing(app.db, idOf(c, "id"), postViewerFrom(app.session), mediaSignerFor(app, now), now);
  if (!items) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, { items });
});
