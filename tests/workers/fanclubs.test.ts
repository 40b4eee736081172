import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createManager, createOpenRequest } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

/** A signed-in person who opened a fan club on Indies (no open request needed there). */
async function creatorOnIndies(name = "ほしのあかり") {
  const c = await confirmedAccount({ prefix: "cr" });
  const res = await c.b.post(at(hosts.indies, "/me/fanclub/new"), { name, creatorName: "あかり", category: "music", agree: "on" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/me/fanclub/edit");
  const row = await env.DB.prepare("SELECT id FROM fanclubs WHERE owner_id = ?").bind(c.id).first<{ id: number }>();
  return { ...c, fanclubId: row!.id };
}

const PROFILE = {
  name: "星空ファンクラブ",
  creatorName: "星野あかり",
  uniquePath: "hoshizora_akari",
  description: "歌とイラストを毎週お届けします",
  introduction: "はじめまして。",
  "links[0].label": "X",
  "links[0].url": "https://x.example/akari",
  tags: "歌ってみた, イラスト",
  category: "music",
  displayMemberCount: "on",
};

describe("opening a fan club", () => {
  it("opens on a brand without open requests, once per person, and the sidebar then shows the management menu with its next actions", async () => {
    const c = await creatorOnIndies();
    const again = await c.b.post(at(hosts.indies, "/me/fanclub/new"), { name: "二つ目", creatorName: "x", category: "music", agree: "on" });
    expect(again.headers.get("location")).toBe("/me/fanclub/edit");
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclubs WHERE owner_id = ?").bind(c.id).first<{ n: number }>();
    expect(count?.n).toBe(1);
    const home = await (await c.b.get(at(hosts.indies, "/me/fanclub"))).text();
    expect(home).toContain('data-menu="plans"');
    expect(home).toContain("未編集");
    expect(home).toContain("未作成");
    expect(home).not.toContain('data-testid="open-fanclub"');
  });

  it("on a brand that requires an open request, links to the request page and refuses to open until approved", async () => {
    const c = await confirmedAccount({ prefix: "rq" });
    const page = await (await c.b.get(at(hosts.www, "/"))).text();
    expect(page).toMatch(/href="\/help\/fanclub_open_request"[^>]*data-testid="open-fanclub"/);
    const refused = await c.b.post(at(hosts.www, "/me/fanclub/new"), { name: "未承認", creatorName: "x", category: "music", agree: "on" });
    expect(refused.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclubs WHERE owner_id = ?").bind(c.id).first("n")).toBe(0);
    await createOpenRequest(env.DB, {
      userId: c.id,
      serviceId: 1,
      activityName: "a",
      activityDescription: "b",
      plan: "c",
      status: "approved",
      createdAt: new Date(0),
    });
    const opened = await c.b.post(at(hosts.www, "/me/fanclub/new"), { name: "承認済み", creatorName: "x", category: "music", agree: "on" });
    expect(opened.headers.get("location")).toBe("/me/fanclub/edit");
  });

  it("rejects a missing name and an unknown category with messages, writing nothing", async () => {
    const c = await confirmedAccount({ prefix: "bad" });
    const res = await c.b.post(at(hosts.indies, "/me/fanclub/new"), { name: "", creatorName: "x", category: "cooking", agree: "on" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("ファンクラブ名は必須項目です。");
    expect(html).toContain("選択肢から選んでください。");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclubs WHERE owner_id = ?").bind(c.id).first("n")).toBe(0);
  });
});

describe("profile, plans and the public page", () => {
  it("saves the profile, serves the page at /@path with tags and links, and finds it by a Japanese substring", async () => {
    const c = await creatorOnIndies();
    const saved = await c.b.post(at(hosts.indies, "/me/fanclub/edit"), PROFILE);
    expect(saved.status).toBe(200);
    const page = await c.b.get(at(hosts.indies, "/@hoshizora_akari"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("星空ファンクラブ");
    expect(html).toContain("#歌ってみた");
    expect(html).toContain('href="https://x.example/akari"');
    const search = await (await c.b.get(at(hosts.indies, `/fanclubs?keywords=${encodeURIComponent("空ファン")}`))).text();
    expect(search).toContain("星空ファンクラブ");
    // the badge for the profile is gone once saved
    expect(await (await c.b.get(at(hosts.indies, "/me/fanclub"))).text()).not.toContain("未編集");
  });

  it("refuses a unique path someone else has, and an invalid one", async () => {
    const a = await creatorOnIndies();
    const b = await creatorOnIndies();
    await a.b.post(at(hosts.indies, "/me/fanclub/edit"), { ...PROFILE, uniquePath: "taken_path" });
    const taken = await b.b.post(at(hosts.indies, "/me/fanclub/edit"), { ...PROFILE, uniquePath: "taken_path" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("このURLはすでに使われています。");
    const invalid = await b.b.post(at(hosts.indies, "/me/fanclub/edit"), { ...PROFILE, uniquePath: "No Spaces!" });
    expect(invalid.status).toBe(400);
  });

  it("creates plans within the price bounds, shows them with yen separators, fixes the price once members exist, and closes them", async () => {
    const c = await creatorOnIndies();
    const tooCheap = await c.b.post(at(hosts.indies, "/me/fanclub/plans/new"), { name: "安すぎ", price: "50" });
    expect(tooCheap.status).toBe(400);
    expect(await tooCheap.text()).toContain("0円または100円以上50,000円以下の整数で入力してください。");
    expect((await c.b.post(at(hosts.indies, "/me/fanclub/plans/new"), { name: "ライト", price: "500" })).status).toBe(302);
    expect(
      (
        await c.b.post(at(hosts.indies, "/me/fanclub/plans/new"), {
          name: "プレミアム",
          price: "１２,０００円",
          description: "全部見られます",
        })
      ).status,
    ).toBe(302);
    const plans = await env.DB.prepare("SELECT id, name, price FROM plans WHERE fanclub_id = ? ORDER BY price")
      .bind(c.fanclubId)
      .all<{ id: number; name: string; price: number }>();
    expect(plans.results.map((p) => [p.name, p.price])).toEqual([
      ["ライト", 500],
      ["プレミアム", 12000],
    ]);
    const publicPage = await (await c.b.get(at(hosts.indies, `/fanclubs/${c.fanclubId}`))).text();
    expect(publicPage).toContain("¥12,000");
    expect(publicPage).toContain('data-plan-button="edit"');

    const fan = await confirmedAccount({ prefix: "pm" });
    await insertMembership(fan.id, c.fanclubId, plans.results[0]!.id);
    const locked = await c.b.post(at(hosts.indies, `/me/fanclub/plans/${plans.results[0]!.id}/edit`), { name: "ライト改", price: "800" });
    expect(locked.status).toBe(409);
    expect(await env.DB.prepare("SELECT price FROM plans WHERE id = ?").bind(plans.results[0]!.id).first("price")).toBe(500);
    const renamed = await c.b.post(at(hosts.indies, `/me/fanclub/plans/${plans.results[0]!.id}/edit`), { name: "ライト改", price: "500" });
    expect(renamed.status).toBe(302);

    expect((await c.b.post(at(hosts.indies, `/me/fanclub/plans/${plans.results[1]!.id}/close`), {})).status).toBe(302);
    const visitorView = await (await fetchAsVisitor(hosts.indies, `/fanclubs/${c.fanclubId}`)).text();
    expect(visitorView).not.toContain("プレミアム");
    expect(visitorView).toContain("ライト改");
  });

  it("shows each viewer the plan button of spec §2, hides the member count when asked, and 404s closed fan clubs", async () => {
    const owner = await confirmedAccount({ prefix: "po" });
    const id = await insertFanclub(owner.id, { serviceId: 2, name: "ボタンの館" });
    const basic = await insertPlan(id, { name: "ベーシック", price: 500 });
    const full = await insertPlan(id, { name: "満員", price: 1000, joinLimit: 1 });
    const member = await confirmedAccount({ prefix: "pmem" });
    const other = await confirmedAccount({ prefix: "poth" });
    await insertMembership(member.id, id, full);
    const buttons = async (html: string) =>
      [...html.matchAll(/data-plan="([^"]+)"[\s\S]*?data-plan-button="([a-zA-Z]+)"/g)].map((m) => `${m[1]}:${m[2]}`);

    expect(await buttons(await (await fetchAsVisitor(hosts.indies, `/fanclubs/${id}`)).text())).toEqual([
      "ベーシック:login",
      "満員:disabled",
    ]);
    expect(await buttons(await (await member.b.get(at(hosts.indies, `/fanclubs/${id}`))).text())).toEqual([
      "ベーシック:changePlan",
      "満員:supporting",
    ]);
    expect(await buttons(await (await other.b.get(at(hosts.indies, `/fanclubs/${id}`))).text())).toEqual([
      "ベーシック:support",
      "満員:disabled",
    ]);
    expect(basic).toBeGreaterThan(0);

    const shown = await (await fetchAsVisitor(hosts.indies, `/fanclubs/${id}`)).text();
    expect(shown).toContain("会員");
    await env.DB.prepare("UPDATE fanclubs SET display_member_count = 0 WHERE id = ?").bind(id).run();
    const hidden = await (await other.b.get(at(hosts.indies, `/fanclubs/${id}`))).text();
    expect(hidden).not.toMatch(/<dt>会員<\/dt>/);

    // support, change plan and supporting open the payment modal (a lazy chunk, after hydration) through ?plan=
    const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)" data-plan-button="([a-zA-Z]+)"/g)].map((m) => `${m[2]}:${m[1]}`);
    expect(hrefs(await (await other.b.get(at(hosts.indies, `/fanclubs/${id}`))).text())).toEqual([`support:/fanclubs/${id}?plan=${basic}`]);
    expect(hrefs(await (await member.b.get(at(hosts.indies, `/fanclubs/${id}`))).text())).toEqual([
      `changePlan:/fanclubs/${id}?plan=${basic}`,
      `supporting:/fanclubs/${id}?plan=${full}`,
    ]);

    await env.DB.prepare("UPDATE fanclubs SET status = 'closed' WHERE id = ?").bind(id).run();
    expect((await other.b.get(at(hosts.indies, `/fanclubs/${id}`))).status).toBe(404);
  });

  it("sends a fan club page on another brand's host to the fan club's brand, and 404s unknown paths", async () => {
    const owner = await confirmedAccount({ prefix: "pb" });
    const id = await insertFanclub(owner.id, { serviceId: 2, uniquePath: "brand_two" });
    const res = await fetchAsVisitor(hosts.www, `/fanclubs/${id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`http://${hosts.indies}/fanclubs/${id}`);
    expect((await fetchAsVisitor(hosts.indies, "/@no_such_path")).status).toBe(404);
    expect((await fetchAsVisitor(hosts.indies, "/not-a-fanclub")).status).toBe(404);
    expect((await fetchAsVisitor(hosts.indies, `/fanclubs/${id}/posts`)).status).toBe(200);
    expect((await fetchAsVisitor(hosts.indies, `/fanclubs/${id}/unknown`)).status).toBe(404);
  });

  it("invoice numbers must carry a valid check digit", async () => {
    const c = await creatorOnIndies();
    const bad = await c.b.post(at(hosts.indies, "/me/fanclub/invoice_number"), { invoiceNumber: "T1234567890123" });
    expect(bad.status).toBe(400);
    // 8 + the check digit rule gives a valid corporate number
    const good = await c.b.post(at(hosts.indies, "/me/fanclub/invoice_number"), { invoiceNumber: "T7000012050002" });
    expect(good.status).toBe(200);
    expect(await env.DB.prepare("SELECT invoice_number FROM fanclubs WHERE id = ?").bind(c.fanclubId).first("invoice_number")).toBe(
      "T7000012050002",
    );
  });
});

describe("profile images", () => {
  const PNG = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  ]);

  it("stores a cropped icon in R2, serves it publicly, and refuses what is not an image", async () => {
    const c = await creatorOnIndies();
    const put = await c.b.request(at(hosts.indies, "/api/v1/me/fanclub/images/icon"), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/png" },
      body: PNG,
    });
    expect(put.status).toBe(200);
    const { payload } = (await put.json()) as { payload: { url: string } };
    expect(payload.url).toMatch(/^\/media\/public\/fanclubs\/\d+\/icon-/);
    const served = await fetchAsVisitor(hosts.indies, payload.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const fake = await c.b.request(at(hosts.indies, "/api/v1/me/fanclub/images/icon"), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/png" },
      body: "<svg onload=alert(1)>",
    });
    expect(fake.status).toBe(415);
    const editor = await confirmedAccount({ prefix: "ie" });
    await insertEditor(c.fanclubId, editor.id, ["postable", "can_product_manage"]);
    const refused = await editor.b.request(at(hosts.indies, "/api/v1/me/fanclub/images/header"), {
      method: "PUT",
      headers: { ...xhr, "content-type": "image/png" },
      body: PNG,
    });
    expect(refused.status).toBe(403);
    expect((await fetchAsVisitor(hosts.indies, "/media/private/anything")).status).toBe(404);
  });
});

function fetchAsVisitor(host: string, path: string) {
  return env.DB ? import("./browser").then(({ TestBrowser }) => new TestBrowser().get(at(host, path))) : Promise.reject(new Error("no DB"));
}

describe("open requests", () => {
  it("stores one request per brand, lets an operator approve it, notifies the person, and then opens the door", async () => {
    const c = await confirmedAccount({ prefix: "oq" });
    const form = {
      activityName: "星空ユニット",
      activityDescription: "毎週歌枠をしています",
      "urls[0]": "https://video.example/hoshizora",
      plan: "限定配信とボイス",
    };
    const sent = await c.b.post(at(hosts.www, "/help/fanclub_open_request"), form);
    expect(sent.status).toBe(200);
    const twice = await c.b.post(at(hosts.www, "/help/fanclub_open_request"), form);
    expect(twice.status).toBe(409);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM open_requests WHERE user_id = ?").bind(c.id).first("n")).toBe(1);
    expect(await (await c.b.get(at(hosts.www, "/help/fanclub_open_request"))).text()).toContain('data-request-status="pending"');

    // not staff: the review page does not exist for them
    expect((await c.b.get(at(hosts.www, "/ops/open_requests"))).status).toBe(404);
    const staff = await confirmedAccount({ prefix: "op" });
    await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(staff.id).run();
    const list = await (await staff.b.get(at(hosts.www, "/ops/open_requests"))).text();
    expect(list).toContain("星空ユニット");
    const id = await env.DB.prepare("SELECT id FROM open_requests WHERE user_id = ?").bind(c.id).first<number>("id");
    expect((await staff.b.post(at(hosts.www, "/ops/open_requests"), { id: String(id), decision: "approved" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT kind FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1").bind(c.id).first("kind")).toBe(
      "openRequestApproved",
    );

    const sidebar = await (await c.b.get(at(hosts.www, "/"))).text();
    expect(sidebar).toMatch(/href="\/me\/fanclub\/new"[^>]*data-testid="open-fanclub"/);
    expect(
      (await c.b.post(at(hosts.www, "/me/fanclub/new"), { name: "承認後", creatorName: "x", category: "music", agree: "on" })).status,
    ).toBe(302);
  });

  it("asks for at least one link and refuses requests on brands that need none", async () => {
    const c = await confirmedAccount({ prefix: "oq2" });
    const noLink = await c.b.post(at(hosts.www, "/help/fanclub_open_request"), { activityName: "a", activityDescription: "b", plan: "c" });
    expect(noLink.status).toBe(400);
    expect(await noLink.text()).toContain("活動が確認できるURLを1つ以上入力してください。");
    const indies = await c.b.post(at(hosts.indies, "/help/fanclub_open_request"), {
      activityName: "a",
      activityDescription: "b",
      "urls[0]": "https://a.example",
      plan: "c",
    });
    expect(indies.status).toBe(400);
  });
});

describe("fan club API", () => {
  it("gives the fan club by id and by unique path, its plans with joining_plan_id, and the search", async () => {
    const owner = await confirmedAccount({ prefix: "ap" });
    const id = await insertFanclub(owner.id, { serviceId: 2, name: "APIの森", uniquePath: "api_forest" });
    const plan = await insertPlan(id, { name: "森の住人", price: 300 });
    const fan = await confirmedAccount({ prefix: "apf" });
    await insertMembership(fan.id, id, plan);
    const byId = await fan.b.get(at(hosts.indies, `/api/v1/fanclubs/${id}`), xhr);
    const body = (await byId.json()) as {
      payload: { fanclub: { name: string; plans: { name: string; buttonState: string }[]; joinningStatus: number } };
    };
    expect(body.payload.fanclub.name).toBe("APIの森");
    expect(body.payload.fanclub.joinningStatus).toBe(1);
    expect(body.payload.fanclub.plans).toMatchObject([{ name: "森の住人", buttonState: "supporting" }]);
    const byPath = (await (await fan.b.get(at(hosts.indies, "/api/v1/fanclubs/unique_path/api_forest"), xhr)).json()) as {
      payload: { fanclub: { id: number } };
    };
    expect(byPath.payload.fanclub.id).toBe(id);
    const plans = (await (await fan.b.get(at(hosts.indies, `/api/v1/fanclubs/${id}/plans`), xhr)).json()) as {
      payload: { joining_plan_id: number };
    };
    expect(plans.payload.joining_plan_id).toBe(plan);
    expect((await fan.b.get(at(hosts.indies, "/api/v1/fanclubs/999999"), xhr)).status).toBe(404);
    expect((await fan.b.get(at(hosts.indies, "/api/v1/fanclubs/abc"), xhr)).status).toBe(404);
    // newest first (the fixture writes no search row, so no keywords here)
    const search = (await (await fan.b.get(at(hosts.indies, `/api/v1/fanclubs?order=1`), xhr)).json()) as {
      payload: { fanclubs: { id: number }[] };
    };
    expect(search.payload.fanclubs.map((f) => f.id)).toContain(id);
  });
});

describe("bulk management", () => {
  it("shows managers the fan clubs they manage and is a 404 for everyone else", async () => {
    const manager = await confirmedAccount({ prefix: "mg" });
    const owner = await confirmedAccount({ prefix: "mgo" });
    const id = await insertFanclub(owner.id, { serviceId: 3, name: "きらめき所属" });
    expect((await manager.b.get(at(hosts.www, "/me/managed_fanclubs/sales"))).status).toBe(404);
    await createManager(env.DB, { userId: manager.id, fanclubId: id, createdAt: new Date(0) });
    const page = await manager.b.get(at(hosts.www, "/me/managed_fanclubs/sales"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("きらめき所属");
    expect(html).toContain(`http://${hosts.kirameki}/fanclubs/${id}`);
    expect(html).toContain('href="/me/managed_fanclubs/sales"');
  });
});

describe("D1 round trips per page", () => {
  it("renders the fan club page and the search page in at most two D1 round trips, signed in or not", async () => {
    const owner = await confirmedAccount({ prefix: "rt" });
    const id = await insertFanclub(owner.id, { serviceId: 2, name: "往復の少ない館" });
    await insertPlan(id, { name: "ひとつめ", price: 100 });
    const fan = await confirmedAccount({ prefix: "rtf" });
    const visitor = new (await import("./browser")).TestBrowser();
    for (const path of [`/fanclubs/${id}`, "/fanclubs?keywords=%E9%A4%A8&order=2&category=", "/"]) {
      await visitor.get(at(hosts.indies, path)); // warms the brand list of this isolate
      for (const b of [visitor, fan.b]) {
        const res = await b.get(at(hosts.indies, `${path}${path.includes("?") ? "&" : "?"}n=${Math.random()}`));
        expect(res.status).toBe(200);
        expect(Number(res.headers.get("x-d1-round-trips")), path).toBeLessThanOrEqual(2);
        expect(Number(res.headers.get("x-d1-round-trips")), path).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it("renders the posts, products and lessons tabs in one D1 round trip for a visitor and two signed in (the session, then the frame and the tab in one batch)", async () => {
    const owner = await confirmedAccount({ prefix: "rtt" });
    const id = await insertFanclub(owner.id, { serviceId: 2, name: "タブの往復" });
    await insertPlan(id, { name: "ひとつめ", price: 100 });
    const fan = await confirmedAccount({ prefix: "rttf" });
    const visitor = new (await import("./browser")).TestBrowser();
    await visitor.get(at(hosts.indies, `/fanclubs/${id}`)); // warms the brand list of this isolate
    for (const tab of ["posts", "products", "lessons"]) {
      for (const [b, budget] of [
        [visitor, 1],
        [fan.b, 2],
      ] as const) {
        const res = await b.get(at(hosts.indies, `/fanclubs/${id}/${tab}?n=${Math.random()}`));
        expect(res.status, tab).toBe(200);
        expect(Number(res.headers.get("x-d1-round-trips")), tab).toBeLessThanOrEqual(budget);
      }
    }
  });
});

describe("what a hidden member count and odd input reveal", () => {
  it("keeps a hidden member count out of the search page's data, answers 404 to a malformed media path, and refuses to lower a join limit below the members", async () => {
    const owner = await confirmedAccount({ prefix: "hm" });
    const c = await creatorOnIndies("秘密の会員数クラブ");
    await c.b.post(at(hosts.indies, "/me/fanclub/edit"), {
      ...PROFILE,
      name: "秘密の会員数クラブ",
      uniquePath: `hidden_${Date.now().toString(36)}`,
      displayMemberCount: "",
    });
    const plan = await insertPlan(c.fanclubId, { name: "会員", price: 100 });
    for (let i = 0; i < 3; i++) await insertMembership((await confirmedAccount({ prefix: `hm${i}` })).id, c.fanclubId, plan);
    // a count no other number on the page has, so its absence means something
    await env.DB.prepare("UPDATE fanclubs SET member_count = 48613 WHERE id = ?").bind(c.fanclubId).run();
    const data = await owner.b.get(at(hosts.indies, `/fanclubs.data?keywords=${encodeURIComponent("秘密の会員")}&order=2&category=`));
    const text = await data.text();
    expect(text).toContain("秘密の会員数クラブ");
    expect(text).not.toContain("48613");
    expect((await owner.b.get(at(hosts.indies, "/media/public/%E0%A4"))).status).toBe(404);
    await env.DB.prepare("UPDATE fanclubs SET member_count = 3 WHERE id = ?").bind(c.fanclubId).run();
    const lowered = await c.b.post(at(hosts.indies, `/me/fanclub/plans/${plan}/edit`), { name: "会員", price: "100", joinLimit: "2" });
    expect(lowered.status).toBe(409);
    expect(await env.DB.prepare("SELECT join_limit FROM plans WHERE id = ?").bind(plan).first("join_limit")).toBeNull();
  });
});
