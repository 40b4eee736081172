import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { LiveRoom } from "../../server/live/live-room";
import { resolveLiveAccess, resolveLiveAccessMany } from "../../server/live/live-access";
import { liveRoomStub } from "../../server/live/socket-route";
import { createDb } from "../../db/client";
import { createLiveTicket, createTicketType } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { insertLiveEvent, RoomClient } from "./live-room-fixture";

/**
 * Issue 17: a room admits people by the access rule once (the ticket) and then asks again while
 * they are in it: a membership that ended, a ticket refunded in full or a block closes their
 * sockets with the reason in their language, and leaves everyone else in the room.
 */

const db = createDb(env.DB);
const recheck = (liveEventId: number) => runInDurableObject(liveRoomStub(env, liveEventId), (room: LiveRoom) => room.recheckAccess());
const snapshot = (liveEventId: number) => runInDurableObject(liveRoomStub(env, liveEventId), (room: LiveRoom) => room.snapshot());

async function setting(prefix: string) {
  const owner = await confirmedAccount({ name: "配信者", prefix: `${prefix}o` });
  const fanclubId = await insertFanclub(owner.id);
  const planId = await insertPlan(fanclubId, { name: "ライブ込み", price: 1000 });
  const liveEventId = await insertLiveEvent(fanclubId, owner.id, { visibility: "both", planIds: [planId] });
  return { owner, fanclubId, planId, liveEventId };
}

