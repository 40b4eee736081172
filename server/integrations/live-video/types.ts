/**
 * The live video provider (issue 7): how one person's browser gets into one live event's video.
 * The host is the event's owner, the only one who publishes (spec §4); everyone else views.
 *
 * - `local` (the default, no secrets): browser WebRTC, the owner's browser sending to each viewer,
 *   with offers, answers and ICE candidates relayed by the event's live room (decision 022). The
 *   answer only names the ICE servers the browsers should use.
 * - `realtimekit` (production, secrets only): Cloudflare RealtimeKit; the Worker creates the
 *   event's meeting and a participant token through RealtimeKit's API, the browser joins with the
 *   SDK and that token.
 */
export type LiveVideoRole = "host" | "viewer";

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export type LiveVideoJoin = { provider: "local"; iceServers: IceServer[] } | { provider: "realtimekit"; authToken: string };

export interface LiveVideoJoinInput {
  liveEventId: number;
  userId: number;
  name: string;
  iconUrl: string | null;
  role: LiveVideoRole;
}

export interface LiveVideoProvider {
  readonly name: LiveVideoJoin["provider"];
  join(input: LiveVideoJoinInput): Promise<LiveVideoJoin>;
}
