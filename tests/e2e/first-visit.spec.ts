import { BUDGET_KB, firstVisitJs, getter, PAGES } from "../../bench/first-visit-js.mjs";
import { E2E_PORT } from "../../playwright.config";
import { expect, openHydrated, test } from "./fixtures";

// The public pages' first visit: the browser runs Preact's compatibility layer instead of react-dom
// (decision 043), which is what keeps these pages within the platform's JavaScript budget, and the
// server's React HTML must hydrate under it as one document, with no browser error.
for (const [name, pathname] of Object.entries(PAGES)) {
  test(`the ${name} page loads at most ${BUDGET_KB} KB gzip of JavaScript and hydrates as one document`, async ({ page }) => {
    const js = await firstVisitJs(getter(E2E_PORT), pathname);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gz / 1024).toBeLessThanOrEqual(BUDGET_KB);

    await openHydrated(page, pathname);
    // Hydrating into a container that is not the document builds a second <html> inside the first.
    expect(await page.evaluate(() => document.querySelectorAll("html, head, body").length)).toBe(3);
    await expect(page.locator("main").first()).toBeVisible();
  });
}
