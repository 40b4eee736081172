import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { jstMonthOf, monthKey, monthRange, parseMonth } from "../domain/schedules";
import { requireApiUser } from "../http/require-user";
import { postViewerFrom } from "../services/post-access";
import { issueFeedToken, loadCalendar, revokeFeedToken } from "../services/schedules";
import { ApiError, ok } from "./envelope";

/**
 * Schedules over the API (spec §7 schedules): a month of a fan club's calendar in Japan time, and
 * the fan's private feed address (issue, revoke). Mounted on `/fanclubs`.
 */
export const schedulesApi = new Hono<AppEnv>();

type AppCtx = AppEnv["Variables"]["app"];

function fanclubIdOf(app: AppCtx, value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  return id;
}

/** GET /fanclubs/{id}/schedules?month=yyyy-MM (default: this month in Japan). */
schedulesApi.get("/:id/schedules", async (c) => {
  const app = c.get("app");
  const fanclubId = fanclubIdOf(app, c.req.param("id"));
  const now = Date.now();
  const raw = c.req.query("month");
  const month = raw === undefined ? jstMonthOf(now) : parseMonth(raw);
  if (!month) throw new ApiError(400, app.t("schedules:errors.month"), [{ message: app.t("schedules:errors.month"), target: "month" }]);
  const view = await loadCalendar(app.db, { fanclubId, range: monthRange(month), viewer: postViewerFrom(app.session), now });
  if (!view || !(view.fanclub.displaySchedule || view.manages)) throw new ApiError(404, app.t("api.notFound"));
  return ok(c, { month: monthKey(month), entries: view.entries });
});

/** POST /fanclubs/{id}/schedules/feed_token: a new private feed address (members-only entries while the fan has access). */
schedulesApi.post("/:id/schedules/feed_token", async (c) => {
  const app = c.get("app");
  const fanclubId = fanclubIdOf(app, c.req.param("id"));
  const user = requireApiUser(app);
  const now = Date.now();
  const view = await loadCalendar(app.db, { fanclubId, range: { start: now, end: now }, viewer: postViewerFrom(app.session), now });
  if (!view) throw new ApiError(404, app.t("api.notFound"));
  if (!view.member) throw new ApiError(403, app.t("schedules:errors.membersOnlyFeed"));
  const token = await issueFeedToken(app.db, { fanclubId, userId: user.id, now });
  return ok(c, { url: `${app.service?.frontUrl ?? ""}/fanclubs/${fanclubId}/schedules.ics?token=${token}` }, 201);
});

schedulesApi.delete("/:id/schedules/feed_token", async (c) => {
  const app = c.get("app");
  const fanclubId = fanclubIdOf(app, c.req.param("id"));
  const user = requireApiUser(app);
  await revokeFeedToken(app.db, { fanclubId, userId: user.id, now: Date.now() });
  return ok(c, { revoked: true });
});
