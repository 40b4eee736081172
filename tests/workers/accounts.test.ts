import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, freshEmail, lastLinkTo as newestLink, PASSWORD } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

/** The newest link e-mailed to `email`, which must lead to `pathPart`. */
async function lastLinkTo(email: string, pathPart: string): Promise<string> {
  const link = await newestLink(email);
  expect(link, `an e-mail to ${email}`).toContain(pathPart);
  return link;
}

async function signUp(b: TestBrowser, email: string, form: Partial<Record<string, string>> = {}) {
  return b.post(at(hosts.user, "/account/sign_up"), { email, password: PASSWORD, name: "青井", agree: "on", ...form } as Record<
    string,
    string
  >);
}

/** A confirmed account, signed in on the shared cookie domain. */
async function signedIn(b = new TestBrowser(), email = freshEmail()) {
  await signUp(b, email);
  await b.get(await lastLinkTo(email, "/account/confirmation"));
  const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: `http://${hosts.www}/` });
  expect(res.status).toBe(302);
  return { b, email };
}

describe("sign-up and confirmation", () => {
  it("stores the account, sends a localized confirmation link, and the link confirms it once", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    const res = await signUp(b, email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/sign_up_complete");
    const mail = await env.DB.prepare("SELECT subject, status FROM emails WHERE to_address = ?").bind(email).first<{ subject: string }>();
    expect(mail?.subject).toBe("【Fanclub】メールアドレスのご確認");

    const link = await lastLinkTo(email, `http://${hosts.user}/account/confirmation?confirmation_token=`);
    const confirmed = await b.get(link);
    // on to sign in, and from there to the welcome page of the brand (shown once, decision 041)
    expect(confirmed.headers.get("location")).toBe(
      `http://${hosts.login}/auth/login?loggedInPath=${encodeURIComponent(`http://${hosts.www}/welcome`)}`,
    );
    const login = await b.get(at(hosts.login, "/auth/login"));
    expect(await login.text()).toContain("メールアドレスを確認しました。ログインしてください。");

    const again = await b.get(link);
    expect(again.headers.get("location")).toBe("/account/mail_confirm_failed");
  });

  it("keeps the page the visitor was going to through sign-up and the confirmation e-mail, and only one of ours", async () => {
    const back = `http://${hosts.www}/fanclubs/101?tab=plans`;
    const b = new TestBrowser();
    // sign-in sent the visitor here; its sign-up link carries the page on
    const login = await (await b.get(at(hosts.login, `/auth/login?loggedInPath=${encodeURIComponent(back)}`))).text();
    const signUpHref = /href="([^"]*\/account\/sign_up[^"]*)"/.exec(login)?.[1]?.replaceAll("&amp;", "&");
    expect(signUpHref).toBe(`http://${hosts.user}/account/sign_up?loggedInPath=${encodeURIComponent(back)}`);
    const form = await (await b.get(signUpHref!)).text();
    expect(form).toContain(`name="loggedInPath" value="${back.replaceAll("&", "&amp;")}"`);

    const email = freshEmail();
    expect((await signUp(b, email, { loggedInPath: back })).status).toBe(302);
    const confirmed = await b.get(await lastLinkTo(email, "/account/confirmation"));
    expect(confirmed.headers.get("location")).toBe(`http://${hosts.login}/auth/login?loggedInPath=${encodeURIComponent(back)}`);
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: back });
    expect(res.headers.get("location")).toBe(`${back}&ref=login_success`);

    // another site's address is dropped on the way in, and again if someone edits the e-mailed link
    const other = new TestBrowser();
    const foreign = "https://evil.example/phish";
    const refused = await (await other.get(at(hosts.user, `/account/sign_up?loggedInPath=${encodeURIComponent(foreign)}`))).text();
    expect(refused).not.toContain('name="loggedInPath"');
    const email2 = freshEmail();
    await signUp(other, email2, { loggedInPath: foreign });
    const link = await lastLinkTo(email2, "/account/confirmation");
    expect(link).not.toContain("loggedInPath");
    const edited = await other.get(`${link}&loggedInPath=${encodeURIComponent(foreign)}`);
    expect(edited.headers.get("location")).toBe(
      `http://${hosts.login}/auth/login?loggedInPath=${encodeURIComponent(`http://${hosts.www}/welcome`)}`,
    );
  });

  it("sends an expired link to mail_confirm_failed", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = 0 WHERE email = ?").bind(email).run();
    const res = await b.get(await lastLinkTo(email, "/account/confirmation"));
    expect(res.headers.get("location")).toBe("/account/mail_confirm_failed");
  });

  it("explains each mistake in Japanese and writes nothing", async () => {
    const b = new TestBrowser();
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: "not-an-address" }, "有効なメールアドレスではありません。"],
      [{ name: "" }, "ニックネームは必須項目です。"],
      [{ password: "abc1" }, "8文字以上で入力してください。"],
      [{ password: "abcdefghij" }, "パスワードには英字と数字をそれぞれ1文字以上含めてください。"],
      [{ agree: "" }, "利用規約とプライバシーポリシーへの同意が必要です。"],
    ];
    for (const [form, message] of cases) {
      const email = form.email ?? freshEmail();
      const res = await signUp(b, email, form);
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
      const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
      expect(n?.n).toBe(0);
    }
  });

  it("refuses an address that already has an account", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    const res = await signUp(b, email.toUpperCase());
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("このメールアドレスはすでに登録されています。");
  });

  it("answers in English for an English visitor", async () => {
    const b = new TestBrowser();
    const res = await signUp(b, "nope", { password: "x" });
    expect(res.status).toBe(400);
    // the locale cookie is not set: Accept-Language decides
    const en = await b.post(
      at(hosts.user, "/account/sign_up"),
      { email: "nope", password: "x", name: "", agree: "on" },
      { "accept-language": "en" },
    );
    const html = await en.text();
    expect(html).toContain("This is not a valid e-mail address.");
    expect(html).toContain("Nickname is required.");
  });
});

