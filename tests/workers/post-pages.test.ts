import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createGroup, createGroupMember, createUser } from "../factories";
import { LOCAL_MEDIA_SIGNING_SECRET } from "../../server/config";
import { signPath } from "../../server/security/signed-url";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { mediaSubjectOf } from "./media-session";
import { insertFanclub, insertMembership, insertPlan, insertPostFileRow, insertPostRow } from "./fanclub-fixture";
import { get, hosts } from "./helpers";

/*
 * The reader's side of posts: the post page by type, the paywall as a visitor, a follower and a
 * member of a lower plan meet it (HTML and the page's loader data), drafts and foreign fan club
 * addresses, the posts tab, the timeline, group announcements, and the media links the page hands
 * out (signed per viewer, Range, private cache).
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const SECRET_COMMENT = "ゴールド会員だけの秘密のメッセージ";
const SECRET_FILE = "backstage-secret.zip";
const SECRET_PICTURE = "secret-photo.png";
const BLOG_TEXT = "ブログの限定本文";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

let userSeq = 0;
/** An account that only owns a fan club in these tests (nobody signs in as it). */
async function insertOwner(name: string): Promise<number> {
  const row = await createUser(env.DB, { name, identifyToken: `pp-owner-${Date.now()}-${userSeq++}` });
  return row.id;
}

