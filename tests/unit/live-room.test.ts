import { describe, expect, it } from "vitest";
import {
  CHAT_LIMITS,
  STREAM_GRACE_MS,
  canBeMuted,
  canModerate,
  canPublish,
  chatText,
  isMirrorMode,
  isOnAir,
  mayRelaySignal,
  mirrorFor,
  nextRecheckAt,
  nextRoomAlarm,
  ACCESS_RECHECK_MS,
  rateLimit,
  reconnectDelay,
  roomOpen,
  streamDeadline,
} from "../../server/domain/live-room";
import { LOCAL_LIVE_TICKET_SECRET, liveTicketSecret, signRoomTicket, verifyRoomTicket } from "../../server/live/live-ticket";

describe("chat text", () => {
  it("trims, refuses empty text and counts characters as a reader sees them", () => {
    expect(chatText("  やっほー \n")).toEqual({ text: "やっほー", problem: null });
    expect(chatText("   ").problem).toBe("empty");
    expect(chatText(42).problem).toBe("empty");
    expect(chatText("🎉".repeat(CHAT_LIMITS.textMax)).problem).toBeNull();
    expect(chatText("あ".repeat(CHAT_LIMITS.textMax + 1)).problem).toBe("tooLong");
  });
});

describe("rate limit", () => {
  it("allows 5 messages in any 10 s window and the sixth once the first is 10 s old", () => {
    let sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = rateLimit(sent, 1_000 + i * 100);
      expect(r.allowed).toBe(true);
      sent = r.sent;
    }
    expect(rateLimit(sent, 10_999).allowed).toBe(false);
    const later = rateLimit(sent, 11_000);
    expect(later.allowed).toBe(true);
    expect(later.sent).toHaveLength(5);
  });
});

describe("roles", () => {
  it("lets the owner publish, owner and editors moderate, and only viewers be muted", () => {
    expect([canPublish("owner"), canPublish("editor"), canPublish("viewer")]).toEqual([true, false, false]);
    expect([canModerate("owner"), canModerate("editor"), canModerate("viewer")]).toEqual([true, true, false]);
    expect([canBeMuted("owner"), canBeMuted("editor"), canBeMuted("viewer")]).toEqual([false, false, true]);
  });

  it("relays signaling only between the owner and one other peer", () => {
    const owner = { peerId: "o", role: "owner" as const };
    const a = { peerId: "a", role: "viewer" as const };
    const b = { peerId: "b", role: "viewer" as const };
    const editor = { peerId: "e", role: "editor" as const };
    expect(mayRelaySignal(owner, a)).toBe(true);
    expect(mayRelaySignal(a, owner)).toBe(true);
    expect(mayRelaySignal(editor, owner)).toBe(true);
    expect(mayRelaySignal(a, b)).toBe(false);
    expect(mayRelaySignal(editor, a)).toBe(false);
    expect(mayRelaySignal(owner, owner)).toBe(false);
  });

  it("is on air only while an owner's socket publishes", () => {
    expect(
      isOnAir([
        { role: "owner", published: false },
        { role: "viewer", published: true },
      ]),
    ).toBe(false);
    expect(isOnAir([{ role: "owner", published: true }])).toBe(true);
    expect(isOnAir([])).toBe(false);
  });
});

