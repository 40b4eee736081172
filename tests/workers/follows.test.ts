import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createBlock } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertFanclub } from "./fanclub-fixture";

const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

async function call(b: TestBrowser, method: "POST" | "DELETE", fanclubId: number | string) {
  const res = await b.request(at(hosts.www, `/api/v1/fanclubs/${fanclubId}/follow`), { method, headers: xhr });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; payload: { following?: boolean; followerCount?: number; message?: string } },
  };
}

describe("follow and unfollow", () => {
  it("follows once however often it is asked, keeps the count exact, and unfollows", async () => {
    const owner = await confirmedAccount({ prefix: "fo" });
    const fan = await confirmedAccount({ prefix: "ff" });
    const id = await insertFanclub(owner.id);
    const [a, b] = await Promise.all([call(fan.b, "POST", id), call(fan.b, "POST", id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await call(fan.b, "POST", id)).body.payload).toEqual({ following: true, followerCount: 1 });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM follows WHERE fanclub_id = ?").bind(id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await call(fan.b, "DELETE", id)).body.payload).toEqual({ following: false, followerCount: 0 });
    expect((await call(fan.b, "DELETE", id)).body.payload).toEqual({ following: false, followerCount: 0 });
  });

  it("refuses visitors, one's own fan club, blocked people, and closed or unknown fan clubs", async () => {
    const owner = await confirmedAccount({ prefix: "fo2" });
    const fan = await confirmedAccount({ prefix: "ff2" });
    const id = await insertFanclub(owner.id);
    expect((await call(new TestBrowser(), "POST", id)).status).toBe(401);
    const own = await call(owner.b, "POST", id);
    expect(own.status).toBe(403);
    expect(own.body.payload.message).toBe("自分のファンクラブはフォローできません。");
    await createBlock(env.DB, { fanclubId: id, userId: fan.id, createdAt: new Date(0) });
    expect((await call(fan.b, "POST", id)).status).toBe(403);
    const closed = await insertFanclub((await confirmedAccount({ prefix: "fo3" })).id, { status: "closed" });
    expect((await call(fan.b, "POST", closed)).status).toBe(404);
    expect((await call(fan.b, "POST", 999999)).status).toBe(404);
    expect((await call(fan.b, "POST", "abc")).status).toBe(404);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM follows WHERE user_id = ?").bind(fan.id).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("needs X-Requested-With like every mutating call", async () => {
    const fan = await confirmedAccount({ prefix: "ff4" });
    const res = await fan.b.request(at(hosts.www, "/api/v1/fanclubs/1/follow"), { method: "POST" });
    expect(res.status).toBe(403);
  });
});

describe("/me/following", () => {
  it("lists the fan clubs I follow, newest first, and says so when there are none", async () => {
    const fan = await confirmedAccount({ prefix: "ff5" });
    expect(await (await fan.b.get(at(hosts.www, "/me/following"))).text()).toContain("まだフォローしているファンクラブはありません。");
    const a = await insertFanclub((await confirmedAccount({ prefix: "fo5" })).id);
    await env.DB.prepare("UPDATE fanclubs SET name = '星空ミュージック' WHERE id = ?").bind(a).run();
    await call(fan.b, "POST", a);
    const html = await (await fan.b.get(at(hosts.www, "/me/following"))).text();
    expect(html).toContain("星空ミュージック");
    expect(html).toContain("フォロワー 1人");
    expect(html).toContain('aria-pressed="true"');
  });

  it("sends a visitor to sign in", async () => {
    const res = await new TestBrowser().get(at(hosts.www, "/me/following"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/auth/login?loggedInPath=");
  });
});
