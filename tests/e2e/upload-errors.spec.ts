import { expect, hosts, openHydrated, origin, test, signIn } from "./fixtures";

/** spec §8 image dropzone messages: one file at a time, images only, each told to the creator. */
const CREATOR = "creator03@demo.fanclub.localhost";
const www = origin(hosts.www);
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

test("the fan club's icon picker refuses a file that is not an image and two images dropped at once", async ({ page }) => {
  await signIn(page, CREATOR);
  await openHydrated(page, `${www}/me/fanclub/edit`);

  await page
    .getByTestId("upload-icon")
    .setInputFiles({ name: "price-list.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(page.locator(".toast", { hasText: "画像ファイルではありません。" })).toBeVisible();

  const files = await page.evaluateHandle(
    (png: number[]) => {
      const dt = new DataTransfer();
      for (const name of ["a.png", "b.png"]) dt.items.add(new File([new Uint8Array(png)], name, { type: "image/png" }));
      return dt;
    },
    [...PNG],
  );
  await page.getByTestId("drop-icon").dispatchEvent("drop", { dataTransfer: files });
  await expect(page.locator(".toast", { hasText: "一度に選べるファイルは1つです。" })).toBeVisible();
  // nothing was taken: no cropper opened
  await expect(page.getByText("画像の切り抜き")).toHaveCount(0);
});
