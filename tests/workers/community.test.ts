import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { campaignSchema } from "../../server/domain/fan-campaigns";
import { deadlineRefusal, shareGoalSchema } from "../../server/domain/share-goals";
import { ticketTypeSchema } from "../../server/domain/special-tickets";
import { translatorFor } from "../../server/i18n";
import { coinBalance } from "../../server/services/coins";
import {
  campaignBannerOf,
  campaignBannerQuery,
  campaignOf,
  campaignsOf,
  createCampaign,
  grantCampaignRewards,
  setUsesCampaigns,
  updateCampaign,
  usesCampaigns,
} from "../../server/services/community/fan-campaigns";
import { closeGoal, createGoal, goalOf, goalsOf, updateGoal } from "../../server/services/community/share-goals";
import {
  archiveTicketType,
  createTicketType,
  heldTickets,
  issueTickets,
  ticketTypeOf,
  ticketTypesOf,
  ticketShopOf,
  usableTicketsOf,
} from "../../server/services/community/special-tickets";
import { confirmedAccount } from "./accounts-fixture";
import { insertFanclub, insertMembership, insertPlan, insertPostRow } from "./fanclub-fixture";
import { callApi } from "./money-fixture";

/*
 * Special tickets, share goals and campaigns against D1: issuing and using tickets through the
 * API (concurrent uses → one success), campaign rewards granted once when the same purchase is
 * delivered twice and in parallel, goals whose result survives closing.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Account;
let fan: Account;
let other: Account;
let fanclubId: number;
let planId: number;

beforeAll(async () => {
  owner = await confirmedAccount({ prefix: "cmo" });
  fan = await confirmedAccount({ prefix: "cmf" });
  other = await confirmedAccount({ prefix: "cmx" });
  fanclubId = await insertFanclub(owner.id, { name: "コミュニティ検証クラブ" });
  planId = await insertPlan(fanclubId, { price: 500 });
  await insertMembership(fan.id, fanclubId, planId);
});

describe("special tickets", () => {
  it("issued to a plan's members once per batch, held by the fan, used exactly once under concurrent requests", async () => {
    const now = Date.now();
    const type = await createTicketType(
      db,
      fanclubId,
      { name: "個別レッスン1回", grants: "30分の個別レッスン", validDays: 30, price: 0 },
      now,
    );
    const first = await issueTickets(db, { fanclubId, typeId: type.id, target: { kind: "plan", planId }, batchKey: "b1", now });
    const again = await issueTickets(db, { fanclubId, typeId: type.id, target: { kind: "plan", planId }, batchKey: "b1", now });
    expect(first).toEqual({ ok: true, issued: 1, recipients: 1 });
    expect(again).toEqual({ ok: true, issued: 0, recipients: 1 });
    expect(
      await issueTickets(db, { fanclubId, typeId: type.id, target: { kind: "memberNumbers", numbers: [99999] }, batchKey: "b2", now }),
    ).toEqual({
      ok: false,
      reason: "noRecipients",
    });
    expect((await ticketTypesOf(db, fanclubId)).find((t) => t.id === type.id)).toMatchObject({ issued: 1, used: 0 });

    const listed = await callApi<{ tickets: Array<{ id: number; name: string; state: string }> }>(fan, "GET", "/me/special_tickets");
    expect(listed.status).toBe(200);
    const ticket = listed.json.payload.tickets.find((t) => t.name === "個別レッスン1回")!;
    expect(ticket.state).toBe("usable");
    expect((await usableTicketsOf(db, fan.id, [type.id], now)).map((t) => t.id)).toEqual([ticket.id]);

    // someone else's ticket does not exist for them; bad input is a 400
    expect((await callApi(other, "POST", `/me/special_tickets/${ticket.id}/use`, { idempotencyKey: "other-use-1" })).status).toBe(404);
    expect((await callApi(fan, "POST", `/me/special_tickets/${ticket.id}/use`, { idempotencyKey: "x" })).status).toBe(400);

    const uses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callApi(fan, "POST", `/me/special_tickets/${ticket.id}/use`, { purpose: "event", idempotencyKey: `use-key-${i}` }),
      ),
    );
    expect(uses.filter((u) => u.status === 200)).toHaveLength(1);
    expect(uses.filter((u) => u.status === 409)).toHaveLength(5);
    const winner = uses.findIndex((u) => u.status === 200);
    const retry = await callApi<{ replayed: boolean }>(fan, "POST", `/me/special_tickets/${ticket.id}/use`, {
      purpose: "event",
      idempotencyKey: `use-key-${winner}`,
    });
    expect(retry.status).toBe(200);
    expect(retry.json.payload.replayed).toBe(true);
    expect((await heldTickets(db, fan.id, Date.now(), fanclubId)).find((t) => t.id === ticket.id)?.state).toBe("used");
    expect((await ticketTypesOf(db, fanclubId)).find((t) => t.id === type.id)).toMatchObject({ issued: 1, used: 1 });
  });

  it("only priced, live types are on sale; archiving removes a type", async () => {
    const now = Date.now();
    const sold = await createTicketType(
      db,
      fanclubId,
      { name: "限定イベント入場券", grants: "会員限定イベントへの入場", validDays: null, price: 1500 },
      now,
    );
    expect((await ticketShopOf(db, { fanclubId }, null, now))?.tickets.map((t) => t.id)).toContain(sold.id);
    expect(await archiveTicketType(db, fanclubId, sold.id, now)).toBe(true);
    expect(await archiveTicketType(db, fanclubId, sold.id, now)).toBe(false);
    expect(await ticketTypeOf(db, fanclubId, sold.id)).toBeUndefined();
    expect((await ticketShopOf(db, { fanclubId }, null, now))?.tickets.map((t) => t.id)).not.toContain(sold.id);
    expect(await ticketShopOf(db, { typeId: sold.id }, null, now)).toBeNull();
  });

  it("the type form refuses bad input with localized messages", () => {
    const t = translatorFor("ja");
    const bad = ticketTypeSchema(t).safeParse({ name: "", grants: "x", validDays: "0", price: "50" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message).join(" ");
    expect(messages).toContain("チケット名");
    expect(ticketTypeSchema(t).parse({ name: "券", grants: "特典", validDays: "", price: "" })).toMatchObject({
      validDays: null,
      price: 0,
    });
  });
});

describe("campaigns", () => {
  it("a coin reward is granted once when the same purchase is delivered twice and in parallel", async () => {
    const now = Date.now();
    await setUsesCampaigns(db, fanclubId, true, now);
    expect(await usesCampaigns(db, fanclubId)).toBe(true);
    const postId = await insertPostRow(fanclubId, owner.id, { title: "キャンペーンのお知らせ" });
    const created = await createCampaign(
      db,
      fanclubId,
      {
        title: "入会で100コイン",
        description: "",
        startsAt: now - 60_000,
        endsAt: now + 86_400_000,
        condition: "join_plan",
        rewardKind: "coins",
        rewardCoins: 100,
        rewardPostId: null,
        rewardTicketTypeId: null,
        bannerPostId: postId,
      },
      now,
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : 0;
    const before = (await coinBalance(db, other.id, now)).balance;
    const event = {
      userId: other.id,
      purchaseKey: "purchase:test:1",
      lines: [{ type: "Plan", targetType: "join_plan_type", fanclubId, price: 500 }],
      paidAt: now,
      now,
    };
    await Promise.all([grantCampaignRewards(db, event), grantCampaignRewards(db, event), grantCampaignRewards(db, event)]);
    await grantCampaignRewards(db, { ...event, purchaseKey: "purchase:test:2" });
    expect((await coinBalance(db, other.id, Date.now())).balance - before).toBe(100);
    expect((await campaignOf(db, fanclubId, id))?.rewarded).toBe(1);
    expect((await campaignsOf(db, fanclubId)).map((c) => c.id)).toContain(id);
    // a tip does not meet a join condition
    const tipper = { ...event, userId: fan.id, lines: [{ type: "Tipping", targetType: "fanclub_tipping", fanclubId, price: 500 }] };
    expect((await grantCampaignRewards(db, tipper)).granted).toEqual([]);

    const mine = await callApi<{ campaigns: Array<{ id: number; rewardedAt: number | null; coinsRemaining: number | null }> }>(
      other,
      "GET",
      "/me/campaigns",
    );
    expect(mine.json.payload.campaigns.find((c) => c.id === id)).toMatchObject({ coinsRemaining: 100 });
    expect((await callApi(other, "GET", `/me/campaigns/${id}`)).status).toBe(200);
    expect((await callApi(other, "GET", "/me/campaigns/999999")).status).toBe(404);
    expect(campaignBannerOf(await campaignBannerQuery(db, sql`${fanclubId}`, now).get())?.postId).toBe(postId);

    // once a fan earned it, the reward cannot change under them
    const changed = await updateCampaign(
      db,
      fanclubId,
      id,
      {
        title: "x",
        description: "",
        startsAt: now,
        endsAt: now + 1000,
        condition: "join_plan",
        rewardKind: "coins",
        rewardCoins: 500,
        rewardPostId: null,
        rewardTicketTypeId: null,
        bannerPostId: null,
      },
      now,
    );
    expect(changed).toEqual({ ok: false, problem: "rewardLocked" });
  });

  it("a ticket reward issues one ticket per fan; the form checks the JST period", async () => {
    const now = Date.now();
    const type = await createTicketType(db, fanclubId, { name: "特典チケット", grants: "サイン入りチェキ", validDays: 90, price: 0 }, now);
    const created = await createCampaign(
      db,
      fanclubId,
      {
        title: "チップで特典",
        description: "",
        startsAt: now - 1000,
        endsAt: now + 86_400_000,
        condition: "tip",
        rewardKind: "ticket",
        rewardCoins: null,
        rewardPostId: null,
        rewardTicketTypeId: type.id,
        bannerPostId: null,
      },
      now,
    );
    expect(created.ok).toBe(true);
    const event = {
      userId: fan.id,
      purchaseKey: "purchase:tip:1",
      lines: [{ type: "Tipping", targetType: "fanclub_tipping", fanclubId, price: 300 }],
      paidAt: now,
      now,
    };
    await Promise.all([grantCampaignRewards(db, event), grantCampaignRewards(db, event)]);
    expect((await heldTickets(db, fan.id, now, fanclubId)).filter((t) => t.typeId === type.id)).toHaveLength(1);
    const missing = await createCampaign(
      db,
      fanclubId,
      {
        title: "x",
        description: "",
        startsAt: now,
        endsAt: now + 1,
        condition: "tip",
        rewardKind: "ticket",
        rewardCoins: null,
        rewardPostId: null,
        rewardTicketTypeId: 999999,
        bannerPostId: null,
      },
      now,
    );
    expect(missing).toEqual({ ok: false, problem: "ticketMissing" });
    const t = translatorFor("ja");
    const bad = campaignSchema(t).safeParse({
      title: "x",
      startsAt: "2026-06-02T00:00",
      endsAt: "2026-06-01T00:00",
      condition: "tip",
      rewardKind: "coins",
      rewardCoins: "0",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["endsAt", "rewardCoins"]));
  });
});

describe("share goals", () => {
  it("progress counts real memberships; closing keeps the result", async () => {
    const now = Date.now();
    const goal = await createGoal(
      db,
      fanclubId,
      { title: "サポーター3人", metric: "supporters", target: 3, deadline: now + 7 * 86_400_000, reward: "記念配信" },
      now - 1000,
    );
    expect((await goalOf(db, fanclubId, goal.id, now))?.progress).toMatchObject({ value: 1, percent: 33, status: "open" });
    expect(
      await updateGoal(
        db,
        fanclubId,
        goal.id,
        { title: "サポーター2人", metric: "supporters", target: 2, deadline: now + 7 * 86_400_000, reward: "記念配信" },
        now,
      ),
    ).toBe(true);
    const closed = await closeGoal(db, fanclubId, goal.id, Date.now());
    expect(closed?.goal.resultValue).toBe(1);
    await insertMembership(other.id, fanclubId, planId);
    expect((await goalOf(db, fanclubId, goal.id, Date.now()))?.progress).toMatchObject({ value: 1, status: "closed" });
    expect(
      await updateGoal(db, fanclubId, goal.id, { title: "x", metric: "supporters", target: 1, deadline: now + 1000, reward: "" }, now),
    ).toBe(false);
    expect((await goalsOf(db, fanclubId, Date.now())).map((g) => g.goal.id)).toContain(goal.id);
    expect((await callApi(fan, "GET", `/fanclubs/${fanclubId}/share_goal`)).status).toBe(200);
    const t = translatorFor("ja");
    expect(shareGoalSchema(t).safeParse({ title: "", metric: "x", target: "0", deadline: "2026-02-30T10:00" }).success).toBe(false);
    expect(deadlineRefusal(now - 1, now)).toBe("deadlinePast");
  });
});
