import { expect, hosts, openHydrated, origin, test, signIn, payByCardRegisteredOnTheWay } from "./fixtures";

// 星野あかりの星空ラウンジ (seed, fan club 101) runs the open raffle 101 「サイン入りアクリルスタンド抽選」
// (¥300 an entry, 5 per fan). fan02 follows the fan club, has no card and no coins.
const FAN = "fan02@demo.fanclub.localhost";
const RAFFLE = `${origin(hosts.www)}/fanclubs/101/raffles/101`;
const TITLE = "サイン入りアクリルスタンド抽選";

test("a fan enters a raffle through the payment modal, pays by the sandbox card registered on the way, and sees the entry on the raffle and in the purchase history", async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FAN);
  await openHydrated(page, RAFFLE);
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page.locator(".raffle-mine")).toContainText("まだ応募していません。");

  // page 70: how many entries, what they cost
  await page.getByRole("button", { name: "応募する" }).click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "70");
  await expect(modal.getByRole("heading", { name: "抽選に応募" })).toBeVisible();
  await expect(modal).toContainText("あと5口応募できます");
  await modal.getByLabel("口数").selectOption("2");
  await expect(modal.getByTestId("raffle-total")).toHaveText("¥600");
  await modal.getByRole("button", { name: "応募する" }).click();

  // page 2: no card yet, so the card choice registers one and comes back to page 3
  await payByCardRegisteredOnTheWay(page, modal, RAFFLE);
  // page 3: the entries, the yen charged now, no cancellation
  await expect(modal.locator(".payment-item")).toContainText(TITLE);
  await expect(modal.locator(".payment-item")).toContainText("× 2");
  await expect(modal).toContainText("¥600");
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");
  await modal.getByRole("button", { name: "閉じる" }).last().click();

  // the raffle page now shows the fan's entries
  await page.waitForURL((url) => url.origin + url.pathname === RAFFLE);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator(".raffle-mine")).toContainText("2口");

  // and so does the purchase history
  await openHydrated(page, `${origin(hosts.user)}/me/purchase_histories/raffles`);
  const row = page.locator(`tr[data-raffle="${TITLE}"]`);
  await expect(row).toContainText("2");
  await expect(row).toContainText("¥600");
  await expect(row).toContainText("抽選待ち");
  expect(pageErrors).toEqual([]);
});
