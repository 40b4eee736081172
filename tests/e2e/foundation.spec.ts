import { expect, hosts, openHydrated, origin, test } from "./fixtures";

test("each brand shows its own name and colour", async ({ page }) => {
  for (const [host, name, color] of [
    [hosts.www, "Fanclub", "rgb(228, 0, 127)"],
    [hosts.indies, "Fanclub Indies", "rgb(29, 122, 243)"],
    [hosts.kirameki, "Kirameki", "rgb(138, 77, 255)"],
  ] as const) {
    await page.goto(`${origin(host)}/`);
    await expect(page).toHaveTitle(name);
    await expect(page.locator(".header .brand-name")).toHaveText(name);
    const border = await page.locator(".header").evaluate((el) => getComputedStyle(el).borderBottomColor);
    expect(border).toBe(color);
  }
});

test("switching the language to English and back to Japanese", async ({ page }) => {
  await openHydrated(page, `${origin(hosts.www)}/fanclubs?keywords=abc&order=2&category=`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("「abc」の検索結果");

  const english = page.waitForResponse((r) => r.url().endsWith("/locales/en/common.json"));
  await page.locator("#locale-select").selectOption("en");
  await page.waitForURL(/\/fanclubs\?keywords=abc&order=2&category=$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “abc”");
  // the browser fetched English the first time it was used
  expect((await english).status()).toBe(200);

  // the choice follows to another brand under the shared cookie domain
  await openHydrated(page, `${origin(hosts.indies)}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.locator("#locale-select").selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("好きなクリエイターを、毎月応援しよう。");
});

test("an unknown page shows the 404 page with ways out", async ({ page, pageErrors }) => {
  const response = await page.goto(`${origin(hosts.www)}/this/does/not/exist`);
  expect(response?.status()).toBe(404);
  // Chromium reports the document's own 404 on the console; that one is expected
  expect(pageErrors.splice(0)).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await page.getByRole("link", { name: "ファンクラブを探す" }).first().click();
  await expect(page).toHaveURL(/\/fanclubs\?order=2&category=$/);
});

test("a user-domain page on a brand goes to the user domain, then to login", async ({ page }) => {
  await page.goto(`${origin(hosts.www)}/me/coins?tab=history`);
  const url = new URL(page.url());
  expect(url.host).toBe(new URL(origin(hosts.login)).host);
  expect(url.pathname).toBe("/auth/login");
  expect(url.searchParams.get("loggedInPath")).toBe(`${origin(hosts.user)}/me/coins?tab=history`);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test("the header search lands on the fan club list with order 2", async ({ page }) => {
  await page.goto(`${origin(hosts.indies)}/`);
  await page.getByRole("searchbox", { name: "ファンクラブを検索" }).fill("うた");
  await page.getByRole("searchbox", { name: "ファンクラブを検索" }).press("Enter");
  await expect(page).toHaveURL(`${origin(hosts.indies)}/fanclubs?keywords=%E3%81%86%E3%81%9F&order=2&category=`);
  await expect(page.getByText("条件に一致するファンクラブは見つかりませんでした。")).toBeVisible();
});

test("the sidebar collapses on a wide screen and stays collapsed after reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHydrated(page, `${origin(hosts.www)}/`);
  const sidebar = page.locator("#sidebar");
  await expect(sidebar).toBeVisible();
  await page.getByRole("button", { name: "メニューを開閉" }).click();
  await expect(sidebar).toBeHidden();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "メニューを開閉" }).click();
  await expect(sidebar).toBeVisible();
});

test("on a phone the sidebar is an overlay", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHydrated(page, `${origin(hosts.www)}/`);
  const sidebar = page.locator("#sidebar");
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole("button", { name: "メニューを開閉" }).click();
  await expect(sidebar).toBeInViewport();
  // a tap on the dimmed page beside the menu closes it (the menu itself covers the backdrop's centre)
  await page.getByRole("button", { name: "メニューを閉じる" }).click({ position: { x: 360, y: 300 } });
  await expect(sidebar).not.toBeInViewport();
});

test("home page screenshots at 1280 px and 375 px", async ({ page }, testInfo) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin(hosts.www)}/`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const file = testInfo.outputPath(`home-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`home-${width}`, { path: file, contentType: "image/png" });
  }
});
