import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import { downgradePlan, leavePlan, type PlanChangeResult } from "../services/plan-purchases";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";
import { kickDiscordSync } from "../http/discord-sync";

/**
 * Plan changes that cost nothing (spec §7: POST downgrade and POST leave for plan {id}, each with
 * an empty body). Errors answer 400 with the text under errors, target "plan".
 */
export const planChangesApi = new Hono<AppEnv>();

async function change(c: Context<AppEnv>, run: typeof downgradePlan) {
  const app = c.get("app");
  const user = requireApiUser(app);
  const planId = Number(c.req.param("id"));
  if (!Number.isSafeInteger(planId) || planId < 1) throw new ApiError(404, app.t("api.notFound"));
  const result: PlanChangeResult = await run(app.db, { userId: user.id, planId, now: Date.now() });
  if (!result.ok) {
    if (result.problem === "notFound") throw new ApiError(404, app.t("api.notFound"));
    const message = app.t(`payments:errors.${result.problem}`);
    throw new ApiError(400, message, [{ message, target: "plan" }]);
  }
  kickDiscordSync(app, user.id, Date.now());
  const q = result.quote;
  return ok(
    c,
    q.kind === "leave"
      ? { kind: q.kind, effectiveAt: q.effectiveAt, accessEndsAt: q.accessEndsAt }
      : {
          kind: q.kind,
          planId: q.planId,
          effectiveAt: q.effectiveAt,
          chargeNow: q.chargeNow,
          nextRenewalAt: q.nextRenewalAt,
          renewalPrice: q.renewalPrice,
        },
  );
}

/** To a cheaper plan of the same fan club: effective now, nothing charged or refunded. */
planChangesApi.post("/:id/downgrade", (c) => change(c, downgradePlan));

/** Stops supporting the plan held ({id}); its posts stay open to the end of the paid month. */
planChangesApi.post("/:id/leave", (c) => change(c, leavePlan));
