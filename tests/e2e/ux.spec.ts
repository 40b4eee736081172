import type { Locator, Page } from "@playwright/test";
import axe from "axe-core";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

/**
 * What a new person trips over (issue 17): the phone layout at 375 px, and accessibility (axe-core
 * with the WCAG 2.2 AA rules) on the main page of each journey. Few page loads, many checks each.
 */

const www = origin(hosts.www);
const user = origin(hosts.user);
const PHONE = { width: 375, height: 740 };

// the engine's own source, injected into each page as @axe-core/playwright does
const axeSource = axe.source;
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical WCAG 2.2 AA violations on the page as it is now, one line each. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // evaluated through the browser's debugging protocol, so the page's script policy does not apply
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ([tags, context]) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(context ? { include: [context] } : document, { runOnly: { type: "tag", values: tags } });
      return result.violations;
    },
    [WCAG_22_AA, include ?? null] as const,
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function expectAccessible(page: Page, what: string, include?: string) {
  // soft: one run lists the findings of every page
  expect.soft(await seriousViolations(page, include), `${what}: serious or critical axe violations`).toEqual([]);
}

/** The page fits the phone's width: nothing sticks out to the right. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: document wider than the ${width} px screen`).toBeLessThanOrEqual(width);
}

/** The element is wholly on screen horizontally and not cut by its own box. */
async function expectWhollyVisible(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what}: not rendered`).not.toBeNull();
  expect(box!.x, `${what}: starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: ends right of the screen`).toBeLessThanOrEqual(PHONE.width);
  const clipped = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped, `${what}: text cut off inside its box`).toBe(false);
}

test.describe("a phone at 375 px", () => {
  test.use({ viewport: PHONE });

  test("a fan's header and purchase history fit the screen", async ({ page }) => {
    // the signed-in header: the whole brand name, the coin balance and a way to search
    await signIn(page, "fan01@demo.fanclub.localhost");
    await openHydrated(page, `${origin(hosts.indies)}/`);
    const brandName = page.locator(".header .brand-name");
    await expect(brandName).toHaveText("Fanclub Indies");
    await expectWhollyVisible(brandName, "brand name");
    await expect(page.getByTestId("header-coin-balance")).toBeVisible();
    await expectWhollyVisible(page.getByTestId("header-coin-balance"), "coin balance");
    const search = page.getByRole("search").getByRole("button", { name: "検索" });
    await expect(search).toBeVisible();
    await expectWhollyVisible(page.locator(".header"), "header");
    await expectNoSidewaysScroll(page, "home");
    await page.screenshot({ path: "test-results/phone-375-home-signed-in.png" });
    // the search button leads to the search page, which has the field
    await search.click();
    await page.waitForURL(/\/fanclubs\?keywords=&order=2/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // purchase histories: a tip row shows its fan club's name as words and the whole amount
    await openHydrated(page, `${user}/me/purchase_histories/tippings`);
    const tip = page.locator("tr[data-tip-id]").first();
    await expect(tip).toBeVisible();
    await expectNoSidewaysScroll(page, "tip history");
    const amount = tip.locator("td").nth(3);
    await expect(amount).toContainText("¥1,000");
    await expectWhollyVisible(amount, "tip amount");
    const clubName = tip.locator("td").nth(1).locator("a");
    const nameBox = await clubName.boundingBox();
    // one character per line would make the name far taller than wide
    expect(nameBox!.width, "fan club name squeezed into a narrow column").toBeGreaterThan(nameBox!.height * 2);
    await page.screenshot({ path: "test-results/phone-375-tip-history.png", fullPage: true });
  });

  test("a creator's fans table and live page fit the screen", async ({ page }) => {
    // the creator's fans table
    await signIn(page, "creator01@demo.fanclub.localhost");
    await openHydrated(page, `${www}/me/fanclub/fans`);
    const fan = page.locator(".fans-table tbody tr").first();
    await expect(fan).toBeVisible();
    await expectNoSidewaysScroll(page, "fans");
    await expectWhollyVisible(fan, "a fan's row");
    await page.screenshot({ path: "test-results/phone-375-fans.png" });

    // the live page: the player and the chat on the first screen
    await openHydrated(page, `${www}/fanclubs/101/lives/101`);
    const player = page.locator("[data-live-stage] [data-live-player]");
    const chatInput = page.locator(".live-chat-form input");
    await expect(player).toBeVisible();
    await expect(chatInput).toBeVisible();
    await expectNoSidewaysScroll(page, "live page");
    const playerBox = (await player.boundingBox())!;
    const chatBox = (await chatInput.boundingBox())!;
    expect(playerBox.y + playerBox.height, "player below the first screen").toBeLessThanOrEqual(PHONE.height);
    expect(chatBox.y + chatBox.height, "chat below the first screen").toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: "test-results/phone-375-live.png" });
  });
});

test.describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  // axe takes a few seconds a page on a shared 2-core machine
  test.describe.configure({ timeout: 90_000 });
  test("a visitor's pages: home, search, fan club, post, locked post", async ({ page }) => {
    for (const [what, url] of [
      ["home", `${www}/`],
      ["search", `${www}/fanclubs?keywords=%E6%98%9F&order=2&category=`],
      ["fan club", `${www}/fanclubs/101`],
      ["locked post", `${www}/fanclubs/101/posts/100102`],
      ["help", `${origin(hosts.base)}/help/faq`],
      ["login", `${origin(hosts.login)}/auth/login`],
    ] as const) {
      await openHydrated(page, url);
      await expectAccessible(page, what);
    }
  });

  test("a fan's pages and the payment dialog, which keeps focus inside and closes with Escape", async ({ page }) => {
    await signIn(page, "fan01@demo.fanclub.localhost");
    for (const [what, url] of [
      ["post", `${www}/fanclubs/101/posts/100102`],
      ["wallet", `${user}/me/coins`],
      ["settings", `${user}/me/settings`],
      ["purchase histories", `${user}/me/purchase_histories/tippings`],
    ] as const) {
      await openHydrated(page, url);
      await expectAccessible(page, what);
    }

    // the plan dialog (page 1), then the payment method (page 2)
    await openHydrated(page, `${www}/fanclubs/103`);
    const modal = page.getByTestId("payment-modal");
    await page.locator(`.plan-card[data-plan="見学"] [data-plan-button]`).click();
    await expect(modal).toBeVisible();
    await expect(modal).not.toHaveAttribute("data-page", "loading");
    await expectAccessible(page, `payment dialog page ${await modal.getAttribute("data-page")}`, "[data-testid=payment-modal]");
    await expectFocusTrapped(page, modal);
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  });

  test("a creator's pages: post editor, the post modal, the live page", async ({ page }) => {
    await signIn(page, "creator01@demo.fanclub.localhost");
    await openHydrated(page, `${www}/me/fanclub/posts/new/blog`);
    await expectAccessible(page, "blog editor");
    await openHydrated(page, `${www}/fanclubs/101/lives/101`);
    await expect(page.locator(".live-chat-form input")).toBeVisible();
    await expectAccessible(page, "live page");

    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=new`);
    const modal = page.getByTestId("post-modal");
    await expect(modal).toBeVisible();
    await expectAccessible(page, "post modal", "[data-testid=post-modal]");
    await expectFocusTrapped(page, modal);
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expectAccessible(page, "post management");
  });
});

/** Tab and Shift+Tab, more times than the dialog has controls, never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body);
      expect(inside, `focus left the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}
