import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// Operator notices (spec §2 admin dialog, decision 041): staff publish a notice for the Fanclub
// brand; a visitor sees it once as a dialog with its link rendered (and its script gone), closes
// it, and does not see it again. The end-to-end world starts with the demo notice ended.
const OPERATOR = "operator@demo.fanclub.localhost";
const TITLE = `E2E メンテナンスのお知らせ ${Date.now()}`;
const HOME = `${origin(hosts.www)}/`;

/** Opens a page and waits until the page has asked for the notice (and drawn any dialog). */
async function openAndAskForNotice(page: Page, url: string) {
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === "/notices/current");
  await openHydrated(page, url);
  await asked;
}

test.describe("operator notices", () => {
  test("a visitor sees the brand's notice once as a dialog, closes it, and does not see it again", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, OPERATOR);
    await openAndAskForNotice(page, `${origin(hosts.www)}/ops/notices`);
    await page.getByLabel("タイトル").fill(TITLE);
    await page
      .getByLabel("本文", { exact: true })
      .fill(
        "今夜 2:00〜4:00 はメンテナンスです。\n\n詳しくは [ヘルプ](https://fanclub.localhost/help/terms) をご覧ください。<script>window.__hacked = 1</script>",
      );
    await page.getByLabel("大", { exact: true }).check();
    await page.getByRole("button", { name: "配信する" }).click();
    await expect(page.getByRole("status").filter({ hasText: "お知らせを配信しました。" })).toBeVisible();

    // a visitor of the brand (the operator's session gone)
    await page.context().clearCookies();
    await openAndAskForNotice(page, HOME);
    const dialog = page.getByRole("dialog", { name: TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("data-sizing", "large");
    await expect(dialog).toContainText("今夜 2:00〜4:00 はメンテナンスです。");
    const link = dialog.getByRole("link", { name: "ヘルプ" });
    await expect(link).toHaveAttribute("href", "https://fanclub.localhost/help/terms");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(dialog.locator("script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    // the large dialog is wider than the 440 px every other dialog has by default
    expect((await dialog.boundingBox())!.width).toBeGreaterThan(600);
    await dialog.getByRole("button", { name: "閉じる" }).click();
    await expect(dialog).toBeHidden();

    // the next page, and the one after: no dialog
    await openAndAskForNotice(page, HOME);
    await openAndAskForNotice(page, `${origin(hosts.www)}/fanclubs`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // staff end the notice, so later journeys start without it
    await signIn(page, OPERATOR);
    await openAndAskForNotice(page, `${origin(hosts.www)}/ops/notices`);
    const own = page.getByRole("dialog", { name: TITLE });
    await own.getByRole("button", { name: "閉じる" }).click();
    await page.locator("tr", { hasText: TITLE }).getByRole("button", { name: "今すぐ終了する" }).click();
    await expect(page.getByRole("status").filter({ hasText: "お知らせの表示を終了しました。" })).toBeVisible();
  });
});
