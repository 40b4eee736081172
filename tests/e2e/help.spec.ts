import { expect, hosts, openHydrated, origin, test } from "./fixtures";

test("legal pages open on the base domain from a brand's footer", async ({ page }) => {
  await page.goto(`${origin(hosts.indies)}/`);
  await page.locator(".footer").getByRole("link", { name: "利用規約" }).click();
  await expect(page).toHaveURL(`${origin(hosts.base)}/help/terms`);
  await expect(page.getByRole("heading", { level: 1, name: "利用規約" })).toBeVisible();
  // hydrated, with route discovery done: any blocked request would be a console error
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.waitForLoadState("networkidle");
});

test("the inquiry form explains mistakes, asks before clearing, and sends", async ({ page }) => {
  await openHydrated(page, `${origin(hosts.www)}/help/inquiry`);
  const form = page.locator("form.form");
  await form.getByRole("button", { name: "送信する" }).click();
  await expect(form.getByText("お名前は必須項目です。")).toBeVisible();

  await form.getByLabel("お名前").fill("山田 花子");
  await form.getByLabel("メールアドレス").fill("not-an-address");
  await form.getByLabel("件名").fill("件名です");
  await form.getByLabel("メールアドレス").blur();
  await expect(form.getByText("有効なメールアドレスではありません。")).toBeVisible();

  // clearing asks first; cancelling keeps what was typed
  await form.getByRole("button", { name: "クリア" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "キャンセル" }).click();
  await expect(form.getByLabel("お名前")).toHaveValue("山田 花子");

  await form.getByLabel("メールアドレス").fill("hanako@example.com");
  await form.getByLabel("お問い合わせの種類").selectOption("payment");
  await form.getByLabel("お問い合わせ内容").fill("カードととらコインは併用できますか？");
  await form.getByRole("button", { name: "送信する" }).click();
  await expect(page.locator(".toast")).toContainText("お問い合わせを受け付けました。");
  await expect(form.getByLabel("お名前")).toHaveValue("");
  // toasts leave after 3 s
  await expect(page.locator(".toast")).toHaveCount(0, { timeout: 5000 });
});