describe("signing in", () => {
  it("returns to exactly the page the visitor came from, with the login flash", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    await b.get(await lastLinkTo(email, "/account/confirmation"));
    const back = `http://${hosts.indies}/fanclubs?keywords=%E3%81%82&order=2`;
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: back });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${back}&ref=login_success`);
    const sid = b.cookie("sid", "www.fanclub.localhost");
    expect(sid).toMatchObject({ domain: "fanclub.localhost", hostOnly: false });
    const { res: page } = await b.follow(res, at(hosts.login, "/auth/login"));
    const html = await page.text();
    expect(html).toContain("ログインしました。");
    expect(html).toContain("青井");
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, for the shared cookie domain", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    await b.get(await lastLinkTo(email, "/account/confirmation"));
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD });
    const line = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Domain=fanclub\.localhost/i);
    expect(line!.split(";")[0]!.length).toBeGreaterThan(40);
  });

  it("never sends the browser to a host that is not ours", async () => {
    const b = new TestBrowser();
    const { email } = await signedIn(b);
    const fresh = new TestBrowser();
    const res = await fresh.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: "https://evil.example/steal" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(new URL(location).hostname).not.toBe("evil.example");
    expect(location.startsWith(`http://${hosts.www}/`) || location.startsWith("http://www.fanclub.localhost")).toBe(true);
  });

  it("shows one generic message for a wrong password and for an unknown address", async () => {
    const { email } = await signedIn();
    const b = new TestBrowser();
    for (const [user, password] of [
      [email, "wrong-password1"],
      ["nobody-here@example.com", PASSWORD],
    ]) {
      const res = await b.post(at(hosts.login, "/auth/login"), { email: user!, password: password! });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("メールアドレスまたはパスワードが正しくありません。");
    }
  });

  it("asks to confirm the address before the first sign-in", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("メールアドレスの確認が完了していません。");
  });

  it("slows down one account from one source after five failures, without locking its owner out elsewhere", async () => {
    const { email } = await signedIn();
    const b = new TestBrowser();
    const attacker = { "cf-connecting-ip": "198.51.100.7" };
    for (let i = 0; i < 6; i++) {
      const res = await b.post(at(hosts.login, "/auth/login"), { email, password: `wrong${i}aaaa` }, attacker);
      expect(res.status).toBe(400);
    }
    // from that source even the right password waits now (a growing delay, not a lock)
    const slowed = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD }, attacker);
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toContain("しばらくログインできません。1分ほど時間をおいてから");
    // the owner on their own network signs in as usual
    const owner = new TestBrowser();
    const home = await owner.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD }, { "cf-connecting-ip": "192.0.2.44" });
    expect(home.status).toBe(302);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM login_failures WHERE subject = ?")
      .bind(`pair:${email}|198.51.100.7`)
      .first<{ n: number }>();
    expect(rows?.n).toBe(6);
  });

  it("slows down one source trying many accounts", async () => {
    const b = new TestBrowser();
    const ip = { "cf-connecting-ip": "203.0.113.9" };
    for (let i = 0; i < 31; i++) {
      await b.post(at(hosts.login, "/auth/login"), { email: `someone${i}@example.com`, password: "whatever1" }, ip);
    }
    const { email } = await signedIn();
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(
      (await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD }, { "cf-connecting-ip": "203.0.113.10" })).status,
    ).toBe(302);
  });

  it("refuses password sign-in to an account guessed at from everywhere, past a high ceiling", async () => {
    const { email } = await signedIn();
    const now = Date.now();
    const values = Array.from({ length: 100 }, (_, i) => `('email:${email}', ${now - i * 1000})`).join(", ");
    await env.DB.prepare(`INSERT INTO login_failures (subject, at) VALUES ${values}`).run();
    const res = await new TestBrowser().post(
      at(hosts.login, "/auth/login"),
      { email, password: PASSWORD },
      { "cf-connecting-ip": "192.0.2.99" },
    );
    expect(res.status).toBe(429);
  });

  it("sends reset and confirmation e-mails at most three times an hour to one address, and ten from one source", async () => {
    const { email } = await signedIn();
    const ip = (n: number) => ({ "cf-connecting-ip": `198.51.100.${n}` });
    const b = new TestBrowser();
    for (let i = 0; i < 3; i++) {
      expect((await b.post(at(hosts.user, "/account/password_reset"), { email }, ip(20 + i))).status).toBe(302);
    }
    // a fourth to the same address, from anywhere: refused, and no e-mail
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM emails WHERE to_address = ?").bind(email).first<{ n: number }>();
    const refused = await b.post(at(hosts.user, "/account/password_reset"), { email }, ip(30));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("しばらく送信できません");
    const confirm = await b.post(at(hosts.user, "/account/confirmation_email"), { email }, ip(31));
    expect(confirm.status).toBe(429);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM emails WHERE to_address = ?").bind(email).first<{ n: number }>();
    expect(after?.n).toBe(before?.n);

    // one source asking for many addresses
    for (let i = 0; i < 10; i++) {
      expect((await b.post(at(hosts.user, "/account/confirmation_email"), { email: freshEmail("mailsrc") }, ip(40))).status).toBe(200);
    }
    expect((await b.post(at(hosts.user, "/account/confirmation_email"), { email: freshEmail("mailsrc") }, ip(40))).status).toBe(429);
  });

  it("never keeps a session id planted before sign-in", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    await b.get(await lastLinkTo(email, "/account/confirmation"));
    b.cookies.push({ name: "sid", value: "planted-by-an-attacker-0000000000000000000000", domain: "fanclub.localhost", hostOnly: false });
    await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD });
    expect(b.cookie("sid", "www.fanclub.localhost")?.value).not.toBe("planted-by-an-attacker-0000000000000000000000");
    const attacker = new TestBrowser();
    attacker.cookies.push({
      name: "sid",
      value: "planted-by-an-attacker-0000000000000000000000",
      domain: "fanclub.localhost",
      hostOnly: false,
    });
    const session = await attacker.request(at(hosts.www, "/api/v1/session"), { headers: { accept: "application/json" } });
    expect(((await session.json()) as { payload: { user?: unknown } }).payload.user).toBeUndefined();
  });

  it("refuses a form post without our Origin", async () => {
    const { email } = await signedIn();
    const b = new TestBrowser();
    for (const origin of ["https://evil.example", ""]) {
      const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD }, { origin });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    }
  });
});