describe("live room: access checked again while watching", () => {
  it("closes the sockets of a fan whose membership ended, telling them why in their language; others stay", async () => {
    const { owner, fanclubId, planId, liveEventId } = await setting("lra");
    const leaving = await confirmedAccount({ name: "やめる人", prefix: "lral" });
    const staying = await confirmedAccount({ name: "残る人", prefix: "lras" });
    await insertMembership(leaving.id, fanclubId, planId);
    await insertMembership(staying.id, fanclubId, planId);

    const host = await RoomClient.join(liveEventId, owner.id, "owner");
    const gone = await RoomClient.join(liveEventId, leaving.id, "viewer", { locale: "en" });
    const second = await RoomClient.join(liveEventId, leaving.id, "viewer", { locale: "en" });
    const stays = await RoomClient.join(liveEventId, staying.id, "viewer");

    // nothing changed: nobody is closed
    expect(await recheck(liveEventId)).toBe(0);

    // the membership was left and its paid month is over
    await env.DB.prepare("UPDATE memberships SET status = 'left', paid_through = '2020-01' WHERE user_id = ?").bind(leaving.id).run();
    expect(await recheck(liveEventId)).toBe(2);
    for (const client of [gone, second]) {
      const revoked = await client.next((m) => m.type === "revoked");
      expect(revoked).toMatchObject({ code: "accessEnded", message: "You can no longer watch this live, so the connection was closed." });
    }
    await stays.settle();
    await host.settle();
    expect(stays.received.some((m) => m.type === "revoked")).toBe(false);
    expect((await snapshot(liveEventId)).presence).toBe(2);
    host.close();
    stays.close();
  });

  it("closes a fan's socket when their only ticket is refunded in full, not when it is refunded in part", async () => {
    const { owner, fanclubId, liveEventId } = await setting("lrt");
    const holder = await confirmedAccount({ name: "チケット", prefix: "lrth" });
    const type = await createTicketType(env.DB, { liveEventId, title: "一般", price: 2000 });
    const ticket = await createLiveTicket(env.DB, { liveEventId, ticketTypeId: type.id, userId: holder.id, price: 2000 });
    const purchase = await env.DB.prepare("SELECT idempotency_key AS k FROM purchases WHERE id = ?")
      .bind(ticket.purchaseId)
      .first<{ k: string }>();
    // the sale as the ledger posts it, then refunds reversing it
    const sale = await env.DB.prepare(
      "INSERT INTO earning_entries (idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at) VALUES (?, 'sale', ?, 'live_ticket', 'live_event', ?, ?, ?, 2000, 200, 20, 1780, 1000, 1000, '2026-11', ?, ?) RETURNING id",
    )
      .bind(`${purchase!.k}:earning:0`, fanclubId, liveEventId, holder.id, purchase!.k, Date.now(), Date.now())
      .first<{ id: number }>();
    const refund = (n: number, gross: number) =>
      env.DB.prepare(
        "INSERT INTO earning_entries (idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, reverses_entry_id, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at) VALUES (?, 'refund', ?, 'live_ticket', 'live_event', ?, ?, ?, ?, ?, 0, 0, ?, 1000, 1000, '2026-11', ?, ?)",
      )
        .bind(
          `${purchase!.k}:earning:0:refund:${n}`,
          fanclubId,
          liveEventId,
          holder.id,
          purchase!.k,
          sale!.id,
          -gross,
          -gross,
          Date.now(),
          Date.now(),
        )
        .run();

    const client = await RoomClient.join(liveEventId, holder.id, "viewer");
    await refund(1, 500);
    expect(await resolveLiveAccess(db, liveEventId, holder.id, Date.now())).not.toBeNull();
    expect(await recheck(liveEventId)).toBe(0);
    await refund(2, 1500);
    expect(await resolveLiveAccess(db, liveEventId, holder.id, Date.now())).toBeNull();
    expect(await recheck(liveEventId)).toBe(1);
    expect(await client.next((m) => m.type === "revoked")).toMatchObject({
      message: "このライブを視聴する権利がなくなったため、接続を終了しました。",
    });
    void owner;
  });

  it("closes a blocked fan's socket as soon as the creator blocks them, and refuses them a new ticket", async () => {
    const { owner, fanclubId, planId, liveEventId } = await setting("lrb");
    const fan = await confirmedAccount({ name: "ブロックされる人", prefix: "lrbf" });
    await insertMembership(fan.id, fanclubId, planId);
    const client = await RoomClient.join(liveEventId, fan.id, "viewer");

    const blocked = await owner.b.post(at(hosts.www, "/me/fanclub/fans"), { intent: "block", userId: String(fan.id) });
    expect(blocked.status).toBe(200);
    expect(await client.next((m) => m.type === "revoked")).toMatchObject({ code: "accessEnded" });

    const again = await fan.b.request(at(hosts.www, `/api/v1/live_events/${liveEventId}/room_ticket`), {
      method: "POST",
      headers: { accept: "application/json", "x-requested-with": "XMLHttpRequest" },
    });
    expect(again.status).toBe(403);
  });

  it("never closes the owner, and re-checks on its own clock while fans are in the room", async () => {
    const { owner, liveEventId } = await setting("lro");
    const host = await RoomClient.join(liveEventId, owner.id, "owner");
    expect(await recheck(liveEventId)).toBe(0);
    const stranger = await confirmedAccount({ name: "通りすがり", prefix: "lros" });
    // a ticket signed for someone the rule does not admit (say, access lost since it was issued)
    const intruder = await RoomClient.join(liveEventId, stranger.id, "viewer");
    const alarm = await runInDurableObject(liveRoomStub(env, liveEventId), (_room: LiveRoom, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await recheck(liveEventId)).toBe(1);
    await intruder.next((m) => m.type === "revoked");
    await host.settle();
    expect(host.received.some((m) => m.type === "revoked")).toBe(false);
    host.close();
  });

  it("asks about many people in batches, with the same answer for each as when asked alone", async () => {
    const { owner, fanclubId, planId, liveEventId } = await setting("lrm");
    const members = [];
    for (const n of [1, 2, 3]) {
      const member = await confirmedAccount({ name: `会員${n}`, prefix: `lrm${n}` });
      await insertMembership(member.id, fanclubId, planId);
      members.push(member);
    }
    // the third left, and its paid month is over; a stranger never joined
    await env.DB.prepare("UPDATE memberships SET status = 'left', paid_through = '2020-01' WHERE user_id = ?").bind(members[2]!.id).run();
    const stranger = await confirmedAccount({ name: "通りすがり", prefix: "lrmx" });
    const people = [owner.id, members[0]!.id, members[2]!.id, stranger.id, members[1]!.id];
    const now = Date.now();

    // batches of two: three round trips for five people
    const many = await resolveLiveAccessMany(db, liveEventId, people, now, 2);
    expect([...many.keys()]).toEqual(people);
    expect(people.map((id) => many.get(id)?.role ?? null)).toEqual(["owner", "viewer", null, null, "viewer"]);
    for (const id of people) expect(many.get(id)).toEqual(await resolveLiveAccess(db, liveEventId, id, now));
    expect(many.get(members[0]!.id)).toMatchObject({ name: "会員1", liveEventId, event: { status: expect.any(Number) } });
  });
});
