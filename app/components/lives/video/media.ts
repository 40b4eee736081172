/**
 * Spec §9 live constants in the browser: camera 480p, screen share 720p, stereo audio. Voice
 * processing is off for the stereo music a live usually carries (echo cancellation mixes to mono).
 */
export function cameraConstraints(cameraId: string | null, microphoneId: string | null): MediaStreamConstraints {
  return {
    video: {
      ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
      width: { ideal: 640 },
      height: { ideal: 480 },
      frameRate: { ideal: 30 },
    },
    audio:
      microphoneId === "none"
        ? false
        : {
            ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}),
            channelCount: { ideal: 2 },
            echoCancellation: false,
            noiseSuppression: false,
            autoGainControl: false,
          },
  };
}

export const SCREEN_SHARE_CONSTRAINTS: DisplayMediaStreamOptions = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
  audio: false,
};
