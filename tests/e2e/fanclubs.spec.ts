import type { Browser, Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, test, signIn, DEMO_PASSWORD } from "./fixtures";

const suffix = Date.now().toString(36).slice(-4);
const clubName = `星降る夜の音楽室${suffix}`;

async function signUp(page: Page, email: string, password: string, name: string) {
  await openHydrated(page, `${origin(hosts.user)}/account/sign_up`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByLabel("ニックネーム").fill(name);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "登録する" }).click();
  await expect(page).toHaveURL(`${origin(hosts.user)}/account/sign_up_complete`);
  await page.goto(`${origin(hosts.www)}/dev/mailbox`);
  await page.locator(`tr[data-email-to="${email}"]`).first().locator("a.mailbox-link").click();
  await signIn(page, email, password);
}

async function asDemo(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return { context, page };
}

test("a creator opens a fan club on brand 1 with two plans; a fan finds it by a Japanese substring and follows it; an editor without product rights sees no product management", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `creator-${suffix}-${Date.now()}@example.com`;
  await signUp(page, email, "secret123", "夜空ミオ");

  // brand 1 requires an open request: the sidebar button leads to it
  await openHydrated(page, `${origin(hosts.www)}/`);
  await page.getByTestId("open-fanclub").first().click();
  await expect(page).toHaveURL(`${origin(hosts.www)}/help/fanclub_open_request`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("活動名").fill(`夜空ミオ${suffix}`);
  await page.getByLabel("活動内容").fill("夜に歌とピアノを配信しています。");
  await page.getByLabel("活動が確認できるURL 1").fill("https://video.example/mio");
  await page.getByLabel("ファンクラブでやりたいこと").fill("限定の弾き語りとボイス");
  await page.getByRole("button", { name: "申請する" }).click();
  await expect(page.getByText("申請を受け付けました。")).toBeVisible();

  // an operator approves it
  const staff = await asDemo(browser, "operator@demo.fanclub.localhost");
  await openHydrated(staff.page, `${origin(hosts.www)}/ops/open_requests`);
  const card = staff.page.locator("li.card", { hasText: `夜空ミオ${suffix}` });
  await card.getByRole("button", { name: "承認する" }).click();
  await expect(card.getByRole("button", { name: "承認する" })).toHaveCount(0);
  await staff.context.close();

  // now the button opens the fan club
  await openHydrated(page, `${origin(hosts.www)}/`);
  await page.getByTestId("open-fanclub").first().click();
  await expect(page).toHaveURL(`${origin(hosts.www)}/me/fanclub/new`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("ファンクラブ名").fill(clubName);
  await page.getByLabel("クリエイター名").fill("夜空ミオ");
  await page.getByLabel("カテゴリー").selectOption("music");
  await page.getByLabel("ガイドラインに同意します").check();
  await page.getByRole("button", { name: "開設する" }).click();
  await expect(page).toHaveURL(`${origin(hosts.www)}/me/fanclub/edit`);
  await expect(page.getByText("ファンクラブを開設しました。")).toBeVisible();
  // the sidebar's next actions
  await expect(page.getByTestId("creator-menu")).toContainText("未作成");

  for (const plan of [
    { name: "おやすみプラン", price: "500" },
    { name: "特等席プラン", price: "3000" },
  ]) {
    await openHydrated(page, `${origin(hosts.www)}/me/fanclub/plans/new`);
    await page.getByLabel("プラン名").fill(plan.name);
    await page.getByLabel("月額料金（税込）").fill(plan.price);
    await page.getByRole("button", { name: "作成する" }).click();
    await expect(page).toHaveURL(`${origin(hosts.www)}/me/fanclub/plans`);
  }
  await expect(page.getByTestId("creator-menu")).not.toContainText("未作成");

  // the public page shows both plans, priced with separators; the owner's buttons edit them
  await page.getByTestId("creator-menu").getByRole("link", { name: clubName }).click();
  await expect(page.getByRole("heading", { name: clubName })).toBeVisible();
  const ownerPlans = page.locator(".plan-card");
  await expect(ownerPlans).toHaveCount(2);
  await expect(ownerPlans.nth(0)).toContainText("おやすみプラン");
  await expect(ownerPlans.nth(1)).toContainText("¥3,000");
  await expect(ownerPlans.nth(1).getByRole("link", { name: "編集する" })).toBeVisible();

  // a fan finds it by a substring of its name and follows it
  const fan = await asDemo(browser, "fan01@demo.fanclub.localhost");
  await openHydrated(fan.page, `${origin(hosts.www)}/fanclubs?keywords=${encodeURIComponent("降る夜の音")}&order=2&category=`);
  await fan.page.getByRole("link", { name: new RegExp(clubName) }).click();
  await fan.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(fan.page.locator(".plan-card").first().getByRole("link", { name: "支援する" })).toBeVisible();
  await fan.page.getByRole("button", { name: "フォローする" }).click();
  await expect(fan.page.getByRole("button", { name: "フォロー中" })).toBeVisible();
  await openHydrated(fan.page, `${origin(hosts.www)}/me/following`);
  await expect(fan.page.locator(".fanclub-list")).toContainText(clubName);
  await fan.context.close();

  // the editor of 星野あかり's fan club may manage talks but not products
  const editor = await asDemo(browser, "editor@demo.fanclub.localhost");
  await openHydrated(editor.page, `${origin(hosts.www)}/`);
  const menu = editor.page.getByTestId("creator-menu");
  await expect(menu).toContainText("編集者として管理中");
  await expect(menu.locator('[data-menu="talks"]')).toBeVisible();
  await expect(menu.locator('[data-menu="posts"]')).toBeVisible();
  await expect(menu.locator('[data-menu="products"]')).toHaveCount(0);
  // and the page itself refuses them, whatever the menu shows
  expect((await editor.page.goto(`${origin(hosts.www)}/me/fanclub/products`))?.status()).toBe(403);
  expect((await editor.page.goto(`${origin(hosts.www)}/me/fanclub/talks`))?.status()).toBe(200);
  await editor.context.close();
});
