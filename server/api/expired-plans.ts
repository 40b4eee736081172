import { Hono } from "hono";
import { payExpiredPath } from "../domain/renewal-run";
import type { AppEnv } from "../hono-env";
import { expiredPlans } from "../services/expired-plans";
import { joiningPlans } from "../services/joined";
import { ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

export const expiredPlansApi = new Hono<AppEnv>();

/**
 * GET /api/v1/plans/expired (spec §7): the signed-in fan's expired plans, each with its fan club
 * and plan, when it leaves by itself, and where to pay it (the fan club page opens the payment
 * modal's expired-plans page from `payExpired=1`).
 */
expiredPlansApi.get("/expired", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const plans = await expiredPlans(app.db, user.id);
  return ok(c, {
    plan: plans.map((p) => {
      const frontUrl = app.services.find((s) => s.id === p.fanclub.serviceId)?.frontUrl ?? "";
      return {
        id: p.membershipId,
        fanclub: { id: p.fanclub.id, name: p.fanclub.name, url: `${frontUrl}/fanclubs/${p.fanclub.id}` },
        plan: p.plan,
        expiredAt: p.expiredAt?.toISOString() ?? null,
        autoLeaveAt: p.autoLeaveAt?.toISOString() ?? null,
        payUrl: `${frontUrl}${payExpiredPath(p.fanclub.id)}`,
      };
    }),
  });
});

/**
 * GET /api/v1/plans/joining (spec §7): the plans the signed-in fan holds now, each with its fan
 * club on the fan club's own brand. Signed-out callers get 401 like every /me call.
 */
expiredPlansApi.get("/joining", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const rows = await joiningPlans(app.db, user.id);
  return ok(c, {
    plans: rows.map((r) => ({
      id: r.planId,
      name: r.planName,
      price: r.price,
      unpaid: r.status === "unpaid",
      fanclub: { id: r.fanclubId, name: r.fanclubName, url: `${r.frontUrl}/fanclubs/${r.fanclubId}` },
    })),
  });
});
