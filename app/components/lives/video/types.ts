import type { LiveVideoJoin } from "../../../../server/integrations/live-video/types";

export type { LiveVideoJoin };

/**
 * What the live page needs from a video provider in the browser (issue 7). The host (the event's
 * owner) publishes a stream it has already opened with the chosen camera and microphone; a viewer
 * listens for the publisher's stream. Implementations: local-webrtc.ts (signalling through the live
 * room) and realtimekit.ts (RealtimeKit's SDK).
 */
export interface LiveVideoSession {
  /** host: start sending these tracks (camera 480p or screen 720p video, stereo audio) */
  publish(media: PublishedMedia): Promise<void>;
  /** host: swap the video track (camera ↔ screen share) without leaving the stream */
  replaceVideoTrack(track: MediaStreamTrack): Promise<void>;
  /** host: stop sending; viewers see the stream go */
  unpublish(): Promise<void>;
  /** viewer: called with the publisher's stream when it arrives and with null when it goes */
  onRemoteStream(listener: (stream: MediaStream | null) => void): () => void;
  /** leave the video (the room's chat is separate and stays) */
  close(): void;
}

export interface PublishedMedia {
  stream: MediaStream;
  cameraId: string | null;
  microphoneId: string | null;
}

/**
 * The live room's signalling channel as the local provider sees it: send an offer, answer or ICE
 * candidate to one peer, and hear the room's messages (peers, peerJoined, peerLeft, offer, answer,
 * ice, onAir).
 */
export interface RoomSignals {
  send(message: { type: "offer" | "answer" | "ice"; to: string; data: unknown }): void;
  subscribe(listener: (message: RoomMessage) => void): () => void;
}

export type RoomMessage = { type: string } & Record<string, unknown>;