describe("one sign-in for every brand", () => {
  it("hands the sign-in to a brand on its own domain with a one-time token", async () => {
    const { b, email } = await signedIn();
    const back = `http://${hosts.kirameki}/fanclubs?order=2`;
    const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: back });
    // back to the brand first, which binds the handoff to this browser before asking for it
    const start = new URL(res.headers.get("location")!);
    expect(start.origin).toBe(`http://${hosts.kirameki}`);
    expect(start.pathname).toBe("/sso/start");
    const asked = await b.follow(await b.get(start.toString()), start.toString(), 1);
    const location = new URL(asked.res.headers.get("location")!);
    expect(location.origin).toBe(`http://${hosts.kirameki}`);
    expect(location.pathname).toBe("/sso/callback");
    const callback = location.toString();
    const landed = await b.get(callback);
    expect(landed.headers.get("location")).toBe("/fanclubs?order=2&ref=login_success");
    expect(b.cookie("sid", "kirameki.localhost")?.hostOnly).toBe(true);
    const page = await b.get(`http://${hosts.kirameki}/`);
    expect(await page.text()).toContain("青井");

    // the token worked once; a second browser replaying it gets nothing
    const thief = new TestBrowser();
    await thief.get(callback);
    expect(thief.cookie("sid", "kirameki.localhost")).toBeUndefined();
  });

  it("refuses an expired token and a token made for another brand", async () => {
    const { b, email } = await signedIn();
    const callbackFor = async () => {
      const res = await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD, loggedInPath: `http://${hosts.kirameki}/` });
      const start = res.headers.get("location")!;
      const asked = await b.follow(await b.get(start), start, 1);
      return new URL(asked.res.headers.get("location")!);
    };
    const callback = await callbackFor();
    await env.DB.prepare("UPDATE handoff_tokens SET expires_at = 0 WHERE used_at IS NULL").run();
    await b.get(callback.toString());
    expect(b.cookie("sid", "kirameki.localhost")).toBeUndefined();

    const token = (await callbackFor()).searchParams.get("token")!;
    // replayed on a host it was not made for (a host-only brand like www never needs one)
    const elsewhere = new TestBrowser();
    await elsewhere.get(at(hosts.www, `/sso/callback?token=${token}&next=/`));
    expect(elsewhere.cookies.some((c) => c.name === "sid")).toBe(false);
  });

  it("signs a browser in on a brand it had never visited, through the login domain", async () => {
    const { b } = await signedIn();
    const first = await b.get(at(hosts.kirameki, "/help/guideline"));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(
      new RegExp(
        `^http://${hosts.login}/auth/sso\\?return=${encodeURIComponent(`http://${hosts.kirameki}/help/guideline`)}&state=[\\w-]{32}$`,
      ),
    );
    const { res, url } = await b.follow(first, at(hosts.kirameki, "/help/guideline"));
    expect(url).toBe(`http://${hosts.kirameki}/help/guideline`);
    expect(await res.text()).toContain("青井");
  });

  it("lets a visitor through after one check, without a loop", async () => {
    const b = new TestBrowser();
    const first = await b.get(at(hosts.kirameki, "/"));
    const { res, visited } = await b.follow(first, at(hosts.kirameki, "/"));
    expect(res.status).toBe(200);
    expect(visited.at(-1)).toBe(`http://${hosts.kirameki}/`);
    const again = await b.get(at(hosts.kirameki, "/"));
    expect(again.status).toBe(200);
  });

  it("logging out on one brand ends the sign-in on every brand", async () => {
    const { b } = await signedIn();
    await b.follow(await b.get(at(hosts.kirameki, "/")), at(hosts.kirameki, "/"));
    expect(b.cookie("sid", "kirameki.localhost")).toBeDefined();

    const refused = await b.request(at(hosts.kirameki, "/api/v1/auth/sign_out"), { method: "DELETE" });
    expect(refused.status).toBe(403);

    const out = await b.request(at(hosts.kirameki, "/api/v1/auth/sign_out"), {
      method: "DELETE",
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect(out.status).toBe(200);
    const here = await (await b.get(at(hosts.kirameki, "/"))).text();
    expect(here).toContain("ログアウトしました。");
    expect(here).not.toContain("青井");
    const www = await (await b.get(at(hosts.www, "/"))).text();
    expect(www).not.toContain("青井");
    const session = await b.request(at(hosts.indies, "/api/v1/session"), { headers: { accept: "application/json" } });
    expect(((await session.json()) as { payload: { user?: unknown } }).payload.user).toBeUndefined();
  });
});

