import type { Db } from "../../../db/client";
import type { Env } from "../../env";
import { localLiveVideoProvider, parseIceServers } from "./local";
import type { LiveVideoProvider } from "./types";

export type { LiveVideoJoin, LiveVideoProvider, LiveVideoRole } from "./types";

/** The variables that choose and configure the live video provider (typed in server/env.ts). */
export interface LiveVideoEnv {
  /** JSON array of RTCIceServer for the local (browser WebRTC) provider; empty by default */
  LIVE_ICE_SERVERS?: string;
}

/**
 * The local provider unless production configures another one (see the provider modules). `db`
 * is for providers that keep state per event (a meeting id).
 */
export function liveVideoProviderFrom(env: Env, db: Db): LiveVideoProvider {
  void db;
  return localLiveVideoProvider(parseIceServers(env.LIVE_ICE_SERVERS));
}
