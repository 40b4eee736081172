import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../db/client";
import type { Env } from "../../server/env";
import { LiveVideoUnavailableError, liveVideoProviderFrom } from "../../server/integrations/live-video";
import { liveVideoConfigFrom } from "../../server/integrations/live-video/config";
import { realtimeKitLiveVideoProvider } from "../../server/integrations/live-video/realtimekit";
import type { LiveVideoJoinInput } from "../../server/integrations/live-video/types";
import { confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { insertLiveEvent } from "./live-room-fixture";

/*
 * The RealtimeKit provider inside workerd against the real D1 (migration 0013's
 * live_events.video_meeting_id), with RealtimeKit's REST API played by a fetch function: what the
 * Worker sends (paths, bearer token, presets, our user id) and what a person gets (the participant
 * token, or the typed error the API layer turns into a 503).
 */

const db = createDb(env.DB);
const ACCOUNT = "023e105f4ecef8ad9ca31a8372d0c353";
const APP = "7f1b2c3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d";
const TOKEN = "cf-api-token-0123456789abcdefghijklmnopq";
const APP_URL = `https://api.cloudflare.com/client/v4/accounts/${ACCOUNT}/realtime/kit/${APP}`;
const rtkVars = { REALTIMEKIT_ACCOUNT_ID: ACCOUNT, REALTIMEKIT_APP_ID: APP, REALTIMEKIT_API_TOKEN: TOKEN };

type Seen = { method: string; url: string; authorization: string | null; body: Record<string, unknown> };
type Route = (seen: Seen, index: number) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * RealtimeKit as its API reference describes it: meetings get ids m-1, m-2, ...; participants get
 * a token naming the meeting, preset and custom id, so a test can tell which call made it.
 */
function fakeRealtimeKit(overrides: { meeting?: Route; participant?: Route } = {}) {
  const seen: Seen[] = [];
  let meetings = 0;
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry: Seen = {
      method: request.method,
      url: request.url,
      authorization: request.headers.get("authorization"),
      body: (await request.json()) as Record<string, unknown>,
    };
    seen.push(entry);
    const index = seen.length - 1;
    if (entry.url === `${APP_URL}/meetings`) {
      if (overrides.meeting) return overrides.meeting(entry, index);
      meetings += 1;
      return json(201, {
        success: true,
        data: {
          id: `m-${meetings}`,
          title: entry.body.title,
          status: "ACTIVE",
          created_at: "2026-07-01T00:00:00Z",
          updated_at: "2026-07-01T00:00:00Z",
        },
      });
    }
    const participant = entry.url.match(/\/meetings\/([^/]+)\/participants$/);
    if (participant) {
      if (overrides.participant) return overrides.participant(entry, index);
      return json(201, {
        success: true,
        data: {
          id: `p-${index}`,
          token: `tok:${participant[1]}:${String(entry.body.preset_name)}:${String(entry.body.custom_participant_id)}`,
          custom_participant_id: entry.body.custom_participant_id,
          preset_name: entry.body.preset_name,
          name: entry.body.name,
          created_at: "2026-07-01T00:00:00Z",
          updated_at: "2026-07-01T00:00:00Z",
        },
      });
    }
    return json(404, { success: false, errors: [{ code: 7003, message: "No route for that URI" }] });
  };
  return { fetch: fetcher, seen };
}

function providerWith(fake: ReturnType<typeof fakeRealtimeKit>, logged: Array<[string, Record<string, unknown>]> = []) {
  const config = liveVideoConfigFrom({ ENVIRONMENT: "test", ...rtkVars });
  if (config.provider !== "realtimekit") throw new Error("expected a RealtimeKit configuration");
  return realtimeKitLiveVideoProvider(config, db, { fetch: fake.fetch, log: (message, detail) => logged.push([message, detail]) });
}

const storedMeetingId = async (liveEventId: number) =>
  (
    await env.DB.prepare("SELECT video_meeting_id FROM live_events WHERE id = ?")
      .bind(liveEventId)
      .first<{ video_meeting_id: string | null }>()
  )?.video_meeting_id;

let ownerId = 0;
let fanclubId = 0;
const newEvent = () => insertLiveEvent(fanclubId, ownerId);
const hostJoin = (liveEventId: number): LiveVideoJoinInput => ({
  liveEventId,
  userId: ownerId,
  name: "あかり",
  iconUrl: "https://media.fanclub.example/icons/akari.png",
  role: "host",
});
const viewerJoin = (liveEventId: number, userId = 9001): LiveVideoJoinInput => ({
  liveEventId,
  userId,
  name: "Aoi",
  iconUrl: null,
  role: "viewer",
});