/** Media links as a page prints them (React writes `&` as `&amp;` in attributes). */
function mediaLinks(html: string): string[] {
  return [...html.matchAll(/\/media\/posts\/[^"'\s\\)]+/g)].map((m) => m[0].replaceAll("&amp;", "&"));
}

const blogJson = (imageKey: string) =>
  JSON.stringify({
    root: {
      type: "root",
      children: [
        { type: "heading", tag: "h2", children: [{ type: "text", text: "見出し", format: 0 }] },
        {
          type: "paragraph",
          children: [
            { type: "text", text: BLOG_TEXT, format: 1 },
            { type: "image", src: imageKey, altText: "舞台裏" },
          ],
        },
      ],
    },
  });

let owner: Account;
let gold: Account;
let light: Account;
let follower: Account;
let fanclubId: number;
let otherFanclubId: number;
let goldPlanId: number;
let lightPlanId: number;
let premiumPlanId: number;
let publicPostId: number;
let lockedPostId: number;
let blogPostId: number;
let lockedKeys: string[];

beforeAll(async () => {
  [owner, gold, light, follower] = await Promise.all([
    confirmedAccount({ name: "オーナー", prefix: "ppo" }),
    confirmedAccount({ name: "ゴールド会員", prefix: "ppg" }),
    confirmedAccount({ name: "ライト会員", prefix: "ppl" }),
    confirmedAccount({ name: "フォロワー", prefix: "ppf" }),
  ]);
  fanclubId = await insertFanclub(owner.id, { name: "星空ラウンジ" });
  lightPlanId = await insertPlan(fanclubId, { name: "ライトプラン", price: 300 });
  goldPlanId = await insertPlan(fanclubId, { name: "ゴールドプラン", price: 1000 });
  premiumPlanId = await insertPlan(fanclubId, { name: "プレミアムプラン", price: 3000 });
  await insertMembership(gold.id, fanclubId, goldPlanId);
  await insertMembership(light.id, fanclubId, lightPlanId);
  const followed = await follower.b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/follow`), { method: "POST", headers: xhr });
  expect(followed.status).toBe(200);

  publicPostId = await insertPostRow(fanclubId, owner.id, {
    title: "みんなへのお知らせ",
    comment: "一行目\n二行目",
    publishedAt: Date.now() - 60_000,
  });
  await insertPostFileRow(publicPostId, fanclubId, owner.id, { filename: "open.png", bytes: PNG });

  lockedPostId = await insertPostRow(fanclubId, owner.id, {
    type: "attachment",
    title: "ゴールド限定の舞台裏",
    comment: SECRET_COMMENT,
    planId: goldPlanId,
    showFilename: true,
    allowTipping: true,
    coverKey: "public/covers/test/cover.png",
    publishedAt: Date.now() - 30_000,
  });
  const attachment = await insertPostFileRow(lockedPostId, fanclubId, owner.id, {
    kind: "attachment",
    filename: SECRET_FILE,
    contentType: "application/zip",
    bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9, 9]),
  });
  const picture = await insertPostFileRow(lockedPostId, fanclubId, owner.id, {
    kind: "picture",
    filename: SECRET_PICTURE,
    bytes: PNG,
    sortOrder: 1,
  });

  const blogImage = await insertPostFileRow(null, fanclubId, owner.id, { kind: "blog_image", filename: "inline.png", bytes: PNG });
  blogPostId = await insertPostRow(fanclubId, owner.id, {
    type: "blog",
    title: "限定ブログ",
    blogJson: blogJson(blogImage.key),
    planId: goldPlanId,
    publishedAt: Date.now() - 20_000,
  });
  await env.DB.prepare("UPDATE post_files SET post_id = ? WHERE id = ?").bind(blogPostId, blogImage.id).run();
  lockedKeys = [attachment.key, picture.key, blogImage.key];

  otherFanclubId = await insertFanclub(await insertOwner("別のオーナー"), { name: "別のファンクラブ" });
});

describe("post page", () => {
  it("shows a member the whole post: text with its line breaks, files, download links; the owner also gets the edit link", async () => {
    const res = await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPostId}`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>ゴールド限定の舞台裏</title>");
    expect(html).toContain(SECRET_COMMENT);
    expect(html).toContain(SECRET_FILE);
    expect(html).toContain('class="post-gallery"');
    expect(html).toMatch(/href="\/media\/posts\/[^"]+download=1"/);
    expect(html).toContain('id="comments"');
    // tipping allowed: the prompt shows with its button (the tip page of the payment modal)
    expect(html).toContain("この投稿が気に入ったら、チップで応援しましょう。");
    expect(html).toContain('data-testid="post-tip-button"');
    expect(html).not.toContain(`/me/fanclub/posts/edit/${lockedPostId}/`);
    // the loader data carries the same (the paywall tests below read it for what must be missing)
    const data = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPostId}.data`))).text();
    expect(data).toContain(SECRET_COMMENT);
    expect(data).toContain(SECRET_FILE);
    expect(data).toContain("/media/posts/");

    const publicPage = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${publicPostId}`))).text();
    expect(publicPage).toContain('class="post-comment-text pre-wrap">一行目\n二行目</p>');

    const ownerHtml = await (await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPostId}`))).text();
    expect(ownerHtml).toContain(`href="/me/fanclub/posts/edit/${lockedPostId}/attachment"`);
    expect(ownerHtml).toContain(SECRET_COMMENT);
    // the people who run the fan club see the tips' count, but are not asked to tip themselves
    expect(ownerHtml).toContain('data-testid="tip-summary"');
    expect(ownerHtml).not.toContain("この投稿が気に入ったら、チップで応援しましょう。");
    expect(ownerHtml).not.toContain('data-testid="post-tip-button"');
  });

  it("renders a blog on the server, with its images signed for the member", async () => {
    const html = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${blogPostId}`))).text();
    expect(html).toContain('<div class="blog-article"><h2>見出し</h2><p><strong>');
    expect(html).toContain(BLOG_TEXT);
    const image = mediaLinks(html).find((l) => l.startsWith(`/media/${lockedKeys[2]}`));
    expect(image).toBeDefined();
    const res = await gold.b.get(at(hosts.www, image!));
    expect(res.status).toBe(200);
  });

  it("plays video and audio with the native players, and shows a lesson's details", async () => {
    const ownerId = await insertOwner("配信オーナー");
    const club = await insertFanclub(ownerId, { name: "配信テスト" });
    const streaming = await insertPostRow(club, ownerId, { type: "streaming", title: "ライブ映像" });
    await insertPostFileRow(streaming, club, ownerId, {
      kind: "streaming",
      filename: "live.mp4",
      contentType: "video/mp4",
      bytes: new Uint8Array(64),
    });
    await insertPostFileRow(streaming, club, ownerId, {
      kind: "streaming",
      filename: "talk.mp3",
      contentType: "audio/mpeg",
      bytes: new Uint8Array(64),
      sortOrder: 1,
    });
    const players = await (await get(hosts.www, `/fanclubs/${club}/posts/${streaming}`)).text();
    expect(players).toMatch(/<video controls="" preload="metadata" playsinline="" src="\/media\/posts\/[^"]+\.mp4\?exp=/);
    expect(players).toMatch(/<audio controls="" preload="metadata" src="\/media\/posts\/[^"]+\.mp3\?exp=/);
    // file names stay hidden unless the creator chose to show them
    expect(players).not.toContain("live.mp4");

    const lesson = await insertPostRow(club, ownerId, {
      type: "lesson",
      title: "発声レッスン",
      lesson: { limitLesson: 5, lessonPlatformType: "zoom", reservationStartAt: Date.UTC(2030, 0, 2, 3, 0), lessonDuration: 40 },
    });
    const info = await (await get(hosts.www, `/fanclubs/${club}/posts/${lesson}`)).text();
    for (const text of ["レッスン情報", "5名", "Zoom", "40分", "2030/01/02 12:00"]) expect(info).toContain(text);
    // the post's own slots are offered there now (issue 22), not a promise of reservations "soon"
    expect(info).not.toContain("予約の受付は近日開始します。");
  });

  it("shows previous and next posts of the fan club", async () => {
    const html = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPostId}`))).text();
    const around = html.slice(html.indexOf('class="post-around"'));
    expect(around).toContain(`href="/fanclubs/${fanclubId}/posts/${publicPostId}"`);
    expect(around).toContain(`href="/fanclubs/${fanclubId}/posts/${blogPostId}"`);
    expect(around.indexOf(`/posts/${publicPostId}"`)).toBeLessThan(around.indexOf(`/posts/${blogPostId}"`));
  });

  const viewers: Array<[string, () => TestBrowser | null]> = [
    ["a visitor", () => null],
    ["a follower", () => follower.b],
    ["a member of a cheaper plan", () => light.b],
  ];
  for (const [who, browser] of viewers) {
    it(`gives ${who} the title, cover and unlocking plans of a locked post, and nothing of its content (page and loader data)`, async () => {
      const b = browser();
      const fetchAs = (path: string) => (b ? b.get(at(hosts.www, path)) : get(hosts.www, path));
      for (const postId of [lockedPostId, blogPostId]) {
        const page = await fetchAs(`/fanclubs/${fanclubId}/posts/${postId}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        const data = await (await fetchAs(`/fanclubs/${fanclubId}/posts/${postId}.data`)).text();
        for (const body of [html, data]) {
          expect(body).toContain(postId === lockedPostId ? "ゴールド限定の舞台裏" : "限定ブログ");
          expect(body).toContain("ゴールドプラン");
          expect(body).toContain("プレミアムプラン");
          expect(body).toContain(`/fanclubs/${fanclubId}?plan=${goldPlanId}`);
          expect(body).toContain(`/fanclubs/${fanclubId}?plan=${premiumPlanId}`);
          for (const secret of [
            SECRET_COMMENT,
            SECRET_FILE,
            SECRET_PICTURE,
            BLOG_TEXT,
            "inline.png",
            "/media/posts/",
            "download=1",
            ...lockedKeys,
          ]) {
            expect(body, `${who} must not receive ${secret}`).not.toContain(secret);
          }
        }
        expect(html).toContain("この投稿はプランメンバー限定です");
        // a cheaper plan does not open the post, so the prompt does not offer it
        const prompt = html.slice(html.indexOf('class="post-locked"'), html.indexOf("</section>", html.indexOf('class="post-locked"')));
        expect([...prompt.matchAll(/\?plan=(\d+)/g)].map((m) => Number(m[1]))).toEqual([goldPlanId, premiumPlanId]);
        expect(html).toContain("¥1,000/月");
        expect(html).not.toContain('id="comments"');
        // the description of a locked post says nothing of its body
        expect(html).not.toContain('name="description"');
        if (!b) expect(html).toContain("auth/login?loggedInPath=");
        else expect(html).not.toContain("ログインして確認する");
      }
      // the cover is the creator's public choice, shown to everyone
      const cover = await (await fetchAs(`/fanclubs/${fanclubId}/posts/${lockedPostId}`)).text();
      expect(cover).toContain("/media/public/covers/test/cover.png");
    });
  }

  it("renders in two D1 round trips (the fan club header beside the post's one batch), and one more for a signed-in session, locked or not", async () => {
    for (const [b, budget] of [
      [new TestBrowser(), 2],
      [gold.b, 3],
      [light.b, 3],
    ] as const) {
      for (const postId of [publicPostId, lockedPostId, blogPostId]) {
        const res = await b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}?n=${Math.random()}`));
        expect(res.status).toBe(200);
        expect(Number(res.headers.get("x-d1-round-trips")), `post ${postId}`).toBeLessThanOrEqual(budget);
      }
    }
  });

  it("renders a post once for a burst of signed-out visitors, locked or not", async () => {
    for (const postId of [publicPostId, lockedPostId]) {
      const path = `/fanclubs/${fanclubId}/posts/${postId}?burst=${Math.random()}`;
      const first = await new TestBrowser().get(at(hosts.www, path));
      const second = await new TestBrowser().get(at(hosts.www, path));
      expect(first.headers.get("x-page-cache"), `post ${postId}`).toBe("miss");
      expect(second.headers.get("x-page-cache"), `post ${postId}`).toBe("hit");
      // the same page but for its CSP nonce, which is per response
      const withoutNonce = async (res: Response) => (await res.text()).replace(/nonce="[^"]+"/g, "");
      expect(await withoutNonce(second)).toBe(await withoutNonce(first));
    }
  });

  it("answers 404 for drafts, scheduled and ended posts except to the people who run the fan club", async () => {
    const draft = await insertPostRow(fanclubId, owner.id, { title: "まだ下書き", isPublish: false });
    const scheduled = await insertPostRow(fanclubId, owner.id, { title: "明日の予約投稿", publishedAt: Date.now() + 86_400_000 });
    const ended = await insertPostRow(fanclubId, owner.id, {
      title: "終わった投稿",
      publishedAt: Date.now() - 86_400_000,
      unpublishedAt: Date.now() - 1000,
    });
    for (const id of [draft, scheduled, ended]) {
      expect((await get(hosts.www, `/fanclubs/${fanclubId}/posts/${id}`)).status).toBe(404);
      expect((await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${id}`))).status).toBe(404);
      expect((await get(hosts.www, `/fanclubs/${fanclubId}/posts/${id}.data`)).status).toBe(404);
      expect((await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${id}`))).status).toBe(200);
    }
    const ownerHtml = await (await owner.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${draft}`))).text();
    expect(ownerHtml).toContain("まだ下書き");
  });

  it("answers 404 for a post under another fan club's address, and for ids that are not ids", async () => {
    for (const path of [
      `/fanclubs/${otherFanclubId}/posts/${publicPostId}`,
      `/fanclubs/${fanclubId}/posts/abc`,
      `/fanclubs/${fanclubId}/posts/999999999`,
    ]) {
      expect((await get(hosts.www, path)).status, path).toBe(404);
      expect((await gold.b.get(at(hosts.www, path))).status, path).toBe(404);
    }
  });
});

