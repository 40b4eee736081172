import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const settings = at(hosts.user, "/me/settings/account");

const account = () => confirmedAccount({ prefix: "otp" });

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function turnOn(b: TestBrowser) {
  const setup = await (await b.post(settings, { intent: "otpSetup" })).text();
  const secret = setup.match(/class="otp-secret">([A-Z2-7]+)</)![1]!;
  // the QR code the app scans is drawn inline, from the same secret
  expect(setup).toMatch(/class="otp-qr"[^>]*><svg/);
  const wrong = await b.post(settings, { intent: "update_otp_setting", code: "000000" === codeFor(secret) ? "111111" : "000000" });
  expect(wrong.status).toBe(400);
  const done = await (await b.post(settings, { intent: "update_otp_setting", code: codeFor(secret) })).text();
  const codes = [...done.matchAll(/<code>([2-9A-Z]{4}-[2-9A-Z]{4})<\/code>/g)].map((m) => m[1]!);
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

describe("two-step sign-in", () => {
  it("asks for the app's code after the password, and signs in only with it", async () => {
    const { b, email } = await account();
    const { secret } = await turnOn(b);

    const c = new TestBrowser();
    const first = await c.post(at(hosts.login, "/auth/login"), { email, password: "secret123", loggedInPath: `http://${hosts.indies}/` });
    expect(first.headers.get("location")).toBe("/auth/login/otp");
    expect(c.cookies.some((k) => k.name === "sid")).toBe(false);
    const page = await (await c.get(at(hosts.login, "/auth/login/otp"))).text();
    expect(page).toContain("認証アプリに表示されている6桁のコード");

    const wrong = await c.post(at(hosts.login, "/auth/login/otp"), { code: "12345x" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("確認コードが正しくありません。");

    const ok = await c.post(at(hosts.login, "/auth/login/otp"), { code: codeFor(secret) });
    expect(ok.headers.get("location")).toBe(`http://${hosts.indies}/?ref=login_success`);
    expect(c.cookie("sid", "indies.fanclub.localhost")).toBeDefined();
  });

  it("takes each recovery code once", async () => {
    const { b, email } = await account();
    const { codes } = await turnOn(b);
    const use = async () => {
      const c = new TestBrowser();
      await c.post(at(hosts.login, "/auth/login"), { email, password: "secret123" });
      return c.post(at(hosts.login, "/auth/login/otp"), { code: codes[0]!.toLowerCase() });
    };
    expect((await use()).status).toBe(302);
    expect((await use()).status).toBe(400);
  });

  it("does not open the second step without a correct password first", async () => {
    const res = await new TestBrowser().post(at(hosts.login, "/auth/login/otp"), { code: "123456" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/login");
  });

  it("turns off only with the password", async () => {
    const { b, email } = await account();
    await turnOn(b);
    expect((await b.post(settings, { intent: "otpDisable", password: "wrong1234" })).status).toBe(400);
    expect((await b.post(settings, { intent: "otpDisable", password: "secret123" })).status).toBe(200);
    const c = new TestBrowser();
    const res = await c.post(at(hosts.login, "/auth/login"), { email, password: "secret123" });
    expect(res.headers.get("location")).not.toBe("/auth/login/otp");
  });
});
