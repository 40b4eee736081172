import { expect, hosts, openHydrated, origin, test, signIn, registerSandboxCard } from "./fixtures";

// fan18 has no card and no coins in the seed; fan01 holds 3,000 paid coins and the campaign's 100.
const FAN = "fan18@demo.fanclub.localhost";
const COIN_FAN = "fan01@demo.fanclub.localhost";
const user = origin(hosts.user);

test("a fan registers the sandbox's 4242 card, buys 1,000 coins and sees balance, history and header", async ({ page, pageErrors }) => {
  await signIn(page, FAN);
  await openHydrated(page, `${user}/me/coins`);
  await expect(page.getByTestId("coin-total")).toHaveText("0 C");

  await page.getByLabel("1,000 C（1,000円）").check();
  await page.getByRole("button", { name: "確認へ進む" }).click();
  await expect(page.getByRole("heading", { name: "チャージ内容の確認" })).toBeVisible();
  await expect(page.getByText("いかなる理由があっても、キャンセル・返品はお受けできません。")).toBeVisible();

  // no card yet: register one on the brand, and come back to this confirm step
  await page.getByRole("link", { name: "クレジットカードを登録する" }).click();
  await expect(page.getByRole("heading", { name: "クレジットカード登録" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await registerSandboxCard(page, "4000 0000 0000 0002");
  await expect(page.getByText("このカードはご利用いただけません。別のカードをお試しください。")).toBeVisible();
  // the refused registration is answered 400, which the browser logs
  expect(pageErrors.splice(0)).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);

  await registerSandboxCard(page);
  await expect(page).toHaveURL(`${user}/me/coins?amount=1000`);
  await expect(page.getByText("クレジットカードを登録しました。")).toBeVisible();
  await expect(page.getByText("VISA •••• 4242（有効期限 12/40） に 1,000円 を請求し、1,000 C をチャージします。")).toBeVisible();

  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "1,000円を支払ってチャージする" }).click();
  await expect(page).toHaveURL(`${user}/me/coins`);
  await expect(page.getByText("チャージが完了しました。")).toBeVisible();
  await expect(page.getByTestId("coin-total")).toHaveText("1,000 C");
  await expect(page.getByTestId("coin-history").getByText("チャージ（クレジットカード）")).toHaveCount(1);
  await expect(page.getByTestId("header-coin-balance")).toHaveText("1,000 C");

  // the header's refresh asks the coin balance API (spec §8)
  await page.locator(".account-menu summary").click();
  await page.getByRole("menuitem", { name: "残高を更新" }).click();
  await expect(page.getByRole("status").filter({ hasText: "コイン残高を更新しました。" })).toBeVisible();
});

test("a fan with a campaign bonus sees it with its expiry on the vesting campaign page", async ({ page }) => {
  await signIn(page, COIN_FAN);
  await openHydrated(page, `${user}/me/coin_vesting_campaign`);
  await expect(page.getByRole("heading", { name: "入会キャンペーン：ボーナスコイン100 Cプレゼント" })).toBeVisible();
  await expect(page.getByText(/100 C 受け取り済み（残り 100 C、.+まで有効）/)).toBeVisible();
  await expect(page.getByTestId("bonus-lots")).toContainText("100 C");
});
