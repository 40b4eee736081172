import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { MIRROR_MODES, mirrorFor, type MirrorMode } from "../../../../server/domain/live-room";
import { ChatPanel } from "~/components/lives/room/chat-panel";
import { ticketFrom, type TicketSource } from "~/components/lives/room/live-room-connection";
import { useLiveRoom } from "~/components/lives/room/use-live-room";
import { cameraConstraints, SCREEN_SHARE_CONSTRAINTS } from "~/components/lives/video/media";
import { LivePlayer } from "~/components/lives/watch/live-player";

type Phase = "idle" | "starting" | "live";

interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/**
 * The streamer view (issue 7) on /me/fanclub/live_events/{id}, for the event's owner only: choose
 * camera, microphone and mirror mode with a preview, start (the start-live call with camera id,
 * microphone id and mirror mode), share the screen in place of the camera, stop. The chat panel
 * beside it moderates. The room ends the stream when its token expires (spec §4).
 */
export default function StreamerView({
  liveEventId,
  publicUrl,
  onOnAirChange,
}: {
  liveEventId: number;
  publicUrl: string;
  /** what the room says about on air once it welcomed this page (the status line follows it) */
  onOnAirChange?: (onAir: boolean) => void;
}) {
  const { t } = useTranslation("lives");
  const room = useLiveRoom(ticketFrom(liveEventId, "room_ticket"));
  const { view, session, send, switchTicket, ticket } = room;
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string>("");
  const [microphoneId, setMicrophoneId] = useState<string>("");
  const [mirrorMode, setMirrorMode] = useState<MirrorMode>("auto");
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [sharing, setSharing] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [problem, setProblem] = useState<string | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);

  const stopTracks = (s: MediaStream | null) => s?.getTracks().forEach((track) => track.stop());

  /** Opens the chosen camera and microphone for the preview (and, once live, for the stream). */
  const openMedia = useCallback(
    async (camera: string, microphone: string) => {
      try {
        const next = await navigator.mediaDevices.getUserMedia(cameraConstraints(camera || null, microphone || null));
        stopTracks(streamRef.current);
        streamRef.current = next;
        setStream(next);
        setProblem(null);
        const list = await navigator.mediaDevices.enumerateDevices();
        setDevices({ cameras: list.filter((d) => d.kind === "videoinput"), microphones: list.filter((d) => d.kind === "audioinput") });
        setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? camera);
        setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId ?? microphone);
      } catch (error) {
        console.warn("live: camera or microphone refused", error);
        setProblem(t("stream.mediaRefused"));
      }
    },
    [t],
  );

  useEffect(() => {
    void openMedia("", "");
    return () => {
      stopTracks(streamRef.current);
      screenRef.current?.stop();
    };
  }, [openMedia]);

  // publish once the start-live ticket's socket is open, and again on every reconnect while live
  useEffect(() => {
    if (phase === "idle" || !session || !streamRef.current || view.connection.kind !== "open" || ticket?.streamUntil === undefined) return;
    session.publish({ stream: streamRef.current, cameraId: cameraId || null, microphoneId: microphoneId || null }).then(
      () => {
        send({ type: "publish", mirrorMode });
        setPhase("live");
      },
      // the provider could not publish (its join failed): say so rather than show an empty "on air"
      (error) => {
        console.warn("live: publishing failed", error);
        setPhase("idle");
        setProblem(t("stream.startFailed"));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- publishes on a new welcome (each reconnect), a new session or the start; the stream, devices and mirror in use are read at that moment
  }, [view.welcomes, session, phase === "idle"]);

  // the room ended the stream (its token expired): stop sending
  useEffect(() => {
    if (!view.streamEnded) return;
    void session?.unpublish();
    setPhase("idle");
  }, [view.streamEnded, session]);

  const start = async () => {
    setProblem(null);
    setPhase("starting");
    const source = ticketFrom(liveEventId, "start_live", { camera_id: cameraId, microphone_id: microphoneId, mirror_mode: mirrorMode });
    const first = await source({ withVideo: true });
    if (!first.ok) {
      setPhase("idle");
      setProblem(first.message || t("stream.startFailed"));
      return;
    }
    // the first answer opens the socket; a reconnect asks start_live again (a fresh ticket)
    let used = false;
    const reuse: TicketSource = async (request) => {
      if (used) return source(request);
      used = true;
      return first;
    };
    switchTicket(reuse);
  };

  const stop = async () => {
    send({ type: "unpublish" });
    await session?.unpublish();
    setPhase("idle");
  };

  const shareScreen = async () => {
    if (sharing) return backToCamera();
    try {
      const screenStream = await navigator.mediaDevices.getDisplayMedia(SCREEN_SHARE_CONSTRAINTS);
      const track = screenStream.getVideoTracks()[0];
      if (!track) return;
      screenRef.current = track;
      track.addEventListener("ended", () => void backToCamera());
      await session?.replaceVideoTrack(track);
      const preview = new MediaStream([track, ...(streamRef.current?.getAudioTracks() ?? [])]);
      setStream(preview);
      setSharing(true);
    } catch (error) {
      console.warn("live: screen share refused", error);
    }
  };

  const backToCamera = async () => {
    screenRef.current?.stop();
    screenRef.current = null;
    setSharing(false);
    const camera = streamRef.current?.getVideoTracks()[0];
    if (camera) await session?.replaceVideoTrack(camera);
    setStream(streamRef.current);
  };

  const live = phase === "live" && view.onAir;
  const welcomed = view.welcomes > 0;
  useEffect(() => {
    if (welcomed) onOnAirChange?.(view.onAir);
  }, [welcomed, view.onAir, onOnAirChange]);
  const busy = phase === "starting";
  return (
    <section className="streamer" data-streamer data-phase={phase} aria-label={t("stream.title")}>
      <h2>{t("stream.title")}</h2>
      <div className="live-stage">
        <div className="live-player" data-live-player data-state={live ? "onAir" : "preview"}>
          <LivePlayer stream={stream} mirror={!sharing && mirrorFor(mirrorMode, "preview")} muted label={t("stream.preview")} />
          <span className="live-badge" data-on-air={live}>
            {live ? t("watch.onAir") : t("stream.preview")}
          </span>
        </div>
        <ChatPanel view={view} send={send} hidden={false} />
      </div>
      <div className="streamer-controls">
        <DeviceSelect
          label={t("stream.camera")}
          devices={devices.cameras}
          value={cameraId}
          disabled={phase !== "idle"}
          unnamed={(n) => t("stream.cameraN", { n })}
          onChange={(id) => void openMedia(id, microphoneId)}
        />
        <DeviceSelect
          label={t("stream.microphone")}
          devices={devices.microphones}
          value={microphoneId}
          disabled={phase !== "idle"}
          unnamed={(n) => t("stream.microphoneN", { n })}
          onChange={(id) => void openMedia(cameraId, id)}
        />
        <label>
          {t("stream.mirror")}
          <select value={mirrorMode} disabled={phase !== "idle"} onChange={(e) => setMirrorMode(e.target.value as MirrorMode)}>
            {MIRROR_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`stream.mirrorModes.${mode}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="actions">
        {phase === "idle" ? (
          <button
            type="button"
            className="button"
            disabled={!stream || view.connection.kind !== "open"}
            onClick={() => void start()}
            data-start-live
          >
            {t("stream.start")}
          </button>
        ) : (
          <>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void stop()} data-stop-live>
              {t("stream.stop")}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || typeof navigator.mediaDevices?.getDisplayMedia !== "function"}
              onClick={() => void shareScreen()}
            >
              {sharing ? t("stream.backToCamera") : t("stream.shareScreen")}
            </button>
          </>
        )}
        <a className="button button-secondary" href={publicUrl} target="_blank" rel="noreferrer">
          {t("stream.openPublic")}
        </a>
      </div>
      <p className="muted small" role="status" data-streamer-status>
        {problem ??
          view.streamEnded ??
          (live ? t("stream.liveNote", { count: view.presence }) : busy ? t("stream.starting") : t("stream.idleNote"))}
      </p>
    </section>
  );
}

/** A camera or microphone choice; browsers name devices only once access was granted. */
function DeviceSelect(props: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string;
  disabled: boolean;
  unnamed: (n: number) => string;
  onChange: (deviceId: string) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)}>
        {props.devices.map((d, i) => (
          <option key={d.deviceId || i} value={d.deviceId}>
            {d.label || props.unnamed(i + 1)}
          </option>
        ))}
      </select>
    </label>
  );
}
