import type { Db } from "../../../db/client";
import type { Env } from "../../env";
import { liveVideoConfigFrom } from "./config";
import { localLiveVideoProvider, parseIceServers } from "./local";
import { realtimeKitLiveVideoProvider } from "./realtimekit";
import type { LiveVideoProvider } from "./types";

export type { LiveVideoProvider } from "./types";
export { LiveVideoUnavailableError } from "./errors";

/** The variables that choose and configure the live video provider (typed in server/env.ts). */
export interface LiveVideoEnv {
  ENVIRONMENT?: string;
  /** JSON array of RTCIceServer for the local (browser WebRTC) provider; empty by default */
  LIVE_ICE_SERVERS?: string;
  /** RealtimeKit (production video) is used when these three secrets are set: all three or none */
  REALTIMEKIT_ACCOUNT_ID?: string;
  REALTIMEKIT_APP_ID?: string;
  REALTIMEKIT_API_TOKEN?: string;
  /** RealtimeKit preset names of the event's owner (publishes) and of everyone else (only watches) */
  REALTIMEKIT_HOST_PRESET?: string;
  REALTIMEKIT_VIEWER_PRESET?: string;
  /** only for tests against a fake of RealtimeKit's API; refused in production */
  REALTIMEKIT_API_BASE?: string;
}

/**
 * RealtimeKit when its secrets are set (a half configuration throws: see config.ts), the local
 * provider otherwise. `db` is for providers that keep state per event (RealtimeKit's meeting id).
 */
export function liveVideoProviderFrom(env: Env, db: Db): LiveVideoProvider {
  const config = liveVideoConfigFrom(env);
  if (config.provider === "realtimekit") return realtimeKitLiveVideoProvider(config, db);
  return localLiveVideoProvider(parseIceServers(env.LIVE_ICE_SERVERS));
}
