import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHAT_LIMITS, STREAM_GRACE_MS } from "../../server/domain/live-room";
import type { LiveRoom } from "../../server/live/live-room";
import { liveRoomStub } from "../../server/live/socket-route";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { insertLiveEvent, insertLiveTicket, openSocket, RoomClient, roomTicket } from "./live-room-fixture";

let nextEvent = 9000;
/** Each test talks to its own room. */
const freshEvent = () => nextEvent++;

const snapshot = (liveEventId: number) => runInDurableObject(liveRoomStub(env, liveEventId), (room: LiveRoom) => room.snapshot());

describe("live room: who gets in", () => {
  it("refuses the upgrade without a valid ticket for this event, before any socket opens", async () => {
    const id = freshEvent();
    const missing = await openSocket(id, null);
    expect(missing.status).toBe(401);
    expect(missing.webSocket).toBeNull();

    const valid = await roomTicket(id, 1, "viewer");
    const forged = `${valid.split(".")[0]}.${"A".repeat(43)}`;
    expect((await openSocket(id, forged)).status).toBe(401);
    // a payload altered after signing (another user id) no longer matches its signature
    const [payload, sig] = valid.split(".");
    const altered = btoa(atob(payload!.replaceAll("-", "+").replaceAll("_", "/")).replace('"u":1', '"u":2'))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    expect((await openSocket(id, `${altered}.${sig}`)).status).toBe(401);

    const expired = await roomTicket(id, 1, "viewer", { exp: Date.now() - 1 });
    expect((await openSocket(id, expired)).status).toBe(401);

    const otherEvent = await roomTicket(id + 1000, 1, "viewer");
    const refused = await openSocket(id, otherEvent);
    expect(refused.status).toBe(403);
    expect(refused.webSocket).toBeNull();

    expect((await snapshot(id)).presence).toBe(0);
  });

  it("the room checks the ticket itself, whoever forwards the request", async () => {
    const id = freshEvent();
    const stub = liveRoomStub(env, id);
    const res = await stub.fetch(`http://live/live/${id}/ws?ticket=${encodeURIComponent(await roomTicket(id + 1, 1, "owner"))}`, {
      headers: { upgrade: "websocket" },
    });
    expect(res.status).toBe(403);
    const plain = await stub.fetch(`http://live/live/${id}/ws`);
    expect(plain.status).toBe(426);
  });

  it("opens with a valid ticket and welcomes the newcomer with who they are", async () => {
    const id = freshEvent();
    const viewer = await RoomClient.join(id, 501, "viewer", { name: "あおい" });
    expect(viewer.welcome).toMatchObject({ userId: 501, role: "viewer", onAir: false, muted: false, history: [] });
    expect(typeof viewer.welcome.peerId).toBe("string");
    viewer.close();
  });
});

