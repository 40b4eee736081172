import type { IceServer, LiveVideoProvider } from "./types";

/**
 * Browser WebRTC signalled through the live room: nothing to create on the server, so joining only
 * hands out the ICE servers. Locally (and between browsers on one network) host candidates are
 * enough and the list is empty; a deployment that runs this provider across networks sets
 * LIVE_ICE_SERVERS (a JSON array of RTCIceServer) to its STUN/TURN servers.
 */
export function localLiveVideoProvider(iceServers: IceServer[]): LiveVideoProvider {
  return {
    name: "local",
    async join() {
      return { provider: "local", iceServers };
    },
  };
}

/** LIVE_ICE_SERVERS, read strictly: a malformed value is a deployment mistake, not an empty list. */
export function parseIceServers(raw: string | undefined): IceServer[] {
  if (!raw) return [];
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value)) throw new Error("LIVE_ICE_SERVERS must be a JSON array of RTCIceServer objects");
  return value.map((entry, i) => {
    const e = entry as Record<string, unknown>;
    const urls = e?.urls;
    const valid = typeof urls === "string" || (Array.isArray(urls) && urls.every((u) => typeof u === "string"));
    if (!valid) throw new Error(`LIVE_ICE_SERVERS[${i}].urls must be a string or an array of strings`);
    const server: IceServer = { urls: urls as string | string[] };
    if (typeof e.username === "string") server.username = e.username;
    if (typeof e.credential === "string") server.credential = e.credential;
    return server;
  });
}
