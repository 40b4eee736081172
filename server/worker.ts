import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { createApp } from "./app";
import type { Env } from "./env";
import { handleQueue } from "./jobs/queue";
import type { JobMessage } from "./jobs/messages";
import { handleScheduled } from "./jobs/scheduled";

export { LiveRoom } from "./live/live-room";

let app: ReturnType<typeof createApp> | undefined;

export default {
  fetch(request, env, ctx) {
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