describe("passwords and addresses", () => {
  it("resets a forgotten password by e-mail, once, and signs out everywhere", async () => {
    const { b, email } = await signedIn();
    const other = new TestBrowser();
    const asked = await other.post(at(hosts.user, "/account/password_reset"), { email });
    expect(asked.headers.get("location")).toBe("/account/password_reset_complete");
    const link = await lastLinkTo(email, "/account/password_reset?reset_password_token=");
    expect((await other.get(link)).status).toBe(200);

    const weak = await other.post(link, { password: "short", passwordConfirmation: "short" });
    expect(weak.status).toBe(400);
    const done = await other.post(link, { password: "newsecret456", passwordConfirmation: "newsecret456" });
    expect(done.headers.get("location")).toBe(`http://${hosts.login}/auth/login`);

    // the first browser's session ended
    const session = await b.request(at(hosts.www, "/api/v1/session"), { headers: { accept: "application/json" } });
    expect(((await session.json()) as { payload: { user?: unknown } }).payload.user).toBeUndefined();
    expect((await other.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD })).status).toBe(400);
    expect((await other.post(at(hosts.login, "/auth/login"), { email, password: "newsecret456" })).status).toBe(302);
    const reused = await other.post(link, { password: "another789x", passwordConfirmation: "another789x" });
    expect(await reused.text()).toContain("このリンクは有効期限が切れているか、すでに使用されています。");
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const b = new TestBrowser();
    const res = await b.post(at(hosts.user, "/account/password_reset"), { email: "nobody-at-all@example.com" });
    expect(res.headers.get("location")).toBe("/account/password_reset_complete");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM emails WHERE to_address = ?")
      .bind("nobody-at-all@example.com")
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("changes the password with the current one, and the address after confirming the new one", async () => {
    const { b, email } = await signedIn();
    const settings = at(hosts.user, "/me/settings/account");
    const wrong = await b.post(settings, {
      intent: "password",
      currentPassword: "nope12345",
      password: "changed123",
      passwordConfirmation: "changed123",
    });
    expect(await wrong.text()).toContain("現在のパスワードが正しくありません。");
    const ok = await b.post(settings, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "changed123",
      passwordConfirmation: "changed123",
    });
    expect(ok.status).toBe(200);

    const next = freshEmail();
    await b.post(settings, { intent: "email", email: next });
    const link = await lastLinkTo(next, "change=1");
    expect((await b.get(link)).headers.get("location")).toBe("/me/settings/account");
    expect((await new TestBrowser().post(at(hosts.login, "/auth/login"), { email: next, password: "changed123" })).status).toBe(302);
    expect((await new TestBrowser().post(at(hosts.login, "/auth/login"), { email, password: "changed123" })).status).toBe(400);
  });

  it("signs out of every device", async () => {
    const { b, email } = await signedIn();
    const second = new TestBrowser();
    await second.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD });
    const res = await b.post(at(hosts.user, "/me/settings/account"), { intent: "signOutEverywhere" });
    expect(res.status).toBe(302);
    const session = await second.request(at(hosts.www, "/api/v1/session"), { headers: { accept: "application/json" } });
    expect(((await session.json()) as { payload: { user?: unknown } }).payload.user).toBeUndefined();
  });
});

describe("sign-up with Twitter", () => {
  it("is hidden and answers 404 while the Twitter client is not configured", async () => {
    const b = new TestBrowser();
    expect(await (await b.get(at(hosts.user, "/account/sign_up"))).text()).not.toContain("Twitterで登録");
    expect((await b.get(at(hosts.user, "/account/sign_up/twitter"))).status).toBe(404);
    expect((await b.get(at(hosts.user, "/account/sign_up/twitter/callback?code=x&state=y"))).status).toBe(404);
  });
});

describe("local mailbox", () => {
  it("lists sent e-mails with their links in development", async () => {
    const b = new TestBrowser();
    const email = freshEmail();
    await signUp(b, email);
    const res = await b.get(at(hosts.www, "/dev/mailbox"));
    const html = await res.text();
    expect(html).toContain(email);
    expect(html).toContain("/account/confirmation?confirmation_token=");
  });
});
