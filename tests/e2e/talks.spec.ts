import ICAL from "ical.js";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// The demo's 星野あかりの星空ラウンジ (fan club 101) lets members start topics and shows its
// calendar (docs/decisions/036). fan03 is a member (ベーシック); creator01 owns the fan club.
const www = origin(hosts.www);
const FANCLUB = `${www}/fanclubs/101`;

test("a member starts a topic and the creator answers it", async ({ browser, page, pageErrors }) => {
  test.setTimeout(120_000);
  const title = `質問です ${Date.now()}`;
  await signIn(page, "fan03@demo.fanclub.localhost");
  await openHydrated(page, `${FANCLUB}/talks`);
  await page.getByRole("link", { name: "トークを始める" }).click();
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("本文").fill("次の配信はいつですか？");
  await page.getByRole("button", { name: "投稿する" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const topicUrl = page.url();

  const context = await browser.newContext();
  const creator = await context.newPage();
  await signIn(creator, "creator01@demo.fanclub.localhost");
  await openHydrated(creator, topicUrl);
  await creator.getByLabel("コメントを書く").fill("今夜22時からです！");
  await creator.getByRole("button", { name: "コメントする" }).click();
  await expect(creator.getByText("今夜22時からです！")).toBeVisible();
  await context.close();

  await openHydrated(page, topicUrl);
  await expect(page.getByText("今夜22時からです！")).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("the schedule month shows today's entry and its day view opens", async ({ page, pageErrors }) => {
  await openHydrated(page, `${FANCLUB}/schedules`);
  await expect(page.locator(".schedule-grid")).toContainText("今夜の歌枠");
  const today = await page.locator('.schedule-grid td[aria-current="date"] .schedule-day-link').getAttribute("href");
  expect(today).toMatch(/\/schedules\/\d{4}-\d{2}-\d{2}$/);
  await page.locator('.schedule-grid td[aria-current="date"] .schedule-day-link').click();
  await expect(page).toHaveURL(new RegExp(`${today}$`));
  await expect(page.getByRole("heading", { name: "今夜の歌枠" })).toBeVisible();
  await page.getByRole("link", { name: "次の日" }).click();
  await expect(page).not.toHaveURL(new RegExp(`${today}$`));
  expect(pageErrors).toEqual([]);
});

test("the feed address returns a calendar an app can read", async ({ page }) => {
  await openHydrated(page, `${FANCLUB}/schedules`);
  const feedUrl = await page.getByLabel("公開の予定").inputValue();
  expect(feedUrl).toMatch(/\/fanclubs\/101\/schedules\.ics$/);
  // fetched from the page: the brand hosts resolve only inside the test browser
  const res = await page.evaluate(async (url) => {
    const r = await fetch(url);
    return { status: r.status, type: r.headers.get("content-type") ?? "", text: await r.text() };
  }, feedUrl);
  expect(res.status).toBe(200);
  expect(res.type).toContain("text/calendar");
  const calendar = new ICAL.Component(ICAL.parse(res.text));
  const titles = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary);
  expect(titles).toContain("今夜の歌枠");
  // members-only entries stay out of the public feed
  expect(titles).not.toContain("メンバー限定 朗読会");
});