beforeAll(async () => {
  const owner = await confirmedAccount({ prefix: "rtk-owner", name: "あかり" });
  ownerId = owner.id;
  fanclubId = await insertFanclub(ownerId);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RealtimeKit provider", () => {
  it("creates the event's meeting on the first join, stores it, and reuses it for every later join", async () => {
    const liveEventId = await newEvent();
    const fake = fakeRealtimeKit();
    const provider = providerWith(fake);
    expect(await storedMeetingId(liveEventId)).toBeNull();

    const host = await provider.join(hostJoin(liveEventId));
    const viewer = await provider.join(viewerJoin(liveEventId));
    const again = await providerWith(fake).join(viewerJoin(liveEventId, 9002));

    expect(fake.seen.filter((s) => s.url === `${APP_URL}/meetings`)).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({ method: "POST", authorization: `Bearer ${TOKEN}`, body: { title: `live event ${liveEventId}` } });
    expect(await storedMeetingId(liveEventId)).toBe("m-1");
    expect(fake.seen.slice(1).map((s) => s.url)).toEqual([1, 2, 3].map(() => `${APP_URL}/meetings/m-1/participants`));
    expect([host.provider, viewer.provider, again.provider]).toEqual(["realtimekit", "realtimekit", "realtimekit"]);

    // another event gets a meeting of its own
    const other = await newEvent();
    await provider.join(viewerJoin(other));
    expect(await storedMeetingId(other)).toBe("m-2");
  });

  it("adds the owner with the host preset and a fan with the viewer preset, our user id as custom id, and hands back RealtimeKit's token", async () => {
    const liveEventId = await newEvent();
    const fake = fakeRealtimeKit();
    const provider = providerWith(fake);

    const host = await provider.join(hostJoin(liveEventId));
    const viewer = await provider.join(viewerJoin(liveEventId, 9001));

    const [hostCall, viewerCall] = fake.seen.slice(1);
    expect(hostCall).toMatchObject({
      method: "POST",
      authorization: `Bearer ${TOKEN}`,
      body: {
        preset_name: "webinar_presenter",
        custom_participant_id: String(ownerId),
        name: "あかり",
        picture: "https://media.fanclub.example/icons/akari.png",
      },
    });
    expect(viewerCall!.body).toEqual({ preset_name: "webinar_viewer", custom_participant_id: "9001", name: "Aoi" });
    expect(host).toEqual({ provider: "realtimekit", authToken: `tok:m-1:webinar_presenter:${ownerId}` });
    expect(viewer).toEqual({ provider: "realtimekit", authToken: "tok:m-1:webinar_viewer:9001" });
  });

  it("leaves out an icon RealtimeKit would refuse (not an absolute http URL)", async () => {
    const liveEventId = await newEvent();
    const fake = fakeRealtimeKit();
    await providerWith(fake).join({ ...viewerJoin(liveEventId), iconUrl: "/static/icons/default.png" });
    expect(fake.seen[1]!.body).not.toHaveProperty("picture");
  });

  it("ends two racing first joins in one stored meeting that both people join", async () => {
    const liveEventId = await newEvent();
    let release!: () => void;
    const bothCreating = new Promise<void>((resolve) => (release = resolve));
    let creations = 0;
    const fake = fakeRealtimeKit({
      // neither creation answers before both have asked: the worst interleaving
      meeting: async () => {
        creations += 1;
        const id = `race-${creations}`;
        if (creations === 2) release();
        await bothCreating;
        return json(201, { success: true, data: { id } });
      },
    });
    const provider = providerWith(fake);

    const [a, b] = await Promise.all([provider.join(viewerJoin(liveEventId, 9101)), provider.join(viewerJoin(liveEventId, 9102))]);

    expect(creations).toBe(2);
    const stored = await storedMeetingId(liveEventId);
    expect(["race-1", "race-2"]).toContain(stored);
    expect(a.provider === "realtimekit" && a.authToken).toBe(`tok:${stored}:webinar_viewer:9101`);
    expect(b.provider === "realtimekit" && b.authToken).toBe(`tok:${stored}:webinar_viewer:9102`);
    // a third join finds the stored one and creates nothing
    await provider.join(viewerJoin(liveEventId, 9103));
    expect(creations).toBe(2);
  });

  it("turns a refused meeting creation into LiveVideoUnavailableError, logs RealtimeKit's answer without the token, and stores nothing", async () => {
    const liveEventId = await newEvent();
    const logged: Array<[string, Record<string, unknown>]> = [];
    const fake = fakeRealtimeKit({
      meeting: () => json(403, { success: false, errors: [{ code: 10000, message: "Authentication error" }] }),
    });

    const failure = await providerWith(fake, logged)
      .join(hostJoin(liveEventId))
      .catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(LiveVideoUnavailableError);
    expect(failure).toMatchObject({ provider: "realtimekit", status: 403 });
    expect(await storedMeetingId(liveEventId)).toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toBe("RealtimeKit meeting creation failed");
    expect(logged[0]![1]).toMatchObject({ status: 403 });
    expect(String(logged[0]![1].body)).toContain("Authentication error");
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
  });

  it("turns a failed participant creation, an unreadable answer or no answer at all into LiveVideoUnavailableError", async () => {
    const liveEventId = await newEvent();
    const cases: Array<{ participant: Route; status: number | null }> = [
      { participant: () => json(500, { success: false, errors: [{ message: "internal" }] }), status: 500 },
      { participant: () => new Response("<html>bad gateway</html>", { status: 200 }), status: 200 },
      { participant: () => json(201, { success: true, data: { id: "p-x" } }), status: null },
      {
        participant: () => {
          throw new TypeError("Network connection lost.");
        },
        status: null,
      },
    ];
    for (const { participant, status } of cases) {
      const logged: Array<[string, Record<string, unknown>]> = [];
      const failure = await providerWith(fakeRealtimeKit({ participant }), logged)
        .join(viewerJoin(liveEventId))
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LiveVideoUnavailableError);
      expect((failure as LiveVideoUnavailableError).status).toBe(status);
      expect(logged.map(([message]) => message)).toEqual(["RealtimeKit participant creation failed"]);
    }
    // the meeting made by the first attempt stays the event's meeting
    expect(await storedMeetingId(liveEventId)).toBe("m-1");
  });
});

