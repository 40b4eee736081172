import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import worker from "../../server/worker";
import type { JobMessage } from "../../server/jobs/messages";
import { monthEndMs, billingMonthOf } from "../../server/domain/billing-month";
import { FAKE_GUILDS, fakeDiscordClient, fakeDiscordState, fakeDiscordUserId } from "../../server/integrations/discord/fake";
import { runDiscordSync } from "../../server/services/discord/roles";
import { createMembership } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertFanclub, insertPlan } from "./fanclub-fixture";

/**
 * Discord end to end against the offline fake (docs/decisions/040): a creator installs the bot
 * and maps plans to roles, a member links their account and joins with their plan's role, and
 * the role follows a downgrade and leaving.
 */

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const GUILD = FAKE_GUILDS[0]!;
const [GOLD, SILVER] = [GUILD.roles[0]!, GUILD.roles[1]!];
const PAGE = "/me/fanclub/applications/discord";

/** Goes through the fake's authorize screen as a person who presses 「認可」 (or cancels). */
async function authorize(b: TestBrowser, startPath: string, form: Record<string, string>) {
  const start = await b.get(at(hosts.www, startPath));
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("location")!, at(hosts.www, "/")).toString();
  expect(authorizeUrl).toContain("/dev/discord/authorize");
  expect(authorizeUrl).toContain("code_challenge=");
  expect((await b.get(authorizeUrl)).status).toBe(200);
  const back = await b.post(authorizeUrl, form);
  expect(back.status).toBe(302);
  const callback = back.headers.get("location")!;
  return { callback, done: await b.get(callback) };
}

async function creatorWithServer(prefix: string) {
  const owner = await confirmedAccount({ prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `星空ラウンジ${prefix}` });
  const silver = await insertPlan(fanclubId, { name: "シルバー", price: 500 });
  const gold = await insertPlan(fanclubId, { name: "ゴールド", price: 2000 });
  const { done } = await authorize(owner.b, `${PAGE}/connect`, { decision: "allow", guildId: GUILD.id });
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toBe(PAGE);
  return { owner, fanclubId, silver, gold };
}

async function linkedFan(prefix: string, username: string) {
  const fan = await confirmedAccount({ prefix });
  const { done } = await authorize(fan.b, "/me/discord/connect", { decision: "allow", username });
  expect(done.headers.get("location")).toBe("/me/discord");
  return { ...fan, discordId: await fakeDiscordUserId(username) };
}

