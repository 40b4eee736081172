import { expect, hosts, openHydrated, origin, test, signIn, payByCardRegisteredOnTheWay } from "./fixtures";

// 星野あかりの星空ラウンジ (seed, fan club 101) sells 1001, a free digital voice, and 1002, a ¥800
// wallpaper set. fan12 has no card and no coins in the seed.
const FAN = "fan12@demo.fanclub.localhost";
const FREE = `${origin(hosts.www)}/fanclubs/101/products/1001`;
const PAID = `${origin(hosts.www)}/fanclubs/101/products/1002`;

test("a fan gets a free product and buys a paid one by card (registered on the way) through the payment modal, and finds both in the purchase history", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FAN);

  // the free product: page 50 shows it, the button gets it at once, page 4 confirms
  await openHydrated(page, FREE);
  // spec §9: yyyy/MM/dd HH:mm (the demo product has a start and no end)
  await expect(page.getByTestId("sale-period")).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 〜$/);
  await expect(page.getByTestId("product-buy")).toHaveText(/^(フォローして)?入手する$/);
  await page.getByTestId("product-buy").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "50");
  await expect(modal.getByTestId("product-page")).toContainText("星空ボイス「おやすみの前に」(無料配布)");
  await expect(modal.getByTestId("product-page")).toContainText("無料");
  await modal.getByTestId("product-action").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("星空ボイス「おやすみの前に」(無料配布)");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL(FREE);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("button", { name: "入手済み" })).toBeDisabled();

  // the paid product: page 50, then the modal's payment pages, by a card registered on the way
  await openHydrated(page, PAID);
  await expect(page.getByTestId("product-buy")).toHaveText("購入する");
  await page.getByTestId("product-buy").click();
  await expect(modal).toHaveAttribute("data-page", "50");
  await expect(modal.getByTestId("product-page")).toContainText("¥800");
  await modal.getByTestId("product-action").click();
  await payByCardRegisteredOnTheWay(page, modal, PAID);
  await expect(modal).toContainText("4242");
  await expect(modal).toContainText("星空の壁紙セット(スマホ・PC)");
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");

  // both lines in the history, on the user domain
  await openHydrated(page, `${origin(hosts.user)}/me/purchase_histories/products`);
  await expect(page.locator('tr[data-order="星空ボイス「おやすみの前に」(無料配布)"]')).toContainText("無料");
  await expect(page.locator('tr[data-order="星空の壁紙セット(スマホ・PC)"]')).toContainText("¥800");
});
