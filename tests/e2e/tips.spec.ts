import { DEMO_ACCOUNTS } from "../../db/seed/seed-sql.mjs";
import { expect, hosts, openHydrated, origin, test, signIn, payByCardRegisteredOnTheWay } from "./fixtures";

// 星野あかりの星空ラウンジ (seed, fan club 101): post 100102 is locked to ベーシック and takes tips.
// fan06 supports ベーシック, has no card and no coins, and no other spec uses them.
const FAN = "fan06@demo.fanclub.localhost";
const POST = `${origin(hosts.www)}/fanclubs/101/posts/100102`;
const MESSAGE = "E2Eからの応援メッセージです🎉";

test("a fan tips a post with a message through the payment modal, registering the sandbox card on the way, and sees the tip on the post's tips page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FAN);
  await openHydrated(page, POST);
  const prompt = page.getByTestId("post-tip");
  await expect(prompt).toBeVisible();
  const before = (await prompt.getByTestId("tip-summary").textContent()) ?? "";

  // page 60: a preset amount, the message with its counter; an amount out of range is refused on the page
  await prompt.getByTestId("post-tip-button").click();
  const modal = page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "60");
  await expect(modal.getByRole("heading", { name: "チップを送る" })).toBeVisible();
  await modal.getByLabel("金額を入力（円）").fill("99");
  await modal.getByTestId("tip-next").click();
  await expect(modal.getByRole("alert")).toContainText("¥100〜¥100,000");
  await expect(modal).toHaveAttribute("data-page", "60");
  await modal.getByLabel("金額を入力（円）").fill("");
  await modal.getByRole("button", { name: "¥1,000", exact: true }).click();
  await modal.getByLabel("メッセージ（任意）").fill(MESSAGE);
  await expect(modal.locator(".tip-counter")).toHaveText(`${[...MESSAGE].length} / 200文字`);
  await modal.getByTestId("tip-next").click();

  // page 2: card, which is not registered yet: registration on this host, then back at page 3
  await payByCardRegisteredOnTheWay(page, modal, POST);
  // page 3: the tip, its message, the yen and the card, and no cancellation
  await expect(modal.locator(".payment-item")).toContainText("チップ");
  await expect(modal.locator(".payment-item")).toContainText(MESSAGE);
  await expect(modal).toContainText("¥1,000");
  await expect(modal).toContainText("4242");
  await expect(modal).toContainText("いかなる理由があっても、キャンセル・返品はお受けできません。");
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await page.waitForURL(POST);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("post-tip").getByTestId("tip-summary")).not.toHaveText(before);

  // the post's tips page: newest first, with the fan's name, the amount and the message
  await page.getByTestId("post-tip").getByRole("link", { name: "チップ一覧" }).click();
  await page.waitForURL(`${POST}/post_tippings`);
  const first = page.getByTestId("tips-grid").locator("li").first();
  await expect(first).toContainText(MESSAGE);
  await expect(first).toContainText("¥1,000");
  await expect(first).toContainText(DEMO_ACCOUNTS.find((a) => a.email === FAN)!.name);
});
