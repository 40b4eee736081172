import type { LiveRoom } from "./live/live-room";
import type { JobMessage } from "./jobs/messages";

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  JOBS: Queue<JobMessage>;
  LIVE_ROOM: DurableObjectNamespace<LiveRoom>;
  ASSETS: Fetcher;
  ENVIRONMENT: string;
  BASE_DOMAIN: string;
  USER_DOMAIN: string;
  LOGIN_DOMAIN: string;
  COOKIE_DOMAIN: string;
  PUBLIC_PORT?: string;
}
