import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * The video element of a live. Browsers refuse to start sound without a gesture, so a stream that
 * cannot play with sound starts muted and offers a button to turn the sound on.
 */
export function LivePlayer({
  stream,
  mirror,
  muted: alwaysMuted = false,
  label,
}: {
  stream: MediaStream | null;
  mirror: boolean;
  muted?: boolean;
  label: string;
}) {
  const { t } = useTranslation("lives");
  const ref = useRef<HTMLVideoElement>(null);
  const [needsSound, setNeedsSound] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (!stream) return;
    video.muted = alwaysMuted;
    video.play().catch(() => {
      if (alwaysMuted) return;
      video.muted = true;
      setNeedsSound(true);
      void video.play().catch((error) => console.warn("live: the video cannot play", error));
    });
  }, [stream, alwaysMuted]);

  return (
    <>
      <video
        ref={ref}
        className="live-video"
        data-live-video
        data-mirror={mirror}
        playsInline
        autoPlay
        muted={alwaysMuted}
        aria-label={label}
        hidden={!stream}
      />
      {needsSound ? (
        <button
          type="button"
          className="button button-small live-sound"
          onClick={() => {
            if (ref.current) ref.current.muted = false;
            setNeedsSound(false);
          }}
        >
          {t("watch.soundOn")}
        </button>
      ) : null}
    </>
  );
}
