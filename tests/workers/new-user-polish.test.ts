import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createMembership, createPlan, createPost } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { get, hosts } from "./helpers";

/**
 * What a new person tripped over (issue 17) and the server render now gets right: the post
 * counter, the sidebar's one open button and FAQ link, the creator menu's sales pages, the joined
 * history, the login page's return line and the draft notice of new raffles and products.
 */

/** The sidebar's markup in a page. */
const sidebarOf = (html: string) =>
  html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf("</nav>", html.indexOf('<nav class="sidebar"')));
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** A signed-in person who opened a fan club on Indies (no open request needed there). */
async function creatorOnIndies() {
  const c = await confirmedAccount({ prefix: "ux" });
  const res = await c.b.post(at(hosts.indies, "/me/fanclub/new"), {
    name: "ほしぞら",
    creatorName: "あかり",
    category: "music",
    agree: "on",
  });
  expect(res.status).toBe(302);
  const row = await env.DB.prepare("SELECT id FROM fanclubs WHERE owner_id = ?").bind(c.id).first<{ id: number }>();
  return { ...c, fanclubId: row!.id };
}

describe("the fan club's post counter", () => {
  it("counts the posts a visitor can find now: not scheduled, draft, ended or deleted ones", async () => {
    const owner = await confirmedAccount({ prefix: "pc" });
    const fanclubId = await insertFanclub(owner.id, { name: "カウンター" });
    const now = Date.now();
    const post = (fields: Parameters<typeof createPost>[1]) => createPost(env.DB, fields);
    await post({ fanclubId, authorId: owner.id });
    await post({ fanclubId, authorId: owner.id, publishedAt: new Date(now - 86_400_000) });
    await post({ fanclubId, authorId: owner.id, publishedAt: new Date(now + 86_400_000) }); // scheduled
    await post({ fanclubId, authorId: owner.id, isPublish: false }); // draft
    await post({ fanclubId, authorId: owner.id, deletedAt: new Date(now) });
    await post({ fanclubId, authorId: owner.id, publishedAt: new Date(now - 2000), unpublishedAt: new Date(now - 1000) });
    // what a save of the scheduled post stored, counting it from the moment it was scheduled
    await env.DB.prepare("UPDATE fanclubs SET post_count = 3 WHERE id = ?").bind(fanclubId).run();

    const page = await (await get(hosts.www, `/fanclubs/${fanclubId}`)).text();
    expect(page).toMatch(/data-testid="post-count">2</);
  });
});

describe("the sidebar", () => {
  it("shows a visitor one 'open a fan club' button, to the guide, and an FAQ link that opens the FAQ", async () => {
    const sidebar = sidebarOf(await (await get(hosts.indies, "/")).text());
    expect(count(sidebar, "ファンクラブを開設する")).toBe(1);
    expect(sidebar).toContain('href="/help/fanclub_open_flow">ファンクラブを開設する');
    const faq = sidebar.match(/href="([^"]+)"[^>]*>よくある質問</)?.[1];
    expect(faq).toBe("/help/faq");
    const page = await get(hosts.indies, faq!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>よくある質問</h1>");
    expect(html).not.toContain("<h1>コミュニティガイドライン</h1>");
  });

  it("shows a person who may open a fan club one button, to opening it, and an owner none", async () => {
    const fan = await confirmedAccount({ prefix: "ob" });
    const fanSidebar = sidebarOf(await (await fan.b.get(at(hosts.indies, "/"))).text());
    expect(count(fanSidebar, "ファンクラブを開設する")).toBe(1);
    expect(fanSidebar).toMatch(/href="\/me\/fanclub\/new"[^>]*data-testid="open-fanclub"/);

    const owner = await creatorOnIndies();
    const ownerSidebar = sidebarOf(await (await owner.b.get(at(hosts.indies, "/"))).text());
    expect(count(ownerSidebar, "ファンクラブを開設する")).toBe(0);
    // the creator menu (sidebar and management top page) links the tips received and the purchase lists
    const management = await (await owner.b.get(at(hosts.indies, "/me/fanclub"))).text();
    const menu = [...management.matchAll(/<a class="card tile" href="([^"]+)">/g)].map((m) => m[1]);
    expect(menu).toContain("/me/fanclub/tips");
    expect(menu).toContain("/me/fanclub/purchases/live_events");
    expect((await owner.b.get(at(hosts.indies, "/me/fanclub/tips"))).status).toBe(200);
  });
});

