import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { z } from "zod";
import { isValidUniquePath } from "../domain/fanclub-rules";
import { mediaUrl } from "../domain/images";
import { fanclubView, type FanclubView } from "../http/fanclub-view";
import { searchFanclubs, searchInputFrom } from "../services/fanclub-search";
import type { FanclubKey } from "../services/fanclubs";
import { setFollowing } from "../services/follows";
import { fanclubContentCounts, type FanclubContentCounts } from "../services/fanclub-counts";
import { membershipHistory, planChoices } from "../services/plan-purchases";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

export const fanclubsApi = new Hono<AppEnv>();

/** POST follow / DELETE unfollow a fan club (spec §7), for the signed-in person. */
async function follow(c: Context<AppEnv>, following: boolean) {
  const app = c.get("app");
  const user = requireApiUser(app);
  const id = Number(c.req.param("id") ?? "");
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  const result = await setFollowing(app.db, { userId: user.id, fanclubId: id, follow: following, now: Date.now() });
  if (!result.ok) {
    if (result.reason === "notFound") throw new ApiError(404, app.t("api.notFound"));
    throw new ApiError(403, app.t(result.reason === "own" ? "api.followOwn" : "api.blocked"));
  }
  return ok(c, { following: result.following, followerCount: result.followerCount });
}

fanclubsApi.post("/:id/follow", (c) => follow(c, true));
fanclubsApi.delete("/:id/follow", (c) => follow(c, false));

/** spec §3 fan club, as the API gives it (the same view the page renders). */
function fanclubJson(view: FanclubView, counts: FanclubContentCounts) {
  const f = view.fanclub;
  return {
    id: f.id,
    name: f.name,
    creatorName: f.creatorName,
    uniquePath: f.uniquePath,
    iconImageUrl: f.iconUrl,
    headerImageUrl: f.headerUrl,
    description: f.description,
    introduction: f.introduction,
    externalLinks: f.externalLinks,
    category: f.category,
    tags: f.tags,
    postCount: f.postCount,
    followerCount: f.followerCount,
    displayMemberCount: f.memberCount !== null,
    memberCount: f.memberCount,
    ...counts,
    isNew: f.isNew,
    ...f.law,
    service: { id: f.service.id, frontUrl: f.service.frontUrl, name: f.service.name },
    groups: view.groups,
    joinningStatus: view.viewer.joinedPlanId === null ? 0 : 1,
    following: view.viewer.following,
    plans: plansJson(view),
  };
}

async function fanclubResponse(c: Context<AppEnv>, view: FanclubView) {
  const counts = await fanclubContentCounts(c.get("app").db, view.fanclub.id, Date.now());
  return ok(c, { fanclub: fanclubJson(view, counts) });
}

function plansJson(view: FanclubView) {
  return view.plans.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    description: p.description,
    iconImageUrl: p.iconUrl,
    isJoinLimit: p.button === "disabled",
    isCloseApplied: p.closed,
    isOwned: view.viewer.isOwner,
    buttonState: p.button,
    fanclubName: view.fanclub.name,
    fanclubIconImageUrl: view.fanclub.iconUrl,
  }));
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

async function viewOr404(c: Context<AppEnv>, key: FanclubKey): Promise<FanclubView> {
  const app = c.get("app");
  const view = await fanclubView(app, key);
  if (!view) throw new ApiError(404, app.t("api.notFound"));
  const { extras: _pageOnly, ...rest } = view;
  return rest;
}

function idFrom(c: Context<AppEnv>): number {
  const parsed = idParam.safeParse(c.req.param("id"));
  if (!parsed.success) throw new ApiError(404, c.get("app").t("api.notFound"));
  return parsed.data;
}

/** GET /fanclubs?keywords=&category=&order=&page=: the search the /fanclubs page runs. */
fanclubsApi.get("/", async (c) => {
  const app = c.get("app");
  const result = await searchFanclubs(app.db, searchInputFrom(new URL(c.req.url).searchParams, app.service?.id ?? null));
  return ok(c, {
    fanclubs: result.hits.map((h) => ({ ...h, iconImageUrl: mediaUrl(h.iconKey) })),
    hasNext: result.hasNext,
  });
});

fanclubsApi.get("/unique_path/:path", async (c) => {
  const path = c.req.param("path").toLowerCase();
  if (!isValidUniquePath(path)) throw new ApiError(404, c.get("app").t("api.notFound"));
  return fanclubResponse(c, await viewOr404(c, { uniquePath: path }));
});

fanclubsApi.get("/:id", async (c) => fanclubResponse(c, await viewOr404(c, { id: idFrom(c) })));

/**
 * spec §7 plans info: plans and joining_plan_id. Each plan carries the spec §3 fields that depend
 * on the viewer (planGrade, disabledAt, isCloseApplied, expiresIn, expiresInNext) and the quote of
 * decision 012, so the payment modal can say what choosing it costs now and from when.
 */
fanclubsApi.get("/:id/plans", async (c) => {
  const app = c.get("app");
  const view = await viewOr404(c, { id: idFrom(c) });
  const choices = await planChoices(app.db, { userId: app.user?.id ?? null, planIds: view.plans.map((p) => p.id), now: Date.now() });
  const plans = plansJson(view).map((p) => {
    const choice = choices.get(p.id);
    return {
      ...p,
      planGrade: choice?.planGrade ?? "noJoin",
      disabledAt: choice?.disabledAt ?? null,
      isCloseApplied: choice?.isCloseApplied ?? p.isCloseApplied,
      expiresIn: choice?.expiresIn ?? null,
      expiresInNext: choice?.expiresInNext ?? null,
      quote: choice?.quote ?? null,
    };
  });
  return ok(c, { plans, joining_plan_id: view.viewer.joinedPlanId });
});

/** The viewer's current membership in this fan club (plan, number, next renewal, months paid), or null. */
fanclubsApi.get("/:id/membership", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const view = await viewOr404(c, { id: idFrom(c) });
  const membership =
    view.viewer.joinedPlanId === null
      ? null
      : await membershipHistory(app.db, { userId: user.id, fanclubId: view.fanclub.id, now: Date.now() });
  return ok(c, { membership });
});

// spec §7 names follow and unfollow as separate calls; POST /unfollow is the same as DELETE /follow
fanclubsApi.post("/:id/unfollow", (c) => follow(c, false));
