import type { Page } from "@playwright/test";
import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// spec §2 post modal flags: copyPostId, visibleShow and page (decision 041 records the readings).
// 月城ミオ (creator03) has the plans 見学, アトリエ会員 and パトロン (seed).
const CREATOR = "creator03@demo.fanclub.localhost";
const www = origin(hosts.www);
const suffix = Date.now().toString(36).slice(-5);

// The API is called from the page (Chromium resolves *.localhost; the test runner may not).
async function newData(page: Page) {
  await openHydrated(page, `${www}/me/fanclub/posts`);
  return page.evaluate(async () => {
    const res = await fetch("/api/v1/me/fanclub/posts/new_data", { headers: { "X-Requested-With": "XMLHttpRequest" } });
    return ((await res.json()) as { payload: { plans: { id: number; name: string }[] } }).payload;
  });
}

/** A draft of creator03 made through the API, as the album form saves one. */
async function draft(page: Page, title: string) {
  await openHydrated(page, `${www}/me/fanclub/posts`);
  return page.evaluate(async (title) => {
    const body = new FormData();
    body.set("post[title]", title);
    body.set("post[comment]", "コピー元の本文");
    body.set("post[is_publish]", "0");
    body.set("post[public_level]", "anyone");
    const res = await fetch("/api/v1/me/fanclub/posts/picture", {
      method: "POST",
      headers: { "X-Requested-With": "XMLHttpRequest" },
      body,
    });
    return ((await res.json()) as { payload: { postId: number } }).payload.postId;
  }, title);
}

test.describe("post modal flags", () => {
  test("copyPostId asks, copies and opens the new draft's editor; an unknown id says so", async ({ page, pageErrors }) => {
    // three copies' worth of page loads and API calls: more than the default 30 s on a busy machine
    test.slow();
    await signIn(page, CREATOR);
    const title = `フラグでコピー${suffix}`;
    const sourceId = await draft(page, title);

    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=new&copyPostId=${sourceId}`);
    const confirm = page.getByRole("dialog").filter({ hasText: "この投稿をコピーして新しい下書きを作りますか？" });
    await confirm.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/me\/fanclub\/posts\/edit\/\d+\/picture$/);
    const copyId = Number(new URL(page.url()).pathname.split("/")[5]);
    expect(copyId).not.toBe(sourceId);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByTestId("post-form").getByLabel("タイトル")).toHaveValue(title);

    // a post that is not this fan club's (or no post at all): the localized error, the chooser stays
    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=new&copyPostId=999999999`);
    await page
      .getByRole("dialog")
      .filter({ hasText: "この投稿をコピーして新しい下書きを作りますか？" })
      .getByRole("button", { name: "OK" })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: "コピーする投稿が見つかりません。" })).toBeVisible();
    await expect(page).not.toHaveURL(/copyPostId/);
    await expect(page.getByTestId("post-modal").getByRole("heading", { name: "投稿の種類を選ぶ" })).toBeVisible();
    expect(pageErrors.splice(0)).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);

    // a cancelled confirm copies nothing and drops the flag
    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=new&copyPostId=${sourceId}`);
    await page
      .getByRole("dialog")
      .filter({ hasText: "この投稿をコピーして新しい下書きを作りますか？" })
      .getByRole("button", { name: "キャンセル" })
      .click();
    await expect(page).not.toHaveURL(/copyPostId/);
    await openHydrated(page, `${www}/me/fanclub/posts?status=draft`);
    await expect(page.getByTestId("managed-posts").locator("li.managed-post", { hasText: title })).toHaveCount(2);
  });

  test("visibleShow opens the form with that plan chosen and its selector focused", async ({ page }) => {
    await signIn(page, CREATOR);
    const { plans } = await newData(page);
    const patron = plans.find((p) => p.name === "パトロン")!;
    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=album&visibleShow=${patron.id}`);
    const select = page.getByTestId("post-form").getByLabel("公開範囲");
    await expect(select).toHaveValue(String(patron.id));
    await expect(select).toBeFocused();
    await expect(page.getByText("公開範囲があらかじめ選ばれています。")).toBeVisible();
    // an id that is not one of the fan club's plans leaves "anyone"
    await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=album&visibleShow=999999999`);
    await expect(page.getByTestId("post-form").getByLabel("公開範囲")).toHaveValue("-1");
  });

  test("page names the management page the modal returns to on close", async ({ page }) => {
    await signIn(page, CREATOR);
    await openHydrated(page, `${www}/me/fanclub/posts?status=draft&fanclubPost=new&page=2`);
    const modal = page.getByTestId("post-modal");
    await modal.getByRole("button", { name: "閉じる", exact: true }).click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/me\/fanclub\/posts\?status=draft&p=2$/);
  });
});

test("the demo post that links a product shows its card to a signed-out visitor, leading to the product page", async ({ page }) => {
  // seed: post 825001 of 星野あかり's fan club (101) links product 1003
  await openHydrated(page, `${www}/fanclubs/101/posts/825001`);
  const card = page.getByTestId("linked-product");
  await expect(card).toContainText("星野あかり アクリルスタンド");
  await expect(card).toContainText("¥1,800");
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/fanclubs\/101\/products\/1003$/);
  await expect(page.getByRole("heading", { name: "星野あかり アクリルスタンド" }).first()).toBeVisible();
});
