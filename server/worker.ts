import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { createApp } from "./app";
import type { Env } from "./env";
import { handleQueue } from "./jobs/queue";
import type { JobMessage } from "./jobs/messages";
import { handleScheduled } from "./jobs/scheduled";
import { handleLiveSocket, liveSocketEventId } from "./live/socket-route";
import { requestUrl } from "./http/request-url";

export { LiveRoom } from "./live/live-room";

let app: ReturnType<typeof createApp> | undefined;

export default {
  fetch(request, env, ctx) {
    // live room sockets go straight to their Durable Object (server/live/socket-route.ts)
    const liveEventId = liveSocketEventId(requestUrl(request).pathname);
    if (liveEventId !== null) return handleLiveSocket(request, env, liveEventId);
    app ??= createApp(build as unknown as ServerBuild, env.ENVIRONMENT === "production" ? "production" : "development");
    return app.fetch(request, env, ctx);
  },
  scheduled(controller, env, ctx) {
    ctx.waitUntil(handleScheduled(controller, env));
  },
  queue(batch, env) {
    return handleQueue(batch, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
