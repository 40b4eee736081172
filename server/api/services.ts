import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { headerBannersFor } from "../http/header-banners";
import { ok } from "./envelope";

export const servicesApi = new Hono<AppEnv>();

/** GET /api/v1/services: every brand with its domain and front URL. */
servicesApi.get("/services", (c) => ok(c, { services: c.get("app").services }));

/**
 * Session and service info (spec §7): the brand of this host, the primary brand, and the user
 * when signed in (then also the subscription alert flag).
 */
servicesApi.get("/session", (c) => {
  const app = c.get("app");
  const service = app.service ?? { id: -1 };
  if (!app.user) return ok(c, { service });
  return ok(c, {
    service,
    primaryService: app.primaryService,
    user: app.user,
    // spec §2: when set, the client marks expired plans (the session read them with the sign-in)
    isSubscriptionAlert: (app.session?.expiredPlans.length ?? 0) > 0,
  });
});

/**
 * The live campaign setting (spec §7 "GET live campaign setting", decision 041): the campaign the
 * operators run for live events through the help site's `lives` banner list. Active while one of
 * its banners is within its window; the banners come as the pages get them (the same list, cache
 * and visibility rule), so the API and the lives pages never disagree.
 */
servicesApi.get("/live_campaign_setting", async (c) => {
  const banners = (await headerBannersFor(c.get("app")))?.lives ?? [];
  return ok(c, { liveCampaign: { active: banners.length > 0, banners } });
});