describe("live room: ticket issuing", () => {
  async function ticketFor(
    b: Awaited<ReturnType<typeof confirmedAccount>>["b"],
    liveEventId: number,
    headers: Record<string, string> = {},
  ) {
    return b.request(at(hosts.www, `/api/v1/live_events/${liveEventId}/room_ticket`), {
      method: "POST",
      headers: { accept: "application/json", "x-requested-with": "XMLHttpRequest", ...headers },
    });
  }

  it("gives the owner, editors, ticket holders and members of the chosen plans a ticket with their role, and no one else", async () => {
    const owner = await confirmedAccount({ name: "配信者", prefix: "owner" });
    const editor = await confirmedAccount({ name: "編集者", prefix: "editor" });
    const holder = await confirmedAccount({ name: "チケット", prefix: "holder" });
    const member = await confirmedAccount({ name: "会員", prefix: "member" });
    const otherMember = await confirmedAccount({ name: "別プラン", prefix: "other" });
    const stranger = await confirmedAccount({ name: "通りすがり", prefix: "stranger" });
    const fanclubId = await insertFanclub(owner.id);
    const chosen = await insertPlan(fanclubId, { name: "ライブ込み", price: 1000 });
    const other = await insertPlan(fanclubId, { name: "ライトプラン", price: 300 });
    await insertEditor(fanclubId, editor.id, []);
    await insertMembership(member.id, fanclubId, chosen);
    await insertMembership(otherMember.id, fanclubId, other);
    const both = await insertLiveEvent(fanclubId, owner.id, { visibility: "both", planIds: [chosen] });
    await insertLiveTicket(both, holder.id);

    const roles: Record<string, unknown> = {};
    for (const [who, person] of Object.entries({ owner, editor, holder, member })) {
      const res = await ticketFor(person.b, both);
      expect(res.status, who).toBe(200);
      roles[who] = ((await res.json()) as { payload: { role: string } }).payload.role;
    }
    expect(roles).toEqual({ owner: "owner", editor: "editor", holder: "viewer", member: "viewer" });
    expect((await ticketFor(otherMember.b, both)).status).toBe(403);
    expect((await ticketFor(stranger.b, both)).status).toBe(403);

    // a plan-only event does not admit ticket holders; a ticket-only one does not admit members
    const planOnly = await insertLiveEvent(fanclubId, owner.id, { visibility: "plan", planIds: [chosen] });
    await insertLiveTicket(planOnly, holder.id);
    expect((await ticketFor(holder.b, planOnly)).status).toBe(403);
    expect((await ticketFor(member.b, planOnly)).status).toBe(200);
    const ticketOnly = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket", planIds: [chosen] });
    expect((await ticketFor(member.b, ticketOnly)).status).toBe(403);
    // a private event: managers and ticket holders only
    const privateEvent = await insertLiveEvent(fanclubId, owner.id, { visibility: "both", status: 1, planIds: [chosen] });
    expect((await ticketFor(member.b, privateEvent)).status).toBe(403);
    expect((await ticketFor(editor.b, privateEvent)).status).toBe(200);
  });

  it("asks a visitor to sign in, and the ticket it issues opens that event's room and no other", async () => {
    const owner = await confirmedAccount({ name: "星野あかり", prefix: "owner" });
    const fanclubId = await insertFanclub(owner.id);
    const liveEventId = await insertLiveEvent(fanclubId, owner.id);
    const anonymous = await SELF.fetch(`http://${hosts.www}/api/v1/live_events/${liveEventId}/room_ticket`, {
      method: "POST",
      headers: { "x-requested-with": "XMLHttpRequest", accept: "application/json" },
    });
    expect(anonymous.status).toBe(401);

    const res = await ticketFor(owner.b, liveEventId, { "accept-language": "en" });
    const { payload } = (await res.json()) as { payload: { ticket: string; url: string; expiresAt: number } };
    expect(payload.url).toBe(`/live/${liveEventId}/ws?ticket=${encodeURIComponent(payload.ticket)}`);
    expect(payload.expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await openSocket(liveEventId + 1, payload.ticket)).status).toBe(403);
    const opened = await openSocket(liveEventId, payload.ticket);
    expect(opened.status).toBe(101);
    const client = new RoomClient(opened.webSocket!);
    opened.webSocket!.accept();
    const welcome = await client.next((m) => m.type === "welcome");
    expect(welcome).toMatchObject({ userId: owner.id, role: "owner" });
    client.send({ type: "chat", liveEventId, text: "こんばんは" });
    const chat = await client.next((m) => m.type === "chat");
    expect(chat.message).toMatchObject({ userId: owner.id, name: "星野あかり", text: "こんばんは" });
    // the ticket carried the language the page was in: errors come back in English
    client.send({ type: "chat", liveEventId, text: "" });
    expect(await client.next((m) => m.type === "error")).toMatchObject({ code: "empty", message: "Enter a message." });
    client.close();
  });
});