async function join(b: TestBrowser, fanclubId: number | string) {
  const res = await b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/join_discord_server`), { method: "POST", headers: xhr });
  return { status: res.status, body: (await res.json()) as { success: boolean; payload: Record<string, unknown> } };
}

async function rolesInServer(discordId: string) {
  return (await fakeDiscordState(env.MEDIA)).members[GUILD.id]?.[discordId] ?? null;
}

async function deliverSync(userId: number) {
  const body: JobMessage = { type: "discord-sync", key: `discord-sync:test:${userId}:${Date.now()}`, userId };
  const batch = createMessageBatch<JobMessage>("fanclub-jobs", [{ id: `m${userId}`, timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("Discord: the creator links the server and maps plans to roles", () => {
  it("installs the bot through OAuth, lists the server's roles and saves the map", async () => {
    const { owner, fanclubId, silver, gold } = await creatorWithServer("dc1");
    const server = await env.DB.prepare("SELECT guild_id, guild_name FROM discord_servers WHERE fanclub_id = ?").bind(fanclubId).first();
    expect(server).toEqual({ guild_id: GUILD.id, guild_name: GUILD.name });
    const html = await (await owner.b.get(at(hosts.www, PAGE))).text();
    expect(html).toContain(`${GUILD.name} と連携しています。`);
    expect(html).toContain(GOLD.name);
    const saved = await owner.b.post(at(hosts.www, PAGE), { intent: "roles", [`role_${silver}`]: SILVER.id, [`role_${gold}`]: GOLD.id });
    expect(saved.status).toBe(200);
    const { results } = await env.DB.prepare(
      "SELECT plan_id, role_id, role_name FROM discord_plan_roles WHERE fanclub_id = ? ORDER BY plan_id",
    )
      .bind(fanclubId)
      .all();
    expect(results).toEqual([
      { plan_id: silver, role_id: SILVER.id, role_name: SILVER.name },
      { plan_id: gold, role_id: GOLD.id, role_name: GOLD.name },
    ]);
    expect(await (await owner.b.get(at(hosts.www, "/me/fanclub/applications"))).text()).toContain(`連携中：${GUILD.name}`);
  });

  it("refuses a role the server lacks, a plan of another fan club and garbage, and changes nothing", async () => {
    const { owner, fanclubId, silver } = await creatorWithServer("dc2");
    const other = await insertPlan(await insertFanclub((await confirmedAccount({ prefix: "dc2o" })).id));
    for (const form of [
      { intent: "roles", [`role_${silver}`]: "760000000000000099" },
      { intent: "roles", [`role_${other}`]: SILVER.id },
      { intent: "roles", [`role_${silver}`]: "gold'; DROP TABLE plans" },
      { intent: "nothing" },
    ]) {
      const res = await owner.b.post(at(hosts.www, PAGE), form);
      expect(res.status).toBe(400);
    }
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM discord_plan_roles WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("keeps out visitors and fans without a fan club, and refuses a callback whose state is not this browser's", async () => {
    const visitor = await new TestBrowser().get(at(hosts.www, PAGE));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/auth/login");
    const fan = await confirmedAccount({ prefix: "dc3f" });
    const res = await fan.b.get(at(hosts.www, PAGE));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/me/fanclub/new");

    // a callback replayed into another browser (no state cookie there) links nothing
    const owner = await confirmedAccount({ prefix: "dc3" });
    const fanclubId = await insertFanclub(owner.id);
    const start = await owner.b.get(at(hosts.www, `${PAGE}/connect`));
    const authorizeUrl = new URL(start.headers.get("location")!, at(hosts.www, "/")).toString();
    const callback = (await owner.b.post(authorizeUrl, { decision: "allow", guildId: GUILD.id })).headers.get("location")!;
    const stranger = await confirmedAccount({ prefix: "dc3s" });
    await insertFanclub(stranger.id);
    const replay = await stranger.b.get(callback);
    expect(replay.status).toBe(302);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM discord_servers WHERE fanclub_id = ? OR linked_by = ?")
      .bind(fanclubId, stranger.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
    // a cancelled authorization links nothing either
    const { done } = await authorize(owner.b, `${PAGE}/connect`, { decision: "deny" });
    expect(done.status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM discord_servers WHERE fanclub_id = ?").bind(fanclubId).first("n")).toBe(0);
  });
});

describe("Discord: a member links their account and joins with their plan's role", () => {
  it("joins with the plan's role; the role follows a downgrade and is kept to the end of the paid month after leaving", async () => {
    const { owner, fanclubId, silver, gold } = await creatorWithServer("dc4");
    await owner.b.post(at(hosts.www, PAGE), { intent: "roles", [`role_${silver}`]: SILVER.id, [`role_${gold}`]: GOLD.id });
    const fan = await linkedFan("dc4f", "hoshi_dc4");
    const account = await env.DB.prepare("SELECT discord_user_id, username FROM discord_accounts WHERE user_id = ?").bind(fan.id).first();
    expect(account).toEqual({ discord_user_id: fan.discordId, username: "hoshi_dc4" });
    expect(await (await fan.b.get(at(hosts.www, "/me/discord"))).text()).toContain("hoshi_dc4 として連携しています。");

    const month = billingMonthOf(Date.now());
    await createMembership(env.DB, { userId: fan.id, fanclubId, planId: gold, paidThrough: month });
    const joined = await join(fan.b, fanclubId);
    expect(joined.status).toBe(200);
    expect(joined.body.payload).toMatchObject({ joined: true, added: true, guildName: GUILD.name, roleName: GOLD.name });
    expect(await rolesInServer(fan.discordId)).toEqual([GOLD.id]);
    const me = (await (await fan.b.get(at(hosts.www, "/api/v1/me/user/discord"), xhr)).json()) as {
      payload: { servers: Array<{ fanclubId: number; joined: boolean }> };
    };
    expect(me.payload.servers.find((s) => s.fanclubId === fanclubId)?.joined).toBe(true);

    // downgrade through the API (no payment recorded for the month, so nothing dearer is kept)
    const down = await fan.b.request(at(hosts.www, `/api/v1/plans/${silver}/downgrade`), { method: "POST", headers: xhr });
    expect(down.status).toBe(200);
    const pending = await env.DB.prepare("SELECT pending_since FROM discord_members WHERE user_id = ?")
      .bind(fan.id)
      .first<{ pending_since: number | null }>();
    expect(pending?.pending_since).not.toBeNull();
    const result = await deliverSync(fan.id);
    expect(result.retryMessages).toEqual([]);
    expect(await rolesInServer(fan.discordId)).toEqual([SILVER.id]);

    // leaving keeps the role until 00:00 JST on the 1st after the paid month, then it goes
    const left = await fan.b.request(at(hosts.www, `/api/v1/plans/${silver}/leave`), { method: "POST", headers: xhr });
    expect(left.status).toBe(200);
    await deliverSync(fan.id);
    expect(await rolesInServer(fan.discordId)).toEqual([SILVER.id]);
    const row = await env.DB.prepare("SELECT recheck_at FROM discord_members WHERE user_id = ?")
      .bind(fan.id)
      .first<{ recheck_at: number }>();
    expect(row?.recheck_at).toBe(monthEndMs(month));
    const client = fakeDiscordClient(env.MEDIA);
    const db = createDb(env.DB);
    await runDiscordSync(db, client, { now: monthEndMs(month) - 1 });
    expect(await rolesInServer(fan.discordId)).toEqual([SILVER.id]);
    await runDiscordSync(db, client, { now: monthEndMs(month) });
    expect(await rolesInServer(fan.discordId)).toEqual([]);
  });

  it("refuses visitors, non-members, fans without a linked account, unknown fan clubs and calls without X-Requested-With", async () => {
    const { fanclubId } = await creatorWithServer("dc5");
    expect((await join(new TestBrowser(), fanclubId)).status).toBe(401);
    const fan = await linkedFan("dc5f", "hoshi_dc5");
    const notMember = await join(fan.b, fanclubId);
    expect(notMember.status).toBe(403);
    expect(notMember.body.payload.message).toBe("Discordサーバーに参加できるのはファンクラブの加入者だけです。");
    const unlinked = await confirmedAccount({ prefix: "dc5u" });
    const plan = await insertPlan(fanclubId, { price: 500 });
    await createMembership(env.DB, { userId: unlinked.id, fanclubId, planId: plan });
    const noAccount = await join(unlinked.b, fanclubId);
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.payload.message).toBe("先にDiscordアカウントを連携してください。");
    expect((await join(fan.b, 999999)).status).toBe(404);
    expect((await join(fan.b, "abc")).status).toBe(404);
    const bare = await fan.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/join_discord_server`), { method: "POST" });
    expect(bare.status).toBe(403);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM discord_members WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    const visitor = await new TestBrowser().get(at(hosts.www, "/me/discord"));
    expect(visitor.status).toBe(302);
  });

  it("unlinking takes the roles back and forgets the account", async () => {
    const { owner, fanclubId, silver } = await creatorWithServer("dc6");
    await owner.b.post(at(hosts.www, PAGE), { intent: "roles", [`role_${silver}`]: SILVER.id });
    const fan = await linkedFan("dc6f", "hoshi_dc6");
    await createMembership(env.DB, { userId: fan.id, fanclubId, planId: silver });
    expect((await join(fan.b, fanclubId)).status).toBe(200);
    expect(await rolesInServer(fan.discordId)).toEqual([SILVER.id]);
    expect((await fan.b.post(at(hosts.www, "/me/discord"), { intent: "unlink" })).status).toBe(200);
    expect(await rolesInServer(fan.discordId)).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM discord_accounts WHERE user_id = ?").bind(fan.id).first("n")).toBe(0);
  });
});
