import { describe, expect, it } from "vitest";
import { h264First, withStereoOpus } from "../../app/components/lives/video/sdp";
import { parseIceServers } from "../../server/integrations/live-video/local";

const OFFER = [
  "v=0",
  "m=audio 9 UDP/TLS/RTP/SAVPF 111 63",
  "a=rtpmap:111 opus/48000/2",
  "a=fmtp:111 minptime=10;useinbandfec=1",
  "a=rtpmap:63 red/48000/2",
  "a=fmtp:63 111/111",
  "",
].join("\r\n");

describe("stereo Opus (spec §9 stereo audio)", () => {
  it("asks for stereo on the Opus line only and keeps its other parameters", () => {
    const out = withStereoOpus(OFFER);
    expect(out).toContain("a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1\r\n");
    expect(out).toContain("a=fmtp:63 111/111\r\n");
  });

  it("does not repeat the parameters when the SDP already has them, and leaves SDP without Opus alone", () => {
    const twice = withStereoOpus(withStereoOpus(OFFER));
    expect(twice.match(/stereo=1/g)).toHaveLength(2);
    expect(withStereoOpus("v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n")).toBe("v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n");
  });
});

describe("h264 preferred (spec §9 codec h264)", () => {
  it("puts every h264 profile first and keeps the browser's order otherwise", () => {
    const codecs = [
      { mimeType: "video/VP8" },
      { mimeType: "video/H264", p: 1 },
      { mimeType: "video/AV1" },
      { mimeType: "video/H264", p: 2 },
    ];
    expect(h264First(codecs)).toEqual([
      { mimeType: "video/H264", p: 1 },
      { mimeType: "video/H264", p: 2 },
      { mimeType: "video/VP8" },
      { mimeType: "video/AV1" },
    ]);
  });
});

describe("LIVE_ICE_SERVERS", () => {
  it("reads STUN/TURN servers and refuses a malformed value instead of silently running without them", () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('[{"urls":"stun:stun.example:3478"},{"urls":["turn:turn.example"],"username":"u","credential":"c"}]')).toEqual([
      { urls: "stun:stun.example:3478" },
      { urls: ["turn:turn.example"], username: "u", credential: "c" },
    ]);
    expect(() => parseIceServers('{"urls":"stun:x"}')).toThrow(/JSON array/);
    expect(() => parseIceServers('[{"url":"stun:x"}]')).toThrow(/urls/);
  });
});
