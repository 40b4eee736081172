import { expect, hosts, openHydrated, origin, test } from "./fixtures";

/** The shell's motion of spec §9: the navigation progress bar and the back-to-top scroll. */

const www = origin(hosts.www);

// the push service worker would take the page's requests out of the test's hands
test.use({ serviceWorkers: "block" });

test("a slow page shows the progress bar until it arrives; back to top returns to the top", async ({ page }) => {
  await openHydrated(page, `${www}/fanclubs/101/posts`);
  const bar = page.getByTestId("nav-progress");
  await expect(bar).toHaveCount(0);

  // the next page's data takes a second and a half: the bar appears and goes once it arrives
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const postLink = page.locator('a[data-discover][href^="/fanclubs/101/posts/"]').first();
  const href = await postLink.getAttribute("href");
  await postLink.click();
  await expect(bar).toBeVisible();
  await page.waitForURL(`**${href}`);
  await expect(bar).toHaveCount(0);
  await page.unroute(/\.data(\?|$)/);

  // a quick navigation never flashes it
  await page.goBack();
  await page.waitForURL(`**/fanclubs/101/posts`);
  await expect(bar).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole("button", { name: /ページの先頭へ/ }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 1000 }).toBe(0);
});
