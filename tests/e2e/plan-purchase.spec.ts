import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, test, signIn, registerSandboxCard } from "./fixtures";

// 月城ミオのアトリエ (seed, fan club 103): plans 見学 (free), アトリエ会員 (¥800), パトロン (¥3,000).
// fan20 follows it and belongs to no plan.
const FAN = "fan20@demo.fanclub.localhost";
const CLUB = `${origin(hosts.www)}/fanclubs/103`;

const planButton = (page: Page, plan: string) => page.locator(`.plan-card[data-plan="${plan}"] [data-plan-button]`);

test("a fan joins the free plan through the payment modal, upgrades with the sandbox card registered on the way and sees the locked post open, then stops supporting after the four warnings and keeps the paid month", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FAN);
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
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
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
  // with no card, the card choice goes to registration on this host and comes back to page 3
  await modal.getByLabel("クレジットカード").check();
  await expect(modal.getByLabel("カードでの自動更新に失敗したとき、とらコインで自動決済する")).toHaveCount(0);
  await modal.getByRole("button", { name: "次へ" }).click();
  await page.waitForURL((url) => url.origin === origin(hosts.www) && url.pathname === "/me/card_registration");
  const returnTo = new URL(new URL(page.url()).searchParams.get("returnTo")!, origin(hosts.www));
  expect(returnTo.origin + returnTo.pathname).toBe(CLUB);
  expect(Object.fromEntries(returnTo.searchParams)).toEqual({ paymentPage: "3", paymentType: "0", coinPayment: "0" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await registerSandboxCard(page);

  // back on the fan club page at page 3: the card, the yen charged now, from when
  await page.waitForURL((url) => url.origin + url.pathname === CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(modal).toHaveAttribute("data-page", "3");
  await expect(modal).toContainText("4242");
  await expect(modal).toContainText("¥800");
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(planButton(page, "アトリエ会員")).toHaveAttribute("data-plan-button", "supporting");

  // the post for アトリエ会員 opens now: its body shows, no locked prompt
  await openHydrated(page, `${CLUB}/posts/100302`);
  await expect(page.locator("article.post-detail")).not.toHaveAttribute("data-locked", "true");
  await expect(page.getByRole("heading", { name: "今月のテーマ" })).toBeVisible();

  // page 30 for the supported plan, then page 31 with the four warnings
  await openHydrated(page, CLUB);
  await planButton(page, "アトリエ会員").click();
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
  // the dialog says it is done, like joining's last page; closing it shows the page's new state
  await expect(modal).toHaveAttribute("data-page", "32");
  await expect(modal.getByRole("heading", { name: "支援をやめました" })).toBeVisible();
  await expect(modal.getByTestId("plan-changed")).toContainText("「アトリエ会員」の支援をやめました。");
  await modal.locator(".dialog-actions").getByRole("button", { name: "閉じる" }).click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // leaving keeps the paid month: the plan reads as left, the post stays open until the month ends
  await openHydrated(page, `${CLUB}/posts/100302`);
  await expect(page.getByRole("heading", { name: "今月のテーマ" })).toBeVisible();
});

// fan14 (user 1114) has no card, no coins and no tie to fan club 103 in the seed.
const SPLIT_FAN = "fan14@demo.fanclub.localhost";

test("a fan pays a plan part in coins, part by card, sees both on the confirm and finish pages and in the purchase history, then downgrades without a charge", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = origin(hosts.user);
  await signIn(page, SPLIT_FAN);

  // 1,000 coins bought with the sandbox's 4242, registered on the way
  await openHydrated(page, `${user}/me/coins`);
  await page.getByLabel("1,000 C（1,000円）").check();
  await page.getByRole("button", { name: "確認へ進む" }).click();
  // the choose step has a registration link too (back to plain /me/coins): wait for the confirm step's
  await expect(page.getByRole("heading", { name: "チャージ内容の確認" })).toBeVisible();
  await page.getByRole("link", { name: "クレジットカードを登録する" }).click();
  await expect(page.getByRole("heading", { name: "クレジットカード登録" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await registerSandboxCard(page);
  await expect(page).toHaveURL(`${user}/me/coins?amount=1000`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "1,000円を支払ってチャージする" }).click();
  await expect(page.getByTestId("coin-total")).toHaveText("1,000 C");

  // パトロン (¥3,000): 1,000 in coins, the rest by card
  await openHydrated(page, CLUB);
  await planButton(page, "パトロン").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "1");
  await modal.getByTestId("choose-plan").click();
  await expect(modal).toHaveAttribute("data-page", "2");
  await expect(modal.getByTestId("coin-balance")).toContainText("1,000 C");
  await modal.getByLabel("一部とらコイン").check();
  await modal.getByLabel("とらコインで支払う金額").fill("1000");
  await modal.getByRole("button", { name: "次へ" }).click();
  await expect(modal).toHaveAttribute("data-page", "3");
  await expect(modal.getByTestId("charge-now")).toHaveText("¥3,000");
  const summary = modal.locator(".payment-summary");
  await expect(summary).toContainText("クレジットカード(VISA •••• 4242)");
  await expect(summary).toContainText("¥2,000");
  await expect(summary).toContainText("1,000 C");
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払い合計 ¥3,000");
  await expect(modal).toContainText("カード ¥2,000");
  await expect(modal).toContainText("とらコイン 1,000 C");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(planButton(page, "パトロン")).toHaveAttribute("data-plan-button", "supporting");
  // the 1,000 coins are spent; joining a paid plan brought the running promotion's 100 bonus coins (spec §9)
  await expect(page.getByTestId("header-coin-balance")).toHaveText("100 C");

  // a downgrade is posted directly: no payment pages, the cheaper plan at once
  await planButton(page, "アトリエ会員").click();
  await expect(modal).toHaveAttribute("data-page", "1");
  await expect(modal).toContainText("ダウングレードは今すぐ適用されます。");
  await modal.getByTestId("choose-plan").click();
  await expect(modal).toHaveAttribute("data-page", "32");
  await expect(modal.getByRole("heading", { name: "プランを変更しました" })).toBeVisible();
  await expect(modal.getByTestId("plan-changed")).toContainText("「アトリエ会員」に変更しました。");
  await modal.locator(".dialog-actions").getByRole("button", { name: "閉じる" }).click();
  await page.waitForURL(CLUB);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(planButton(page, "アトリエ会員")).toHaveAttribute("data-plan-button", "supporting");

  // the purchase history shows the month paid, both means, and nothing for the downgrade
  await openHydrated(page, `${user}/me/purchase_histories`);
  const rows = page.getByTestId("plan-payments").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("パトロン");
  await expect(rows.first()).toContainText("とらコイン＋クレジットカード");
  await expect(rows.first()).toContainText("¥3,000");
});