describe("choosing the provider from the Worker's variables", () => {
  const envWith = (vars: Record<string, string>) => ({ ...env, ...vars }) as Env;

  it("stays local with the worker's own variables (no secrets)", async () => {
    const provider = liveVideoProviderFrom(env, db);
    expect(provider.name).toBe("local");
    expect(await provider.join(viewerJoin(await newEvent()))).toEqual({ provider: "local", iceServers: [] });
  });

  it("picks RealtimeKit when its secrets are set and calls Cloudflare's API (or the test base) with them", async () => {
    const liveEventId = await newEvent();
    const fake = fakeRealtimeKit();
    vi.stubGlobal("fetch", fake.fetch);
    const provider = liveVideoProviderFrom(envWith(rtkVars), db);
    expect(provider.name).toBe("realtimekit");
    expect(await provider.join(hostJoin(liveEventId))).toEqual({
      provider: "realtimekit",
      authToken: `tok:m-1:webinar_presenter:${ownerId}`,
    });
    expect(fake.seen[0]!.url).toBe(`${APP_URL}/meetings`);

    const redirected = fakeRealtimeKit();
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new Request(input, init).url;
      expect(url.startsWith("http://rtk-fake.test/client/v4/accounts/")).toBe(true);
      return redirected.fetch(url.replace("http://rtk-fake.test/client/v4", "https://api.cloudflare.com/client/v4"), init);
    });
    await liveVideoProviderFrom(
      envWith({ ...rtkVars, REALTIMEKIT_API_BASE: "http://rtk-fake.test/client/v4", REALTIMEKIT_VIEWER_PRESET: "fans" }),
      db,
    ).join(viewerJoin(liveEventId));
    expect(redirected.seen.map((s) => s.body.preset_name)).toEqual(["fans"]);
  });

  it("refuses a half configuration and an API base override in production", () => {
    expect(() => liveVideoProviderFrom(envWith({ REALTIMEKIT_ACCOUNT_ID: ACCOUNT, REALTIMEKIT_APP_ID: APP }), db)).toThrow(
      /half configured/,
    );
    expect(() =>
      liveVideoProviderFrom(envWith({ ...rtkVars, ENVIRONMENT: "production", REALTIMEKIT_API_BASE: "http://rtk-fake.test/client/v4" }), db),
    ).toThrow(/REALTIMEKIT_API_BASE/);
  });
});

describe("RealtimeKit outage through the API", () => {
  it("answers start_live with a localized 503, never a 500, when RealtimeKit fails", async () => {
    const { default: worker } = await import("../../server/worker");
    const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
    const owner = await confirmedAccount({ name: "配信者", prefix: "rtkdown" });
    const fanclubId = await insertFanclub(owner.id);
    const liveEventId = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket" });
    // RealtimeKit answers every call with a server error
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new Request(input).url;
      if (url.startsWith("https://api.cloudflare.com/")) return json(500, { success: false, errors: [{ message: "boom" }] });
      throw new Error(`unexpected fetch ${url}`);
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const url = `http://www.fanclub.localhost/api/v1/live_events/${liveEventId}/start_live`;
      const request = new Request(url, {
        method: "POST",
        headers: {
          "x-requested-with": "XMLHttpRequest",
          accept: "application/json",
          "content-type": "application/json",
          cookie: owner.b.cookieHeader("www.fanclub.localhost"),
        },
        body: JSON.stringify({ mirror_mode: "auto" }),
      });
      const ctx = createExecutionContext();
      const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...rtkVars } as Env, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { payload: { message: string } }).payload.message).toBe(
        "ライブ映像に接続できませんでした。しばらくしてからもう一度お試しください。",
      );
      expect(fetchSpy).toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