describe("post lists", () => {
  it("lists a fan club's live posts on its posts tab, newest first, a page of 12 at a time, locked ones marked", async () => {
    const clubOwner = await insertOwner("一覧オーナー");
    const club = await insertFanclub(clubOwner, { name: "一覧テスト" });
    const plan = await insertPlan(club, { name: "限定プラン", price: 800 });
    const base = Date.now() - 3_600_000;
    const ids: number[] = [];
    for (let i = 0; i < 13; i++)
      ids.push(
        await insertPostRow(club, clubOwner, {
          title: `一覧の投稿${String(i).padStart(2, "0")}`,
          publishedAt: base + i * 1000,
          planId: i === 12 ? plan : null,
        }),
      );
    await insertPostRow(club, clubOwner, { title: "一覧の下書き", isPublish: false });

    const first = await (await get(hosts.www, `/fanclubs/${club}/posts`)).text();
    expect(first).toContain('class="post-card-list"');
    expect(first).not.toContain("一覧の下書き");
    expect(first).toContain("一覧の投稿12");
    expect(first).toContain("一覧の投稿01");
    expect(first).not.toContain("一覧の投稿00");
    expect(first.indexOf("一覧の投稿12")).toBeLessThan(first.indexOf("一覧の投稿11"));
    // the newest is for plan members: a lock and the plan's name on its card, for a visitor
    const newest = first.slice(first.indexOf(`/posts/${ids[12]}"`), first.indexOf(`/posts/${ids[11]}"`));
    expect(newest).toContain('data-locked="true"');
    expect(newest).toContain("限定プラン");
    expect(first.match(/data-locked="true"/g)).toHaveLength(1);
    expect(first).toContain(`href="/fanclubs/${club}/posts?page=2"`);

    const second = await (await get(hosts.www, `/fanclubs/${club}/posts?page=2`)).text();
    expect(second).toContain("一覧の投稿00");
    expect(second).not.toContain("一覧の投稿01");
    expect(second).toContain(`href="/fanclubs/${club}/posts"`);

    // a member of the plan opens it: no lock on the card
    await insertMembership(light.id, club, plan);
    const memberList = await (await light.b.get(at(hosts.www, `/fanclubs/${club}/posts`))).text();
    expect(memberList).toContain("一覧の投稿12");
    expect(memberList).not.toContain('data-locked="true"');
  });

  it("shows signed-out visitors of the timeline an invitation to sign in", async () => {
    const res = await get(hosts.www, "/posts");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("ログインするとフォロー中のファンクラブの投稿が表示されます。");
    expect(html).toContain("/auth/login?loggedInPath=");
  });

  it("puts the posts of followed and joined fan clubs on the timeline, newest first, with a load-more link to older ones", async () => {
    const reader = await confirmedAccount({ name: "読者", prefix: "ppt" });
    const [a, b, c] = await Promise.all([insertOwner("フォロー先の人"), insertOwner("加入先の人"), insertOwner("無関係の人")]);
    const followedClub = await insertFanclub(a, { name: "フォロー先" });
    const joinedClub = await insertFanclub(b, { name: "加入先" });
    const joinedPlan = await insertPlan(joinedClub, { name: "加入プラン" });
    const strangerClub = await insertFanclub(c, { name: "無関係" });
    await insertMembership(reader.id, joinedClub, joinedPlan);
    expect(
      (await reader.b.request(at(hosts.www, `/api/v1/fanclubs/${followedClub}/follow`), { method: "POST", headers: xhr })).status,
    ).toBe(200);
    const base = Date.now() - 7_200_000;
    for (let i = 0; i < 12; i++)
      await insertPostRow(followedClub, a, { title: `TL投稿${String(i).padStart(2, "0")}`, publishedAt: base + i * 60_000 });
    await insertPostRow(joinedClub, b, { title: "加入先の最新投稿", publishedAt: base + 20 * 60_000 });
    await insertPostRow(joinedClub, b, { title: "加入先の一番古い投稿", publishedAt: base - 60_000 });
    await insertPostRow(strangerClub, c, { title: "関係ない投稿", publishedAt: base + 5 * 60_000 });

    const first = await (await reader.b.get(at(hosts.www, "/posts"))).text();
    expect(first).toContain("加入先の最新投稿");
    expect(first).toContain("TL投稿11");
    expect(first).toContain("TL投稿01");
    expect(first).not.toContain("TL投稿00");
    expect(first).not.toContain("加入先の一番古い投稿");
    expect(first).not.toContain("関係ない投稿");
    expect(first.indexOf("加入先の最新投稿")).toBeLessThan(first.indexOf("TL投稿11"));
    const more = /href="(\/posts\?before=\d+&amp;beforeId=\d+)"/.exec(first)?.[1]?.replaceAll("&amp;", "&");
    expect(more).toBeDefined();

    const second = await (await reader.b.get(at(hosts.www, more!))).text();
    expect(second).toContain("TL投稿00");
    expect(second).toContain("加入先の一番古い投稿");
    expect(second).not.toContain("TL投稿01");
    expect(second).not.toContain("関係ない投稿");
    expect(second).not.toMatch(/href="\/posts\?before=/);
  });

  it("lists a group's announcements on its notifies page, and keeps them off the fan club's posts tab", async () => {
    const now = Date.now();
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId, name: "ほしぞら部", allowPost: true, createdAt: new Date(now) });
    await createGroupMember(env.DB, {
      groupId: group.id,
      fanclubId,
      status: "member",
      invitedAt: new Date(now),
      respondedAt: new Date(now),
    });
    const empty = await (await get(hosts.www, `/groups/${group!.id}/notifies`)).text();
    expect(empty).toContain("まだお知らせはありません。");

    const announcement = await insertPostRow(fanclubId, owner.id, { title: "グループからのお知らせ", groupId: group!.id });
    const html = await (await follower.b.get(at(hosts.www, `/groups/${group!.id}/notifies`))).text();
    expect(html).toContain("グループからのお知らせ");
    expect(html).toContain(`href="/fanclubs/${fanclubId}/posts/${announcement}"`);
    const tab = await (await follower.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts`))).text();
    expect(tab).not.toContain("グループからのお知らせ");
  });

  it("lists the member fan clubs' posts on the group's posts tab, not a stale empty list", async () => {
    const now = Date.now();
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId, name: "つきあかり部", allowPost: true, createdAt: new Date(now) });
    await createGroupMember(env.DB, {
      groupId: group.id,
      fanclubId,
      status: "member",
      invitedAt: new Date(now),
      respondedAt: new Date(now),
    });
    const outsiderOwner = await insertOwner("招待中の主");
    const outsider = await insertFanclub(outsiderOwner, { name: "招待中のファンクラブ" });
    await createGroupMember(env.DB, { groupId: group.id, fanclubId: outsider, status: "invited", invitedAt: new Date(now) });
    const memberPost = await insertPostRow(fanclubId, owner.id, { title: "メンバーの新しい投稿" });
    await insertPostRow(outsider, outsiderOwner, { title: "招待中クラブの投稿" });
    await insertPostRow(fanclubId, owner.id, { title: "つきあかり部のお知らせ", groupId: group.id });

    const html = await (await follower.b.get(at(hosts.www, `/groups/${group.id}/posts`))).text();
    expect(html).not.toContain("まだ投稿はありません。");
    expect(html).toContain("メンバーの新しい投稿");
    expect(html).toContain(`href="/fanclubs/${fanclubId}/posts/${memberPost}"`);
    expect(html).not.toContain("招待中クラブの投稿");
    expect(html).not.toContain("つきあかり部のお知らせ");
  });
});

describe("GET /api/v1/plans/joining", () => {
  it("lists the plans the signed-in fan holds, nothing for a mere follower, and 401 when signed out", async () => {
    type Joining = { payload: { plans: { id: number; name: string; price: number; fanclub: { id: number } }[] } };
    const res = await gold.b.get(at(hosts.www, "/api/v1/plans/joining"), xhr);
    expect(res.status).toBe(200);
    const mine = (await res.json<Joining>()).payload.plans;
    expect(mine).toEqual([
      expect.objectContaining({ id: goldPlanId, name: "ゴールドプラン", price: 1000, fanclub: expect.objectContaining({ id: fanclubId }) }),
    ]);
    const none = await (await follower.b.get(at(hosts.www, "/api/v1/plans/joining"), xhr)).json<Joining>();
    expect(none.payload.plans).toEqual([]);
    expect((await new TestBrowser().get(at(hosts.www, "/api/v1/plans/joining"), xhr)).status).toBe(401);
  });
});

describe("post media", () => {
  async function memberLinks() {
    const html = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${lockedPostId}`))).text();
    const links = mediaLinks(html);
    const picture = links.find((l) => l.startsWith(`/media/${lockedKeys[1]}?`) && !l.includes("download=1"));
    const download = links.find((l) => l.startsWith(`/media/${lockedKeys[0]}?`) && l.includes("download=1"));
    expect(picture).toBeDefined();
    expect(download).toBeDefined();
    return { picture: picture!, download: download! };
  }

  it("serves the member the bytes behind the page's link, with Range and a private cache", async () => {
    const { picture, download } = await memberLinks();
    const whole = await gold.b.get(at(hosts.www, picture));
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PNG);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(whole.headers.get("cache-control")).toContain("private");

    const part = await gold.b.get(at(hosts.www, picture), { range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-3/${PNG.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.slice(0, 4));

    const file = await gold.b.get(at(hosts.www, download));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`filename="${SECRET_FILE}"`);
  });

  it("with file names hidden, the page names no file and the download carries a neutral name, never the original", async () => {
    const hidden = "山田花子_本名入り_最終版.zip";
    const postId = await insertPostRow(fanclubId, owner.id, {
      type: "attachment",
      title: "名前を隠した添付",
      planId: goldPlanId,
      showFilename: false,
      publishedAt: Date.now() - 10_000,
    });
    const file = await insertPostFileRow(postId, fanclubId, owner.id, {
      kind: "attachment",
      filename: hidden,
      contentType: "application/zip",
      bytes: new Uint8Array([0x50, 0x4b, 3, 4, 1, 1, 1, 1]),
    });
    const html = await (await gold.b.get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
    expect(html).not.toContain("山田花子");
    const download = mediaLinks(html).find((l) => l.startsWith(`/media/${file.key}?`) && l.includes("download=1"));
    expect(download).toBeDefined();
    const res = await gold.b.get(at(hosts.www, download!));
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toContain(`filename="attachment-${file.id}.zip"`);
    expect(disposition).not.toContain(encodeURIComponent("山田花子"));
    expect(disposition).not.toContain("_");
  });

  it("refuses the link to anyone else, altered, expired, or signed for someone not entitled", async () => {
    const { picture } = await memberLinks();
    // the link is bound to the member who got it: another member of the same plan cannot reuse it
    const other = await confirmedAccount({ name: "別のゴールド会員", prefix: "ppx" });
    await insertMembership(other.id, fanclubId, goldPlanId);
    expect((await other.b.get(at(hosts.www, picture))).status).toBe(403);
    expect((await get(hosts.www, picture)).status).toBe(403);

    const tampered = picture.replace(/sig=([A-Za-z0-9_-])/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(picture);
    expect((await gold.b.get(at(hosts.www, tampered))).status).toBe(403);

    const path = picture.slice(0, picture.indexOf("?"));
    const expired = `${path}?${await signPath(LOCAL_MEDIA_SIGNING_SECRET, path, Date.now() - 1000, await mediaSubjectOf(gold.b, gold.id))}`;
    expect((await gold.b.get(at(hosts.www, expired))).status).toBe(403);

    // a valid signature is not enough: the member of a cheaper plan is not entitled to the file
    const forLight = `${path}?${await signPath(LOCAL_MEDIA_SIGNING_SECRET, path, Date.now() + 3_600_000, await mediaSubjectOf(light.b, light.id))}`;
    expect((await light.b.get(at(hosts.www, forLight))).status).toBe(403);
    const forVisitor = `${path}?${await signPath(LOCAL_MEDIA_SIGNING_SECRET, path, Date.now() + 3_600_000, "0")}`;
    expect((await SELF.fetch(at(hosts.www, forVisitor))).status).toBe(403);
    // and the same kind of link for the member works, so the refusals above are about who asks
    const forGold = `${path}?${await signPath(LOCAL_MEDIA_SIGNING_SECRET, path, Date.now() + 3_600_000, await mediaSubjectOf(gold.b, gold.id))}`;
    expect((await gold.b.get(at(hosts.www, forGold))).status).toBe(200);
  });
});
