import { expect, hosts, openHydrated, origin, test, signIn, payByCardRegisteredOnTheWay } from "./fixtures";

// 星野あかりの星空ラウンジ (seed, fan club 101) has the demo live 101 with the ticket 一般チケット
// (¥1,500). fan17 does not follow that fan club, holds no card and no coins.
const FAN = "fan17@demo.fanclub.localhost";
const CLUB = `${origin(hosts.www)}/fanclubs/101`;
const LIVE = `${CLUB}/lives/101`;

test("a fan who does not follow the fan club buys a live ticket through page 10, pays by the sandbox card registered on the way, and finds it in the ticket history", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FAN);

  // the fan club's lives tab lists the coming live; its page says when it starts and that watching needs a ticket
  await openHydrated(page, `${CLUB}/lives`);
  await page.locator('.live-card[data-live="星空ライブ 〜夏の大三角をうたう夜〜"] a').click();
  await page.waitForURL(LIVE);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("[data-live-player]")).toContainText("から配信予定です。");
  await expect(page.locator("[data-live-player]")).toContainText("視聴するにはチケットが必要です。");

  // page 10: the event, the schedule, the ticket and its price; the button follows first
  const ticket = page.locator('.live-ticket[data-ticket-type="一般チケット"]');
  await expect(ticket.getByRole("button")).toHaveText("フォローして購入する");
  await ticket.getByRole("button").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "10");
  await expect(modal.getByRole("heading", { name: "ライブチケット" })).toBeVisible();
  await expect(modal).toContainText("星空ライブ 〜夏の大三角をうたう夜〜");
  await expect(modal).toContainText("一般チケット");
  await expect(modal).toContainText("¥1,500");
  await expect(modal).toContainText("購入の前にこのファンクラブをフォローします。");
  await modal.getByRole("button", { name: "フォローして購入する" }).click();

  // page 2: no card yet, so the card choice goes to registration and comes back to page 3
  await payByCardRegisteredOnTheWay(page, modal, LIVE);
  // page 3 on the live page: the ticket's lines, the card, the amount, no cancellation
  await expect(modal.locator(".payment-item")).toContainText("星空ライブ 〜夏の大三角をうたう夜〜 一般チケット");
  await expect(modal.locator(".payment-item")).toContainText("配信日時");
  await expect(modal).toContainText("4242");
  await expect(modal).toContainText("¥1,500");
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();

  // page 4, then the live page shows the ticket and that this fan may watch
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL((url) => url.origin + url.pathname === LIVE);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("[data-your-ticket]")).toContainText("購入済みのチケット: 一般チケット");
  // the watch area now opens the live room: the chat is there before the live starts
  await expect(page.locator("[data-live-stage]")).toHaveAttribute("data-connection", "open");
  await expect(page.locator("[data-live-chat]")).toBeVisible();

  // the fan's history of live tickets, on the user domain
  await openHydrated(page, `${origin(hosts.user)}/me/purchase_histories/live_event_tickets`);
  const row = page.locator('tr[data-ticket="星空ライブ 〜夏の大三角をうたう夜〜"]');
  await expect(row).toContainText("一般チケット");
  await expect(row).toContainText("¥1,500");
  await expect(row).toContainText("カード ¥1,500");
});
