import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createContest, createContestEntry } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { get, hosts } from "./helpers";
import { insertFanclub, insertPost } from "./fanclub-fixture";

/*
 * Contests through what browsers call: the contest page on the user domain (entries, podium,
 * results, the layout without sidebar and footer), the contests API (show, posts, ranking,
 * vote/post), voting's rules (signed in, the window, once a day, concurrent clicks counted once),
 * the operator's pages, and entering a contest from the post form.
 */

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const DAY = 86_400_000;
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
type Json = { success: boolean; payload: Record<string, unknown> & { message?: string } };

async function one<T>(query: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
}

/** A contest with `n` entries, each a public post of its own fan club; votes given per entry. */
async function contestWith(n: number, fields: Parameters<typeof createContest>[1] = {}, votes: number[] = []) {
  const contest = await createContest(env.DB, fields);
  const owner = await confirmedAccount({ name: "クリエイター", prefix: "ct" });
  const fanclubId = await insertFanclub(owner.id, { name: "コンテスト参加クラブ" });
  const entries: { postId: number; entryId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const postId = await insertPost(fanclubId, owner.id, { title: `エントリー${i + 1}` });
    const entry = await createContestEntry(env.DB, { contestId: contest.id, postId, fanclubId, voteCount: votes[i] ?? 0 });
    entries.push({ postId, entryId: entry.id });
  }
  return { contest, entries, owner, fanclubId };
}

function vote(who: Account | null, contestId: number, postId: unknown) {
  const init = { method: "POST", headers: { ...xhr, "content-type": "application/json" }, body: JSON.stringify({ post_id: postId }) };
  const href = at(hosts.user, `/api/v1/contests/${contestId}/vote/post`);
  return who ? who.b.request(href, init) : fetchAnon(href, init);
}

async function fetchAnon(href: string, init: RequestInit) {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(href, init);
}