describe("room tickets", () => {
  const base = {
    liveEventId: 7,
    userId: 3,
    role: "viewer" as const,
    name: "あおい",
    iconUrl: null,
    locale: "ko" as const,
    exp: 2_000,
    streamUntil: null,
  };

  it("round-trips a ticket and refuses it expired, forged, signed with another key or for another event", async () => {
    const token = await signRoomTicket("k".repeat(32), base);
    expect(await verifyRoomTicket("k".repeat(32), token, 7, 1_999)).toEqual({ ok: true, ticket: base });
    expect(await verifyRoomTicket("k".repeat(32), token, 7, 2_000)).toEqual({ ok: false, problem: "expired" });
    expect(await verifyRoomTicket("k".repeat(32), token, 8, 1_000)).toEqual({ ok: false, problem: "otherEvent" });
    expect(await verifyRoomTicket("x".repeat(32), token, 7, 1_000)).toEqual({ ok: false, problem: "forged" });
    expect(await verifyRoomTicket("k".repeat(32), `${token}x`, 7, 1_000)).toEqual({ ok: false, problem: "forged" });
    expect(await verifyRoomTicket("k".repeat(32), "not-a-ticket", 7, 1_000)).toEqual({ ok: false, problem: "forged" });
    expect(await verifyRoomTicket("k".repeat(32), null, 7, 1_000)).toEqual({ ok: false, problem: "missing" });
  });

  it("refuses the local secret in production", () => {
    expect(liveTicketSecret({ ENVIRONMENT: "development" })).toBe(LOCAL_LIVE_TICKET_SECRET);
    expect(() => liveTicketSecret({ ENVIRONMENT: "production" })).toThrow(/LIVE_TICKET_SECRET/);
    expect(() => liveTicketSecret({ ENVIRONMENT: "production", LIVE_TICKET_SECRET: LOCAL_LIVE_TICKET_SECRET })).toThrow();
    expect(liveTicketSecret({ ENVIRONMENT: "production", LIVE_TICKET_SECRET: "p".repeat(40) })).toBe("p".repeat(40));
  });
});

describe("stream window", () => {
  const endAt = Date.UTC(2026, 10, 22, 13, 0);
  it("keeps the room open and the stream allowed until 30 minutes after the end, unless the creator ended the event", () => {
    expect(streamDeadline({ endAt })).toBe(endAt + STREAM_GRACE_MS);
    expect(roomOpen({ status: 0, endAt }, endAt - 3_600_000 * 24)).toBe(true);
    expect(roomOpen({ status: 1, endAt }, endAt + STREAM_GRACE_MS - 1)).toBe(true);
    expect(roomOpen({ status: 0, endAt }, endAt + STREAM_GRACE_MS)).toBe(false);
    expect(roomOpen({ status: 2, endAt }, endAt - 3_600_000)).toBe(false);
  });
});

describe("mirror mode", () => {
  it("auto mirrors only the streamer's preview, on mirrors both, off neither", () => {
    expect([mirrorFor("auto", "preview"), mirrorFor("auto", "viewers")]).toEqual([true, false]);
    expect([mirrorFor("on", "preview"), mirrorFor("on", "viewers")]).toEqual([true, true]);
    expect([mirrorFor("off", "preview"), mirrorFor("off", "viewers")]).toEqual([false, false]);
    expect(isMirrorMode("auto")).toBe(true);
    expect(isMirrorMode("mirror")).toBe(false);
  });
});

describe("reconnect backoff", () => {
  it("doubles the ceiling per attempt up to 30 s and spreads clients over it", () => {
    expect(reconnectDelay(0, 0.999)).toBe(999);
    expect(reconnectDelay(3, 0.5)).toBe(4_000);
    expect(reconnectDelay(20, 0.999)).toBe(29_970);
    expect(reconnectDelay(5, 0)).toBe(0);
  });
});

describe("room alarm", () => {
  const now = 1_800_000_000_000;
  it("re-checks access a minute after the first fan arrives, keeps the time already set, and never with only the owner", () => {
    expect(nextRecheckAt({ stored: null, guests: 1, now })).toBe(now + ACCESS_RECHECK_MS);
    expect(nextRecheckAt({ stored: now + 5_000, guests: 3, now })).toBe(now + 5_000);
    expect(nextRecheckAt({ stored: now + 5_000, guests: 0, now })).toBeNull();
  });
  it("wakes for whichever comes first: a stream's expiry or the re-check", () => {
    expect(nextRoomAlarm({ streamUntils: [now + 90_000, now + 30_000], recheckAt: now + 60_000 })).toBe(now + 30_000);
    expect(nextRoomAlarm({ streamUntils: [now + 90_000], recheckAt: now + 60_000 })).toBe(now + 60_000);
    expect(nextRoomAlarm({ streamUntils: [], recheckAt: null })).toBeNull();
  });
});
