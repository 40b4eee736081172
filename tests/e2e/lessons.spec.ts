import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { offlineEnv } from "../../scripts/wrangler-env.mjs";
import { expect, hosts, openHydrated, origin, payByCardRegisteredOnTheWay, signIn, test } from "./fixtures";

// 星野あかり (creator01) runs fan club 101 (seed). fan05 has no card; fan06 and fan07 hold no seat.
const CREATOR = "creator01@demo.fanclub.localhost";
const TAB = `${origin(hosts.www)}/fanclubs/101/lessons`;
const SHOW = `${origin(hosts.www)}/me/fanclub/lesson_reserve/show`;
const HISTORY = `${origin(hosts.user)}/me/purchase_histories/lesson_reservation`;

/** Tomorrow's date in Japan time, as the form's date input takes it. */
function tomorrowJst(): string {
  return new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** Time passes: the lesson titled `title` started ten minutes ago (the local D1 of the test worker). */
function lessonStarted(title: string) {
  const start = Date.now() - 10 * 60_000;
  const q = `'${title.replace(/'/g, "''")}'`;
  execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      path.resolve(".wrangler/e2e-state"),
      "--command",
      `UPDATE lesson_slots SET reservation_start_at = ${start - 86_400_000}, reservation_end_at = ${start}, start_at = ${start} WHERE title = ${q};`,
    ],
    { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] },
  );
}

async function openSlotAsCreator(page: Page, fields: { title: string; capacity: string; price: string }) {
  await openHydrated(page, `${origin(hosts.www)}/me/fanclub/lesson_reserve/new`);
  await page.getByLabel("タイトル").fill(fields.title);
  await page.getByLabel("開始日時").fill(tomorrowJst());
  await page.locator('select[name="startTime"]').selectOption("20:00");
  await page.getByLabel("レッスン時間").selectOption("60");
  await page.getByLabel("定員").fill(fields.capacity);
  await page.getByLabel("開催方法").selectOption("external");
  // exact: the price type select is labelled 価格の種類
  await page.getByRole("textbox", { name: "価格", exact: true }).fill(fields.price);
  await page.getByLabel("外部ツールのURL").fill("https://meet.example.com/e2e-lesson");
  await page.getByRole("button", { name: "作成する" }).click();
  await page.waitForURL((url) => url.href.startsWith(SHOW));
  await expect(page.locator("body")).toContainText("レッスン枠を作成しました。");
  await expect(page.locator("body")).toContainText(fields.title);
}

async function fanPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signIn(page, email);
  return { page, errors, close: () => context.close() };
}

test("a creator opens a lesson slot, a fan reserves and pays, the creator marks it done and the fan's history says so", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = "E2E 発声の基礎";
  await signIn(page, CREATOR);
  await openSlotAsCreator(page, { title, capacity: "2", price: "1000" });

  const fan = await fanPage(browser, "fan05@demo.fanclub.localhost");
  await openHydrated(fan.page, TAB);
  const card = fan.page.locator(`[data-lesson-slot="${title}"]`);
  await expect(card).toContainText("残り2席");
  await card.getByRole("button", { name: "予約する" }).click();
  // page 80: the lesson, its price and the cancellation rule before anything is paid
  const modal = fan.page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "80");
  await expect(modal).toContainText(title);
  await expect(modal).toContainText("¥1,000");
  await expect(modal).toContainText("クリエイターがレッスンを中止した場合のみ");
  await modal.locator("[data-lesson-action]").click();
  await payByCardRegisteredOnTheWay(fan.page, modal, TAB);
  await expect(modal.locator(".payment-item")).toContainText(title);
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await expect(modal).toContainText("お支払いが完了しました。");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await openHydrated(fan.page, TAB);
  await expect(fan.page.locator(`[data-lesson-slot="${title}"]`)).toContainText("残り1席");
  await expect(fan.page.locator(`[data-lesson-slot="${title}"] [data-lesson-reserved]`)).toHaveText("受講前");

  // the creator sees the seat, holds the lesson and marks it done
  await openHydrated(page, SHOW);
  const slot = page.locator("li", { hasText: title }).first();
  await expect(slot).toContainText("1 / 2席");
  lessonStarted(title);
  await openHydrated(page, SHOW);
  await page.locator("li", { hasText: title }).first().locator("[data-slot-done]").click();
  await expect(page.locator("li", { hasText: title }).first()).toContainText("開催済み");
  await expect(page.locator("li", { hasText: title }).first()).toContainText("受講済み");

  await openHydrated(fan.page, HISTORY);
  const row = fan.page.locator("tr", { hasText: title });
  await expect(row).toContainText("¥1,000");
  await expect(row).toContainText("受講済み");
  expect(fan.errors).toEqual([]);
  await fan.close();
});

test("two fans race for the last seat and one gets it", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = "E2E 最後の一席";
  await signIn(page, CREATOR);
  await openSlotAsCreator(page, { title, capacity: "1", price: "0" });

  // signed in one after the other (two sign-ins at once outran the login page's wait on a loaded machine)
  const fans = [await fanPage(browser, "fan06@demo.fanclub.localhost"), await fanPage(browser, "fan07@demo.fanclub.localhost")];
  for (const f of fans) {
    await openHydrated(f.page, TAB);
    await f.page.locator(`[data-lesson-slot="${title}"]`).getByRole("button", { name: "無料で予約する" }).click();
    await expect(f.page.getByTestId("payment-modal")).toHaveAttribute("data-page", "80");
    await expect(f.page.getByTestId("payment-modal").locator("[data-lesson-action]")).toBeEnabled();
  }
  // both press at once
  await Promise.all(fans.map((f) => f.page.getByTestId("payment-modal").locator("[data-lesson-action]").click()));
  const outcomes = await Promise.all(
    fans.map(async (f) => {
      const won = f.page.getByTestId("payment-modal").and(f.page.locator('[data-page="4"]'));
      const lost = f.page.getByText("売り切れました。");
      await expect(won.or(lost).first()).toBeVisible();
      return (await won.count()) > 0 ? "won" : "lost";
    }),
  );
  expect([...outcomes].sort()).toEqual(["lost", "won"]);

  for (const f of fans) {
    await openHydrated(f.page, TAB);
    await expect(f.page.locator(`[data-lesson-slot="${title}"] [data-lesson-state]`)).toHaveText("満席");
  }
  const winner = fans[outcomes.indexOf("won")]!;
  await openHydrated(winner.page, HISTORY);
  await expect(winner.page.locator("tr", { hasText: title })).toContainText("受講前");
  const loser = fans[outcomes.indexOf("lost")]!;
  await openHydrated(loser.page, HISTORY);
  await expect(loser.page.locator("body")).not.toContainText(title);
  await openHydrated(page, SHOW);
  await expect(page.locator("li", { hasText: title }).first()).toContainText("1 / 1席");
  for (const f of fans) {
    expect(f.errors).toEqual([]);
    await f.close();
  }
});