describe("the contest page", () => {
  it("shows the voting contest's entries with vote buttons and the podium second, first, third, without sidebar or footer", async () => {
    const { contest, entries } = await contestWith(4, {}, [3, 9, 5, 1]);
    const fan = await confirmedAccount({ prefix: "cv" });
    const res = await fan.b.get(at(hosts.user, `/contest/${contest.slug}`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-stage="voting"');
    for (const e of entries) expect(html).toContain(`data-testid="vote-${e.postId}"`);
    const podium = html.slice(html.indexOf('data-testid="podium"'), html.indexOf('id="contest-entries"'));
    const places = [...podium.matchAll(/data-place="(\d)"/g)].map((m) => m[1]);
    expect(places).toEqual(["2", "1", "3"]);
    const order = [...podium.matchAll(/data-entry="(\d+)"/g)].map((m) => Number(m[1]));
    // 9 votes (entry 2) in the middle, 5 (entry 3) left, 3 (entry 1) right
    expect(order).toEqual([entries[2]!.postId, entries[1]!.postId, entries[0]!.postId]);
    expect(html).not.toContain('id="sidebar"');
    expect(html).not.toContain("<footer");
  });

  it("shows the results with winners, prizes and judges once voting has closed", async () => {
    const now = Date.now();
    const { contest, entries } = await contestWith(
      3,
      {
        startAt: new Date(now - 10 * DAY),
        entryStartAt: new Date(now - 10 * DAY),
        entryEndAt: new Date(now - 5 * DAY),
        voteStartAt: new Date(now - 5 * DAY),
        voteEndAt: new Date(now - DAY),
        endAt: new Date(now - DAY),
        judges: JSON.stringify([{ name: "審査員長アオイ", title: "特別審査員" }]),
        prizes: JSON.stringify(["グランプリ", "準グランプリ"]),
      },
      [2, 7, 4],
    );
    const html = await (await get(hosts.user, `/contest/${contest.slug}`)).text();
    expect(html).toContain('data-stage="results"');
    const winners = html.slice(html.indexOf('data-testid="winners"'), html.indexOf('data-testid="judges"'));
    expect([...winners.matchAll(/data-entry="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([entries[1]!.postId, entries[2]!.postId]);
    expect(winners).toContain("グランプリ");
    expect(html).toContain("審査員長アオイ");
    // no vote buttons after the window
    expect(html).not.toContain('data-testid="vote-');
  });

  it("pages the entries, answers 404 for an unknown slug or a page that cannot exist, and lives on the user domain only", async () => {
    const { contest } = await contestWith(30);
    const page2 = await (await get(hosts.user, `/contest/${contest.slug}?page=2`)).text();
    // the list of page 2 (the podium above it shows the top three on every page)
    const list = page2.slice(page2.indexOf('id="contest-entries"'));
    expect(list).toContain("エントリー25");
    expect(list).not.toContain("エントリー1<");
    expect((await get(hosts.user, "/contest/no-such-contest")).status).toBe(404);
    expect((await get(hosts.user, `/contest/${contest.slug}?page=abc`)).status).toBe(404);
    expect((await get(hosts.user, `/contest/${contest.slug}?page=-1`)).status).toBe(404);
    const onBrand = await get(hosts.www, `/contest/${contest.slug}`);
    expect(onBrand.status).toBe(302);
    expect(onBrand.headers.get("location")).toBe(`http://${hosts.user}/contest/${contest.slug}`);
  });

  it("costs at most 2 D1 round trips with 10,000 entries", async () => {
    const contest = await createContest(env.DB);
    const owner = await confirmedAccount({ prefix: "cb" });
    const fanclubId = await insertFanclub(owner.id);
    const postId = await insertPost(fanclubId, owner.id, { title: "大量エントリー" });
    // 10,000 entries of copies of one post (the post_id, contest_id key allows one per post, so copies)
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO posts (fanclub_id, author_id, type, title, comment, is_publish, published_at, created_at, updated_at)
       SELECT fanclub_id, author_id, type, title || i, comment, is_publish, published_at, created_at, updated_at FROM posts, n WHERE posts.id = ?`,
    )
      .bind(postId)
      .run();
    await env.DB.prepare(
      `INSERT INTO contest_entries (contest_id, post_id, fanclub_id, vote_count, created_at)
       SELECT ?, id, fanclub_id, id % 97, created_at FROM posts WHERE fanclub_id = ?`,
    )
      .bind(contest.id, fanclubId)
      .run();
    const res = await owner.b.get(at(hosts.user, `/contest/${contest.slug}?page=200`));
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    expect(await res.text()).toContain("10,001");
  });
});

describe("voting", () => {
  it("counts a signed-in fan's vote once per entry and Japan day, and tells a second click why in Japanese", async () => {
    const { contest, entries } = await contestWith(2);
    const fan = await confirmedAccount({ prefix: "vf" });
    const first = await vote(fan, contest.id, entries[0]!.postId);
    expect(first.status).toBe(200);
    expect(((await first.json()) as Json).payload.voteCount).toBe(1);
    const again = await vote(fan, contest.id, entries[0]!.postId);
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).payload.message).toBe("このエントリーには今日すでに投票しています。明日また投票できます。");
    // another entry the same day is another vote
    expect((await vote(fan, contest.id, entries[1]!.postId)).status).toBe(200);
    // the vote of yesterday does not stop today's
    await env.DB.prepare("UPDATE contest_votes SET day_key = '2000-01-01' WHERE user_id = ? AND entry_id = ?")
      .bind(fan.id, entries[0]!.entryId)
      .run();
    expect((await vote(fan, contest.id, entries[0]!.postId)).status).toBe(200);
    const row = await one<{ vote_count: number }>("SELECT vote_count FROM contest_entries WHERE id = ?", entries[0]!.entryId);
    expect(row?.vote_count).toBe(2);
    const shown = await (await fan.b.get(at(hosts.user, `/contest/${contest.slug}`))).text();
    expect(shown).toContain("今日は投票済み");
  });

  it("counts concurrent clicks of one fan exactly once, and the count equals the stored votes", async () => {
    const { contest, entries } = await contestWith(1);
    const fan = await confirmedAccount({ prefix: "vc" });
    const results = await Promise.all(Array.from({ length: 12 }, () => vote(fan, contest.id, entries[0]!.postId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(11);
    const stored = await one<{ n: number }>("SELECT count(*) AS n FROM contest_votes WHERE entry_id = ?", entries[0]!.entryId);
    const count = await one<{ vote_count: number }>("SELECT vote_count FROM contest_entries WHERE id = ?", entries[0]!.entryId);
    expect(stored?.n).toBe(1);
    expect(count?.vote_count).toBe(1);
  });

  it("counts many fans voting at once, each once", async () => {
    const { contest, entries } = await contestWith(1);
    const fans = await Promise.all(Array.from({ length: 5 }, (_, i) => confirmedAccount({ prefix: `vm${i}` })));
    const results = await Promise.all(
      fans.flatMap((f) => [vote(f, contest.id, entries[0]!.postId), vote(f, contest.id, entries[0]!.postId)]),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const count = await one<{ vote_count: number }>("SELECT vote_count FROM contest_entries WHERE id = ?", entries[0]!.entryId);
    expect(count?.vote_count).toBe(5);
  });

  it("refuses visitors, votes outside the window, unknown entries and bad input without writing", async () => {
    const now = Date.now();
    const { contest, entries } = await contestWith(1, {
      voteStartAt: new Date(now + DAY),
      voteEndAt: new Date(now + 2 * DAY),
      endAt: new Date(now + 3 * DAY),
    });
    const fan = await confirmedAccount({ prefix: "vr" });
    const visitor = await vote(null, contest.id, entries[0]!.postId);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as Json).payload.message).toBe("投票するにはログインしてください。");
    const closed = await vote(fan, contest.id, entries[0]!.postId);
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as Json).payload.message).toBe("現在は投票期間外です。");
    expect((await vote(fan, contest.id, 999_999_999)).status).toBe(404);
    expect((await vote(fan, 999_999_999, entries[0]!.postId)).status).toBe(404);
    expect((await vote(fan, contest.id, "abc")).status).toBe(400);
    expect((await vote(fan, contest.id, -5)).status).toBe(400);
    const n = await one<{ n: number }>("SELECT count(*) AS n FROM contest_votes WHERE contest_id = ?", contest.id);
    expect(n?.n).toBe(0);
  });

  it("votes from the page's button too (the form action), and asks visitors to sign in", async () => {
    const { contest, entries } = await contestWith(1);
    const fan = await confirmedAccount({ prefix: "vp" });
    const res = await fan.b.request(at(hosts.user, `/contest/${contest.slug}`), {
      method: "POST",
      body: new URLSearchParams({ contest_id: String(contest.id), post_id: String(entries[0]!.postId) }),
      // a browser's form post carries our Origin (pages refuse posts without it)
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${hosts.user}` },
    });
    expect(res.status).toBe(200);
    const count = await one<{ vote_count: number }>("SELECT vote_count FROM contest_entries WHERE id = ?", entries[0]!.entryId);
    expect(count?.vote_count).toBe(1);
    const html = await (await get(hosts.user, `/contest/${contest.slug}`)).text();
    expect(html).toContain("ログインして投票");
  });
});

describe("the contests API", () => {
  it("shows a contest, pages its posts, ranks by stored votes, and answers 404 or 400 for bad input", async () => {
    const { contest, entries } = await contestWith(3, {}, [1, 6, 3]);
    const show = (await (await fetchAnon(at(hosts.user, `/api/v1/contests/${contest.id}`), { headers: xhr })).json()) as Json;
    expect((show.payload.contest as { stage: string }).stage).toBe("voting");
    const posts = (await (await fetchAnon(at(hosts.user, `/api/v1/contests/${contest.id}/posts?page=1`), { headers: xhr })).json()) as Json;
    expect(posts.payload.total).toBe(3);
    const ranking = (await (await fetchAnon(at(hosts.user, `/api/v1/contests/${contest.id}/ranking`), { headers: xhr })).json()) as Json;
    expect((ranking.payload.ranking as { postId: number; rank: number }[]).map((r) => r.postId)).toEqual([
      entries[1]!.postId,
      entries[2]!.postId,
      entries[0]!.postId,
    ]);
    expect((await fetchAnon(at(hosts.user, "/api/v1/contests/999999999"), { headers: xhr })).status).toBe(404);
    expect((await fetchAnon(at(hosts.user, "/api/v1/contests/abc/posts"), { headers: xhr })).status).toBe(404);
    expect((await fetchAnon(at(hosts.user, `/api/v1/contests/${contest.id}/ranking?limit=0`), { headers: xhr })).status).toBe(400);
    expect((await fetchAnon(at(hosts.user, `/api/v1/contests/${contest.id}/posts?page=x`), { headers: xhr })).status).toBe(400);
  });
});

describe("the operator's contest pages", () => {
  const form = (slug: string, overrides: Record<string, string> = {}) => ({
    name: "第9回 アピールコンテスト",
    slug,
    description: "",
    postTemplate: "【自己紹介】",
    hashTag: "アピール9",
    startAt: "2030-06-01T00:00",
    endAt: "2030-06-30T00:00",
    entryStartAt: "2030-06-01T00:00",
    entryEndAt: "2030-06-10T00:00",
    voteStartAt: "2030-06-10T00:00",
    voteEndAt: "2030-06-20T00:00",
    judges: "星野あかり | 特別審査員",
    prizes: "グランプリ\n準グランプリ",
    ...overrides,
  });

  it("lets operators create and edit contests, and nobody else", async () => {
    const operator = await confirmedAccount({ prefix: "op" });
    await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(operator.id).run();
    const fan = await confirmedAccount({ prefix: "of" });
    const creator = await confirmedAccount({ prefix: "oc" });
    await insertFanclub(creator.id);
    const slug = `ops-test-${Date.now()}`;

    expect((await operator.b.get(at(hosts.www, "/ops/contests"))).status).toBe(200);
    expect((await fan.b.get(at(hosts.www, "/ops/contests"))).status).toBe(404);
    expect((await creator.b.get(at(hosts.www, "/ops/contests/new"))).status).toBe(404);
    const visitor = await get(hosts.www, "/ops/contests");
    expect(visitor.status).toBe(302);
    expect((await fan.b.post(at(hosts.www, "/ops/contests/new"), form(`${slug}-fan`))).status).toBe(404);
    expect(await one("SELECT id FROM contests WHERE slug = ?", `${slug}-fan`)).toBeNull();

    const created = await operator.b.post(at(hosts.www, "/ops/contests/new"), form(slug));
    expect(created.status).toBe(302);
    const row = await one<{ id: number; judges: string; prizes: string; hash_tag: string; vote_start_at: number }>(
      "SELECT id, judges, prizes, hash_tag, vote_start_at FROM contests WHERE slug = ?",
      slug,
    );
    expect(JSON.parse(row!.judges)).toEqual([{ name: "星野あかり", title: "特別審査員" }]);
    expect(JSON.parse(row!.prizes)).toEqual(["グランプリ", "準グランプリ"]);
    // 2030-06-10 00:00 JST
    expect(row!.vote_start_at).toBe(Date.UTC(2030, 5, 9, 15, 0));

    const taken = await operator.b.post(at(hosts.www, "/ops/contests/new"), form(slug));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("このURLはほかのコンテストで使われています。");
    const bad = await operator.b.post(at(hosts.www, "/ops/contests/new"), form(`${slug}-b`, { voteEndAt: "2030-07-30T00:00", name: "" }));
    expect(bad.status).toBe(400);
    expect(await one("SELECT id FROM contests WHERE slug = ?", `${slug}-b`)).toBeNull();

    const edited = await operator.b.post(at(hosts.www, `/ops/contests/${row!.id}/edit`), form(slug, { name: "改名したコンテスト" }));
    expect(edited.status).toBe(302);
    expect((await one<{ name: string }>("SELECT name FROM contests WHERE id = ?", row!.id))?.name).toBe("改名したコンテスト");
    expect((await operator.b.get(at(hosts.www, "/ops/contests/999999999/edit"))).status).toBe(404);
    expect((await fan.b.post(at(hosts.www, `/ops/contests/${row!.id}/edit`), form(slug, { name: "x" }))).status).toBe(404);
  });
});

describe("entering a contest from the post form", () => {
  function savePost(who: Account, fields: Record<string, string>, postId?: number) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return who.b.request(at(hosts.www, postId ? `/api/v1/me/fanclub/posts/blog/${postId}` : "/api/v1/me/fanclub/posts/blog"), {
      method: postId ? "PATCH" : "POST",
      headers: xhr,
      body,
    });
  }
  const blog = JSON.stringify({ root: { children: [{ type: "paragraph", children: [{ type: "text", text: "本文" }] }], type: "root" } });

  it("lists open contests with template and hashtag, enters the chosen one, keeps the entry while it runs and refuses closed ones", async () => {
    const now = Date.now();
    const open = await createContest(env.DB, {
      name: "受付中のコンテスト",
      postTemplate: "【自己紹介】",
      hashTag: "受付中",
      entryEndAt: new Date(now + DAY),
      voteStartAt: new Date(now + DAY),
      voteEndAt: new Date(now + 2 * DAY),
      endAt: new Date(now + 2 * DAY),
    });
    const closed = await createContest(env.DB, { name: "締切済みのコンテスト" });
    const creator = await confirmedAccount({ prefix: "pe" });
    const fanclubId = await insertFanclub(creator.id);

    const data = (await (await creator.b.get(at(hosts.www, "/api/v1/me/fanclub/posts/new_data"), xhr)).json()) as Json;
    const contests = data.payload.contests as { id: number; name: string; postTemplate: string; hashTag: string }[];
    expect(contests).toContainEqual({ id: open.id, name: "受付中のコンテスト", postTemplate: "【自己紹介】", hashTag: "受付中" });
    expect(contests.map((c) => c.id)).not.toContain(closed.id);

    const fields = { "post[title]": "エントリー投稿", "post[blog_content]": blog, "post[is_publish]": "1", "post[public_level]": "anyone" };
    const refused = await savePost(creator, { ...fields, contest_id: String(closed.id) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).payload.message).toBe("選択したコンテストには参加できません。");
    expect((await savePost(creator, { ...fields, contest_id: "abc" })).status).toBe(400);

    const saved = await savePost(creator, { ...fields, contest_id: String(open.id) });
    expect(saved.status).toBe(200);
    const postId = ((await saved.json()) as Json).payload.postId as number;
    expect((await one<{ contest_id: number }>("SELECT contest_id FROM posts WHERE id = ?", postId))?.contest_id).toBe(open.id);
    expect(
      await one("SELECT id FROM contest_entries WHERE post_id = ? AND contest_id = ? AND fanclub_id = ?", postId, open.id, fanclubId),
    ).not.toBeNull();

    // while the contest runs the form hides the selector and sends -1 or the same id: the entry stays
    expect((await savePost(creator, { ...fields, contest_id: "-1" }, postId)).status).toBe(200);
    expect((await savePost(creator, { ...fields, contest_id: String(closed.id) }, postId)).status).toBe(400);
    const entries = await one<{ n: number }>("SELECT count(*) AS n FROM contest_entries WHERE post_id = ?", postId);
    expect(entries?.n).toBe(1);
    const edit = (await (await creator.b.get(at(hosts.www, `/api/v1/me/fanclub/posts/${postId}/edit`), xhr)).json()) as Json;
    const post = edit.payload.post as { contestSelectorShown: boolean; setting: { selectedContestId: number } };
    expect(post.contestSelectorShown).toBe(false);
    expect(post.setting.selectedContestId).toBe(open.id);

    const page = await (await get(hosts.user, `/contest/${open.slug}`)).text();
    expect(page).toContain("エントリー投稿");
  });
});
