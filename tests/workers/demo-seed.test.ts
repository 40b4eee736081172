import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { DEMO_ACCOUNTS, DEMO_COINS, DEMO_FANCLUBS, DEMO_PASSWORD, demoStatements, ledgerDemoStatements } from "../../db/seed/seed-sql.mjs";
import { checkBlogContent } from "../../server/domain/blog";
import { can, parsePermissions } from "../../server/domain/fanclub-permissions";
import { verifyPassword } from "../../server/security/crypto";
import { ledgerAudit } from "../../server/services/coin-audit";
import { activeCampaigns, vestingCampaigns } from "../../server/services/coin-campaigns";
import { coinBalance } from "../../server/services/coins";
import { backfillEarnings } from "../../server/services/earnings/backfill";
import { withdrawableEarnings } from "../../server/services/earnings/balance";
import { SEARCH_ORDERS, searchFanclubs } from "../../server/services/fanclub-search";
import { at } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

/**
 * The demo data of `npm run dev` (scripts/seed.mjs), applied here on top of the migrations and
 * brands exactly as the seed script applies it, twice.
 */

const db = createDb(env.DB);
const origin = { scheme: "http", port: "8787" } as const;
const DAY = 86_400_000;

/** As `npm run dev` does: the seed, the worker's ledger backfill, then the rows that need the ledger. */
const apply = async (now: number) => {
  await env.DB.batch(demoStatements(origin, now).map((sql) => env.DB.prepare(sql)));
  await backfillEarnings(db);
  await env.DB.batch(ledgerDemoStatements(now).map((sql) => env.DB.prepare(sql)));
};

const TABLES = [
  "users",
  "fanclubs",
  "fanclub_tags",
  "plans",
  "memberships",
  "follows",
  "fanclub_editors",
  "fanclub_managers",
  "bank_accounts",
  "transfers",
  "payout_periods",
  "fanclub_payout_settings",
  "fanclub_groups",
  "fanclub_group_members",
  "posts",
  "coin_campaigns",
  "coin_campaign_grants",
  "coin_accounts",
  "coin_entries",
  "coin_lots",
  "coin_postings",
  "purchases",
  "purchase_items",
  "tips",
  "discord_servers",
  "discord_plan_roles",
  "discord_accounts",
  "discord_members",
];

/** Every row of the tables the seed writes, as sorted JSON lines (row order is not content). */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all();
    out[table] = results.map((r) => JSON.stringify(r)).sort();
  }
  const { results } = await env.DB.prepare("SELECT rowid, name, creator_name, tags, description FROM fanclub_search").all();
  out.fanclub_search = results.map((r) => JSON.stringify(r)).sort();
  return out;
}

const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

let first: Record<string, string[]>;
let second: Record<string, string[]>;

beforeAll(async () => {
  const now = Date.now();
  await apply(now);
  first = await snapshot();
  // the next `npm run dev`, three days later
  await apply(now + 3 * DAY);
  second = await snapshot();
});

