import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { liveEvents } from "../../../db/schema";
import type { RealtimeKitSettings } from "./config";
import { LiveVideoUnavailableError } from "./errors";
import type { LiveVideoJoinInput, LiveVideoProvider } from "./types";

/**
 * Cloudflare RealtimeKit, the production video provider (decision 023). The Worker talks to
 * RealtimeKit's REST API under Cloudflare's API v4 with an API token holding the Realtime
 * permission; the browser joins with RealtimeKit's web SDK and the participant token this returns.
 *
 * The calls, as documented in Cloudflare's API reference (Realtime Kit › Meetings) and its
 * generated TypeScript client:
 * - Create a meeting: `POST /accounts/{account_id}/realtime/kit/{app_id}/meetings`, body
 *   `{ title }` (all fields optional) → `{ success, data: { id, ... } }`.
 * - Add a participant: `POST /accounts/{account_id}/realtime/kit/{app_id}/meetings/{meeting_id}/participants`,
 *   body `{ custom_participant_id, preset_name, name?, picture? }` (picture must be a URI)
 *   → `{ success, data: { id, token, custom_participant_id, preset_name, ... } }`.
 * Both with `Authorization: Bearer {api token}`. RealtimeKit's answers carry `data`, not the
 * `result` of most of Cloudflare's API.
 *
 * One meeting per live event, made on the first join and kept in live_events.video_meeting_id:
 * a RealtimeKit meeting is a reusable room with one live session at a time, so every join of the
 * event meets in the same place. A participant is added on every join: RealtimeKit asks that
 * participant tokens are not reused, and the preset (what the person may do) is fixed per
 * participant. The custom participant id is our user id, so RealtimeKit's sessions and webhooks
 * can be mapped back to our users (RealtimeKit itself does not use it for access).
 */

/** How long one call to RealtimeKit may take before the person gets the 503 instead of waiting on. */
const CALL_TIMEOUT_MS = 10_000;
/** Enough of an error body to diagnose it without flooding the log. */
const LOGGED_BODY_CHARS = 2_000;

export interface RealtimeKitDeps {
  /** the HTTP client; tests pass a fake of RealtimeKit's API */
  fetch?: typeof fetch;
  /** where a failed call is reported (status and body, never the API token) */
  log?: (message: string, detail: Record<string, unknown>) => void;
}

type Failure = { what: string; status: number | null; detail: Record<string, unknown> };

export function realtimeKitLiveVideoProvider(settings: RealtimeKitSettings, db: Db, deps: RealtimeKitDeps = {}): LiveVideoProvider {
  // read the global at call time (tests may stub it) and never call it unbound (workerd refuses)
  const send: typeof fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const log = deps.log ?? ((message, detail) => console.error(message, detail));
  const appPath = `${settings.apiBase}/accounts/${encodeURIComponent(settings.accountId)}/realtime/kit/${encodeURIComponent(settings.appId)}`;

  function unavailable({ what, status, detail }: Failure): LiveVideoUnavailableError {
    log(`RealtimeKit ${what} failed`, { status, ...detail });
    return new LiveVideoUnavailableError(
      "realtimekit",
      status,
      `RealtimeKit ${what} failed${status === null ? "" : ` with HTTP ${status}`}`,
    );
  }

  /** POSTs to RealtimeKit and returns its `data` object; every failure becomes LiveVideoUnavailableError. */
  async function post(what: string, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await send(`${appPath}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.apiToken}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable({ what, status: null, detail: { error: error instanceof Error ? error.message : String(error) } });
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) throw unavailable({ what, status: res.status, detail: { body: text.slice(0, LOGGED_BODY_CHARS) } });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw unavailable({ what, status: res.status, detail: { body: text.slice(0, LOGGED_BODY_CHARS) } });
    }
    const envelope = json as { success?: unknown; data?: unknown } | null;
    if (!envelope || envelope.success !== true || typeof envelope.data !== "object" || envelope.data === null) {
      // a 2xx that is not a success: its keys say enough, and a body with data could hold a token
      throw unavailable({
        what,
        status: res.status,
        detail: { keys: envelope && typeof envelope === "object" ? Object.keys(envelope) : typeof json, success: envelope?.success },
      });
    }
    return envelope.data as Record<string, unknown>;
  }

  async function createMeeting(liveEventId: number): Promise<string> {
    // the title is only seen in RealtimeKit's dashboard; it names the event for whoever looks there
    const data = await post("meeting creation", "/meetings", { title: `live event ${liveEventId}` });
    if (typeof data.id !== "string" || data.id === "")
      throw unavailable({ what: "meeting creation", status: null, detail: { missing: "data.id", keys: Object.keys(data) } });
    return data.id;
  }

  async function addParticipant(meetingId: string, input: LiveVideoJoinInput): Promise<string> {
    const picture = absoluteHttpUrl(input.iconUrl);
    const data = await post("participant creation", `/meetings/${encodeURIComponent(meetingId)}/participants`, {
      custom_participant_id: String(input.userId),
      preset_name: input.role === "host" ? settings.hostPreset : settings.viewerPreset,
      name: input.name,
      ...(picture ? { picture } : {}),
    });
    if (typeof data.token !== "string" || data.token === "")
      throw unavailable({ what: "participant creation", status: null, detail: { missing: "data.token", keys: Object.keys(data) } });
    return data.token;
  }

  return {
    name: "realtimekit",
    async join(input) {
      const meetingId = await eventMeetingId(db, input.liveEventId, () => createMeeting(input.liveEventId));
      return { provider: "realtimekit", authToken: await addParticipant(meetingId, input) };
    },
  };
}

/**
 * The event's meeting id, creating the meeting on the first join. Two first joins at once may
 * both create one; only the first write lands (the WHERE ... IS NULL) and both read back the stored
 * id, so everybody meets in the same meeting and the other one is simply never used.
 */
async function eventMeetingId(db: Db, liveEventId: number, create: () => Promise<string>): Promise<string> {
  const current = await db.select({ meetingId: liveEvents.videoMeetingId }).from(liveEvents).where(eq(liveEvents.id, liveEventId)).get();
  if (!current) throw new Error(`live event ${liveEventId} does not exist`);
  if (current.meetingId) return current.meetingId;
  const created = await create();
  const [, stored] = await db.batch([
    db
      .update(liveEvents)
      .set({ videoMeetingId: created })
      .where(and(eq(liveEvents.id, liveEventId), isNull(liveEvents.videoMeetingId))),
    db.select({ meetingId: liveEvents.videoMeetingId }).from(liveEvents).where(eq(liveEvents.id, liveEventId)),
  ]);
  return stored[0]?.meetingId ?? created;
}

/** RealtimeKit takes a picture only as a URI; a relative or missing icon is left out rather than refused. */
function absoluteHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
