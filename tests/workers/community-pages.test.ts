import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { billingMonthOf } from "../../server/domain/billing-month";
import { setUsesCampaigns } from "../../server/services/community/fan-campaigns";
import { createGoal } from "../../server/services/community/share-goals";
import { createTicketType } from "../../server/services/community/special-tickets";
import { TestBrowser } from "./browser";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertMembership, insertPlan, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * The pages of special tickets, share goals and campaigns (decision 037): who may open and post
 * them (owner, editors with and without the lesson permission, a member, a follower, a visitor),
 * bad input answered with a localized 4xx that writes nothing, the campaign pages shown only with
 * useCampaign, and what the fan sees (held tickets, their campaigns, the goal graph and banner).
 * The editor matrix over every permission for special_ticket and share_goals is in
 * authorization.test.ts.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Account;
let lessonEditor: Account;
let plainEditor: Account;
let member: Account;
let follower: Account;
let fanclubId: number;
let postId: number;
const visitor = new TestBrowser();

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE fanclub_id = ?`).bind(fanclubId).first<{ n: number }>())!.n;

beforeAll(async () => {
  owner = await confirmedAccount({ prefix: "cpo" });
  lessonEditor = await confirmedAccount({ prefix: "cpl" });
  plainEditor = await confirmedAccount({ prefix: "cpe" });
  member = await confirmedAccount({ prefix: "cpm" });
  follower = await confirmedAccount({ prefix: "cpf" });
  fanclubId = await insertFanclub(owner.id, { serviceId: 1, name: "コミュニティページ検証クラブ" });
  const planId = await insertPlan(fanclubId, { price: 500 });
  await insertMembership(member.id, fanclubId, planId);
  await env.DB.prepare("INSERT INTO follows (user_id, fanclub_id, created_at) VALUES (?, ?, ?)")
    .bind(follower.id, fanclubId, Date.now())
    .run();
  await insertEditor(fanclubId, lessonEditor.id, ["can_lesson_manage"]);
  await insertEditor(fanclubId, plainEditor.id, ["postable", "can_product_manage"]);
  postId = await insertPostRow(fanclubId, owner.id, { title: "キャンペーン告知", publishedAt: Date.now() - 60_000 });
}, 120_000);

describe("special tickets page", () => {
  it("the owner and a lesson editor create types; an editor without the permission, a member, a follower and a visitor cannot", async () => {
    const form = (name: string) => ({ intent: "createType", name, grants: "30分の個別レッスン", validDays: "30", price: "" });
    const page = at(hosts.www, "/me/fanclub/special_ticket");
    expect((await owner.b.get(page)).status).toBe(200);
    expect((await lessonEditor.b.get(page)).status).toBe(200);
    expect((await plainEditor.b.get(page)).status).toBe(403);
    expect((await member.b.get(page)).headers.get("location")).toBe("/me/fanclub/new");
    expect((await follower.b.get(page)).headers.get("location")).toBe("/me/fanclub/new");
    expect((await visitor.get(page)).headers.get("location")).toContain("/auth/login");

    expect((await owner.b.post(page, form("オーナーの券"))).status).toBe(200);
    expect((await lessonEditor.b.post(page, form("編集者の券"))).status).toBe(200);
    const before = await count("special_ticket_types");
    expect(before).toBe(2);
    expect((await plainEditor.b.post(page, form("拒否される券"))).status).toBe(403);
    expect((await member.b.post(page, form("拒否される券"))).status).toBe(302);
    expect((await visitor.post(page, form("拒否される券"))).status).toBe(302);
    expect(await count("special_ticket_types")).toBe(before);
  });

  it("bad input is a localized 400 and writes nothing; an issue sent twice issues once; the member sees and uses the ticket", async () => {
    const page = at(hosts.www, "/me/fanclub/special_ticket");
    const before = await count("special_ticket_types");
    const bad = await owner.b.post(page, { intent: "createType", name: "", grants: "x", validDays: "0", price: "50" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("チケット名を入力してください");
    expect(await count("special_ticket_types")).toBe(before);

    const type = await createTicketType(
      db,
      fanclubId,
      { name: "会員イベント入場券", grants: "会員限定イベントへ入場", validDays: null, price: 0 },
      Date.now(),
    );
    const issue = { intent: "issue", typeId: String(type.id), target: "allMembers", batchKey: "page-batch-0001" };
    const badIssue = await owner.b.post(page, { ...issue, target: "memberNumbers", numbers: "abc" });
    expect(badIssue.status).toBe(400);
    expect(await count("special_tickets")).toBe(0);
    const [first, second] = [await owner.b.post(page, issue), await owner.b.post(page, issue)];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await count("special_tickets")).toBe(1);

    const held = at(hosts.user, "/me/special_tickets");
    const html = await (await member.b.get(held)).text();
    expect(html).toContain("会員イベント入場券");
    expect(html).toContain("使用可");
    expect((await follower.b.get(held)).status).toBe(200);
    expect(await (await follower.b.get(held)).text()).not.toContain("会員イベント入場券");
    expect((await visitor.get(held)).headers.get("location")).toContain("/auth/login");
    const ticketId = (await env.DB.prepare("SELECT id FROM special_tickets WHERE fanclub_id = ?").bind(fanclubId).first<{ id: number }>())!
      .id;
    // someone else cannot use it; the member uses it once, a second use is refused
    expect((await follower.b.post(held, { ticketId: String(ticketId), useKey: "follower-use-1" })).status).toBe(404);
    expect((await member.b.post(held, { ticketId: String(ticketId), useKey: "member-use-1" })).status).toBe(200);
    const again = await member.b.post(held, { ticketId: String(ticketId), useKey: "member-use-2" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("すでに使われています");
  });
});

describe("share goal pages", () => {
  it("only the owner sets goals; a bad form writes nothing; closing keeps the result; the fan club page draws the graph", async () => {
    const page = at(hosts.www, "/me/fanclub/share_goals/new");
    const good = { title: "サポーター10人", metric: "supporters", target: "10", deadline: "2099-12-31T23:00", reward: "記念配信" };
    expect((await lessonEditor.b.post(page, good)).status).toBe(403);
    expect((await member.b.post(page, good)).status).toBe(302);
    expect((await visitor.post(page, good)).headers.get("location")).toContain("/auth/login");
    expect(await count("share_goals")).toBe(0);

    const bad = await owner.b.post(page, { ...good, target: "0", deadline: "2020-01-01T00:00" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("1以上100,000,000以下の整数");
    const past = await owner.b.post(page, { ...good, deadline: "2020-01-01T00:00" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("未来の日時");
    expect(await count("share_goals")).toBe(0);

    const created = await owner.b.post(page, good);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/me/fanclub/share_goals");
    const id = (await env.DB.prepare("SELECT id FROM share_goals WHERE fanclub_id = ?").bind(fanclubId).first<{ id: number }>())!.id;

    const club = await (await member.b.get(at(hosts.www, `/fanclubs/${fanclubId}`))).text();
    expect(club).toContain('data-testid="share-goal"');
    expect(club).toContain("<polyline");
    expect(club).toContain("支援者 1 / 10人（10%）");

    expect((await lessonEditor.b.post(at(hosts.www, `/me/fanclub/share_goals/${id}/close`), {})).status).toBe(403);
    expect((await owner.b.post(at(hosts.www, `/me/fanclub/share_goals/${id}/close`), {})).status).toBe(302);
    const row = await env.DB.prepare("SELECT closed_at, result_value FROM share_goals WHERE id = ?")
      .bind(id)
      .first<{ closed_at: number; result_value: number }>();
    expect(row?.result_value).toBe(1);
    expect((await owner.b.get(at(hosts.www, `/me/fanclub/share_goals/${id}/edit`))).status).toBe(404);
    expect(await (await member.b.get(at(hosts.www, `/fanclubs/${fanclubId}`))).text()).not.toContain('data-testid="share-goal"');
    // another fan club's goal is not this owner's
    const otherOwner = await confirmedAccount({ prefix: "cpx" });
    const otherClub = await insertFanclub(otherOwner.id, { serviceId: 1, name: "よそのクラブ" });
    const foreign = await createGoal(
      db,
      otherClub,
      { title: "よそ", metric: "supporters", target: 5, deadline: Date.now() + 86_400_000, reward: "" },
      Date.now(),
    );
    expect((await owner.b.get(at(hosts.www, `/me/fanclub/share_goals/${foreign.id}/edit`))).status).toBe(404);
  });
});

describe("the open goal on the fan club page", () => {
  it("is counted in the page's own batch (at most 2 D1 round trips) and agrees with the goal API, this month's payments included", async () => {
    // a monthly amount goal counts this month's payments by their month in Japan time: the page
    // reads that month through SQL, the API through billingMonthOf
    const m = (await env.DB.prepare("SELECT id, plan_id FROM memberships WHERE user_id = ? AND fanclub_id = ?")
      .bind(member.id, fanclubId)
      .first<{ id: number; plan_id: number }>())!;
    await env.DB.prepare(
      "INSERT INTO membership_payments (membership_id, user_id, fanclub_id, plan_id, month, amount, kind, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, 'renewal', ?, ?)",
    )
      .bind(m.id, member.id, fanclubId, m.plan_id, billingMonthOf(Date.now()), 1500, `goal-page-${m.id}`, Date.now() - 60_000)
      .run();
    const goal = await createGoal(
      db,
      fanclubId,
      { title: "今月の応援", metric: "monthly_amount", target: 6000, deadline: Date.now() + 20 * 86_400_000, reward: "" },
      Date.now() - 3_600_000,
    );
    const api = (await (await visitor.get(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/share_goal`))).json()) as {
      payload: { goal: { id: number; progress: { value: number; percent: number } } };
    };
    expect(api.payload.goal.id).toBe(goal.id);
    expect(api.payload.goal.progress).toMatchObject({ value: 1500, percent: 25 });
    for (const browser of [visitor, member.b]) {
      const res = await browser.get(at(hosts.www, `/fanclubs/${fanclubId}`));
      expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
      expect(await res.text()).toContain("今月の支援額 1,500 / 6,000円（25%）");
    }
    await owner.b.post(at(hosts.www, `/me/fanclub/share_goals/${goal.id}/close`), {});
  });
});