describe("demo seed", () => {
  it("applied a second time, a day later or not, changes no row at all", () => {
    expect(first.fanclubs).toHaveLength(DEMO_FANCLUBS.length);
    expect(first.users).toHaveLength(DEMO_ACCOUNTS.length);
    expect(second).toEqual(first);
  });

  it("gives creator01 and the label bank accounts, fan01 a refund to receive, and payouts only out of earnings", async () => {
    const accounts = await rows<{ email: string; holder_name: string }>(
      "SELECT u.email, b.holder_name FROM bank_accounts b JOIN users u ON u.id = b.user_id ORDER BY u.id",
    );
    expect(accounts.map((a) => a.email.split("@")[0])).toEqual(expect.arrayContaining(["creator01", "label"]));
    const refunds = await rows<{ email: string; status: string; amount: number; reason: string }>(
      "SELECT u.email, t.status, t.amount, t.reason FROM transfers t JOIN users u ON u.id = t.user_id WHERE t.kind = 'refund' ORDER BY t.id",
    );
    // and fan02 a lesson refund the card could not take back (owed by bank, docs/decisions/030)
    expect(refunds).toEqual([
      { email: expect.stringMatching(/^fan01@/), status: "owed", amount: 1500, reason: "card_removed" },
      { email: expect.stringMatching(/^fan02@/), status: "owed", amount: 3000, reason: "card_unavailable" },
    ]);
    // every payout the seed wrote is in the ledger, and no fan club's balance went below zero by it
    const payouts = await rows<{ fanclub_id: number; idempotency_key: string; status: string }>(
      "SELECT fanclub_id, idempotency_key, status FROM transfers WHERE kind = 'payout'",
    );
    for (const p of payouts) {
      const entries = await rows<{ type: string }>("SELECT type FROM earning_entries WHERE source_key = ? ORDER BY id", p.idempotency_key);
      expect(entries.map((e) => e.type)).toEqual(p.status === "paid" ? ["payout", "payout_paid"] : ["payout"]);
      expect((await withdrawableEarnings(db, p.fanclub_id, Date.now())).amount).toBeGreaterThanOrEqual(0);
    }
    // on the first `npm run dev`, creator01 shows one paid and one pending payout, and the label one paid
    expect(
      payouts
        .filter((p) => p.fanclub_id === 101)
        .map((p) => p.status)
        .sort(),
    ).toEqual(["paid", "requested"]);
    expect(payouts.filter((p) => p.fanclub_id === 111).map((p) => p.status)).toEqual(["paid"]);
  });

  it("gives a demo fan paid and bonus coins the ledger audit accepts, and runs a vesting campaign", async () => {
    const audit = await ledgerAudit(db);
    expect(audit).toEqual({
      postingSum: 0,
      // fan01's charge and vesting bonus, and fan08's reward of the fan club campaign
      entries: 3,
      unbalancedEntries: 0,
      misstatedEntries: 0,
      accountsOffPostings: 0,
      accountsOffLots: 0,
      lotsOffPostings: 0,
      negativeAccounts: 0,
    });
    // three days after the first seed (the second run): still what the first one granted
    const now = Date.now() + 3 * DAY;
    const balance = await coinBalance(db, DEMO_COINS.userId, now);
    expect(balance.paid).toBe(DEMO_COINS.paid);
    expect(balance.bonus.map((b) => b.amount)).toEqual([DEMO_COINS.bonus]);
    expect(balance.balance).toBe(DEMO_COINS.paid + DEMO_COINS.bonus);
    expect((await activeCampaigns(db, now)).map((c) => c.id)).toContain(DEMO_COINS.campaignId);
    const mine = (await vestingCampaigns(db, DEMO_COINS.userId, now)).find((v) => v.campaign.id === DEMO_COINS.campaignId);
    expect(mine?.grant).toMatchObject({ amount: DEMO_COINS.bonus, remaining: DEMO_COINS.bonus });
    expect(mine!.grant!.expiresAt.getTime()).toBeGreaterThan(now);
  });

  it("opens at least 12 fan clubs over all three brands, with 1–4 plans each except one that has none yet", async () => {
    const clubs = await rows<{ id: number; service_id: number; plans: number; profile_edited_at: number | null; category: string }>(
      "SELECT f.id, f.service_id, f.profile_edited_at, f.category, (SELECT count(*) FROM plans p WHERE p.fanclub_id = f.id) AS plans FROM fanclubs f WHERE f.status = 'open'",
    );
    expect(clubs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(clubs.map((c) => c.service_id))).toEqual(new Set([1, 2, 3]));
    const withoutPlans = clubs.filter((c) => c.plans === 0);
    expect(withoutPlans.map((c) => c.id)).toEqual(DEMO_FANCLUBS.filter((f) => f.planCount === 0).map((f) => f.id));
    expect(withoutPlans).toHaveLength(1);
    for (const c of clubs) expect(c.plans, `fan club ${c.id}`).toBeLessThanOrEqual(4);
    // the sidebar's 'not edited' badge has exactly one real case, and it is not the plan-less one
    const notEdited = clubs.filter((c) => c.profile_edited_at === null);
    expect(notEdited).toHaveLength(1);
    expect(notEdited[0]!.id).not.toBe(withoutPlans[0]!.id);
    for (const c of clubs)
      expect(["vtuber", "music", "illustration", "game", "video", "cosplay", "idol", "voice", "writing", "other"]).toContain(c.category);
  });

  it("keeps every member and follower count equal to its rows, with memberships in plans of the same fan club", async () => {
    const clubs = await rows<{ id: number; member_count: number; follower_count: number; members: number; followers: number }>(
      "SELECT f.id, f.member_count, f.follower_count, (SELECT count(*) FROM memberships m WHERE m.fanclub_id = f.id AND m.status != 'left') AS members, (SELECT count(*) FROM follows w WHERE w.fanclub_id = f.id) AS followers FROM fanclubs f",
    );
    for (const c of clubs) expect([c.id, c.member_count, c.follower_count]).toEqual([c.id, c.members, c.followers]);
    expect(clubs.reduce((n, c) => n + c.members, 0)).toBeGreaterThan(50);

    const plans = await rows<{ id: number; member_count: number; members: number }>(
      "SELECT p.id, p.member_count, (SELECT count(*) FROM memberships m WHERE m.plan_id = p.id AND m.status != 'left') AS members FROM plans p",
    );
    for (const p of plans) expect([p.id, p.member_count]).toEqual([p.id, p.members]);

    const strays = await rows("SELECT m.id FROM memberships m JOIN plans p ON p.id = m.plan_id WHERE p.fanclub_id != m.fanclub_id");
    expect(strays).toEqual([]);
    // member numbers run 1, 2, 3… in each fan club, in the order people joined
    const numbers = await rows<{ fanclub_id: number; member_number: number }>(
      "SELECT fanclub_id, member_number FROM memberships ORDER BY fanclub_id, joined_at",
    );
    const byClub = new Map<number, number[]>();
    for (const n of numbers) byClub.set(n.fanclub_id, [...(byClub.get(n.fanclub_id) ?? []), n.member_number]);
    for (const [, list] of byClub) expect(list).toEqual(list.map((_, i) => i + 1));
    // nobody joins or follows their own fan club, or before the fan club or their account existed
    expect(await rows("SELECT m.id FROM memberships m JOIN fanclubs f ON f.id = m.fanclub_id WHERE m.user_id = f.owner_id")).toEqual([]);
    expect(await rows("SELECT w.user_id FROM follows w JOIN fanclubs f ON f.id = w.fanclub_id WHERE w.user_id = f.owner_id")).toEqual([]);
    expect(
      await rows(
        "SELECT m.id FROM memberships m JOIN fanclubs f ON f.id = m.fanclub_id JOIN users u ON u.id = m.user_id WHERE m.joined_at < f.created_at OR m.joined_at < u.created_at",
      ),
    ).toEqual([]);
    const fans = await rows("SELECT DISTINCT user_id FROM memberships UNION SELECT DISTINCT user_id FROM follows");
    expect(fans.length).toBeGreaterThanOrEqual(20);
  });

  it("gives fan clubs with paid plans a public post and posts locked to their plans, bodies the blog check accepts", async () => {
    const posts = await rows<{
      id: number;
      fanclub_id: number;
      plan_id: number | null;
      plan_fanclub: number | null;
      blog_json: string | null;
      blog_char_count: number;
      is_publish: number;
      published_at: number;
    }>(
      "SELECT p.id, p.fanclub_id, p.plan_id, pl.fanclub_id AS plan_fanclub, p.blog_json, p.blog_char_count, p.is_publish, p.published_at FROM posts p LEFT JOIN plans pl ON pl.id = p.plan_id",
    );
    const clubsWithPaidPlans = await rows<{ id: number }>(
      "SELECT DISTINCT fanclub_id AS id FROM plans WHERE price > 0 AND closed_at IS NULL",
    );
    for (const { id } of clubsWithPaidPlans) {
      const own = posts.filter((p) => p.fanclub_id === id && p.is_publish === 1);
      expect(
        own.some((p) => p.plan_id === null),
        `fan club ${id}`,
      ).toBe(true);
      expect(own.filter((p) => p.plan_id !== null).length, `fan club ${id}`).toBeGreaterThanOrEqual(1);
    }
    for (const p of posts) {
      if (p.plan_id !== null) expect(p.plan_fanclub, `post ${p.id}`).toBe(p.fanclub_id);
      // picture posts (the leak-tracing demo) have files and no blog body
      if (p.blog_json === null) continue;
      const check = checkBlogContent(p.blog_json);
      expect(check.ok, `post ${p.id}`).toBe(true);
      if (check.ok) expect(check.charCount, `post ${p.id}`).toBe(p.blog_char_count);
    }
    // management shows a draft and a scheduled post of the first creator
    const akari = DEMO_FANCLUBS.find((f) => f.uniquePath === "hoshino_akari")!;
    expect(posts.some((p) => p.fanclub_id === akari.id && p.is_publish === 0)).toBe(true);
    expect(posts.some((p) => p.fanclub_id === akari.id && p.is_publish === 1 && p.published_at > Date.now())).toBe(true);
    const counts = await rows<{ id: number; post_count: number; published: number }>(
      "SELECT f.id, f.post_count, (SELECT count(*) FROM posts p WHERE p.fanclub_id = f.id AND p.is_publish = 1 AND p.deleted_at IS NULL) AS published FROM fanclubs f",
    );
    for (const c of counts) expect([c.id, c.post_count]).toEqual([c.id, c.published]);
  });

  it("has tips on demo posts that take tips and on a fan club, each paid by its own purchase of the same amount", async () => {
    const tips = await rows<{
      post_id: number | null;
      allow_tipping: number | null;
      amount: number;
      total: number;
      price: number;
      target_type: string;
    }>(
      "SELECT t.post_id, p.allow_tipping, t.amount, pu.total, pi.price, pi.target_type FROM tips t JOIN purchases pu ON pu.id = t.purchase_id JOIN purchase_items pi ON pi.purchase_id = pu.id LEFT JOIN posts p ON p.id = t.post_id",
    );
    expect(tips.filter((t) => t.post_id !== null).length).toBeGreaterThanOrEqual(3);
    expect(tips.some((t) => t.post_id === null && t.target_type === "fanclub_tipping")).toBe(true);
    for (const t of tips) {
      expect([t.total, t.price]).toEqual([t.amount, t.amount]);
      if (t.post_id !== null) expect([t.post_id, t.allow_tipping, t.target_type]).toEqual([t.post_id, 1, "post_tipping"]);
    }
  });

  it("has a closed plan that still has members and a plan whose join limit is reached", async () => {
    const closed = await rows<{ member_count: number }>("SELECT member_count FROM plans WHERE closed_at IS NOT NULL");
    expect(closed).toHaveLength(1);
    expect(closed[0]!.member_count).toBeGreaterThan(0);
    const full = await rows("SELECT id FROM plans WHERE join_limit IS NOT NULL AND member_count >= join_limit");
    expect(full).toHaveLength(1);
    const prices = await rows<{ price: number }>("SELECT price FROM plans");
    expect(prices.some((p) => p.price === 0)).toBe(true);
    expect(prices.some((p) => p.price >= 5000)).toBe(true);
  });

  it("finds seeded fan clubs through the fan club search, by a Japanese substring, a tag or two characters", async () => {
    const search = (serviceId: number, keywords: string, category: string | null = null) =>
      searchFanclubs(db, { serviceId, keywords, category, order: SEARCH_ORDERS.popular, page: 1 });
    const akari = DEMO_FANCLUBS.find((f) => f.uniquePath === "hoshino_akari")!;
    expect((await search(1, "星空ラウンジ")).hits.map((h) => h.id)).toEqual([akari.id]);
    expect((await search(1, "歌枠")).hits.map((h) => h.id)).toContain(akari.id);
    expect((await search(2, "小説")).hits.map((h) => h.name)).toEqual(["陽介の小説工房"]);
    expect((await search(3, "", "idol")).hits.map((h) => h.name)).toEqual(["白石美咲 オフィシャルファンクラブ"]);
    // the end-to-end header search types 「うた」 on Indies and expects the empty result
    expect((await search(2, "うた")).hits).toEqual([]);

    // one search row per fan club, rowid = id, tags joined by spaces, as the fan club service writes it
    const indexed = await rows<{ rowid: number; name: string; creator_name: string; tags: string; description: string }>(
      "SELECT rowid, name, creator_name, tags, description FROM fanclub_search ORDER BY rowid",
    );
    expect(indexed).toEqual(
      [...DEMO_FANCLUBS]
        .sort((a, b) => a.id - b.id)
        .map((f) => ({ rowid: f.id, name: f.name, creator_name: f.creatorName, tags: f.tags.join(" "), description: expect.any(String) })),
    );
    const tags = await rows<{ fanclub_id: number; tag: string }>("SELECT fanclub_id, tag FROM fanclub_tags");
    for (const f of DEMO_FANCLUBS)
      expect(
        tags
          .filter((t) => t.fanclub_id === f.id)
          .map((t) => t.tag)
          .sort(),
      ).toEqual([...f.tags].sort());
  });

  it("lets every demo account sign in with the demo password", async () => {
    const users = await rows<{ email: string; password_hash: string; email_confirmed_at: number | null; left_at: number | null }>(
      "SELECT email, password_hash, email_confirmed_at, left_at FROM users WHERE email LIKE '%@demo.fanclub.localhost'",
    );
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const u of users) {
      expect(u.email_confirmed_at, u.email).not.toBeNull();
      expect(u.left_at, u.email).toBeNull();
      expect(await verifyPassword(DEMO_PASSWORD, u.password_hash), u.email).toBe(true);
    }
    expect(await verifyPassword("fanclub-demo!", users[0]!.password_hash)).toBe(false);

    // and through the real login form, as a person would
    const b = new TestBrowser();
    const creator = DEMO_ACCOUNTS.find((a) => a.email.startsWith("creator01@"))!;
    const res = await b.post(at(hosts.login, "/auth/login"), {
      email: creator.email,
      password: DEMO_PASSWORD,
      loggedInPath: `http://${hosts.www}/`,
    });
    expect(res.status).toBe(302);
    const { res: page } = await b.follow(res, at(hosts.login, "/auth/login"));
    const html = await page.text();
    expect(html).toContain("ログインしました。");
    expect(html).toContain(creator.name);
  });

  it("has an editor without product rights, a label managing two fan clubs, and a group with a pending invitation", async () => {
    const editor = DEMO_ACCOUNTS.find((a) => a.role === "editor")!;
    const editing = await rows<{ fanclub_id: number; owner_id: number; permissions: string; accepted_at: number | null }>(
      "SELECT e.fanclub_id, f.owner_id, e.permissions, e.accepted_at FROM fanclub_editors e JOIN fanclubs f ON f.id = e.fanclub_id WHERE e.user_id = ?",
      editor.id,
    );
    expect(editing).toHaveLength(1);
    expect(editing[0]!.accepted_at).not.toBeNull();
    const role = {
      userId: editor.id,
      ownerId: editing[0]!.owner_id,
      editorPermissions: parsePermissions(JSON.parse(editing[0]!.permissions) as string[]),
    };
    expect(can(role, "publishPost")).toBe(true);
    expect(can(role, "manageTalks")).toBe(true);
    expect(can(role, "manageProducts")).toBe(false);
    expect(await rows("SELECT id FROM fanclubs WHERE owner_id = ?", editor.id)).toEqual([]);

    const label = DEMO_ACCOUNTS.find((a) => a.role === "label")!;
    expect(await rows("SELECT fanclub_id FROM fanclub_managers WHERE user_id = ?", label.id)).toHaveLength(2);

    const groups = await rows<{ id: number; owner_fanclub_id: number }>("SELECT id, owner_fanclub_id FROM fanclub_groups");
    expect(groups).toHaveLength(1);
    const members = await rows<{ fanclub_id: number; status: string }>(
      "SELECT fanclub_id, status FROM fanclub_group_members WHERE group_id = ?",
      groups[0]!.id,
    );
    expect(members.filter((m) => m.status === "member")).toHaveLength(3);
    expect(members.filter((m) => m.status === "member").map((m) => m.fanclub_id)).toContain(groups[0]!.owner_fanclub_id);
    expect(members.filter((m) => m.status === "invited")).toHaveLength(1);
  });

  it("points every image key at a committed SVG served from /demo/", async () => {
    const keys = [
      ...DEMO_FANCLUBS.flatMap((f) => [f.iconKey, f.headerKey]),
      ...(await rows<{ icon_image_url: string | null }>("SELECT icon_image_url FROM users")).map((u) => u.icon_image_url),
    ].filter((k): k is string => k !== null);
    expect(keys.length).toBeGreaterThan(40);
    // the static assets wrangler serves ahead of the Worker: build/client, where the build copies public/
    for (const key of new Set(keys)) {
      expect(key).toMatch(/^\/demo\/(fanclubs|users)\/[a-z0-9_-]+\.svg$/);
      const res = await env.ASSETS.fetch(`http://${hosts.www}${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get("content-type"), key).toContain("image/svg+xml");
      expect(await res.text(), key).toMatch(/^<svg /);
    }
  });
});
