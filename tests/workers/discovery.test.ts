import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { api, get, hosts } from "./helpers";
import { SEARCH_ORDERS } from "../../server/services/fanclub-search";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

interface Joined {
  id: number;
  name: string;
  planName: string;
  planPrice: number;
  activedAt: string;
  frontUrl: string;
}
interface Page {
  fanclubs: Joined[];
  next: { hasNext: boolean; lastId: number | null; lastActionedAt: string | null };
}
interface Envelope<T> {
  success: boolean;
  payload: T & { message?: string };
}

let ownerSeq = 0;
/** Fan club owners made straight in D1: each person may own one fan club. */
async function owner(): Promise<number> {
  const tag = `disc-owner-${Date.now()}-${ownerSeq++}`;
  const epoch = new Date(0);
  const row = await createUser(env.DB, {
    email: `${tag}@example.com`,
    name: tag,
    identifyToken: tag,
    termsAcceptedAt: epoch,
    createdAt: epoch,
    updatedAt: epoch,
  });
  return row.id;
}

async function club(
  options: Parameters<typeof insertFanclub>[1] & { members?: number; followers?: number; category?: string; activedAt?: number } = {},
) {
  const id = await insertFanclub(await owner(), options);
  await env.DB.prepare(
    "UPDATE fanclubs SET member_count = ?, follower_count = ?, category = ?, actived_at = COALESCE(?, actived_at) WHERE id = ?",
  )
    .bind(options.members ?? 0, options.followers ?? 0, options.category ?? "other", options.activedAt ?? null, id)
    .run();
  return id;
}

