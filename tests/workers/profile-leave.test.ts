import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createFanclub, createFollow, createLinkApplication, createMembership, createPasskey, createPlan } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const json = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

const account = (name = "青井") => confirmedAccount({ name, prefix: "pl" });

describe("profile", () => {
  it("shows a person's name and an honest empty joined history, never their address", async () => {
    const { email, token, id } = await account("ひまわり");
    await createLinkApplication(env.DB, { userId: id, kind: "youtube", url: "https://www.youtube.com/@himawari", createdAt: new Date(0) });
    const html = await (await new TestBrowser().get(at(hosts.user, `/profile/${token}`))).text();
    expect(html).toContain("ひまわり");
    expect(html).toContain("まだ入会したファンクラブはありません。");
    expect(html).toContain('href="https://www.youtube.com/@himawari"');
    expect(html).not.toContain(email);
  });

  it("answers 404 for an unknown token", async () => {
    expect((await new TestBrowser().get(at(hosts.user, "/profile/nobody-has-this"))).status).toBe(404);
  });

  it("sends /profile to one's own profile", async () => {
    const { b, token } = await account();
    const res = await b.get(at(hosts.user, "/profile"));
    expect(res.headers.get("location")).toBe(`/profile/${token}`);
  });
});

describe("notifications", () => {
  it("welcomes a confirmed account, shows the bell's dot until the list is opened", async () => {
    const { b } = await account();
    const unread = async () =>
      (
        (await (await b.request(at(hosts.www, "/api/v1/notifications/unread"), { headers: json })).json()) as {
          payload: { unread: boolean };
        }
      ).payload.unread;
    expect(await unread()).toBe(true);
    const list = await (await b.get(at(hosts.user, "/notifications"))).text();
    expect(list).toContain("ご登録ありがとうございます。");
    expect(await unread()).toBe(false);
  });

  it("has nothing unread for a visitor", async () => {
    const res = await new TestBrowser().request(at(hosts.www, "/api/v1/notifications/unread"), { headers: json });
    expect(((await res.json()) as { payload: { unread: boolean } }).payload.unread).toBe(false);
  });
});

describe("leaving the service", () => {
  it("needs the password and the confirmation", async () => {
    const { b } = await account();
    const unticked = await b.post(at(hosts.www, "/me/user/leave"), { password: "secret123" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("内容を確認のうえ、チェックを入れてください。");
    const wrong = await b.post(at(hosts.www, "/me/user/leave"), { password: "nope12345", understood: "on" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("現在のパスワードが正しくありません。");
  });

  it("ends every session, erases personal data, keeps the row for records, and frees the address", async () => {
    const { b, email, id, token } = await account("退会テスト");
    await createPasskey(env.DB, { id: `cred-${id}`, userId: id, publicKey: "AA", counter: 0, name: "k", createdAt: new Date(0) });
    const second = new TestBrowser();
    await second.post(at(hosts.login, "/auth/login"), { email, password: "secret123" });

    const res = await b.post(at(hosts.www, "/me/user/leave"), { password: "secret123", understood: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`http://${hosts.www}/`);
    const after = await (await b.get(at(hosts.www, "/"))).text();
    expect(after).toContain("退会手続きが完了しました。");

    const row = await env.DB.prepare("SELECT email, name, password_hash, left_at, identify_token FROM users WHERE id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ email: null, name: "", password_hash: null });
    expect(row?.left_at).not.toBeNull();
    expect(row?.identify_token).not.toBe(token);
    const counts = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM passkeys WHERE user_id = ?1) AS passkeys, (SELECT COUNT(*) FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL) AS live, (SELECT COUNT(*) FROM notifications WHERE user_id = ?1) AS notices",
    )
      .bind(id)
      .first<Record<string, number>>();
    expect(counts).toEqual({ passkeys: 0, live: 0, notices: 0 });
    const goodbye = await env.DB.prepare("SELECT subject FROM emails WHERE to_address = ? ORDER BY id DESC")
      .bind(email)
      .first<{ subject: string }>();
    expect(goodbye?.subject).toBe("【Fanclub】退会手続きが完了しました");

    const session = await second.request(at(hosts.indies, "/api/v1/session"), { headers: json });
    expect(((await session.json()) as { payload: { user?: unknown } }).payload.user).toBeUndefined();
    expect((await new TestBrowser().get(at(hosts.user, `/profile/${token}`))).status).toBe(404);
    expect((await new TestBrowser().post(at(hosts.login, "/auth/login"), { email, password: "secret123" })).status).toBe(400);
    // the address may be used for a new account
    const again = await new TestBrowser().post(at(hosts.user, "/account/sign_up"), {
      email,
      password: "secret123",
      name: "new",
      agree: "on",
    });
    expect(again.status).toBe(302);
  });

  it("ends memberships and follows with their counters, and refuses a creator who still runs a fan club", async () => {
    const creator = await account("クリエイター");
    const epoch = new Date(0);
    const fc = await createFanclub(env.DB, {
      serviceId: 1,
      ownerId: creator.id,
      name: "星空",
      creatorName: "あかり",
      memberCount: 1,
      followerCount: 1,
      activedAt: epoch,
      createdAt: epoch,
      updatedAt: epoch,
    });
    const plan = await createPlan(env.DB, {
      fanclubId: fc.id,
      name: "ベーシック",
      price: 500,
      memberCount: 1,
      createdAt: epoch,
      updatedAt: epoch,
    });
    const fan = await account("ファン");
    // the counts above already include this member and follower
    await createMembership(env.DB, { userId: fan.id, fanclubId: fc.id, planId: plan.id, joinedAt: epoch }, { counted: false });
    await createFollow(env.DB, { userId: fan.id, fanclubId: fc.id, createdAt: epoch });

    const refused = await creator.b.post(at(hosts.www, "/me/user/leave"), { password: "secret123", understood: "on" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("ファンクラブを閉鎖してから退会してください。");

    expect((await fan.b.post(at(hosts.www, "/me/user/leave"), { password: "secret123", understood: "on" })).status).toBe(302);
    const counts = await env.DB.prepare(
      "SELECT f.member_count AS members, f.follower_count AS followers, p.member_count AS planMembers, (SELECT status FROM memberships WHERE user_id = ?1) AS membership, (SELECT COUNT(*) FROM follows WHERE user_id = ?1) AS follows FROM fanclubs f JOIN plans p ON p.fanclub_id = f.id WHERE f.id = ?2",
    )
      .bind(fan.id, fc!.id)
      .first<Record<string, unknown>>();
    expect(counts).toEqual({ members: 0, followers: 0, planMembers: 0, membership: "left", follows: 0 });
  });
});
