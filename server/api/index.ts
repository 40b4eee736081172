import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppEnv } from "../hono-env";
import { requestContext } from "../http/request-context";
import { apiBodies } from "./body";
import { ApiError, fail, ok } from "./envelope";
import { authApi } from "./auth";
import { cartsApi } from "./carts";
import { creatorApi } from "./creator";
import { creatorDc3Api, fanclubDc3Api } from "./dc3";
import { discordApi } from "./discord";
import { discoveryApi } from "./discovery";
import { expiredPlansApi } from "./expired-plans";
import { fanclubsApi } from "./fanclubs";
import { helpApi } from "./help";
import { creatorLiveEventsApi, liveEventsApi, liveTicketCartApi } from "./live-events";
import { liveRoomApi } from "./live-room";
import { notificationsApi } from "./notifications";
import { pushApi } from "./push";
import { planChangesApi } from "./plan-changes";
import { creatorPostsApi, postsApi } from "./posts";
import { postsSocialApi } from "./posts-social";
import { lessonsApi } from "./lessons";
import { rafflesApi } from "./raffles";
import { schedulesApi } from "./schedules";
import { talksApi } from "./talks";
import { communityApi } from "./community";
import { contestsApi } from "./contests";
import { productsApi } from "./products";
import { uploadsApi } from "./uploads";
import { meUserApi } from "./me-user";
import { walletApi } from "./wallet";
import { webauthnApi } from "./webauthn";
import { servicesApi } from "./services";
import { bankAccountsApi, creatorTransfersApi, transfersApi } from "./payouts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const api = new Hono<AppEnv>();

// A liveness probe with no I/O: also the "bare route" the benchmark compares pages against.
api.get("/ping", (c) => ok(c, { pong: true }));

api.use("*", requestContext());

// Mutating calls must come from our own scripts (spec §7). Browsers never send this header
// cross-site without a CORS preflight we do not answer, so it doubles as CSRF protection.
api.use("*", async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && c.req.header("x-requested-with") !== "XMLHttpRequest") {
    return fail(c, 403, c.get("app").t("api.xhrRequired"));
  }
  return next();
});

// every body is read and checked once, before any handler (server/http/request-body.ts)
api.use("*", apiBodies());

api.route("/", servicesApi);
api.route("/", discordApi);
api.route("/", discoveryApi);
api.route("/", productsApi);
api.route("/help", helpApi);
api.route("/auth", authApi);
api.route("/webauthn", webauthnApi);
api.route("/notifications", notificationsApi);
api.route("/push_subscriptions", pushApi);
api.route("/", postsApi);
api.route("/", lessonsApi);
api.route("/fanclubs", fanclubsApi);
api.route("/fanclubs", talksApi);
api.route("/fanclubs", schedulesApi);
api.route("/fanclubs", fanclubDc3Api);
api.route("/plans", expiredPlansApi);
api.route("/me/fanclub/posts", creatorPostsApi);
api.route("/me/fanclub/uploads", uploadsApi);
api.route("/me/fanclub/dc_three_contents", creatorDc3Api);
api.route("/me/fanclub/live_events", creatorLiveEventsApi);
api.route("/me/fanclub/transfers", creatorTransfersApi);
api.route("/me/fanclub", creatorApi);
api.route("/posts", postsSocialApi);
api.route("/me/user", meUserApi);
api.route("/me", walletApi);
api.route("/me/carts", liveTicketCartApi);
api.route("/me/carts", cartsApi);
api.route("/live_events", liveEventsApi);
api.route("/plans", planChangesApi);
api.route("/live_events", liveRoomApi);
api.route("/", rafflesApi);
api.route("/", communityApi);
api.route("/contests", contestsApi);
api.route("/bank_accounts", bankAccountsApi);
api.route("/transfers", transfersApi);

// Mounted under the page app, unmatched API paths must answer here, not fall through to Remix.
api.all("*", (c) => fail(c, 404, c.get("app").t("api.notFound")));

api.onError((err, c) => {
  const t = c.get("app")?.t;
  if (err instanceof ApiError) return fail(c, err.status, err.message, err.errors);
  if (err instanceof ZodError) {
    const errors = err.issues.map((i) => ({ message: i.message, target: i.path.join(".") || "base" }));
    return fail(c, 400, t ? t("api.invalid") : "Bad Request", errors);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return fail(c, err.status, err.message || (t ? t("api.invalid") : "Bad Request"));
  }
  console.error("[api] unexpected error", err);
  return fail(c, 500, t ? t("api.server") : "Internal Server Error");
});
