import { expect, hosts, openHydrated, origin, payByCardRegisteredOnTheWay, signIn, test } from "./fixtures";

// 星野あかり's fan club (101) sells 「ボイスレッスン30分チケット」 for 2,000 yen and opens a lesson
// priced at one of them (db/seed/special-tickets-demo.mjs). fan08 has no card and no ticket.
const FAN = "fan08@demo.fanclub.localhost";
const SHOP = `${origin(hosts.www)}/fanclubs/101/special_tickets`;
const LESSONS = `${origin(hosts.www)}/fanclubs/101/lessons`;
const TICKET = "ボイスレッスン30分チケット";
const LESSON = "チケットで受けるボイスレッスン（販売チケット）";

test("a fan buys a special ticket through the payment modal and reserves a lesson seat with it", async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, FAN);

  // the lesson tab tells a fan without a ticket where to buy one
  await openHydrated(page, LESSONS);
  const slot = page.locator(`[data-lesson-slot="${LESSON}"]`);
  await expect(slot.locator("[data-tickets-held]")).toHaveAttribute("data-tickets-held", "0");
  await expect(slot.locator("[data-lesson-reserve-ticket]")).toBeDisabled();
  await slot.locator("[data-lesson-buy-ticket]").click();
  await page.waitForURL(SHOP);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(
    page.getByRole("navigation", { name: "ファンクラブのメニュー" }).getByRole("link", { name: "特別チケット" }),
  ).toHaveAttribute("aria-current", "page");

  // the ticket with its price and use; buying opens the modal on the ticket (page 90)
  const card = page.locator(`[data-ticket-type="${TICKET}"]`);
  await expect(card).toContainText("¥2,000");
  await expect(card).toContainText("発行から180日");
  await card.locator("[data-ticket-buy]").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "90");
  await expect(modal).toContainText(TICKET);
  await expect(modal).toContainText("返金はできません");
  await modal.getByTestId("ticket-action").click();
  await payByCardRegisteredOnTheWay(page, modal, SHOP);
  await expect(modal.locator(".payment-item")).toContainText(TICKET);
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await openHydrated(page, SHOP);
  await expect(page.locator(`[data-ticket-type="${TICKET}"] [data-tickets-held]`)).toHaveText(/1枚お持ちです。/);

  // the seat priced at the ticket: one click uses it
  await openHydrated(page, LESSONS);
  await expect(slot.locator("[data-tickets-held]")).toHaveAttribute("data-tickets-held", "1");
  await slot.locator("[data-lesson-reserve-ticket]").click();
  await expect(page.locator("body")).toContainText("特別チケットを1枚使って予約しました。");
  await expect(slot.locator("[data-lesson-reserved]")).toHaveText("受講前");

  // the fan's tickets: the bought one, now used
  await openHydrated(page, `${origin(hosts.user)}/me/special_tickets`);
  const held = page.getByTestId("held-tickets").locator("li", { hasText: TICKET });
  await expect(held).toHaveAttribute("data-state", "used");
  await expect(held).toContainText("購入");
  expect(pageErrors).toEqual([]);
});
