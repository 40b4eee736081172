import { beforeAll, describe, expect, it } from "vitest";
import { jstParts } from "../../server/domain/live-events";
import { POST_TYPES } from "../../server/domain/posts";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertFanclub, insertPost } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi as call } from "./money-fixture";

/*
 * Issue 22: fans reserve from the lesson tab and from the lesson post. The post page asks the
 * lessons API for the slots of that post only (`?post=`), and no longer says reservations are
 * "coming soon".
 */

const DAY = 24 * 3_600_000;
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Account = Awaited<ReturnType<typeof confirmedAccount>>;

let owner: Account;
let fanclubId: number;
let postId: number;
let otherPostId: number;

function slotForm(title: string, post: number | null) {
  const start = jstParts(Math.ceil((Date.now() + 3 * DAY) / (30 * 60_000)) * 30 * 60_000);
  return {
    title,
    description: "",
    startDate: start.date,
    startTime: start.time,
    duration: "30",
    capacity: "2",
    method: "external",
    externalUrl: "https://meet.example.com/post-slot",
    price: "0",
    ...(post === null ? {} : { postId: String(post) }),
  };
}

beforeAll(async () => {
  owner = await confirmedAccount({ name: "投稿の先生", prefix: "lpown" });
  fanclubId = await insertFanclub(owner.id, { name: "投稿から予約できる教室" });
  postId = await insertPost(fanclubId, owner.id, { type: POST_TYPES.lesson, title: "ギター入門レッスン", isPublish: true });
  otherPostId = await insertPost(fanclubId, owner.id, { type: POST_TYPES.lesson, title: "別のレッスン", isPublish: true });
  for (const [title, post] of [
    ["投稿のレッスン枠", postId],
    ["別の投稿の枠", otherPostId],
    ["投稿のない枠", null],
  ] as const) {
    const res = await call(owner, "POST", "/me/fanclub/lesson_reserve", slotForm(title, post));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
});

describe("a lesson post's slots", () => {
  it("lists only the post's own slots for the post page, and every slot for the tab", async () => {
    const get = async (query: string) => {
      const res = await new TestBrowser().request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/lessons${query}`), { headers: xhr });
      return { status: res.status, body: (await res.json()) as { payload: { slots?: Array<{ title: string }> } } };
    };
    const ofPost = await get(`?post=${postId}`);
    expect(ofPost.status).toBe(200);
    expect(ofPost.body.payload.slots?.map((s) => s.title)).toEqual(["投稿のレッスン枠"]);
    expect((await get("")).body.payload.slots?.map((s) => s.title).sort()).toEqual(
      ["別の投稿の枠", "投稿のない枠", "投稿のレッスン枠"].sort(),
    );
    expect((await get("?post=abc")).status).toBe(404);
  });

  it("the post page no longer promises reservations 'soon'", async () => {
    const html = await (await new TestBrowser().get(at(hosts.www, `/fanclubs/${fanclubId}/posts/${postId}`))).text();
    expect(html).toContain("ギター入門レッスン");
    expect(html).not.toContain("予約の受付は近日開始します。");
  });
});
