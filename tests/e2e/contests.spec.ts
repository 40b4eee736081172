import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// The demo's vtuber-photocontest takes entries and votes at once; its three seeded entries have
// 12, 6 and 3 votes. creator03 (fan club 103) enters it with a new album post; fans vote for it.
const CREATOR = "creator03@demo.fanclub.localhost";
const CONTEST = `${origin(hosts.user)}/contest/vtuber-photocontest`;
const www = origin(hosts.www);

test("a creator enters a contest with a post, fans vote, and the ranking shows three with the first in the middle", async ({
  browser,
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const title = `フォトコン応募 ${Date.now()}`;
  await signIn(page, CREATOR);
  await openHydrated(page, `${www}/me/fanclub/posts?fanclubPost=new`);
  const modal = page.getByTestId("post-modal");
  await modal.locator('.post-type-choice[data-type="album"]').click();
  const form = modal.getByTestId("post-form");
  await form.getByLabel("タイトル").fill(title);
  await form.getByLabel("本文").fill("自分で書いた本文");
  // choosing a contest with a template asks before replacing the comment
  await form.getByLabel("コンテスト").selectOption({ label: "Vtuberフォトコンテスト" });
  // the question opens over the post modal (itself a dialog)
  const dialog = page.getByRole("dialog").filter({ hasText: "コンテストのテンプレートで本文を置き換えますか？" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(form.getByLabel("本文")).toHaveValue(/#Vtuberフォトコンテスト/);
  await form.getByTestId("publish").click();
  await expect(page.getByText(`「${title}」を公開しました。`, { exact: false })).toBeVisible();

  // two fans vote for the new entry; a second click the same day is refused
  for (const fan of ["fan05@demo.fanclub.localhost", "fan06@demo.fanclub.localhost"]) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await signIn(p, fan);
    await openHydrated(p, CONTEST);
    const card = p.locator(".contest-entries .contest-entry", { hasText: title });
    await card.getByRole("button", { name: "投票する" }).click();
    await expect(p.getByText("投票しました。")).toBeVisible();
    await expect(card.getByRole("button", { name: "今日は投票済み" })).toBeDisabled();
    await context.close();
  }

  await openHydrated(page, CONTEST);
  const entry = page.locator(".contest-entries .contest-entry", { hasText: title });
  await expect(entry).toContainText("2票");
  // the podium: three entries, the most voted in the middle
  const places = page.getByTestId("podium").locator("li");
  await expect(places).toHaveCount(3);
  await expect(places.nth(0)).toHaveAttribute("data-place", "2");
  await expect(places.nth(1)).toHaveAttribute("data-place", "1");
  await expect(places.nth(2)).toHaveAttribute("data-place", "3");
  await expect(places.nth(1)).toContainText("1位");
  // the sidebar and footer are hidden on contest pages
  await expect(page.locator("#sidebar")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
