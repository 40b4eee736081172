import { h264First, withStereoOpus } from "./sdp";
import type { LiveVideoJoin, LiveVideoSession, PublishedMedia, RoomMessage, RoomSignals } from "./types";

type LocalJoin = Extract<LiveVideoJoin, { provider: "local" }>;

/**
 * The local video provider in the browser (decision 022): the owner's browser opens one
 * RTCPeerConnection per viewer and offers its tracks; each viewer answers. Offers, answers and ICE
 * candidates travel through the live room, which passes them only between the owner and the
 * addressed viewer. Who offers is fixed (the publisher, on `peers` and `peerJoined`), so there is
 * never glare; a viewer that gets a new offer drops its old connection (the publisher reconnected).
 */
export function createLocalSession(join: LocalJoin, signals: RoomSignals): LiveVideoSession {
  const config: RTCConfiguration = { iceServers: join.iceServers };
  const outgoing = new Map<string, RTCPeerConnection>();
  let media: PublishedMedia | null = null;
  let incoming: { from: string; pc: RTCPeerConnection; pending: RTCIceCandidateInit[]; ready: boolean } | null = null;
  const remoteListeners = new Set<(stream: MediaStream | null) => void>();
  let remote: MediaStream | null = null;

  const emitRemote = (stream: MediaStream | null) => {
    remote = stream;
    for (const l of remoteListeners) l(stream);
  };

  // --- publisher ---------------------------------------------------------------------------------
  const offerTo = async (peerId: string) => {
    if (!media) return;
    outgoing.get(peerId)?.close();
    const pc = new RTCPeerConnection(config);
    outgoing.set(peerId, pc);
    for (const track of media.stream.getTracks()) {
      const transceiver = pc.addTransceiver(track, { direction: "sendonly", streams: [media.stream] });
      if (track.kind === "video" && typeof RTCRtpSender.getCapabilities === "function" && "setCodecPreferences" in transceiver) {
        const codecs = RTCRtpSender.getCapabilities("video")?.codecs ?? [];
        try {
          transceiver.setCodecPreferences(h264First(codecs));
        } catch (error) {
          console.warn("live: codec preferences refused", error);
        }
      }
    }
    pc.onicecandidate = (e) => {
      if (e.candidate) signals.send({ type: "ice", to: peerId, data: e.candidate.toJSON() });
    };
    pc.onconnectionstatechange = () => {
      // a viewer whose connection failed is dropped; it gets a new offer when it rejoins the room
      if (pc.connectionState === "failed") {
        console.warn("live: connection to a viewer failed", peerId);
        pc.close();
        if (outgoing.get(peerId) === pc) outgoing.delete(peerId);
      }
    };
    const offer = await pc.createOffer();
    await pc.setLocalDescription({ type: "offer", sdp: withStereoOpus(offer.sdp ?? "") });
    signals.send({ type: "offer", to: peerId, data: pc.localDescription?.toJSON() });
  };

  // --- viewer ------------------------------------------------------------------------------------
  const answerOffer = async (from: string, offer: RTCSessionDescriptionInit) => {
    incoming?.pc.close();
    const pc = new RTCPeerConnection(config);
    const current = { from, pc, pending: [] as RTCIceCandidateInit[], ready: false };
    incoming = current;
    pc.ontrack = (e) => {
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      if (incoming === current) emitRemote(stream);
    };
    pc.onicecandidate = (e) => {
      if (e.candidate) signals.send({ type: "ice", to: from, data: e.candidate.toJSON() });
    };
    pc.onconnectionstatechange = () => {
      // spec §4: an RTC join failure leaves the stream; the error is only logged
      if (pc.connectionState === "failed" && incoming === current) {
        console.warn("live: could not receive the stream");
        leaveIncoming();
      }
    };
    await pc.setRemoteDescription(offer);
    current.ready = true;
    for (const candidate of current.pending.splice(0))
      await pc.addIceCandidate(candidate).catch((e) => console.warn("live: ICE candidate refused", e));
    const answer = await pc.createAnswer();
    await pc.setLocalDescription({ type: "answer", sdp: withStereoOpus(answer.sdp ?? "") });
    signals.send({ type: "answer", to: from, data: pc.localDescription?.toJSON() });
  };

  const leaveIncoming = () => {
    incoming?.pc.close();
    incoming = null;
    if (remote) emitRemote(null);
  };

  const unsubscribe = signals.subscribe((m: RoomMessage) => {
    const from = typeof m.from === "string" ? m.from : "";
    const run = (work: Promise<void>) => work.catch((error) => console.warn(`live: ${m.type} failed`, error));
    switch (m.type) {
      case "peers":
        if (media) for (const p of (m.peers as { peerId: string }[]) ?? []) run(offerTo(p.peerId));
        break;
      case "peerJoined":
        if (media && typeof m.peerId === "string") run(offerTo(m.peerId));
        break;
      case "peerLeft":
        if (typeof m.peerId === "string") {
          outgoing.get(m.peerId)?.close();
          outgoing.delete(m.peerId);
        }
        break;
      case "answer":
        run(outgoing.get(from)?.setRemoteDescription(m.data as RTCSessionDescriptionInit) ?? Promise.resolve());
        break;
      case "offer":
        run(answerOffer(from, m.data as RTCSessionDescriptionInit));
        break;
      case "ice": {
        const candidate = m.data as RTCIceCandidateInit;
        const out = outgoing.get(from);
        if (out) run(out.addIceCandidate(candidate));
        else if (incoming && incoming.from === from) {
          if (incoming.ready) run(incoming.pc.addIceCandidate(candidate));
          else incoming.pending.push(candidate);
        }
        break;
      }
      case "onAir":
        if (m.onAir === false) leaveIncoming();
        break;
      case "disconnected":
        // the room is gone for now; the publisher offers again when both are back
        leaveIncoming();
        for (const pc of outgoing.values()) pc.close();
        outgoing.clear();
        break;
    }
  });

  return {
    async publish(next) {
      media = next;
    },
    async replaceVideoTrack(track) {
      if (!media) return;
      for (const old of media.stream.getVideoTracks()) media.stream.removeTrack(old);
      media.stream.addTrack(track);
      // the receiver's track kind names the transceiver's kind even while its sender has no track
      await Promise.all(
        [...outgoing.values()].flatMap((pc) =>
          pc
            .getTransceivers()
            .filter((t) => t.receiver.track.kind === "video")
            .map((t) => t.sender.replaceTrack(track)),
        ),
      );
    },
    async unpublish() {
      media = null;
      for (const pc of outgoing.values()) pc.close();
      outgoing.clear();
    },
    onRemoteStream(listener) {
      remoteListeners.add(listener);
      if (remote) listener(remote);
      return () => remoteListeners.delete(listener);
    },
    close() {
      unsubscribe();
      media = null;
      for (const pc of outgoing.values()) pc.close();
      outgoing.clear();
      leaveIncoming();
    },
  };
}
