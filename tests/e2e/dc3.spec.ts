import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// DC3 contents (docs/decisions/045): the owner adds a one-file item for the members of one plan
// through the uploader; a member of that plan downloads the very file, and a member of another
// plan sees the title but no download.
const CREATOR = "creator01@demo.fanclub.localhost";
// fan03 supports 星野あかり on ベーシック, fan07 on the free plan (the demo seed)
const MEMBER = "fan03@demo.fanclub.localhost";
const OTHER_PLAN = "fan07@demo.fanclub.localhost";
const www = origin(hosts.www);
const TAB = `${www}/fanclubs/101/dc_three_contents`;

test("a creator adds a one-file download for a plan, a member of that plan downloads it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `E2E 限定ボイス ${Date.now()}`;
  const text = `%PDF-1.4\n% voice pack for members ${title}\n%%EOF\n`;

  await signIn(page, CREATOR);
  // the creator menu leads to the page
  await openHydrated(page, `${www}/me/fanclub`);
  await page.getByRole("link", { name: "DC3コンテンツ" }).first().click();
  await expect(page).toHaveURL(/\/me\/fanclub\/dc_three_contents$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByTestId("dc3-form");

  // two files dropped at once: the one-file list takes neither
  const two = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    for (const name of ["a.pdf", "b.pdf"]) dt.items.add(new File(["%PDF-1.4"], name, { type: "application/pdf" }));
    return dt;
  });
  await form.locator(".upload-dropzone").dispatchEvent("drop", { dataTransfer: two });
  await expect(page.locator(".toast", { hasText: "一度に選べるファイルは1つです。" })).toBeVisible();
  await expect(form.getByTestId("upload-item")).toHaveCount(0);

  await form
    .getByTestId("upload-input-dc3")
    .setInputFiles({ name: "voice-pack.pdf", mimeType: "application/pdf", buffer: Buffer.from(text) });
  const item = form.getByTestId("upload-item");
  await expect(item).toContainText("voice-pack.pdf");
  await expect(item).not.toHaveAttribute("data-loading", "true", { timeout: 30_000 });
  // one file: the dropzone is gone
  await expect(form.locator(".upload-dropzone")).toHaveCount(0);

  await form.getByLabel("タイトル").fill(title);
  await form.getByLabel("説明").fill("メンバー限定のボイスをまとめました。");
  await form.getByLabel("選んだプランのメンバー").check();
  await form.getByLabel(/ベーシック/).check();
  await form.getByRole("button", { name: "追加する" }).click();
  await expect(page.locator(".toast", { hasText: "コンテンツを追加しました。" })).toBeVisible();
  const listed = page.locator(`[data-dc3-item="${title}"]`);
  await expect(listed).toContainText("voice-pack.pdf");
  await expect(listed).toContainText("ベーシックのメンバー");

  // a member of ベーシック downloads the file
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, MEMBER);
  await openHydrated(member, TAB);
  // the demo seed's item for ベーシック is there for this member too
  await expect(member.locator('[data-dc3-content="メンバー限定 壁紙パック"] [data-dc3-download]')).toHaveCount(1);
  const card = member.locator(`[data-dc3-content="${title}"]`);
  await expect(card).toBeVisible();
  const [download] = await Promise.all([member.waitForEvent("download"), card.locator("[data-dc3-download]").click()]);
  expect(download.suggestedFilename()).toBe("voice-pack.pdf");
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  expect(await readFile(path)).toEqual(Buffer.from(text));
  await memberContext.close();

  // a member of the free plan sees the title, and no download
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, OTHER_PLAN);
  await openHydrated(other, TAB);
  const locked = other.locator(`[data-dc3-content="${title}"]`);
  await expect(locked).toContainText("ベーシックのメンバーだけがダウンロードできます。");
  await expect(locked.locator("[data-dc3-download]")).toHaveCount(0);
  await otherContext.close();

  // the owner deletes it again, so a second run starts clean
  page.once("dialog", (d) => void d.accept());
  await listed.getByRole("button", { name: "削除" }).click();
  await expect(page.locator(".toast", { hasText: "コンテンツを削除しました。" })).toBeVisible();
  await expect(page.locator(`[data-dc3-item="${title}"]`)).toHaveCount(0);
});
