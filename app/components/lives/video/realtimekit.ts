import type RealtimeKitClient from "@cloudflare/realtimekit";
import type { RTKParticipant } from "@cloudflare/realtimekit";
import type { LiveVideoJoin, LiveVideoSession, PublishedMedia } from "./types";

/**
 * The live page's video through Cloudflare RealtimeKit (production; decision 023). The Worker
 * already made the event's meeting and this person's participant, with the host preset for the
 * event's owner and the viewer preset for everyone else; the browser only joins with the token.
 *
 * Load this module with `import()` only: the SDK is several hundred kilobytes and must stay out of
 * every page's first-visit JS. The SDK itself is imported lazily below as well, so even a static
 * import of this file would not pull it in.
 *
 * SDK calls used (RealtimeKit web core SDK, `@cloudflare/realtimekit`, its RealtimeKitClient, Self,
 * Stage and participant map references): `RealtimeKitClient.init({ authToken, defaults })`,
 * `meeting.join()`, `meeting.leave()`, `meeting.self.enableAudio(track)` /
 * `enableVideo(track)` / `disableAudio()` / `disableVideo()` with tracks the page opened itself,
 * `meeting.stage.join()` for a webinar presenter, and `meeting.participants.joined` with its
 * participantJoined / participantLeft / videoUpdate / audioUpdate / screenShareUpdate events.
 *
 * Spec §9 (camera 480p, screen share 720p, stereo audio, h264): the page opens the camera and the
 * screen at those sizes and hands over the tracks; the init defaults below ask the same of anything
 * the SDK opens itself and ask for stereo, high-bitrate Opus. The SDK 2.0 produces video as VP8
 * whatever is asked (it hard-codes the codec for camera and screen producers), so h264 cannot be
 * chosen here; the encodings follow the presets' media settings in the RealtimeKit dashboard.
 */

type Meeting = Awaited<ReturnType<typeof RealtimeKitClient.init>>;
type RealtimeKitJoin = Extract<LiveVideoJoin, { provider: "realtimekit" }>;

const CAMERA_480P = { width: { ideal: 640 }, height: { ideal: 480 } };
const SCREEN_720P = { width: { max: 1280 }, height: { max: 720 } };
const STEREO_AUDIO = { enableStereo: true, enableHighBitrate: true };

/**
 * Joins the event's RealtimeKit meeting. Never rejects: a failed join is only logged and the
 * person leaves the video (spec §4), getting a session that shows no stream and cannot publish;
 * the chat, which is the live room's, goes on.
 */
export async function createRealtimeKitSession(join: RealtimeKitJoin): Promise<LiveVideoSession> {
  let meeting: Meeting | null = null;
  try {
    // a constant false in the server build, where the import then drops out: the Worker's bundle
    // would otherwise carry the whole SDK (about 1.2 MB) for code that only runs in browsers
    const sdk = import.meta.env.SSR ? null : await import("@cloudflare/realtimekit");
    if (!sdk) throw new Error("RealtimeKit runs in the browser only");
    meeting = await sdk.default.init({
      authToken: join.authToken,
      // nothing is opened at join: viewers never need a camera, and the owner publishes the tracks
      // of the streamer view (its chosen camera and microphone) when going on air
      defaults: { audio: false, video: false, mediaConfiguration: { video: CAMERA_480P, screenshare: SCREEN_720P, audio: STEREO_AUDIO } },
    });
    await meeting.join();
    return joinedSession(meeting);
  } catch (error) {
    console.warn("RealtimeKit: joining the live video failed; leaving the video", error);
    if (meeting) void meeting.leave().catch(() => undefined);
    return unjoinedSession();
  }
}

function unjoinedSession(): LiveVideoSession {
  const notJoined = () => Promise.reject(new Error("RealtimeKit: not in the live video (the join failed)"));
  return {
    publish: notJoined,
    replaceVideoTrack: notJoined,
    unpublish: async () => undefined,
    onRemoteStream: () => () => undefined,
    close: () => undefined,
  };
}

