import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { translatorFor } from "../i18n";
import { JOINED_PAGE_SIZE, SIDEMENU_PAGE_SIZE, listJoined, pageSize, parseJoinedCursor } from "../services/joined";
import {
  PER_CATEGORY,
  PER_CATEGORY_MAX,
  RECOMMENDED_LIMIT,
  RECOMMENDED_MAX,
  boundedCount,
  categoryRecommend,
  fanclubsByIds,
  parseFanclubIds,
  recommendedFanclubs,
} from "../services/recommendations";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

/**
 * Discovery calls of spec §7: recommendations of the brand on this host, the signed-in person's
 * joined fan clubs (sidebar and /me/joining) and the fan clubs of the browsing history.
 */
export const discoveryApi = new Hono<AppEnv>();

/** This host's brand; hosts that serve none (user, login) use the brand the visitor used last. */
function brandId(c: Context<AppEnv>): number {
  const app = c.get("app");
  const brand = app.service ?? app.lastAccessedService ?? app.primaryService;
  if (!brand) throw new ApiError(404, app.t("api.notFound"));
  return brand.id;
}

discoveryApi.get("/recommended_fanclubs", async (c) => {
  const limit = boundedCount(c.req.query("limit"), RECOMMENDED_LIMIT, RECOMMENDED_MAX);
  return ok(c, { fanclubs: await recommendedFanclubs(c.get("app").db, { serviceId: brandId(c), limit }) });
});

discoveryApi.get("/recommended_fanclubs/category_recommend", async (c) => {
  const perCategory = boundedCount(c.req.query("perCategory"), PER_CATEGORY, PER_CATEGORY_MAX);
  return ok(c, { categories: await categoryRecommend(c.get("app").db, { serviceId: brandId(c), perCategory }) });
});

/** GET with prevLastId and prevActivedAt; payload {fanclubs, next} (spec §3 sidemenu paging). */
async function joined(c: Context<AppEnv>, defaultSize: number) {
  const app = c.get("app");
  const user = requireApiUser(app);
  const parsed = parseJoinedCursor(c.req.query("prevLastId"), c.req.query("prevActivedAt"));
  if (!parsed.ok) {
    const message = translatorFor(app.locale, "discovery")("errors.badCursor");
    throw new ApiError(400, message, [{ message, target: "prevLastId" }]);
  }
  const limit = pageSize(c.req.query("limit"), defaultSize);
  return ok(c, await listJoined(app.db, user.id, { ...parsed.cursor, limit }));
}

discoveryApi.get("/fanclubs/sidemenu", (c) => joined(c, SIDEMENU_PAGE_SIZE));
discoveryApi.get("/fanclubs/joined", (c) => joined(c, JOINED_PAGE_SIZE));

/** The browsing history's fan clubs: `ids=3,1,2` (at most 4), order kept, closed ones dropped. */
discoveryApi.get("/fanclubs/by_ids", async (c) => {
  const app = c.get("app");
  const ids = parseFanclubIds(c.req.query("ids"));
  if (!ids) {
    const message = translatorFor(app.locale, "discovery")("errors.badIds");
    throw new ApiError(400, message, [{ message, target: "ids" }]);
  }
  return ok(c, { fanclubs: await fanclubsByIds(app.db, ids) });
});
