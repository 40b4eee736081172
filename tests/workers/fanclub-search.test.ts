import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createFanclub, createUser } from "../factories";
import { createDb } from "../../db/client";
import { get, hosts } from "./helpers";
import { SEARCH_ORDERS, searchFanclubs, searchIndexStatements, searchTerms } from "../../server/services/fanclub-search";

const db = createDb(env.DB);

async function fanclub(input: {
  owner: string;
  serviceId: number;
  name: string;
  creatorName: string;
  description?: string;
  tags?: string[];
  members?: number;
  createdAt: number;
  status?: "open" | "closed";
}) {
  const epoch = new Date(0);
  const user = await createUser(env.DB, {
    email: `${input.owner}@example.com`,
    name: input.owner,
    identifyToken: `tok-${input.owner}`,
    termsAcceptedAt: epoch,
    createdAt: epoch,
    updatedAt: epoch,
  });
  const created = new Date(input.createdAt);
  const row = await createFanclub(env.DB, {
    serviceId: input.serviceId,
    ownerId: user.id,
    name: input.name,
    creatorName: input.creatorName,
    description: input.description ?? "",
    memberCount: input.members ?? 0,
    status: input.status ?? "open",
    activedAt: created,
    createdAt: created,
    updatedAt: created,
  });
  const f = { id: row!.id, name: input.name, creatorName: input.creatorName, description: input.description ?? "" };
  await db.batch([...searchIndexStatements(db, f, input.tags ?? [])]);
  return f.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  ids.hoshi = await fanclub({
    owner: "s1",
    serviceId: 1,
    name: "星空ミュージック",
    creatorName: "星野あかり",
    description: "アイドルの歌と配信",
    tags: ["音楽", "アイドル"],
    members: 40,
    createdAt: 1,
  });
  ids.neko = await fanclub({
    owner: "s2",
    serviceId: 1,
    name: "ねこまみれ日和",
    creatorName: "Mika",
    description: "Cats and illustrations 猫のイラスト",
    tags: ["イラスト"],
    members: 5,
    createdAt: 2,
  });
  ids.indie = await fanclub({
    owner: "s3",
    serviceId: 2,
    name: "Indie Sound Lab",
    creatorName: "ソラ",
    description: "宅録ロック",
    tags: ["music"],
    members: 12,
    createdAt: 3,
  });
  ids.closed = await fanclub({ owner: "s4", serviceId: 1, name: "星の閉鎖クラブ", creatorName: "x", createdAt: 4, status: "closed" });
});

const names = (r: { hits: Array<{ id: number }> }) => r.hits.map((h) => Object.entries(ids).find(([, id]) => id === h.id)?.[0]);
const search = (keywords: string, more: Partial<Parameters<typeof searchFanclubs>[1]> = {}) =>
  searchFanclubs(db, { serviceId: 1, keywords, category: null, order: SEARCH_ORDERS.popular, page: 1, ...more });

describe("fan club search", () => {
  it("finds Japanese substrings in names, creator names, tags and descriptions", async () => {
    expect(names(await search("ミュージ"))).toEqual(["hoshi"]);
    expect(names(await search("あかり"))).toEqual(["hoshi"]);
    expect(names(await search("イラスト"))).toEqual(["neko"]);
    expect(names(await search("猫"))).toEqual(["neko"]);
  });

  it("finds one- and two-character terms too, and needs every term", async () => {
    expect(names(await search("星"))).toEqual(["hoshi"]);
    expect(names(await search("星 配信"))).toEqual(["hoshi"]);
    expect(names(await search("星　猫"))).toEqual([]);
  });

  it("keeps to the brand, leaves closed fan clubs out, and orders by members for 'popular'", async () => {
    expect(names(await search(""))).toEqual(["hoshi", "neko"]);
    expect(names(await search("", { order: SEARCH_ORDERS.new }))).toEqual(["neko", "hoshi"]);
    expect(names(await search("rock", { serviceId: 2 }))).toEqual([]);
    expect(names(await search("宅録", { serviceId: 2 }))).toEqual(["indie"]);
  });

  it("treats search syntax as text", async () => {
    for (const q of ['"', "NEAR(星 空)", "name:星", "*", "%", "_", "\\", "OR"]) {
      await expect(search(q), q).resolves.toBeDefined();
    }
    expect(names(await search("%"))).toEqual([]);
  });

  it("follows a renamed fan club: the old name is gone, the new one is found", async () => {
    await db.batch([...searchIndexStatements(db, { id: ids.neko!, name: "ねこ日和アトリエ", creatorName: "Mika", description: "" }, [])]);
    expect(names(await search("まみれ"))).toEqual([]);
    expect(names(await search("アトリエ"))).toEqual(["neko"]);
  });

  it("splits terms on any space, at most five", () => {
    expect(searchTerms(" 星　空  music ")).toEqual(["星", "空", "music"]);
    expect(searchTerms("a b c d e f g")).toHaveLength(5);
  });
});

describe("the /fanclubs page", () => {
  it("lists what the search finds on this brand, with member counts", async () => {
    const html = await (await get(hosts.www, `/fanclubs?keywords=${encodeURIComponent("ミュージ")}&order=2&category=`)).text();
    expect(html).toContain("「ミュージ」の検索結果");
    expect(html).toContain("星空ミュージック");
    expect(html).toContain("メンバー 40人");
    expect(html).not.toContain("ねこまみれ日和");
  });

  it("says plainly when nothing matches, and falls back to popular for an unknown order", async () => {
    const none = await (await get(hosts.www, `/fanclubs?keywords=${encodeURIComponent("存在しない")}&order=2&category=`)).text();
    expect(none).toContain("条件に一致するファンクラブは見つかりませんでした。");
    const res = await get(hosts.www, "/fanclubs?order=99&page=-3");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>人気<\/a>/);
    expect(html).not.toMatch(/<a[^>]*aria-current="page"[^>]*>新着<\/a>/);
  });
});