function joinedSession(meeting: Meeting): LiveVideoSession {
  const listeners = new Set<(stream: MediaStream | null) => void>();
  let remote: MediaStream | null = null;
  let remoteKey = "";
  let closed = false;

  /*
   * The SDK stops a custom track when that media is disabled or replaced (it treats the track as
   * its own), which would kill the page's camera preview and make switching back from a screen
   * share impossible. It therefore gets clones, which this session stops when they are replaced.
   */
  const sent: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } = { audio: null, video: null };
  const stopSent = (kind: "audio" | "video") => {
    sent[kind]?.stop();
    sent[kind] = null;
  };

  // the SDK silently ignores an enable/disable that arrives while another one is running: one at a time
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const emit = (stream: MediaStream | null) => {
    for (const listener of listeners) listener(stream);
  };

  /** The publisher is whoever sends media: only the owner's host preset may, so there is at most one. */
  const refresh = () => {
    if (closed) return;
    let tracks: MediaStreamTrack[] = [];
    for (const participant of meeting.participants.joined.values()) {
      tracks = publishedTracks(participant);
      if (tracks.length > 0) break;
    }
    const key = tracks.map((track) => track.id).join("|");
    if (key === remoteKey) return;
    remoteKey = key;
    remote = tracks.length > 0 ? new MediaStream(tracks) : null;
    emit(remote);
  };

  const joined = meeting.participants.joined;
  const mapEvents = [
    "participantJoined",
    "participantLeft",
    "videoUpdate",
    "audioUpdate",
    "screenShareUpdate",
    "participantsCleared",
  ] as const;
  for (const event of mapEvents) joined.on(event, refresh);
  const onRoomLeft = ({ state }: { state: string }) => {
    // kicked, ended, failed or disconnected: the video is gone until the SDK joins again
    if (state !== "left") console.warn("RealtimeKit: left the live video", state);
    remoteKey = "";
    if (remote) {
      remote = null;
      emit(null);
    }
  };
  meeting.self.on("roomLeft", onRoomLeft);
  meeting.self.on("roomJoined", refresh);
  refresh();

  /** What the SDK accepted is only visible afterwards: its enable calls swallow their own errors. */
  const assertSending = (kind: "audio" | "video") => {
    const enabled = kind === "audio" ? meeting.self.audioEnabled : meeting.self.videoEnabled;
    if (!enabled) throw new Error(`RealtimeKit did not take the ${kind} track (the participant's preset may not allow publishing)`);
  };

  return {
    publish: ({ stream }: PublishedMedia) =>
      serially(async () => {
        // a webinar presenter is let onto the stage at join but must step on it to be seen; in a
        // group call the status is already ON_STAGE
        if (meeting.stage.status === "ACCEPTED_TO_JOIN_STAGE") await meeting.stage.join();
        // the page opened the stream with the chosen camera and microphone; the SDK sends those
        // tracks as they are, so its own device choice (cameraId, microphoneId) is not involved
        const audio = stream.getAudioTracks()[0];
        const video = stream.getVideoTracks()[0];
        if (audio) {
          stopSent("audio");
          sent.audio = audio.clone();
          await meeting.self.enableAudio(sent.audio);
          assertSending("audio");
        }
        if (video) {
          stopSent("video");
          sent.video = video.clone();
          await meeting.self.enableVideo(sent.video);
          assertSending("video");
        }
      }),
    replaceVideoTrack: (track: MediaStreamTrack) =>
      serially(async () => {
        // the SDK enables video only when it is off: swap by turning it off and on with the new track
        const previous = sent.video;
        await meeting.self.disableVideo();
        sent.video = track.clone();
        await meeting.self.enableVideo(sent.video);
        previous?.stop();
        assertSending("video");
      }),
    unpublish: () =>
      serially(async () => {
        // the owner stays in the meeting (on the stage) so going on air again is one call away;
        // viewers see the video and audio go through their participant events
        await meeting.self.disableVideo();
        await meeting.self.disableAudio();
        stopSent("video");
        stopSent("audio");
      }),
    onRemoteStream(listener) {
      listeners.add(listener);
      if (remote) listener(remote);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      if (closed) return;
      closed = true;
      for (const event of mapEvents) joined.off(event, refresh);
      meeting.self.off("roomLeft", onRoomLeft);
      meeting.self.off("roomJoined", refresh);
      if (remote) emit(null);
      remote = null;
      listeners.clear();
      void meeting
        .leave()
        .catch((error: unknown) => console.warn("RealtimeKit: leaving the live video failed", error))
        .finally(() => {
          stopSent("video");
          stopSent("audio");
        });
    },
  };
}

/** A screen shared through RealtimeKit's own screen share wins over the camera, as on any RealtimeKit page. */
function publishedTracks(participant: RTKParticipant): MediaStreamTrack[] {
  const video =
    participant.screenShareEnabled && participant.screenShareTracks?.video
      ? participant.screenShareTracks.video
      : participant.videoEnabled
        ? participant.videoTrack
        : null;
  const audio = participant.audioEnabled ? participant.audioTrack : null;
  return [video, audio].filter((track): track is MediaStreamTrack => Boolean(track));
}
