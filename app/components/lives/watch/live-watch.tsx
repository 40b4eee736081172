import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { ChatPanel } from "../room/chat-panel";
import { ticketFrom } from "../room/live-room-connection";
import { useLiveRoom } from "../room/use-live-room";
import { LivePlayer } from "./live-player";

export interface LiveWatchProps {
  liveEventId: number;
  title: string;
  /** what the player says while the owner is not on air (starts at…, on air soon) */
  waitingText: string;
  /** the bottom bar: the buyer's ticket, or the creator's way to the streamer view */
  ticketTitle: string | null;
  streamerHref: string | null;
  /** what the room says about on air, once it has welcomed this page (the page's badge follows it) */
  onOnAirChange?: (onAir: boolean) => void;
}

/**
 * The watch area of /fanclubs/{id}/lives/{liveId} for someone who may watch (spec §2 live page):
 * the player, the chat panel (350 px, hideable), a full-screen mode that turns phones sideways,
 * and the bottom bar for buyers or creators. Loaded after the page, in its own chunk.
 */
export default function LiveWatch({ liveEventId, title, waitingText, ticketTitle, streamerHref, onOnAirChange }: LiveWatchProps) {
  const { t } = useTranslation("lives");
  const { view, session, send } = useLiveRoom(ticketFrom(liveEventId, "room_ticket"));
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [chatOpen, setChatOpen] = useState(true);
  const stageRef = useRef<HTMLElement>(null);

  useEffect(() => (session ? session.onRemoteStream(setStream) : undefined), [session]);
  const welcomed = view.welcomes > 0;
  useEffect(() => {
    if (welcomed) onOnAirChange?.(view.onAir);
  }, [welcomed, view.onAir, onOnAirChange]);

  const fullScreen = async () => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) return void document.exitFullscreen();
    try {
      await stage.requestFullscreen();
      // spec §2: horizontal full screen on mobile; desktops refuse the lock, which is fine
      await (screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> }).lock?.("landscape");
    } catch (error) {
      console.warn("live: full screen refused", error);
    }
  };

  const refused = view.connection.kind === "refused" ? view.connection.message : null;
  const playing = view.onAir && stream !== null;
  const status =
    refused ??
    (view.onAir ? (stream ? null : t("watch.connecting")) : view.connection.kind === "retrying" ? t("watch.reconnecting") : waitingText);

  return (
    <>
      <section
        className="live-stage"
        ref={stageRef}
        aria-label={t("public.watch")}
        data-live-stage
        data-on-air={view.onAir}
        data-connection={view.connection.kind}
      >
        <div className="live-player" data-live-player data-state={playing ? "playing" : view.onAir ? "onAir" : "waiting"}>
          <LivePlayer stream={view.onAir ? stream : null} mirror={view.mirror} label={title} />
          {status ? (
            <p className="live-player-status" role="status">
              {status}
            </p>
          ) : null}
          <span className="live-badge" data-on-air={view.onAir}>
            {view.onAir ? t("watch.onAir") : t("watch.offAir")}
          </span>
        </div>
        <ChatPanel view={view} send={send} hidden={!chatOpen} onHide={() => setChatOpen(false)} />
      </section>
      <div className="live-bottom-bar" data-live-bottom-bar>
        {ticketTitle ? <span className="small">{t("public.yourTicket", { title: ticketTitle })}</span> : null}
        {streamerHref ? (
          <a className="button button-small" href={streamerHref}>
            {t("watch.toStreamer")}
          </a>
        ) : null}
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={chatOpen}
          onClick={() => setChatOpen((v) => !v)}
        >
          {chatOpen ? t("watch.hideChat") : t("watch.showChat")}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => void fullScreen()}>
          {t("watch.fullScreen")}
        </button>
      </div>
    </>
  );
}
