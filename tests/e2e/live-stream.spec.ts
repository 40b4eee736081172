import type { Browser, Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// 桜井蓮 (creator02, fan club 102) owns the seed's free live 102 (ticket holders only, 無料チケット).
// fan15 holds no ticket at first; fan16 never gets one. Chromium runs with a fake camera and
// microphone (playwright.config.ts), so the owner's browser really captures and publishes.
const OWNER = "creator02@demo.fanclub.localhost";
const FAN = "fan15@demo.fanclub.localhost";
const OUTSIDER = "fan16@demo.fanclub.localhost";
const LIVE = `${origin(hosts.www)}/fanclubs/102/lives/102`;
const STREAMER = `${origin(hosts.www)}/me/fanclub/live_events/102`;

/** A signed-in person in their own browser context; page errors fail the test like the default page's. */
async function person(browser: Browser, email: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await signIn(page, email);
  return { page, errors };
}

test("the owner goes live with a camera; a ticket holder in another browser sees the video play and both chat; a fan without a ticket is refused", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const fan = await person(browser, FAN);
  const owner = await person(browser, OWNER);
  const outsider = await person(browser, OUTSIDER);

  // the fan gets the free ticket through page 10; the watch area then opens the room: chat, not live yet
  await openHydrated(fan.page, LIVE);
  await expect(fan.page.locator("[data-live-streamer-header]")).toContainText("桜井蓮 オフィシャルファンクラブ「Lotus」");
  await expect(fan.page.locator("[data-live-player]")).toContainText("視聴するにはチケットが必要です。");
  await fan.page.locator('.live-ticket[data-ticket-type="無料チケット"]').getByRole("button").click();
  const modal = fan.page.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "10");
  await modal.getByRole("button", { name: /入手する/ }).click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await modal.getByRole("button", { name: "閉じる" }).last().click();
  await fan.page.waitForURL((url) => url.origin + url.pathname === LIVE);
  await fan.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const fanStage = fan.page.locator("[data-live-stage]");
  await expect(fanStage).toHaveAttribute("data-connection", "open");
  await expect(fanStage).toHaveAttribute("data-on-air", "false");
  await expect(fan.page.locator("[data-live-bottom-bar]")).toContainText("購入済みのチケット: 無料チケット");

  // the owner previews the fake camera, keeps the default mirror mode and starts
  await openHydrated(owner.page, STREAMER);
  const streamer = owner.page.locator("[data-streamer]");
  await expect(streamer.getByLabel("カメラ")).not.toHaveValue("");
  await expect(streamer.getByLabel("ミラー表示")).toHaveValue("auto");
  await expect(streamer.locator("[data-live-video]")).toHaveJSProperty("paused", false);
  await streamer.locator("[data-start-live]").click();
  await expect(streamer).toHaveAttribute("data-phase", "live");
  await expect(owner.page.locator("[data-streamer-status]")).toContainText("配信中です。");

  // the fan's player receives the stream: it has a size and its time advances
  await expect(fanStage).toHaveAttribute("data-on-air", "true");
  const video = fan.page.locator("[data-live-video]");
  await expect(fan.page.locator("[data-live-player]")).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const box = await video.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(0);
  expect(box?.height ?? 0).toBeGreaterThan(0);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 0.5);
  // auto mirror mode mirrors the owner's preview only
  await expect(video).toHaveAttribute("data-mirror", "false");
  await expect(streamer.locator("[data-live-video]")).toHaveAttribute("data-mirror", "true");

  // both chat, each sees the other's message with the sender's name
  await fan.page.getByPlaceholder("メッセージを送信").fill("こんばんは！待ってました");
  await fan.page.getByRole("button", { name: "送信" }).click();
  await expect(streamer.locator("[data-chat-message]").last()).toContainText("こんばんは！待ってました");
  await streamer.getByPlaceholder("メッセージを送信").fill("来てくれてありがとう");
  await streamer.getByRole("button", { name: "送信" }).click();
  await expect(fan.page.locator("[data-chat-message]").last()).toContainText("来てくれてありがとう");
  await expect(fan.page.locator("[data-chat-message]").last()).toContainText("桜井蓮");

  // the fan club's lives tab lists what really broadcasts: this live starts days from now in the
  // schedule, but its owner is on air, so anyone (even without a ticket) sees it on air now
  const lives = `${origin(hosts.www)}/fanclubs/102/lives`;
  await openHydrated(outsider.page, lives);
  await expect(outsider.page.locator('[data-section="now-on-air"]')).toContainText("弾き語りフリーライブ");

  // a fan without a ticket sees no player and the room refuses a ticket to the API as well
  await openHydrated(outsider.page, LIVE);
  await expect(outsider.page.locator("[data-live-player]")).toContainText("視聴するにはチケットが必要です。");
  await expect(outsider.page.locator("[data-live-video]")).toHaveCount(0);
  const refused = await outsider.page.evaluate(async () => {
    const res = await fetch("/api/v1/live_events/102/room_ticket", {
      method: "POST",
      headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
    });
    return res.status;
  });
  expect(refused).toBe(403);
  // that refusal is the one error the outsider's console may show
  outsider.errors.splice(0, outsider.errors.length, ...outsider.errors.filter((e) => !e.includes("status of 403")));

  // the owner stops: the fan's player goes off air
  await streamer.locator("[data-stop-live]").click();
  await expect(fanStage).toHaveAttribute("data-on-air", "false");
  // and the list follows: back to its scheduled place
  await expect
    .poll(async () => {
      await openHydrated(outsider.page, lives);
      return outsider.page.locator('[data-section="now-on-air"]').count();
    })
    .toBe(0);
  await expect(outsider.page.locator('[data-section="coming"]')).toContainText("弾き語りフリーライブ");

  for (const p of [fan, owner, outsider]) {
    expect(p.errors, "browser errors").toEqual([]);
    await p.page.context().close();
  }
});