describe("creating a raffle or a product", () => {
  it("says beside the publish box that without it the item is saved as a draft", async () => {
    const owner = await creatorOnIndies();
    for (const path of ["/me/fanclub/raffles/new", "/me/fanclub/products/new"]) {
      const html = await (await owner.b.get(at(hosts.indies, path))).text();
      expect(html, path).toContain('data-publish-effect="draft"');
      expect(html, path).toContain("公開にチェックを入れない場合は下書きとして保存され、ファンには表示されません。");
    }
  });
});

describe("the profile", () => {
  it("shows the fan clubs the person joined, current and left, newest first", async () => {
    const fan = await confirmedAccount({ prefix: "ph" });
    const owner = await confirmedAccount({ prefix: "pho" });
    const first = await insertFanclub(owner.id, { name: "むかしのクラブ" });
    const second = await insertFanclub((await confirmedAccount({ prefix: "pho2" })).id, { name: "いまのクラブ" });
    const oldPlan = await createPlan(env.DB, { fanclubId: first, name: "ブロンズ" });
    const newPlan = await createPlan(env.DB, { fanclubId: second, name: "ゴールド" });
    await createMembership(env.DB, {
      userId: fan.id,
      fanclubId: first,
      planId: oldPlan.id,
      status: "left",
      joinedAt: new Date(Date.UTC(2025, 0, 10)),
      leftAt: new Date(Date.UTC(2025, 2, 1)),
    });
    await createMembership(env.DB, { userId: fan.id, fanclubId: second, planId: newPlan.id, joinedAt: new Date(Date.UTC(2026, 3, 5)) });

    const html = await (await get(hosts.user, `/profile/${fan.token}`)).text();
    const table = html.slice(html.indexOf('data-testid="joined-history"'));
    expect(table).toContain("いまのクラブ");
    expect(table).toContain("ゴールド");
    expect(table).toContain("2026/04/05");
    expect(table).toContain("むかしのクラブ");
    expect(table).toContain("2025/03/01");
    expect(table.indexOf("いまのクラブ")).toBeLessThan(table.indexOf("むかしのクラブ"));
    expect(html).not.toContain("まだ入会したファンクラブはありません");
  });
});

describe("the login page", () => {
  it("names the brand a person returns to instead of printing the raw return URL", async () => {
    const back = "http://www.fanclub.localhost:8787/fanclubs/101?plan=1011&utm_source=x";
    const html = await (await get(hosts.login, `/auth/login?loggedInPath=${encodeURIComponent(back)}`)).text();
    expect(html).toContain("ログイン後、Fanclub の元のページに戻ります。");
    // the address is carried in the form, not printed as text
    const text = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ");
    expect(text).not.toContain("utm_source");
  });
});

describe("the address book opened from a purchase", () => {
  it("offers the way back to the purchase, and only to one of our hosts", async () => {
    const fan = await confirmedAccount({ prefix: "ad" });
    const back = "http://www.fanclub.localhost:8787/fanclubs/101/products/7?product=7";
    const html = await (await fan.b.get(at(hosts.user, `/me/address?return=${encodeURIComponent(back)}`))).text();
    expect(html).toMatch(
      /href="http:\/\/www\.fanclub\.localhost:8787\/fanclubs\/101\/products\/7\?product=7"[^>]*data-testid="back-to-purchase">購入手続きに戻る/,
    );
    const elsewhere = await (await fan.b.get(at(hosts.user, `/me/address?return=${encodeURIComponent("https://evil.example/")}`))).text();
    expect(elsewhere).not.toContain("back-to-purchase");
  });
});
