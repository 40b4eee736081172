import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveRoomConnection, type ConnectionState, type TicketSource } from "../../app/components/lives/room/live-room-connection";

/** A WebSocket the test drives: it records what was opened and lets the test welcome or drop it. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.OPEN;
  sent: string[] = [];
  private listeners: Record<string, ((e: { data?: string }) => void)[]> = {};
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (e: { data?: string }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    for (const l of this.listeners.message ?? []) l({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    for (const l of this.listeners.close ?? []) l({});
  }
}

const ticket = (n: number) => ({
  ok: true as const,
  payload: { ticket: `t${n}`, url: `/live/7/ws?ticket=t${n}`, role: "viewer" as const, video: null },
});

describe("live room connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("location", { protocol: "https:", host: "www.example.jp" });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reconnects with a fresh ticket after a drop, waiting longer each failed attempt, and starts over once welcomed", async () => {
    let n = 0;
    const source: TicketSource = vi.fn(async () => ticket(++n));
    const states: ConnectionState[] = [];
    const connection = new LiveRoomConnection(source);
    connection.onState((s) => states.push(s));
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.opened.map((s) => s.url)).toEqual(["wss://www.example.jp/live/7/ws?ticket=t1"]);
    FakeSocket.opened[0]!.receive({ type: "welcome" });
    expect(connection.state).toEqual({ kind: "open" });

    // a deploy drops the socket: the first retry waits at most 1 s, the next at most 2 s
    FakeSocket.opened[0]!.drop();
    expect(connection.state).toEqual({ kind: "retrying", inMs: 999 });
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(FakeSocket.opened[1]!.url).toContain("ticket=t2");
    FakeSocket.opened[1]!.drop();
    expect(connection.state).toEqual({ kind: "retrying", inMs: 1_998 });
    await vi.advanceTimersByTimeAsync(1_998);
    FakeSocket.opened[2]!.receive({ type: "welcome" });
    FakeSocket.opened[2]!.drop();
    // welcomed again: the backoff starts over
    expect(connection.state).toEqual({ kind: "retrying", inMs: 999 });
    connection.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(3);
  });

  it("stops when the Worker refuses the ticket (no right to watch, or the live ended) and retries server errors", async () => {
    const answers = [
      { ok: false as const, status: 503, message: "" },
      { ok: false as const, status: 410, message: "この配信は終了しました。" },
    ];
    const source: TicketSource = vi.fn(async () => answers.shift()!);
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const connection = new LiveRoomConnection(source);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.state).toEqual({ kind: "retrying", inMs: 500 });
    await vi.advanceTimersByTimeAsync(500);
    expect(connection.state).toEqual({ kind: "refused", status: 410, message: "この配信は終了しました。" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source).toHaveBeenCalledTimes(2);
    expect(FakeSocket.opened).toHaveLength(0);
  });

  it("stays closed, saying why, when the room closes it because the person may no longer watch", async () => {
    let n = 0;
    const source: TicketSource = vi.fn(async () => ticket(++n));
    const connection = new LiveRoomConnection(source);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.opened[0]!;
    socket.receive({ type: "welcome" });
    socket.receive({ type: "revoked", code: "accessEnded", message: "このライブを視聴する権利がなくなったため、接続を終了しました。" });
    socket.drop();
    expect(connection.state).toEqual({
      kind: "refused",
      status: 403,
      message: "このライブを視聴する権利がなくなったため、接続を終了しました。",
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source).toHaveBeenCalledTimes(1);
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
