import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

export const origin = (host: string) => `http://${host}:${E2E_PORT}`;
export const hosts = {
  base: "fanclub.localhost",
  user: "my.fanclub.localhost",
  login: "auth.fanclub.localhost",
  www: "www.fanclub.localhost",
  indies: "indies.fanclub.localhost",
  kirameki: "kirameki.localhost",
};

/** Fails a test on any uncaught page error or console error the test did not expect. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      await use(errors);
      expect(errors, "browser errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens a page and waits until React has hydrated it, so client-side controls respond. */
export async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** The seed's password for every demo account (README "Demo accounts"). */
export const DEMO_PASSWORD = "fanclub-demo";

/** Signs in through the login page and waits for the account menu. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await openHydrated(page, `${origin(hosts.login)}/auth/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.locator(".account-menu summary")).toBeVisible();
}

/** Fills the sandbox's card form on /me/card_registration with a Stripe test number and registers it. */
export async function registerSandboxCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("カード番号").fill(number);
  await page.getByLabel("有効期限").fill("12/40");
  await page.getByLabel("セキュリティコード").fill("123");
  await page.getByRole("button", { name: "このカードを登録する" }).click();
}

export { expect };

/**
 * Page 2 of the payment modal for a fan without a card: choose the card, register the sandbox's
 * 4242 card on /me/card_registration, and come back to `returnTo` with the modal on page 3.
 */
export async function payByCardRegisteredOnTheWay(page: Page, modal: Locator, returnTo: string) {
  await expect(modal).toHaveAttribute("data-page", "2");
  await modal.getByLabel("クレジットカード").check();
  await modal.getByRole("button", { name: "次へ" }).click();
  // card registration is on the same brand host as the page that asked for it
  await page.waitForURL((url) => url.origin === new URL(returnTo).origin && url.pathname === "/me/card_registration");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await registerSandboxCard(page);
  await page.waitForURL((url) => url.origin + url.pathname === returnTo);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(modal).toHaveAttribute("data-page", "3");
}
