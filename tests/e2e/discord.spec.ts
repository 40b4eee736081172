import { expect, hosts, openHydrated, origin, signIn, test } from "./fixtures";

// Discord with the offline stand-in (docs/decisions/040). 桜井蓮 (creator02, fan club 102) has no
// Discord server in the seed; fan17 supports her plan 「ライト」 and is used by no other spec.
const CREATOR = "creator02@demo.fanclub.localhost";
const FAN = "fan17@demo.fanclub.localhost";
const SETTINGS = `${origin(hosts.www)}/me/fanclub/applications/discord`;

test("a creator links the fan club's Discord server and maps a plan to a role; a member links Discord and joins with that role", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, CREATOR);
  await openHydrated(page, SETTINGS);
  await expect(page.getByText("まだDiscordサーバーを連携していません。")).toBeVisible();
  await page.getByRole("link", { name: "Discordサーバーを連携する" }).click();

  // the stand-in's authorize screen: choose the server, authorize
  await page.waitForURL(/\/dev\/discord\/authorize\?/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("ボットを追加するサーバー").selectOption({ label: "Fan Lounge (test)" });
  await page.getByRole("button", { name: "認可" }).click();
  await page.waitForURL(SETTINGS);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("discord-guild")).toHaveText("Fan Lounge (test) と連携しています。");

  // 「ライト」 gives the role Supporter
  await page.getByLabel("ライト のロール").selectOption({ label: "Supporter" });
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("ロールの設定を保存しました。")).toBeVisible();
  await openHydrated(page, SETTINGS);
  await expect(page.getByLabel("ライト のロール")).toHaveValue("760000000000000021");

  // the member links their Discord account and joins the server
  await page.context().clearCookies();
  await signIn(page, FAN);
  await openHydrated(page, `${origin(hosts.www)}/me/discord`);
  await page.getByRole("link", { name: "Discordと連携する" }).click();
  await page.waitForURL(/\/dev\/discord\/authorize\?/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Discordのユーザー名").fill("sakurai_fan17");
  await page.getByRole("button", { name: "認可" }).click();
  await page.waitForURL(`${origin(hosts.www)}/me/discord`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("discord-account")).toHaveText("sakurai_fan17 として連携しています。");
  const server = page.getByTestId("discord-server-102");
  await expect(server).toContainText("Fan Lounge (test)");
  await server.getByRole("button", { name: "サーバーに参加" }).click();
  await expect(page.getByText("Discordサーバーに参加しました。")).toBeVisible();
  await expect(server).toContainText("参加済み");
});
