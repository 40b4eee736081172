import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, test } from "./fixtures";

const email = `e2e-${Date.now()}@example.com`;
const password = "secret123";

async function expectSignedIn(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator(".account-menu summary")).toBeVisible();
  await expect(page.locator(".login-icon")).toHaveCount(0);
}

async function expectSignedOut(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator(".login-icon")).toBeVisible();
  await expect(page.locator(".account-menu")).toHaveCount(0);
}

test("sign up, confirm from the mailbox, sign in once for every brand, add a passkey, sign in with it, log out everywhere", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);

  // on brand 1, the header's login icon leads to the login domain, and from there to sign-up
  await openHydrated(page, `${origin(hosts.www)}/`);
  await page.locator(".login-icon").click();
  await expect(page).toHaveURL(new RegExp(`^${origin(hosts.login)}/auth/login\\?loggedInPath=`));
  await page.getByRole("link", { name: "新規会員登録" }).click();
  // the page the visitor came from (the brand's top) rides along through sign-up and the e-mail
  const back = encodeURIComponent(`${origin(hosts.www)}/`);
  await expect(page).toHaveURL(`${origin(hosts.user)}/account/sign_up?loggedInPath=${back}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByLabel("ニックネーム").fill("青井 葵");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(`${origin(hosts.user)}/account/sign_up_complete`);
  await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();

  // the confirmation link, from the local mailbox
  await page.goto(`${origin(hosts.www)}/dev/mailbox`);
  const mail = page.locator(`tr[data-email-to="${email}"]`).first();
  await expect(mail).toContainText("【Fanclub】メールアドレスのご確認");
  await mail.locator("a.mailbox-link").click();
  await expect(page).toHaveURL(`${origin(hosts.login)}/auth/login?loggedInPath=${back}`);
  await expect(page.getByText("メールアドレスを確認しました。ログインしてください。")).toBeVisible();

  // a visitor on a login-required page of brand 1 signs in and comes back to it
  await page.goto(`${origin(hosts.www)}/me/settings/account`);
  await expect(page).toHaveURL(/\/auth\/login\?loggedInPath=/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(`${origin(hosts.user)}/me/settings/account?ref=login_success`);
  await expect(page.getByText("ログインしました。")).toBeVisible();

  // brand 2 (shared cookie domain) and brand 3 (its own domain) are already signed in
  await expectSignedIn(page, `${origin(hosts.indies)}/`);
  await expectSignedIn(page, `${origin(hosts.kirameki)}/`);
  await expect(page).toHaveURL(`${origin(hosts.kirameki)}/`);

  // register a passkey with Chromium's virtual authenticator
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await openHydrated(page, `${origin(hosts.user)}/me/settings/account`);
  await page.getByLabel("パスキーの名前").fill("この端末");
  await page.getByRole("button", { name: "パスキーを追加" }).click();
  await expect(page.locator(".toast")).toContainText("パスキーを登録しました。");
  await expect(page.locator(".passkey-list")).toContainText("この端末");

  // log out from brand 3: every brand is signed out
  await openHydrated(page, `${origin(hosts.kirameki)}/`);
  await page.locator(".account-menu summary").click();
  await page.getByRole("menuitem", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(`${origin(hosts.kirameki)}/`);
  await expect(page.getByText("ログアウトしました。")).toBeVisible();
  await expect(page.locator(".login-icon")).toBeVisible();
  await expectSignedOut(page, `${origin(hosts.www)}/`);
  await expectSignedOut(page, `${origin(hosts.indies)}/`);

  // sign in with the passkey, back to brand 2
  await openHydrated(page, `${origin(hosts.login)}/auth/login?loggedInPath=${encodeURIComponent(`${origin(hosts.indies)}/`)}`);
  await page.getByRole("button", { name: "パスキーでログイン" }).click();
  await expect(page).toHaveURL(`${origin(hosts.indies)}/?ref=login_success`);
  await expect(page.locator(".account-menu summary")).toBeVisible();

  // log out from brand 2 this time
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator(".account-menu summary").click();
  await page.getByRole("menuitem", { name: "ログアウト" }).click();
  await expect(page.getByText("ログアウトしました。")).toBeVisible();
  await expectSignedOut(page, `${origin(hosts.www)}/`);
  await expectSignedOut(page, `${origin(hosts.kirameki)}/`);
});
