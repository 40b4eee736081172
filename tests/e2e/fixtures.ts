import { test as base, expect, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

export const origin = (host: string) => `http://${host}:${E2E_PORT}`;
export const hosts = {
  base: "fanclub.localhost",
  user: "my.fanclub.localhost",
  login: "auth.fanclub.localhost",
  www: "www.fanclub.localhost",
  indies: "indies.fanclub.localhost",
  kirameki: "kirameki.localhost",
};

/** Fails a test on any uncaught page error or console error the test did not expect. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      await use(errors);
      expect(errors, "browser errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens a page and waits until React has hydrated it, so client-side controls respond. */
export async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

export { expect };
