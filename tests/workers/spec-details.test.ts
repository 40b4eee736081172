import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "./browser";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";

describe("the creator landing page", () => {
  it("has the about, feature, flow, sales, plans and faq sections, with sign-up for visitors and opening for a fan", async () => {
    const visitor = new TestBrowser();
    const res = await visitor.get(at(hosts.indies, "/creator"));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const id of ["about", "feature", "flow", "sales", "plans", "faq"]) expect(html).toContain(`id="${id}"`);
    expect(html).toContain("クリエイターの方へ");
    expect(html).toContain("¥100から¥50,000まで");
    expect(html).toContain(`href="http://${hosts.user}/account/sign_up"`);

    const fan = await confirmedAccount({ prefix: "lp" });
    const signedIn = await (await fan.b.get(at(hosts.indies, "/creator"))).text();
    expect(signedIn).toMatch(/href="\/me\/fanclub\/new"[^>]*data-testid="landing-open"/);
    // a brand that requires an open request: the call to action is the request page, like the sidebar's
    const official = await (await fan.b.get(at(hosts.www, "/creator"))).text();
    expect(official).toMatch(/href="\/help\/fanclub_open_request"[^>]*data-testid="landing-open"/);
  });
});

describe("the welcome page", () => {
  it("follows the sign-up's confirmation once: the first visit shows it, later ones go to the top page", async () => {
    const fan = await confirmedAccount({ prefix: "wel", name: "ようこそさん" });
    const first = await fan.b.get(at(hosts.www, "/welcome"));
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('data-testid="welcome"');
    expect(html).toContain("ようこそ、ようこそさんさん");
    const again = await fan.b.get(at(hosts.www, "/welcome"));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");
  });

  it("sends a visitor to sign in first and never shows to accounts that did not just sign up", async () => {
    const visitor = await new TestBrowser().get(at(hosts.www, "/welcome"));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain(`http://${hosts.login}/auth/login?loggedInPath=`);
    const fan = await confirmedAccount({ prefix: "wel2" });
    await env.DB.prepare("DELETE FROM welcome_pending WHERE user_id = ?").bind(fan.id).run();
    expect((await fan.b.get(at(hosts.www, "/welcome"))).headers.get("location")).toBe("/");
  });
});

describe("the fan club page's profile tab and next-action guide", () => {
  it("shows the profile tab with the creator, category and brand", async () => {
    const owner = await confirmedAccount({ prefix: "pt" });
    const id = await insertFanclub(owner.id, { serviceId: 2, name: "プロフィールの館", creatorName: "館長" });
    const res = await new TestBrowser().get(at(hosts.indies, `/fanclubs/${id}/profile`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="fanclub-profile"');
    expect(html).toContain("館長");
    expect(html).toContain("Fanclub Indies");
    expect(html).toMatch(/href="\/fanclubs\/\d+\/profile" aria-current="page"/);
  });

  it("guides the owner to the profile and the first plan until both are done, and no one else", async () => {
    const c = await confirmedAccount({ prefix: "na" });
    expect(
      (await c.b.post(at(hosts.indies, "/me/fanclub/new"), { name: "準備中の館", creatorName: "x", category: "music", agree: "on" }))
        .status,
    ).toBe(302);
    const id = await env.DB.prepare("SELECT id FROM fanclubs WHERE owner_id = ?").bind(c.id).first<number>("id");
    const page = await (await c.b.get(at(hosts.indies, `/fanclubs/${id}`))).text();
    expect(page).toContain('data-testid="next-action-guide"');
    expect(page).toContain('href="/me/fanclub/edit">プロフィールを編集する');
    expect(page).toContain('href="/me/fanclub/plans/new">プランを作成する');

    const visitor = await (await new TestBrowser().get(at(hosts.indies, `/fanclubs/${id}`))).text();
    expect(visitor).not.toContain("next-action-guide");

    await insertPlan(id!, { name: "はじめて", price: 500 });
    await env.DB.prepare("UPDATE fanclubs SET profile_edited_at = ? WHERE id = ?").bind(Date.now(), id).run();
    const done = await (await c.b.get(at(hosts.indies, `/fanclubs/${id}`))).text();
    expect(done).not.toContain("next-action-guide");
  });
});

describe("the home's strip of supported fan clubs", () => {
  it("lists a signed-in fan's fan clubs of every brand, in the page's budget of two D1 round trips", async () => {
    const owner = await confirmedAccount({ prefix: "sso" });
    const other = await confirmedAccount({ prefix: "sso2" });
    const here = await insertFanclub(owner.id, { serviceId: 2, name: "支援先インディーズ" });
    const there = await insertFanclub(other.id, { serviceId: 3, name: "支援先きらめき" });
    const fan = await confirmedAccount({ prefix: "ssf" });
    await insertMembership(fan.id, here, await insertPlan(here, { name: "月の会", price: 300 }));
    await insertMembership(fan.id, there, await insertPlan(there, { name: "星の会", price: 500 }));
    await fan.b.get(at(hosts.indies, "/"));
    const res = await fan.b.get(at(hosts.indies, `/?n=${Math.random()}`));
    expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const html = await res.text();
    expect(html).toContain('data-testid="supported-strip"');
    expect(html).toContain("支援先インディーズ");
    expect(html).toContain("月の会");
    // another brand's fan club is linked on its own host
    expect(html).toContain(`href="http://${hosts.kirameki}/fanclubs/${there}"`);

    const visitor = await (await new TestBrowser().get(at(hosts.indies, "/"))).text();
    expect(visitor).not.toContain("supported-strip");
  });
});

describe("the sidebar's 'open a fan club' button", () => {
  it("on the user domain leads to the new-fan-club page of the brand used last, on that brand's host", async () => {
    const fan = await confirmedAccount({ prefix: "sob" });
    await fan.b.get(at(hosts.indies, "/"));
    const html = await (await fan.b.get(at(hosts.user, "/me/coins"))).text();
    expect(html).toMatch(new RegExp(`href="http://${hosts.indies}/me/fanclub/new"[^>]*data-testid="open-fanclub"`));
  });

  it("is not shown to someone who owns a fan club", async () => {
    const c = await confirmedAccount({ prefix: "sob2" });
    await insertFanclub(c.id, { serviceId: 2 });
    const html = await (await c.b.get(at(hosts.indies, `/?n=${Math.random()}`))).text();
    expect(html).not.toContain('data-testid="open-fanclub"');
  });
});
