import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LiveRoom } from "../../server/live/live-room";

describe("LiveRoom Durable Object", () => {
  it("is one object per live event, with its own storage", async () => {
    const a = env.LIVE_ROOM.get(env.LIVE_ROOM.idFromName("live-event:1"));
    const b = env.LIVE_ROOM.get(env.LIVE_ROOM.idFromName("live-event:2"));
    const status = await runInDurableObject(a, async (room: LiveRoom) => {
      expect(room).toBeInstanceOf(LiveRoom);
      return room.status("1");
    });
    expect(status).toMatchObject({ liveEventId: "1", presence: 0 });
    expect(await runInDurableObject(a, (room: LiveRoom) => room.lastTouchedAt())).toBe(status.touchedAt);
    expect(await runInDurableObject(b, (room: LiveRoom) => room.lastTouchedAt())).toBeNull();
  });

  it("accepts hibernatable WebSockets and counts presence", async () => {
    const stub = env.LIVE_ROOM.get(env.LIVE_ROOM.idFromName("live-event:3"));
    const res = await stub.fetch("http://live/ws", { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    socket.accept();
    const messages: string[] = [];
    const pong = new Promise<void>((resolve) => {
      socket.addEventListener("message", (e) => {
        messages.push(String(e.data));
        if (String(e.data).includes("pong")) resolve();
      });
    });
    socket.send("ping");
    await pong;
    expect(messages.map((m) => JSON.parse(m))).toContainEqual({ type: "pong", presence: 1 });
    expect(await runInDurableObject(stub, (room: LiveRoom) => room.presence())).toBe(1);
    socket.close(1000, "bye");
  });

  it("refuses plain HTTP", async () => {
    const stub = env.LIVE_ROOM.get(env.LIVE_ROOM.idFromName("live-event:4"));
    expect((await stub.fetch("http://live/ws")).status).toBe(426);
  });
});
