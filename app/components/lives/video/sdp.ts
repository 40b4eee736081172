/**
 * Spec §9 asks for stereo audio and h264. Browsers negotiate Opus in mono unless the SDP's fmtp
 * line for Opus says `stereo=1` (what we want to receive) and `sprop-stereo=1` (what we send), so
 * both sides add them; h264 is put first in the codec preferences where the browser has it.
 */
export function withStereoOpus(sdp: string): string {
  const opus = /^a=rtpmap:(\d+) opus\/48000\/2\r?$/im.exec(sdp);
  if (!opus) return sdp;
  const pt = opus[1];
  return sdp.replace(new RegExp(`^(a=fmtp:${pt} )(.*?)(\\r?)$`, "m"), (_line, head: string, params: string, cr: string) => {
    const kept = params
      .split(";")
      .map((p) => p.trim())
      .filter((p) => p && !/^(stereo|sprop-stereo)=/.test(p));
    return `${head}${[...kept, "stereo=1", "sprop-stereo=1"].join(";")}${cr}`;
  });
}

/** The codecs in the order to offer them: h264 first, the rest as the browser ranked them. */
export function h264First<T extends { mimeType: string }>(codecs: readonly T[]): T[] {
  const h264 = codecs.filter((c) => c.mimeType.toLowerCase() === "video/h264");
  return [...h264, ...codecs.filter((c) => c.mimeType.toLowerCase() !== "video/h264")];
}
