import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * The browser's RealtimeKit session against a stand-in for the SDK's surface it uses (RealtimeKit's
 * web core SDK 2.0: init, join and leave, enabling and disabling self media with custom tracks,
 * stage, the joined participants map and its events). The stand-in behaves like the SDK where it matters to the
 * page: enabling video while it is on does nothing, and disabling stops the custom track it was
 * given. Browsers' media objects are played by small fakes (this runs in Node).
 */

class FakeTrack {
  static seq = 0;
  readonly id = `t${FakeTrack.seq++}`;
  stopped = false;
  constructor(
    readonly kind: "audio" | "video",
    readonly label: string,
  ) {}
  stop() {
    this.stopped = true;
  }
  clone() {
    return new FakeTrack(this.kind, `${this.label} clone`);
  }
}

class FakeStream {
  constructor(readonly tracks: FakeTrack[] = []) {}
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === "audio");
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === "video");
  }
}

class Emitter {
  private handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

class JoinedMap extends Map<string, FakeParticipant> {
  private events = new Emitter();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.events.on(event, handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.events.off(event, handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.events.emit(event, ...args);
  }
}

interface FakeParticipant {
  id: string;
  videoEnabled: boolean;
  audioEnabled: boolean;
  screenShareEnabled: boolean;
  videoTrack: FakeTrack | null;
  audioTrack: FakeTrack | null;
  screenShareTracks: { video: FakeTrack | null; audio: FakeTrack | null };
}

class FakeSelf extends Emitter {
  audioEnabled = false;
  videoEnabled = false;
  audio: FakeTrack | null = null;
  video: FakeTrack | null = null;
  constructor(private canPublish: boolean) {
    super();
  }
  async enableAudio(track: FakeTrack) {
    if (!this.canPublish || this.audioEnabled) return;
    this.audio = track;
    this.audioEnabled = true;
  }
  async enableVideo(track: FakeTrack) {
    if (!this.canPublish || this.videoEnabled) return;
    this.video = track;
    this.videoEnabled = true;
  }
  async disableVideo() {
    this.video?.stop();
    this.video = null;
    this.videoEnabled = false;
  }
  async disableAudio() {
    this.audio?.stop();
    this.audio = null;
    this.audioEnabled = false;
  }
}

function fakeMeeting(options: { canPublish?: boolean; stageStatus?: string; joinFails?: boolean } = {}) {
  const stage = {
    status: options.stageStatus ?? "ON_STAGE",
    joins: 0,
    async join() {
      stage.joins += 1;
      stage.status = "ON_STAGE";
    },
  };
  return {
    self: new FakeSelf(options.canPublish ?? true),
    stage,
    participants: { joined: new JoinedMap() },
    join: vi.fn(async () => {
      if (options.joinFails) throw new Error("socket refused");
    }),
    leave: vi.fn(async () => undefined),
  };
}

let meeting = fakeMeeting();
const init = vi.fn(async (_options: unknown) => meeting);
vi.mock("@cloudflare/realtimekit", () => ({ default: { init: (options: unknown) => init(options) } }));

const { createRealtimeKitSession } = await import("../../app/components/lives/video/realtimekit");
const join = { provider: "realtimekit" as const, authToken: "participant-token" };
const asStream = (stream: FakeStream) => stream as unknown as MediaStream;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubEnv("SSR", false);
  vi.stubGlobal("MediaStream", FakeStream);
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  init.mockClear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe("RealtimeKit session in the browser", () => {
  it("joins with the participant token, opening no camera or microphone of its own, and asks for 480p, 720p screen and stereo", async () => {
    meeting = fakeMeeting();
    await createRealtimeKitSession(join);
    expect(init).toHaveBeenCalledWith({
      authToken: "participant-token",
      defaults: {
        audio: false,
        video: false,
        mediaConfiguration: {
          video: { width: { ideal: 640 }, height: { ideal: 480 } },
          screenshare: { width: { max: 1280 }, height: { max: 720 } },
          audio: { enableStereo: true, enableHighBitrate: true },
        },
      },
    });
    expect(meeting.join).toHaveBeenCalledOnce();
  });

  it("publishes clones of the page's tracks, steps a webinar presenter onto the stage, and swaps camera and screen without killing the camera", async () => {
    meeting = fakeMeeting({ stageStatus: "ACCEPTED_TO_JOIN_STAGE" });
    const session = await createRealtimeKitSession(join);
    const camera = new FakeTrack("video", "camera");
    const mic = new FakeTrack("audio", "mic");

    await session.publish({ stream: asStream(new FakeStream([camera, mic])), cameraId: "cam-1", microphoneId: "mic-1" });
    expect(meeting.stage.joins).toBe(1);
    expect(meeting.self.videoEnabled && meeting.self.audioEnabled).toBe(true);
    expect(meeting.self.video?.label).toBe("camera clone");
    expect(meeting.self.audio?.label).toBe("mic clone");

    const screen = new FakeTrack("video", "screen");
    await session.replaceVideoTrack(screen as unknown as MediaStreamTrack);
    expect(meeting.self.video?.label).toBe("screen clone");
    expect(camera.stopped).toBe(false);

    await session.replaceVideoTrack(camera as unknown as MediaStreamTrack);
    expect(meeting.self.video?.label).toBe("camera clone");
    expect(meeting.self.videoEnabled).toBe(true);
    expect([camera.stopped, screen.stopped, mic.stopped]).toEqual([false, false, false]);

    await session.unpublish();
    expect(meeting.self.videoEnabled || meeting.self.audioEnabled).toBe(false);
    expect(camera.stopped || mic.stopped).toBe(false);
  });

  it("refuses to pretend it is on air when the preset does not let this participant publish", async () => {
    meeting = fakeMeeting({ canPublish: false });
    const session = await createRealtimeKitSession(join);
    await expect(
      session.publish({ stream: asStream(new FakeStream([new FakeTrack("video", "camera")])), cameraId: null, microphoneId: null }),
    ).rejects.toThrow(/did not take the video track/);
  });

  it("gives a viewer the publisher's video and audio as one stream, and null when they stop or the room is left", async () => {
    meeting = fakeMeeting({ canPublish: false });
    const session = await createRealtimeKitSession(join);
    const seen: Array<FakeStream | null> = [];
    session.onRemoteStream((stream) => seen.push(stream as unknown as FakeStream | null));

    const owner: FakeParticipant = {
      id: "peer-owner",
      videoEnabled: false,
      audioEnabled: false,
      screenShareEnabled: false,
      videoTrack: null,
      audioTrack: null,
      screenShareTracks: { video: null, audio: null },
    };
    const fan: FakeParticipant = { ...owner, id: "peer-fan" };
    meeting.participants.joined.set(fan.id, fan);
    meeting.participants.joined.set(owner.id, owner);
    meeting.participants.joined.emit("participantJoined", owner);
    expect(seen).toEqual([]);

    const video = new FakeTrack("video", "remote video");
    const audio = new FakeTrack("audio", "remote audio");
    Object.assign(owner, { videoEnabled: true, videoTrack: video });
    meeting.participants.joined.emit("videoUpdate", owner, { videoEnabled: true, videoTrack: video });
    Object.assign(owner, { audioEnabled: true, audioTrack: audio });
    meeting.participants.joined.emit("audioUpdate", owner, { audioEnabled: true, audioTrack: audio });
    expect(seen.map((s) => s?.tracks.map((t) => t.label))).toEqual([["remote video"], ["remote video", "remote audio"]]);

    // a late listener gets the stream that is already there
    const late: Array<unknown> = [];
    session.onRemoteStream((stream) => late.push(stream));
    expect(late).toHaveLength(1);

    Object.assign(owner, { videoEnabled: false, audioEnabled: false });
    meeting.participants.joined.emit("videoUpdate", owner, { videoEnabled: false });
    expect(seen.at(-1)).toBeNull();

    Object.assign(owner, { videoEnabled: true });
    meeting.participants.joined.emit("videoUpdate", owner, { videoEnabled: true });
    expect(seen.at(-1)?.tracks).toEqual([video]);
    meeting.self.emit("roomLeft", { state: "disconnected" });
    expect(seen.at(-1)).toBeNull();
    expect(warn).toHaveBeenCalledWith("RealtimeKit: left the live video", "disconnected");
  });

  it("leaves the meeting on close and stops telling the page about streams", async () => {
    meeting = fakeMeeting({ canPublish: false });
    const session = await createRealtimeKitSession(join);
    const seen: unknown[] = [];
    session.onRemoteStream((stream) => seen.push(stream));
    session.close();
    expect(meeting.leave).toHaveBeenCalledOnce();
    const owner: FakeParticipant = {
      id: "p",
      videoEnabled: true,
      audioEnabled: false,
      screenShareEnabled: false,
      videoTrack: new FakeTrack("video", "v"),
      audioTrack: null,
      screenShareTracks: { video: null, audio: null },
    };
    meeting.participants.joined.set(owner.id, owner);
    meeting.participants.joined.emit("videoUpdate", owner, {});
    expect(seen).toEqual([]);
  });

  it("only logs a failed join: the page gets a session with no stream that cannot publish, and the half-joined meeting is left", async () => {
    meeting = fakeMeeting({ joinFails: true });
    const session = await createRealtimeKitSession(join);
    expect(warn).toHaveBeenCalledWith("RealtimeKit: joining the live video failed; leaving the video", expect.any(Error));
    expect(meeting.leave).toHaveBeenCalledOnce();
    const seen: unknown[] = [];
    session.onRemoteStream((stream) => seen.push(stream));
    expect(seen).toEqual([]);
    await expect(session.publish({ stream: asStream(new FakeStream()), cameraId: null, microphoneId: null })).rejects.toThrow(
      /not in the live video/,
    );
    await expect(session.unpublish()).resolves.toBeUndefined();
    expect(() => session.close()).not.toThrow();
  });

  it("never loads the SDK in the server build", async () => {
    vi.stubEnv("SSR", true);
    const session = await createRealtimeKitSession(join);
    expect(init).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    const seen: unknown[] = [];
    session.onRemoteStream((stream) => seen.push(stream));
    expect(seen).toEqual([]);
  });
});
