import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

/*
 * Money out in a browser: fan01 (a refund owed in the demo seed) registers a bank account by
 * searching the official code lists, applies for the refund; the operator closes the period,
 * downloads the Zengin file and marks the transfer paid; fan01 sees it paid.
 */
test("a fan receives a refund by bank transfer through the operator's Zengin file", async ({ browser }) => {
  const fan = await browser.newContext();
  const fanPage = await fan.newPage();
  await signIn(fanPage, "fan01@demo.fanclub.localhost");

  await openHydrated(fanPage, `${origin(hosts.user)}/me/settings/bank`);
  await fanPage.getByLabel("金融機関を検索（名前・よみ・コード）").fill("みずほ");
  await fanPage.getByRole("button", { name: "0001 みずほ" }).click();
  await expect(fanPage.getByLabel("金融機関コード（4桁）")).toHaveValue("0001");
  await fanPage.getByLabel("支店を検索（名前・よみ・コード）").fill("とうきょう");
  await fanPage.getByRole("button", { name: "001 東京営業部" }).click();
  await expect(fanPage.getByLabel("支店コード（3桁）")).toHaveValue("001");
  await fanPage.getByLabel("口座番号（7桁）").fill("7654321");
  await fanPage.getByLabel("口座名義（カナ）").fill("さくら　みお");
  await fanPage.getByRole("button", { name: "口座を保存する" }).click();
  await expect(fanPage.getByText("振込先口座を登録しました。")).toBeVisible();
  await expect(fanPage.getByTestId("bank-current")).toContainText("ｻｸﾗ ﾐｵ");

  await openHydrated(fanPage, `${origin(hosts.user)}/me/transfer`);
  await expect(fanPage.getByTestId("refund-outstanding")).toContainText("¥1,500");
  await fanPage.getByRole("button", { name: "この口座で受け取る" }).click();
  await expect(fanPage.getByText("返金 ¥1,500 の受け取りを申請しました。")).toBeVisible();

  const ops = await browser.newContext();
  const opsPage = await ops.newPage();
  await signIn(opsPage, "operator@demo.fanclub.localhost");
  await openHydrated(opsPage, `${origin(hosts.www)}/ops/payouts`);
  // the refund just applied for is the open period's request
  await opsPage.getByRole("button", { name: "この期間を締める" }).first().click();
  await expect(opsPage.getByText(/期間を締めました/)).toBeVisible();
  const downloadLink = opsPage.getByRole("link", { name: /全銀ファイルをダウンロード/ }).first();
  const [download] = await Promise.all([opsPage.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^zengin-\d{4}-\d{2}\.txt$/);
  const row = opsPage
    .locator("tr", { hasText: "返金" })
    .filter({ has: opsPage.getByRole("button", { name: "振込完了" }) })
    .first();
  await row.getByRole("button", { name: "振込完了" }).click();
  await expect(opsPage.getByText("振込完了にしました。")).toBeVisible();

  await openHydrated(fanPage, `${origin(hosts.user)}/me/transfer/history`);
  await expect(fanPage.locator("td", { hasText: "振込完了" }).first()).toBeVisible();
  await fan.close();
  await ops.close();
});