describe("campaign pages", () => {
  it("exist only when the fan club uses campaigns, for the owner only; bad input writes nothing; the fan sees the banner and their campaigns", async () => {
    const list = at(hosts.www, "/me/fanclub/campaigns");
    expect((await owner.b.get(list)).status).toBe(404);
    expect(await (await owner.b.get(at(hosts.www, "/me/fanclub"))).text()).not.toContain('href="/me/fanclub/campaigns"');
    await setUsesCampaigns(db, fanclubId, true, Date.now());
    expect((await owner.b.get(list)).status).toBe(200);
    expect(await (await owner.b.get(at(hosts.www, "/me/fanclub"))).text()).toContain("/me/fanclub/campaigns");
    expect((await lessonEditor.b.get(list)).status).toBe(403);
    expect((await plainEditor.b.get(list)).status).toBe(403);
    expect((await member.b.get(list)).headers.get("location")).toBe("/me/fanclub/new");
    expect((await visitor.get(list)).headers.get("location")).toContain("/auth/login");

    const page = at(hosts.www, "/me/fanclub/campaigns/new");
    const good = {
      title: "入会で100コイン",
      description: "",
      startsAt: "2020-01-01T00:00",
      endsAt: "2099-01-01T00:00",
      condition: "join_plan",
      rewardKind: "coins",
      rewardCoins: "100",
      bannerPostId: String(postId),
    };
    const bad = await owner.b.post(page, { ...good, endsAt: "2019-01-01T00:00", rewardCoins: "0" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("終了日時は開始日時より後");
    const foreignTicket = await owner.b.post(page, { ...good, rewardKind: "ticket", rewardTicketTypeId: "999999" });
    expect(foreignTicket.status).toBe(422);
    expect((await lessonEditor.b.post(page, good)).status).toBe(403);
    expect(await count("fan_campaigns")).toBe(0);
    const coinCampaigns = (await env.DB.prepare("SELECT count(*) AS n FROM coin_campaigns").first<{ n: number }>())!.n;
    expect((await owner.b.post(page, good)).status).toBe(302);
    expect(await count("fan_campaigns")).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM coin_campaigns").first<{ n: number }>())!.n).toBe(coinCampaigns + 1);

    const club = await (await member.b.get(at(hosts.www, `/fanclubs/${fanclubId}`))).text();
    expect(club).toContain('data-testid="campaign-banner"');
    expect(club).toContain(`/fanclubs/${fanclubId}/posts/${postId}`);
    const mine = await (await follower.b.get(at(hosts.user, "/me/campaigns"))).text();
    expect(mine).toContain("入会で100コイン");
    expect(mine).toContain("まだ特典は受け取っていません");
    const id = (await env.DB.prepare("SELECT id FROM fan_campaigns WHERE fanclub_id = ?").bind(fanclubId).first<{ id: number }>())!.id;
    expect((await follower.b.get(at(hosts.user, `/me/campaigns/${id}`))).status).toBe(200);
    expect((await visitor.get(at(hosts.user, `/me/campaigns/${id}`))).headers.get("location")).toContain("/auth/login");
    expect((await owner.b.get(at(hosts.www, `/me/fanclub/campaigns/${id}/edit`))).status).toBe(200);
  });
});
