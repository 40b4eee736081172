import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, test } from "./fixtures";

// 月城ミオのアトリエ (seed, fan club 103): plans 見学 (free), アトリエ会員 (¥800), パトロン (¥3,000).
// fan20 follows it and belongs to no plan.
const FAN = "fan20@demo.fanclub.localhost";
const DEMO_PASSWORD = "fanclub-demo";
const CLUB = `${origin(hosts.www)}/fanclubs/103`;

async function signIn(page: Page) {
  await openHydrated(page, `${origin(hosts.login)}/auth/login`);
  await page.getByLabel("メールアドレス").fill(FAN);
  await page.getByLabel("パスワード").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.locator(".account-menu summary")).toBeVisible();
}

const planButton = (page: Page, plan: string) => page.locator(`.plan-card[data-plan="${plan}"] [data-plan-button]`);

test("a fan joins the free plan through the payment modal, sees the price of an upgrade, is sent to card registration, and stops supporting after the four warnings", async ({ page }) => {
  await signIn(page);
  await openHydrated(page, CLUB);
  await expect(planButton(page, "見学")).toHaveAttribute("data-plan-button", "support");

  // page 1: the plan and what choosing it costs now
  await planButton(page, "見学").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "1");
  await expect(modal.getByRole("heading", { name: "プランに加入する" })).toBeVisible();
  await expect(modal.locator(".payment-quote")).toContainText("今回のお支払いなし");
  await modal.getByTestId("choose-plan").click();

  // page 2: nothing to pay; page 3: exactly what happens, and no cancellation
  await expect(modal).toHaveAttribute("data-page", "2");
  await expect(modal).toContainText("お支払いは発生しません。");
  await expect(modal.getByLabel("とらコインで支払う金額")).toBeDisabled();
  await modal.getByRole("button", { name: "次へ" }).click();
  await expect(modal).toHaveAttribute("data-page", "3");
  await expect(modal.locator(".payment-item")).toContainText("新規加入");
  await expect(modal.locator(".payment-item .payment-quote")).toContainText("次回の自動更新");
  await expect(modal).toContainText("理由の如何を問わず、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();

  // page 4, then the page reloads without the modal and the plan is supported
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(planButton(page, "見学")).toHaveAttribute("data-plan-button", "supporting");
  await expect(planButton(page, "アトリエ会員")).toHaveAttribute("data-plan-button", "changePlan");

  // an upgrade says what it costs now; with no card, the card choice goes to registration and comes back to page 3
  await planButton(page, "アトリエ会員").click();
  await expect(modal).toHaveAttribute("data-page", "1");
  await expect(modal.getByRole("heading", { name: "プランを変更する" })).toBeVisible();
  await expect(modal.locator(".payment-quote")).toContainText("¥800");
  await modal.getByTestId("choose-plan").click();
  await expect(modal).toHaveAttribute("data-page", "2");
  await expect(modal).toContainText("クレジットカードは登録されていません。");
  // all coin without coins: the shortage message, and the modal stays
  await modal.getByLabel("全額とらコイン").check();
  await modal.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("とらコイン残高が不足しています。とらコインサイトでチャージしてください。")).toBeVisible();
  await expect(modal).toHaveAttribute("data-page", "2");
  // part coin: the amount field opens, the coin-for-renewal choice shows
  await modal.getByLabel("一部とらコイン").check();
  await expect(modal.getByLabel("とらコインで支払う金額")).toBeEnabled();
  await expect(modal.getByLabel("カードでの自動更新に失敗したとき、とらコインで自動決済する")).toBeVisible();
  // the card registration page is the wallet's (user domain); here it only has to be reached with the return path
  await page.route(/\/me\/card_registration/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>card registration</title>" }));
  await modal.getByLabel("クレジットカード").check();
  await expect(modal.getByLabel("カードでの自動更新に失敗したとき、とらコインで自動決済する")).toHaveCount(0);
  await modal.getByRole("button", { name: "次へ" }).click();
  await page.waitForURL((url) => url.host.startsWith("my.fanclub.localhost") && url.pathname === "/me/card_registration");
  const returnTo = new URL(new URL(page.url()).searchParams.get("returnTo")!);
  expect(returnTo.origin + returnTo.pathname).toBe(CLUB);
  expect(Object.fromEntries(returnTo.searchParams)).toEqual({ paymentPage: "3", paymentType: "0", coinPayment: "0" });

  // back on the fan club page with the saved return path: still no card, so page 2 again with the cart
  await openHydrated(page, returnTo.toString());
  await expect(modal).toHaveAttribute("data-page", "2");
  await expect(modal).toContainText("合計 ¥800");
  await modal.getByRole("button", { name: "閉じる" }).click();
  await expect(modal).toHaveCount(0);

  // page 30 for the supported plan, then page 31 with the four warnings
  await planButton(page, "見学").click();
  await expect(modal).toHaveAttribute("data-page", "30");
  await expect(modal).toContainText("会員番号 No.");
  await expect(modal.locator(".payment-history")).toContainText("加入");
  await modal.getByRole("button", { name: "支援をやめる" }).click();
  await expect(modal).toHaveAttribute("data-page", "31");
  const warnings = modal.getByTestId("leave-warnings").locator("li");
  await expect(warnings).toHaveCount(4);
  await expect(warnings.nth(0)).toContainText("有料プランの投稿は閲覧できなくなります");
  await expect(warnings.nth(1)).toContainText("1か月分の料金がかかります");
  await expect(warnings.nth(2)).toContainText("再度料金がかかります");
  await expect(warnings.nth(3)).toContainText("新しい会員番号");
  await modal.getByRole("button", { name: "支援をやめる" }).click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(planButton(page, "見学")).toHaveAttribute("data-plan-button", "support");
});
