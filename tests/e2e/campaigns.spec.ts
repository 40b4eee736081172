import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, payByCardRegisteredOnTheWay, signIn, test } from "./fixtures";

// The demo (db/seed/goals-demo.mjs): 星野あかりの星空ラウンジ (fan club 101, owner creator01) uses
// campaigns; 「入会で100コインプレゼント」 runs (join a plan → 100 bonus coins) with a banner to her
// welcome post, fan01 already earned it; an open goal 「サポーター30人で記念生配信」; the ticket type
// 「個別ボイスレッスン1回券」. fan19 follows the club and belongs to no plan; fan03 is a ベーシック member.
const CLUB = `${origin(hosts.www)}/fanclubs/101`;
const CREATOR = "creator01@demo.fanclub.localhost";
const CAMPAIGN = "入会で100コインプレゼント";

const planButton = (page: Page, plan: string) => page.locator(`.plan-card[data-plan="${plan}"] [data-plan-button]`);

test("the fan club page shows the campaign banner and the open goal's graph", async ({ page }) => {
  await openHydrated(page, CLUB);
  const banner = page.getByTestId("campaign-banner");
  await expect(banner).toContainText(CAMPAIGN);
  await expect(banner).toHaveAttribute("href", "/fanclubs/101/posts/100101");
  const goal = page.getByTestId("share-goal");
  await expect(goal).toContainText("サポーター30人で記念生配信");
  await expect(goal).toContainText(/支援者 \d+ \/ 30人/);
  await expect(goal.locator("svg[role=img] polyline")).toHaveCount(1);
});

test("a campaign grants its coins once: a fan joins a plan and earns 100 coins, no more", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "fan19@demo.fanclub.localhost");
  await openHydrated(page, CLUB);
  await planButton(page, "ベーシック").click();
  const modal = page.getByTestId("payment-modal");
  await modal.getByTestId("choose-plan").click();
  await payByCardRegisteredOnTheWay(page, modal, CLUB);
  await modal.getByTestId("pay").click();
  await expect(modal).toContainText("お支払いが完了しました。");

  await openHydrated(page, `${origin(hosts.user)}/me/campaigns`);
  const card = page.getByTestId("my-campaigns").locator("li", { hasText: CAMPAIGN });
  await expect(card.getByTestId("campaign-earned")).toContainText("特典を受け取りました");
  await expect(card.getByTestId("campaign-earned")).toContainText("残り100");
  // the paid outcome answered again (the page reloaded, the purchase replayed) grants nothing more
  await page.reload();
  await card.getByRole("link", { name: CAMPAIGN }).click();
  await expect(page.getByTestId("campaign-detail").getByTestId("campaign-earned")).toContainText("残り100");

  // the creator sees two fans rewarded: fan01 (the demo) and this one, each once
  const creator = await page.context().browser()!.newContext();
  const cp = await creator.newPage();
  await signIn(cp, CREATOR);
  await openHydrated(cp, `${origin(hosts.www)}/me/fanclub/campaigns`);
  await expect(cp.getByTestId("campaign-list").locator("li", { hasText: CAMPAIGN })).toContainText("特典を受け取ったファン：2人");
  await creator.close();
});

test("a special ticket is issued to a plan's members, the fan sees it in their account and uses it once", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const name = `E2E限定チェキ券 ${Date.now()}`;
  await signIn(page, CREATOR);
  await openHydrated(page, `${origin(hosts.www)}/me/fanclub`);
  await page.locator('a[data-menu="specialTicket"]').first().click();
  await page.waitForURL(/\/me\/fanclub\/special_ticket$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("チケット名").fill(name);
  await page.getByLabel("内容").fill("サイン入りチェキ1枚と交換できます。");
  await page.getByLabel("有効日数").fill("30");
  await page.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByText("チケットの種類を作成しました。")).toBeVisible();
  await expect(page.getByTestId("ticket-types")).toContainText(name);

  await page.getByRole("combobox", { name: "チケットの種類" }).selectOption({ label: name });
  await page.getByLabel("発行先").selectOption("plan");
  await page.getByLabel("プラン", { exact: true }).selectOption({ label: "ベーシック" });
  await page.getByRole("button", { name: "発行する" }).click();
  await expect(page.getByText(/人に発行しました。/)).toBeVisible();

  const fan = await browser.newContext();
  const fp = await fan.newPage();
  await signIn(fp, "fan03@demo.fanclub.localhost");
  await openHydrated(fp, `${origin(hosts.user)}/me/special_tickets`);
  const ticket = fp.getByTestId("held-tickets").locator("li", { hasText: name });
  await expect(ticket).toContainText("使用可");
  await ticket.getByRole("button", { name: "使う" }).click();
  await expect(fp.getByText("チケットを使いました。")).toBeVisible();
  await expect(fp.getByTestId("held-tickets").locator("li", { hasText: name })).toContainText("使用済み");
  await expect(fp.getByTestId("held-tickets").locator("li", { hasText: name }).getByRole("button", { name: "使う" })).toHaveCount(0);
  await fan.close();
});
