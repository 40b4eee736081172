import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { isLocale } from "./domain/locale";
import { api } from "./api";
import { mediaRoutes } from "./media/routes";
import { messageImageRoutes } from "./media/message-images";
import { uploadRoutes } from "./uploads/routes";
import { createDb } from "../db/client";
import { paymentProviderFrom } from "./integrations/payments";
import { handleStripeWebhook } from "./services/stripe-webhooks";
import { owedRefundSinkForJob } from "./services/payouts/owed-refunds";
import type { AppEnv } from "./hono-env";
import { pendingCookies } from "./http/cookies";
import { pageCache } from "./http/page-cache";
import { d1RoundTrips } from "./http/d1-round-trips";
import { originCheck } from "./http/origin-check";
import { pageGuard } from "./http/page-guard";
import { ssoCheck } from "./http/sso-check";
import { ssoStart } from "./http/sso-handoff";
import { requestContext } from "./http/request-context";
import { pageBodies } from "./http/request-body";
import { securityHeaders } from "./http/security-headers";
import { personalCacheControl } from "./http/personal-cache";
import { helpBannerRoutes } from "./http/help-banners";
import { NAMESPACES, resources } from "../locales";

/**
 * The Worker's HTTP surface. Static assets never reach it (wrangler serves build/client first).
 * `build` is Remix's server build; tests and the Worker entry pass the real one.
 */
export function createApp(build: ServerBuild, mode: string) {
  const remix = createRequestHandler(build, mode);
  const app = new Hono<AppEnv>();

  app.use("*", d1RoundTrips(), securityHeaders(), personalCacheControl(), pendingCookies());

  app.get("/healthcheck", async (c) => {
    const started = Date.now();
    try {
      await c.env.DB.prepare("SELECT 1 AS ok").first();
      return c.json({ status: "ok", d1: "ok", latencyMs: Date.now() - started });
    } catch (error) {
      console.error("[healthcheck] D1 unreachable", error);
      return c.json({ status: "error", d1: "unreachable" }, 503);
    }
  });

  app.route("/api/v1", api);
  // Stripe's webhook: server to server, signed, so outside the page guards and the API's header check.
  // The sandbox answers here too, with its own local secret, for the late events it simulates.
  app.post("/webhooks/stripe", async (c) => {
    const emails: Array<Promise<unknown>> = [];
    const outcome = await handleStripeWebhook(
      createDb(c.env.DB),
      paymentProviderFrom(c.env),
      await c.req.text(),
      c.req.header("stripe-signature") ?? null,
      Date.now(),
      owedRefundSinkForJob(c.env, c.env.JOBS, emails),
    );
    if (emails.length > 0) c.executionCtx.waitUntil(Promise.all(emails));
    return outcome.status === 400 ? c.json({ error: "invalid signature" }, 400) : c.json({ received: true });
  });
  app.route("/media", mediaRoutes);
  app.route("/message-images", messageImageRoutes);
  app.route("/uploads", uploadRoutes);

  // Language resources for the browser, one namespace of one locale per request.
  app.get("/locales/:lng/:file", (c) => {
    const lng = c.req.param("lng");
    const ns = c.req.param("file").replace(/\.json$/, "");
    if (!isLocale(lng) || !(NAMESPACES as readonly string[]).includes(ns)) return c.notFound();
    c.header("Cache-Control", "public, max-age=300, stale-while-revalidate=86400");
    return c.json(resources[lng][ns as (typeof NAMESPACES)[number]]);
  });

  // the help site's banner lists: public JSON, no session or page guard (spec §7)
  app.route("/", helpBannerRoutes);

  // a page request that carries a body reaches Remix only as a form that parses (request-body.ts)
  app.use("*", requestContext(), originCheck(), pageBodies(), pageGuard(), ssoCheck());
  app.get("/sso/start", ssoStart);

  app.all("*", pageCache(), (c) =>
    remix(c.req.raw, {
      app: c.get("app"),
      cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    }),
  );

  app.onError((err, c) => {
    console.error("[worker] unhandled error", err);
    return c.text("Internal Server Error", 500);
  });

  return app;
}
