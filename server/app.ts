import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono, type Context } from "hono";
import { isLocale } from "./domain/locale";
import { api } from "./api";
import { fail } from "./api/envelope";
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
import { requestUrl } from "./http/request-url";

/**
 * Paths the pages never serve: the API, media, uploads, webhooks and the other plain endpoints.
 * They get a Hono app of their own, so a page request walks a router of three entries instead of
 * the API's few hundred (decision 034: with both in one tree, Hono fell back to its trie router and
 * every page paid for the API's part of it).
 */
const SERVICE_PREFIXES = ["/api/", "/media/", "/message-images/", "/uploads/", "/locales/"];
const SERVICE_PATHS = new Set(["/api/v1", "/healthcheck", "/webhooks/stripe"]);

function servedOutsidePages(pathname: string): boolean {
  return SERVICE_PATHS.has(pathname) || SERVICE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The API answers its unknown paths itself, in its JSON envelope; the rest of /api/ is no API. */
function isApiPath(pathname: string): boolean {
  return pathname === "/api/v1" || pathname.startsWith("/api/v1/");
}

/**
 * The Worker's HTTP surface. Static assets never reach it (wrangler serves build/client first).
 * `build` is Remix's server build; tests and the Worker entry pass the real one.
 */
export function createApp(build: ServerBuild, mode: string) {
  const remix = createRequestHandler(build, mode);
  // every response, page or not, gets the same headers, cookies and round-trip count
  const common = () => [d1RoundTrips(), securityHeaders(), personalCacheControl(), pendingCookies()] as const;
  const onError = (err: Error, c: Context<AppEnv>) => {
    console.error("[worker] unhandled error", err);
    return c.text("Internal Server Error", 500);
  };

  const services = new Hono<AppEnv>();
  services.use("*", ...common());

  services.get("/healthcheck", async (c) => {
    const started = Date.now();
    try {
      await c.env.DB.prepare("SELECT 1 AS ok").first();
      return c.json({ status: "ok", d1: "ok", latencyMs: Date.now() - started });
    } catch (error) {
      console.error("[healthcheck] D1 unreachable", error);
      return c.json({ status: "error", d1: "unreachable" }, 503);
    }
  });

  services.route("/api/v1", api);
  // Stripe's webhook: server to server, signed, so outside the page guards and the API's header check.
  // The sandbox answers here too, with its own local secret, for the late events it simulates.
  services.post("/webhooks/stripe", async (c) => {
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
  services.route("/media", mediaRoutes);
  services.route("/message-images", messageImageRoutes);
  services.route("/uploads", uploadRoutes);

  // Language resources for the browser, one namespace of one locale per request.
  services.get("/locales/:lng/:file", (c) => {
    const lng = c.req.param("lng");
    const ns = c.req.param("file").replace(/\.json$/, "");
    if (!isLocale(lng) || !(NAMESPACES as readonly string[]).includes(ns)) return c.notFound();
    c.header("Cache-Control", "public, max-age=300, stale-while-revalidate=86400");
    return c.json(resources[lng][ns as (typeof NAMESPACES)[number]]);
  });

  services.onError(onError);

  // A path the service routes do not know (`/api/v2/x`, `POST /media/x`, `/uploads/nope`), or one
  // a route calls not found (`c.notFound()`: a missing public image, an unknown locale file),
  // answers what any unknown path answers: the pages app's localized 404 page (below), or under
  // `/api/v1` the API's JSON 404. The request is only marked here: the page must be rendered by
  // the pages app on its own, with its own middleware (its CSP nonce, its cookies), not wrapped in
  // this app's.
  const unknownToServices = new WeakSet<Request>();
  services.notFound((c) => {
    const app = c.get("app") as AppEnv["Variables"]["app"] | undefined;
    if (isApiPath(c.req.path) && app) return fail(c, 404, app.t("api.notFound"));
    unknownToServices.add(c.req.raw);
    return c.body(null, 404);
  });

  const pages = new Hono<AppEnv>();
  pages.use("*", ...common());
  // the help site's banner lists: public JSON, no session or page guard (spec §7); on a brand
  // host the path falls through to the pages, where it is no page
  pages.route("/", helpBannerRoutes);
  // a page request that carries a body reaches Remix only as a form that parses (request-body.ts)
  pages.use("*", requestContext(), originCheck(), pageBodies(), pageGuard(), ssoCheck());
  pages.get("/sso/start", ssoStart);
  pages.all("*", pageCache(), (c) =>
    remix(c.req.raw, {
      app: c.get("app"),
      cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    }),
  );
  pages.onError(onError);

  return {
    async fetch(request: Request, env: AppEnv["Bindings"], ctx: ExecutionContext): Promise<Response> {
      if (!servedOutsidePages(requestUrl(request).pathname)) return pages.fetch(request, env, ctx);
      const res = await services.fetch(request, env, ctx);
      return unknownToServices.has(request) ? pages.fetch(request, env, ctx) : res;
    },
  };
}