async function getJson<T>(b: TestBrowser, host: string, path: string) {
  const res = await b.get(at(host, `/api/v1${path}`), xhr);
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

describe("joined fan clubs (sidebar and /me/joining)", () => {
  let fan: Awaited<ReturnType<typeof confirmedAccount>>;
  const joined: number[] = [];
  let leftId = 0;
  let indiesId = 0;

  beforeAll(async () => {
    fan = await confirmedAccount({ prefix: "joined" });
    const sameTime = 1_700_000_000_000;
    for (let i = 0; i < 25; i++) {
      // every fifth on the indies brand: the list spans brands
      const id = await club({ serviceId: i % 5 === 4 ? 2 : 1, name: `入会クラブ${i}`, activedAt: sameTime });
      const plan = await insertPlan(id, { name: `プラン${i}`, price: 1000 + i });
      await insertMembership(fan.id, id, plan);
      joined.push(id);
      if (i % 5 === 4) indiesId = id;
    }
    leftId = await club({ name: "退会したクラブ", activedAt: sameTime });
    await insertMembership(fan.id, leftId, await insertPlan(leftId));
    await env.DB.prepare("UPDATE memberships SET status = 'left', left_at = ? WHERE user_id = ? AND fanclub_id = ?")
      .bind(sameTime, fan.id, leftId)
      .run();
  });

  async function pageThrough(path: string) {
    const seen: number[] = [];
    const pages: Page[] = [];
    let query = "";
    for (let n = 0; n < 10; n++) {
      const { status, body } = await getJson<Page>(fan.b, hosts.www, `${path}${query}`);
      expect(status).toBe(200);
      pages.push(body.payload);
      seen.push(...body.payload.fanclubs.map((f) => f.id));
      if (!body.payload.next.hasNext) break;
      query = `?prevLastId=${body.payload.next.lastId}&prevActivedAt=${encodeURIComponent(body.payload.next.lastActionedAt!)}`;
    }
    return { seen, pages };
  }

  it("pages through 25 fan clubs with the same activity time: no duplicates, no gaps, then hasNext false", async () => {
    const { seen, pages } = await pageThrough("/fanclubs/sidemenu");
    expect(pages.map((p) => p.fanclubs.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.next.hasNext)).toEqual([true, true, false]);
    expect(new Set(seen).size).toBe(25);
    // equal activity times fall back to the id, newest first
    expect(seen).toEqual([...joined].sort((a, b) => b - a));
    expect(seen).not.toContain(leftId);
  });

  it("gives the plan, its price and the brand's own address of each fan club", async () => {
    const { body } = await getJson<Page>(fan.b, hosts.www, "/fanclubs/joined?limit=50");
    const indies = body.payload.fanclubs.find((f) => f.id === indiesId)!;
    expect(indies.frontUrl).toBe(`http://${hosts.indies}`);
    expect(indies.planName).toMatch(/^プラン\d+$/);
    expect(body.payload.fanclubs.find((f) => f.id === joined[0])).toMatchObject({
      planName: "プラン0",
      planPrice: 1000,
      frontUrl: `http://${hosts.www}`,
    });
  });

  it("puts the fan club active most recently first", async () => {
    await env.DB.prepare("UPDATE fanclubs SET actived_at = ? WHERE id = ?").bind(1_800_000_000_000, joined[3]).run();
    const { body } = await getJson<Page>(fan.b, hosts.www, "/fanclubs/sidemenu");
    expect(body.payload.fanclubs[0]!.id).toBe(joined[3]);
    const { seen } = await pageThrough("/fanclubs/joined");
    expect(new Set(seen).size).toBe(25);
  });

  it("refuses visitors and a malformed cursor with a message", async () => {
    const visitor = await getJson<Page>(new TestBrowser(), hosts.www, "/fanclubs/sidemenu");
    expect(visitor.status).toBe(401);
    expect(visitor.body.payload.message).toBe("ログインしてください。");
    for (const query of [
      "?prevLastId=abc&prevActivedAt=2024-01-01T00:00:00.000Z",
      "?prevLastId=3",
      "?prevActivedAt=1700000000000",
      "?prevLastId=3&prevActivedAt=yesterday",
    ]) {
      const bad = await getJson<Page>(fan.b, hosts.www, `/fanclubs/sidemenu${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.payload.message).toBe("続きの読み込み位置が正しくありません。ページを再読み込みしてください。");
    }
    const english = await fan.b.get(at(hosts.www, "/api/v1/fanclubs/joined?prevLastId=x&prevActivedAt=1"), {
      ...xhr,
      "accept-language": "en",
    });
    expect(english.status).toBe(400);
    expect(((await english.json()) as Envelope<Page>).payload.message).toBe(
      "The position to continue from is not valid. Please reload the page.",
    );
  });

  it("/me/joining lists plans with monthly prices and links to the next page", async () => {
    const html = await (await fan.b.get(at(hosts.www, "/me/joining"))).text();
    expect(html).toContain("入会中のファンクラブ");
    expect(html).toContain("月額1,024円");
    expect(html).toContain(`href="http://${hosts.indies}/fanclubs/${indiesId}"`);
    const more = html.match(/href="\?(prevLastId=\d+&amp;prevActivedAt=[^"]+)"/);
    expect(more).not.toBeNull();
    const rest = await (await fan.b.get(at(hosts.www, `/me/joining?${more![1]!.replaceAll("&amp;", "&")}`))).text();
    expect(rest.match(/class="card fanclub-card"/g)).toHaveLength(5);
    expect(rest).not.toContain("退会したクラブ");
  });

  it("/me/joining shows an empty state with a way to search", async () => {
    const newcomer = await confirmedAccount({ prefix: "nojoin" });
    const html = await (await newcomer.b.get(at(hosts.www, "/me/joining"))).text();
    expect(html).toContain("入会しているファンクラブはまだありません。");
    expect(html).toContain('href="/fanclubs?order=2&amp;category="');
  });
});

describe("recommendations and browsing history", () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ids.bloom = await club({ name: "ブルーム音楽団", members: 5, followers: 20, category: "music" }); // 35
    ids.comet = await club({ name: "コメット遊戯会", members: 0, followers: 30, category: "game", activedAt: Date.now() + 60_000 }); // 30, newer
    ids.aster = await club({ name: "アスター楽譜室", members: 10, followers: 0, category: "music", activedAt: Date.now() - 60_000 }); // 30
    ids.closed = await club({ name: "閉鎖された大人気クラブ", members: 1000, status: "closed", category: "music" });
    ids.indies = await club({ name: "インディーズの星", members: 1000, serviceId: 2, category: "music" });
  });

  it("recommends open fan clubs of this brand by members × 3 + followers, newer activity first on a tie", async () => {
    const { body } = await getJson<{ fanclubs: Array<{ id: number; memberCount: number | null }> }>(
      new TestBrowser(),
      hosts.www,
      "/recommended_fanclubs?limit=3",
    );
    expect(body.payload.fanclubs.map((f) => f.id)).toEqual([ids.bloom, ids.comet, ids.aster]);
    const all = await getJson<{ fanclubs: Array<{ id: number }> }>(new TestBrowser(), hosts.www, "/recommended_fanclubs?limit=30");
    expect(all.body.payload.fanclubs.map((f) => f.id)).not.toContain(ids.closed);
    expect(all.body.payload.fanclubs.map((f) => f.id)).not.toContain(ids.indies);
    const indies = await getJson<{ fanclubs: Array<{ id: number }> }>(new TestBrowser(), hosts.indies, "/recommended_fanclubs");
    expect(indies.body.payload.fanclubs[0]!.id).toBe(ids.indies);
  });

  it("hides member counts the creator hides", async () => {
    await env.DB.prepare("UPDATE fanclubs SET display_member_count = 0 WHERE id = ?").bind(ids.aster).run();
    const { body } = await getJson<{ fanclubs: Array<{ id: number; memberCount: number | null }> }>(
      new TestBrowser(),
      hosts.www,
      "/recommended_fanclubs?limit=3",
    );
    expect(body.payload.fanclubs.find((f) => f.id === ids.aster)!.memberCount).toBeNull();
    expect(body.payload.fanclubs.find((f) => f.id === ids.bloom)!.memberCount).toBe(5);
    await env.DB.prepare("UPDATE fanclubs SET display_member_count = 1 WHERE id = ?").bind(ids.aster).run();
  });

  it("recommends the top fan clubs of each category of this brand", async () => {
    const { body } = await getJson<{ categories: Array<{ category: string; fanclubs: Array<{ id: number }> }> }>(
      new TestBrowser(),
      hosts.www,
      "/recommended_fanclubs/category_recommend?perCategory=1",
    );
    const byCategory = Object.fromEntries(body.payload.categories.map((g) => [g.category, g.fanclubs.map((f) => f.id)]));
    expect(byCategory.music).toEqual([ids.bloom]);
    expect(byCategory.game).toEqual([ids.comet]);
    for (const g of body.payload.categories) expect(g.fanclubs).toHaveLength(1);
    const two = await getJson<{ categories: Array<{ category: string; fanclubs: Array<{ id: number }> }> }>(
      new TestBrowser(),
      hosts.www,
      "/recommended_fanclubs/category_recommend?perCategory=2",
    );
    expect(two.body.payload.categories.find((g) => g.category === "music")!.fanclubs.map((f) => f.id)).toEqual([ids.bloom, ids.aster]);
  });

  it("server-renders the recommendations and categories on the home page", async () => {
    const html = await (await get(hosts.www, `/?fresh=${Date.now()}`)).text();
    expect(html).toContain("ブルーム音楽団");
    expect(html).toContain("<h3>音楽</h3>");
    expect(html).toContain(`/fanclubs?order=${SEARCH_ORDERS.recommended}&amp;category=music`);
    // the sort navigation uses the orders the search page understands
    for (const order of [SEARCH_ORDERS.new, SEARCH_ORDERS.popular, SEARCH_ORDERS.updated])
      expect(html).toContain(`href="/fanclubs?order=${order}&amp;category="`);
    expect(html).not.toContain("閉鎖された大人気クラブ");
    expect(html).not.toContain("インディーズの星");
    // the brand tab: the other brand's front URL, under its kind
    expect(html).toContain(`href="http://${hosts.indies}/"`);
    const english = await (await get(hosts.www, `/?fresh=${Date.now()}`, { "accept-language": "en" })).text();
    expect(english).toContain("<h3>Music</h3>");
    expect(english).toContain("Recommended fan clubs");
  });

  it("returns the browsing history's fan clubs in the order asked, without closed ones", async () => {
    const order = [ids.comet, ids.closed, ids.aster, ids.bloom];
    const { status, body } = await getJson<{ fanclubs: Array<{ id: number; name: string }> }>(
      new TestBrowser(),
      hosts.www,
      `/fanclubs/by_ids?ids=${order.join(",")}`,
    );
    expect(status).toBe(200);
    expect(body.payload.fanclubs.map((f) => f.id)).toEqual([ids.comet, ids.aster, ids.bloom]);
    expect((await getJson<{ fanclubs: unknown[] }>(new TestBrowser(), hosts.www, "/fanclubs/by_ids?ids=")).body.payload.fanclubs).toEqual(
      [],
    );
    for (const bad of ["1,2,3,4,5", "1,x", "-1", "1;DROP"]) {
      const res = await api(hosts.www, `/fanclubs/by_ids?ids=${encodeURIComponent(bad)}`, { headers: xhr });
      expect(res.status, bad).toBe(400);
    }
  });
});