describe("live room: chat", () => {
  it("relays a message to everyone in the room with the sender's name and icon, a server id and time", async () => {
    const id = freshEvent();
    const owner = await RoomClient.join(id, 600, "owner", { name: "星野あかり", iconUrl: "/demo/akari.svg" });
    const fan = await RoomClient.join(id, 601, "viewer", { name: "あおい", iconUrl: "/demo/aoi.svg" });
    const before = Date.now();
    fan.send({ type: "chat", liveEventId: id, text: "  待ってました！  " });
    const [atOwner, atFan] = await Promise.all([owner.next((m) => m.type === "chat"), fan.next((m) => m.type === "chat")]);
    expect(atOwner).toEqual(atFan);
    expect(atOwner.message).toMatchObject({ userId: 601, name: "あおい", iconUrl: "/demo/aoi.svg", text: "待ってました！" });
    const message = atOwner.message as { id: number; at: number };
    expect(message.id).toBeGreaterThan(0);
    expect(message.at).toBeGreaterThanOrEqual(before - 1000);
    owner.close();
    fan.close();
  });

  it("sends the last 100 messages, oldest first, to a newcomer", async () => {
    const id = freshEvent();
    const senders: RoomClient[] = [];
    // 105 messages from 21 fans (5 each: the rate limit's allowance)
    for (let i = 0; i < 21; i++) senders.push(await RoomClient.join(id, 700 + i, "viewer", { name: `fan${i}` }));
    let n = 0;
    for (const sender of senders) {
      for (let k = 0; k < 5; k++) sender.send({ type: "chat", liveEventId: id, text: `message ${++n}` });
      await sender.next((m) => m.type === "chat" && (m.message as { text: string }).text === `message ${n}`);
    }
    const newcomer = await RoomClient.join(id, 799, "viewer");
    const history = newcomer.welcome.history as { text: string; name: string }[];
    expect(history).toHaveLength(CHAT_LIMITS.history);
    expect(history[0]!.text).toBe("message 6");
    expect(history.at(-1)).toMatchObject({ text: "message 105", name: "fan20" });
    for (const s of [...senders, newcomer]) s.close();
  });

  it("refuses an over-long message and a sixth message within 10 s with a localized error to that socket only; the socket stays open", async () => {
    const id = freshEvent();
    const fan = await RoomClient.join(id, 801, "viewer", { locale: "ja" });
    const other = await RoomClient.join(id, 802, "viewer", { locale: "en" });
    fan.send({ type: "chat", liveEventId: id, text: "あ".repeat(CHAT_LIMITS.textMax + 1) });
    expect(await fan.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: "tooLong",
      message: "メッセージは200文字以内で入力してください。",
    });
    other.send({ type: "chat", liveEventId: id, text: "a".repeat(CHAT_LIMITS.textMax + 1) });
    expect(await other.next((m) => m.type === "error")).toMatchObject({
      code: "tooLong",
      message: "Messages can be up to 200 characters.",
    });

    for (let i = 1; i <= 6; i++) fan.send({ type: "chat", liveEventId: id, text: `${i}` });
    const error = await fan.next((m) => m.type === "error" && m.code === "rateLimited");
    expect(error.message).toBe("送信が多すぎます。10秒ほど待ってからもう一度送信してください。");
    await fan.settle();
    await other.settle();
    const texts = (c: RoomClient) => c.received.filter((m) => m.type === "chat").map((m) => (m.message as { text: string }).text);
    expect(texts(other)).toEqual(["1", "2", "3", "4", "5"]);
    expect(other.received.filter((m) => m.type === "error")).toHaveLength(1);
    // still open: another fan's message still arrives, and the socket still answers
    expect(fan.closed).toBe(false);
    other.send({ type: "chat", liveEventId: id, text: "まだいる？" });
    await fan.next((m) => m.type === "chat" && (m.message as { text: string }).text === "まだいる？");
    fan.close();
    other.close();
  });

  it("lets the owner and editors delete messages and mute fans; a viewer may do neither", async () => {
    const id = freshEvent();
    const owner = await RoomClient.join(id, 900, "owner");
    const editor = await RoomClient.join(id, 901, "editor");
    const fan = await RoomClient.join(id, 902, "viewer");
    const troll = await RoomClient.join(id, 903, "viewer");

    troll.send({ type: "chat", liveEventId: id, text: "荒らし" });
    const trollMessage = (await fan.next((m) => m.type === "chat")).message as { id: number };
    fan.send({ type: "delete", id: trollMessage.id });
    expect(await fan.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed", message: "この操作は許可されていません。" });
    fan.send({ type: "mute", userId: 903 });
    expect(await fan.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed" });
    expect((await snapshot(id)).muted).toEqual([]);

    editor.send({ type: "delete", id: trollMessage.id });
    for (const c of [owner, editor, fan, troll])
      expect(await c.next((m) => m.type === "deleted")).toEqual({ type: "deleted", id: trollMessage.id });
    const late = await RoomClient.join(id, 904, "viewer");
    expect(late.welcome.history).toEqual([]);

    owner.send({ type: "mute", userId: 903 });
    expect(await editor.next((m) => m.type === "muted")).toEqual({ type: "muted", userId: 903, muted: true });
    expect(await troll.next((m) => m.type === "muted")).toMatchObject({ userId: 903, muted: true });
    troll.send({ type: "chat", liveEventId: id, text: "まだ言う" });
    expect(await troll.next((m) => m.type === "error")).toMatchObject({
      code: "muted",
      message: "このライブではメッセージを送信できません。",
    });
    await fan.settle();
    expect(fan.received.filter((m) => m.type === "chat")).toHaveLength(1);
    // the mute outlives the socket: reconnecting does not lift it
    troll.close();
    const back = await RoomClient.join(id, 903, "viewer");
    expect(back.welcome.muted).toBe(true);
    owner.send({ type: "unmute", userId: 903 });
    await back.next((m) => m.type === "muted" && m.muted === false);
    back.send({ type: "chat", liveEventId: id, text: "反省しました" });
    expect(
      ((await fan.next((m) => m.type === "chat" && (m.message as { userId: number }).userId === 903)).message as { text: string }).text,
    ).toBe("反省しました");
    for (const c of [owner, editor, fan, late, back]) c.close();
  });

  it("lets a moderator remove a fan for good: their sockets close with the reason and a new ticket is turned away", async () => {
    const id = freshEvent();
    const owner = await RoomClient.join(id, 950, "owner");
    const editor = await RoomClient.join(id, 951, "editor");
    const fan = await RoomClient.join(id, 952, "viewer");
    const troll = await RoomClient.join(id, 953, "viewer", { locale: "en" });
    const trollTab = await RoomClient.join(id, 953, "viewer", { locale: "en" });

    // a fan may not remove anyone, and nobody removes the owner or an editor
    fan.send({ type: "remove", userId: 953 });
    expect(await fan.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed" });
    editor.send({ type: "remove", userId: 950 });
    expect(await editor.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed" });
    owner.send({ type: "remove", userId: 951 });
    expect(await owner.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed" });

    editor.send({ type: "remove", userId: 953 });
    for (const tab of [troll, trollTab])
      expect(await tab.next((m) => m.type === "revoked")).toEqual({
        type: "revoked",
        code: "removed",
        message: "You were removed from this live by its host.",
      });
    expect(await owner.next((m) => m.type === "removed")).toEqual({ type: "removed", userId: 953 });
    await fan.settle();
    expect(fan.received.some((m) => m.type === "revoked" || m.type === "removed")).toBe(false);

    // coming back with a fresh ticket: turned away at once, with the reason in their language
    const res = await openSocket(id, await roomTicket(id, 953, "viewer"));
    expect(res.status).toBe(101);
    const again = new RoomClient(res.webSocket!);
    res.webSocket!.accept();
    expect(await again.next((m) => m.type === "revoked")).toMatchObject({
      code: "removed",
      message: "配信者の判断により、このライブから退出となりました。",
    });
    expect(again.received.some((m) => m.type === "welcome")).toBe(false);
    expect((await snapshot(id)).presence).toBe(3);
    for (const c of [owner, editor, fan]) c.close();
  });

  it("broadcasts the presence count as people join and leave", async () => {
    const id = freshEvent();
    const a = await RoomClient.join(id, 1001, "viewer");
    expect(a.welcome.presence).toBe(1);
    // the first count after joining (taken here, so the "1" awaited below is the one after b leaves)
    await a.next((m) => m.type === "presence" && m.count === 1);
    const b = await RoomClient.join(id, 1002, "viewer");
    expect(b.welcome.presence).toBe(2);
    await a.next((m) => m.type === "presence" && m.count === 2);
    b.close();
    await a.next((m) => m.type === "presence" && m.count === 1);
    expect((await snapshot(id)).presence).toBe(1);
    a.close();
  });
});

describe("live room: on air and signaling", () => {
  it("goes on air when the owner publishes and off air when the owner stops or disconnects; no one else may publish", async () => {
    const id = freshEvent();
    const fan = await RoomClient.join(id, 1101, "viewer");
    const editor = await RoomClient.join(id, 1102, "editor");
    editor.send({ type: "publish" });
    expect(await editor.next((m) => m.type === "error")).toMatchObject({
      code: "publishNotAllowed",
      message: "配信できるのはライブの配信者だけです。",
    });
    fan.send({ type: "publish" });
    expect(await fan.next((m) => m.type === "error")).toMatchObject({ code: "publishNotAllowed" });
    expect((await snapshot(id)).onAir).toBe(false);

    // joined is not on air yet
    const owner = await RoomClient.join(id, 1100, "owner");
    expect(owner.welcome.onAir).toBe(false);
    owner.send({ type: "publish" });
    const onAir = await fan.next((m) => m.type === "onAir");
    expect(onAir).toEqual({ type: "onAir", onAir: true, publisherPeerId: owner.welcome.peerId, mirror: false });
    const peers = await owner.next((m) => m.type === "peers");
    expect((peers.peers as { peerId: string }[]).map((p) => p.peerId).sort()).toEqual([fan.welcome.peerId, editor.welcome.peerId].sort());
    const late = await RoomClient.join(id, 1103, "viewer");
    expect(late.welcome).toMatchObject({ onAir: true, publisherPeerId: owner.welcome.peerId });
    expect(await owner.next((m) => m.type === "peerJoined")).toMatchObject({ peerId: late.welcome.peerId, userId: 1103 });

    owner.send({ type: "unpublish" });
    expect(await fan.next((m) => m.type === "onAir" && m.onAir === false)).toEqual({
      type: "onAir",
      onAir: false,
      publisherPeerId: null,
      mirror: false,
    });
    owner.send({ type: "publish" });
    await fan.next((m) => m.type === "onAir" && m.onAir === true);
    // someone who arrives now knows only "on air": the next "off air" can come only from the disconnect
    const latest = await RoomClient.join(id, 1104, "viewer");
    expect(latest.welcome.onAir).toBe(true);
    owner.close();
    expect(await latest.next((m) => m.type === "onAir")).toEqual({ type: "onAir", onAir: false, publisherPeerId: null, mirror: false });
    await fan.next((m) => m.type === "onAir" && m.onAir === false);
    expect((await snapshot(id)).onAir).toBe(false);
    for (const c of [fan, editor, late, latest]) c.close();
  });

  it("tells the lists: on_air_at is set while the owner broadcasts, cleared when the broadcast stops, and cleared by the next join after a restart lost the owner", async () => {
    const creator = await confirmedAccount({ name: "配信者", prefix: "onairrep" });
    const fanclubId = await insertFanclub(creator.id);
    const id = await insertLiveEvent(fanclubId, creator.id);
    const stub = liveRoomStub(env, id);
    const onAirAt = async () => {
      await runInDurableObject(stub, (room: LiveRoom) => room.reported());
      return (await env.DB.prepare("SELECT on_air_at FROM live_events WHERE id = ?").bind(id).first<{ on_air_at: number | null }>())!
        .on_air_at;
    };

    const fan = await RoomClient.join(id, 1150, "viewer");
    const owner = await RoomClient.join(id, creator.id, "owner");
    expect(await onAirAt()).toBeNull();
    const before = Date.now();
    owner.send({ type: "publish" });
    await fan.next((m) => m.type === "onAir" && m.onAir === true);
    expect(await onAirAt()).toBeGreaterThanOrEqual(before);
    owner.send({ type: "unpublish" });
    await fan.next((m) => m.type === "onAir" && m.onAir === false);
    expect(await onAirAt()).toBeNull();
    owner.send({ type: "publish" });
    await fan.next((m) => m.type === "onAir" && m.onAir === true);
    expect(await onAirAt()).not.toBeNull();
    owner.close();
    await fan.next((m) => m.type === "onAir" && m.onAir === false);
    expect(await onAirAt()).toBeNull();

    // a deploy drops the owner without a close: D1 still says on air, the room has no publisher
    await env.DB.prepare("UPDATE live_events SET on_air_at = ? WHERE id = ?").bind(Date.now(), id).run();
    await runInDurableObject(stub, (_room: LiveRoom, state) => {
      state.storage.sql.exec("UPDATE room SET value = 1 WHERE key = 'on_air'");
    });
    const back = await RoomClient.join(id, 1151, "viewer");
    expect(await onAirAt()).toBeNull();
    for (const c of [fan, back]) c.close();
  });

  it("relays offers, answers and ICE candidates only between the owner and the addressed viewer", async () => {
    const id = freshEvent();
    const owner = await RoomClient.join(id, 1200, "owner");
    const one = await RoomClient.join(id, 1201, "viewer");
    const two = await RoomClient.join(id, 1202, "viewer");
    const ownerPeer = owner.welcome.peerId as string;
    const onePeer = one.welcome.peerId as string;
    const twoPeer = two.welcome.peerId as string;

    owner.send({ type: "offer", to: onePeer, data: { sdp: "v=0 offer-for-one" } });
    expect(await one.next((m) => m.type === "offer")).toEqual({ type: "offer", from: ownerPeer, data: { sdp: "v=0 offer-for-one" } });
    one.send({ type: "answer", to: ownerPeer, data: { sdp: "v=0 answer" } });
    expect(await owner.next((m) => m.type === "answer")).toEqual({ type: "answer", from: onePeer, data: { sdp: "v=0 answer" } });
    one.send({ type: "ice", to: ownerPeer, data: { candidate: "candidate:1" } });
    expect(await owner.next((m) => m.type === "ice")).toMatchObject({ from: onePeer, data: { candidate: "candidate:1" } });

    // viewer to viewer: refused, and the other viewer receives nothing
    one.send({ type: "offer", to: twoPeer, data: { sdp: "sneaky" } });
    expect(await one.next((m) => m.type === "error")).toMatchObject({ code: "notAllowed" });
    one.send({ type: "ice", to: "no-such-peer", data: {} });
    expect(await one.next((m) => m.type === "error" && m.code === "peerGone")).toMatchObject({ message: "相手が退出しました。" });
    await two.settle();
    await owner.settle();
    expect(two.received.some((m) => ["offer", "answer", "ice"].includes(m.type))).toBe(false);
    expect(owner.received.filter((m) => ["offer", "answer", "ice"].includes(m.type))).toHaveLength(2);
    for (const c of [owner, one, two]) c.close();
  });
});

describe("live room: starting and ending a stream", () => {
  async function call(
    b: Awaited<ReturnType<typeof confirmedAccount>>["b"],
    liveEventId: number,
    path: "room_ticket" | "start_live",
    body?: Record<string, unknown>,
  ) {
    const res = await b.request(at(hosts.www, `/api/v1/live_events/${liveEventId}/${path}`), {
      method: "POST",
      headers: { accept: "application/json", "x-requested-with": "XMLHttpRequest", "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; payload: Record<string, unknown> & { message?: string } },
    };
  }

  it("lets only the owner start: the start-live ticket may publish until 30 minutes after the end, viewers get the video join with theirs", async () => {
    const owner = await confirmedAccount({ name: "配信者", prefix: "starter" });
    const editor = await confirmedAccount({ name: "編集者", prefix: "steditor" });
    const holder = await confirmedAccount({ name: "チケット", prefix: "stholder" });
    const fanclubId = await insertFanclub(owner.id);
    await insertEditor(fanclubId, editor.id, []);
    const endAt = Date.now() + 3_600_000;
    const liveEventId = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket", endAt });
    await insertLiveTicket(liveEventId, holder.id);
    const devices = { camera_id: "cam-1", microphone_id: "mic-1", mirror_mode: "on" };

    const byEditor = await call(editor.b, liveEventId, "start_live", devices);
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.payload.message).toBe("配信できるのはライブの配信者だけです。");
    expect((await call(holder.b, liveEventId, "start_live", devices)).status).toBe(403);
    const badMirror = await call(owner.b, liveEventId, "start_live", { ...devices, mirror_mode: "sideways" });
    expect(badMirror.status).toBe(400);
    expect(badMirror.body.payload.message).toBe("ミラー表示の設定を選んでください。");

    const started = await call(owner.b, liveEventId, "start_live", devices);
    expect(started.status).toBe(200);
    expect(started.body.payload).toMatchObject({
      role: "owner",
      liveEventOwnerId: owner.id,
      mirrorMode: "on",
      streamUntil: endAt + STREAM_GRACE_MS,
      video: { provider: "local", iceServers: [] },
    });
    // the owner's plain room ticket chats and moderates but carries no video: publishing needs start_live
    expect((await call(owner.b, liveEventId, "room_ticket")).body.payload).toMatchObject({ role: "owner", video: null });
    expect((await call(holder.b, liveEventId, "room_ticket")).body.payload).toMatchObject({
      role: "viewer",
      liveEventUserId: holder.id,
      video: { provider: "local" },
    });
    // a reconnecting page keeps its video: no second provider join
    expect((await call(holder.b, liveEventId, "room_ticket", { video: false })).body.payload).toMatchObject({
      role: "viewer",
      video: null,
    });
    expect((await call(owner.b, liveEventId, "start_live", { ...devices, video: false })).body.payload).toMatchObject({
      role: "owner",
      video: null,
      streamUntil: endAt + STREAM_GRACE_MS,
    });

    // the start-live ticket publishes; the plain one is told to start first
    const plain = (await call(owner.b, liveEventId, "room_ticket")).body.payload;
    const plainSocket = await openSocket(liveEventId, plain.ticket as string);
    const plainClient = new RoomClient(plainSocket.webSocket!);
    plainSocket.webSocket!.accept();
    await plainClient.next((m) => m.type === "welcome");
    plainClient.send({ type: "publish" });
    expect(await plainClient.next((m) => m.type === "error")).toMatchObject({
      code: "streamNotStarted",
      message: "配信を開始してから送信してください。",
    });
    plainClient.close();

    const fan = await RoomClient.join(liveEventId, holder.id, "viewer");
    const opened = await openSocket(liveEventId, started.body.payload.ticket as string);
    const publisher = new RoomClient(opened.webSocket!);
    opened.webSocket!.accept();
    await publisher.next((m) => m.type === "welcome");
    publisher.send({ type: "publish", mirrorMode: "on" });
    // mirror mode "on": viewers see the stream mirrored too
    expect(await fan.next((m) => m.type === "onAir")).toMatchObject({ onAir: true, mirror: true });
    publisher.close();
    fan.close();
  });

  it("refuses the room of an ended live: ended by the creator, or past its end and the grace", async () => {
    const owner = await confirmedAccount({ name: "配信者", prefix: "ender" });
    const holder = await confirmedAccount({ name: "チケット", prefix: "enholder" });
    const fanclubId = await insertFanclub(owner.id);
    const ended = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket", status: 2 });
    await insertLiveTicket(ended, holder.id);
    const past = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket", endAt: Date.now() - STREAM_GRACE_MS - 1_000 });
    await insertLiveTicket(past, holder.id);
    const overrun = await insertLiveEvent(fanclubId, owner.id, { visibility: "ticket", endAt: Date.now() - 60_000 });
    await insertLiveTicket(overrun, holder.id);

    for (const id of [ended, past]) {
      const refused = await call(holder.b, id, "room_ticket");
      expect(refused.status).toBe(410);
      expect(refused.body.payload.message).toBe("この配信は終了しました。");
      expect((await call(owner.b, id, "start_live", { mirror_mode: "auto" })).status).toBe(410);
    }
    // a minute over the end is inside the grace: the last song still reaches the fans
    expect((await call(holder.b, overrun, "room_ticket")).status).toBe(200);
    expect((await call(owner.b, overrun, "start_live", { mirror_mode: "auto" })).status).toBe(200);
  });

  it("ends the owner's stream when its token expires: the owner is told, viewers see it go off air, the chat stays", async () => {
    const id = freshEvent();
    const fan = await RoomClient.join(id, 1300, "viewer");
    const expired = await RoomClient.join(id, 1301, "owner", { streamUntil: Date.now() - 1 });
    expired.send({ type: "publish" });
    expect(await expired.next((m) => m.type === "error")).toMatchObject({ code: "streamExpired" });
    expired.close();

    const owner = await RoomClient.join(id, 1301, "owner", { streamUntil: Date.now() + 300 });
    owner.send({ type: "publish" });
    await fan.next((m) => m.type === "onAir" && m.onAir === true);
    // the room's alarm fires at the expiry by itself
    expect(await owner.next((m) => m.type === "streamEnded", 5_000)).toMatchObject({
      reason: "expired",
      message: "配信の有効期限が切れたため、配信を終了しました。",
    });
    expect(await fan.next((m) => m.type === "onAir" && m.onAir === false)).toMatchObject({ publisherPeerId: null });
    expect((await snapshot(id)).onAir).toBe(false);
    owner.send({ type: "chat", text: "また来週！" });
    expect((await fan.next((m) => m.type === "chat")).message).toMatchObject({ text: "また来週！" });
    owner.close();
    fan.close();
  });
});
