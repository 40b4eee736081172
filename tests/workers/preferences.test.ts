import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { get, hosts } from "./helpers";

const notifications = at(hosts.user, "/me/settings/notifications");
const links = at(hosts.user, "/me/settings/link_applications");

const account = () => confirmedAccount({ prefix: "pref" });

const PREFERENCES = ["emailNewPost", "emailMessage", "emailPlanRenewal", "emailPurchase", "emailNews"] as const;

/** Which of the five boxes the page renders ticked (React writes `checked=""` for a ticked box). */
function ticked(html: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const name of PREFERENCES) {
    const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
    expect(input, `a checkbox named ${name}`).toBeDefined();
    out[name] = / checked=""/.test(input!);
  }
  return out;
}

const storedLinks = (userId: number) =>
  env.DB.prepare("SELECT id, kind, url FROM link_applications WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all<{ id: number; kind: string; url: string }>()
    .then((r) => r.results);

describe("e-mail notification settings", () => {
  it("shows the defaults before anything is saved: all on except news", async () => {
    const { b, userId } = await account();
    const res = await b.get(notifications);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("メール通知設定");
    expect(ticked(html)).toEqual({ emailNewPost: true, emailMessage: true, emailPlanRenewal: true, emailPurchase: true, emailNews: false });
    // reading writes nothing: a missing row is what "defaults" means
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_settings WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("saves the ticked boxes, keeps them after a reload, and updates the same row next time", async () => {
    const { b, userId } = await account();
    const saved = await b.post(notifications, { emailMessage: "on", emailNews: "on" });
    expect(saved.status).toBe(200);
    const expected = { emailNewPost: false, emailMessage: true, emailPlanRenewal: false, emailPurchase: false, emailNews: true };
    expect(ticked(await saved.text())).toEqual(expected);
    expect(ticked(await (await b.get(notifications)).text())).toEqual(expected);

    await b.post(notifications, { emailNewPost: "on", emailPurchase: "on" });
    const rows = await env.DB.prepare(
      "SELECT email_new_post, email_message, email_plan_renewal, email_purchase, email_news FROM notification_settings WHERE user_id = ?",
    )
      .bind(userId)
      .all();
    expect(rows.results).toEqual([{ email_new_post: 1, email_message: 0, email_plan_renewal: 0, email_purchase: 1, email_news: 0 }]);
    expect(ticked(await (await b.get(notifications)).text())).toEqual({
      emailNewPost: true,
      emailMessage: false,
      emailPlanRenewal: false,
      emailPurchase: true,
      emailNews: false,
    });
  });

  it("keeps one person's choices away from another's", async () => {
    const first = await account();
    const second = await account();
    await first.b.post(notifications, {});
    expect(ticked(await (await second.b.get(notifications)).text())).toMatchObject({ emailNewPost: true, emailMessage: true });
  });

  it("sends a visitor to sign in, and a visitor's post changes nothing", async () => {
    const res = await get(hosts.user, "/me/settings/notifications");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.host).toBe(hosts.login);
    expect(location.pathname).toBe("/auth/login");
    expect(location.searchParams.get("loggedInPath")).toBe(notifications);

    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_settings").first<{ n: number }>();
    const post = await new TestBrowser().post(notifications, { emailNews: "on" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe(`http://${hosts.login}/auth/login`);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_settings").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("linked accounts", () => {
  it("starts empty, adds a normalised link, lists it, and deletes it", async () => {
    const { b, userId } = await account();
    const empty = await b.get(links);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("まだ登録しているアカウントはありません。");

    const added = await b.post(links, { intent: "add", kind: "twitter", url: "  https://X.com/  " });
    expect(added.status).toBe(200);
    const [row] = await storedLinks(userId);
    expect(row).toMatchObject({ kind: "twitter", url: "https://x.com" });
    expect(await (await b.get(links)).text()).toContain('href="https://x.com"');

    const deleted = await b.post(links, { intent: "delete", id: String(row!.id) });
    expect(deleted.status).toBe(200);
    expect(await storedLinks(userId)).toEqual([]);
  });

  it("answers bad input with 400 and the Japanese message, and writes nothing", async () => {
    const { b, userId } = await account();
    const cases: Array<[Record<string, string>, string]> = [
      [{ kind: "twitter", url: "https://instagram.com/aoi" }, "X（Twitter）のURL（twitter.com / x.com）を入力してください。"],
      [{ kind: "instagram", url: "https://x.com/aoi" }, "InstagramのURL（instagram.com）を入力してください。"],
      [{ kind: "other", url: "javascript:alert(1)" }, "http:// または https:// で始まるURLを入力してください。"],
      [{ kind: "other", url: `https://example.com/${"a".repeat(200)}` }, "200文字以内で入力してください。"],
      [{ kind: "youtube", url: "" }, "URLは必須項目です。"],
      [{ kind: "", url: "https://x.com/aoi" }, "種類は必須項目です。"],
      [{ kind: "tiktok", url: "https://x.com/aoi" }, "選択肢から選んでください。"],
    ];
    for (const [form, message] of cases) {
      const res = await b.post(links, { intent: "add", ...form });
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    expect((await b.post(links, { intent: "unknown" })).status).toBe(400);
    expect(await storedLinks(userId)).toEqual([]);
  });

  it("takes one link per service and five others", async () => {
    const { b, userId } = await account();
    expect((await b.post(links, { intent: "add", kind: "twitter", url: "https://twitter.com/aoi" })).status).toBe(200);
    const second = await b.post(links, { intent: "add", kind: "twitter", url: "https://x.com/aoi_2" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("X（Twitter）のアカウントはすでに登録されています。");

    for (let n = 1; n <= 5; n++) {
      expect((await b.post(links, { intent: "add", kind: "other", url: `https://blog${n}.example.jp/aoi` })).status).toBe(200);
    }
    const sixth = await b.post(links, { intent: "add", kind: "other", url: "https://blog6.example.jp/aoi" });
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain("その他のリンクは5件まで登録できます。");

    // a full kind does not block the others
    expect((await b.post(links, { intent: "add", kind: "youtube", url: "https://youtu.be/abc" })).status).toBe(200);
    const again = await b.post(links, { intent: "add", kind: "youtube", url: "https://www.youtube.com/@aoi" });
    expect(again.status).toBe(409);
    expect((await storedLinks(userId)).map((l) => l.kind)).toEqual(["twitter", "other", "other", "other", "other", "other", "youtube"]);
  });

  it("refuses the same address twice", async () => {
    const { b, userId } = await account();
    await b.post(links, { intent: "add", kind: "other", url: "https://shop.example.jp/aoi" });
    const twice = await b.post(links, { intent: "add", kind: "other", url: "https://shop.example.jp/aoi" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("このURLはすでに登録されています。");
    expect(await storedLinks(userId)).toHaveLength(1);
  });

  it("does not show or delete another person's link", async () => {
    const owner = await account();
    const other = await account();
    await owner.b.post(links, { intent: "add", kind: "instagram", url: "https://www.instagram.com/owner_only" });
    const [row] = await storedLinks(owner.userId);

    expect(await (await other.b.get(links)).text()).not.toContain("owner_only");
    const res = await other.b.post(links, { intent: "delete", id: String(row!.id) });
    expect(res.status).toBe(404);
    expect(await storedLinks(owner.userId)).toHaveLength(1);
    expect((await other.b.post(links, { intent: "delete", id: "not-a-number" })).status).toBe(404);
  });

  it("sends a visitor to sign in, and a visitor's post changes nothing", async () => {
    const res = await get(hosts.user, "/me/settings/link_applications");
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).searchParams.get("loggedInPath")).toBe(links);

    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_applications").first<{ n: number }>();
    const post = await new TestBrowser().post(links, { intent: "add", kind: "other", url: "https://example.com/visitor" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe(`http://${hosts.login}/auth/login`);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_applications").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});
