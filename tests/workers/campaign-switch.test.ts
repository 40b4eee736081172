import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * The operator's campaign switch (spec §3 useCampaign, decision 037): staff turn a fan club's
 * campaigns on and off at /ops/campaigns; the creator's campaign pages follow it; nobody else
 * sees the page or changes the switch.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let staff: Account;
let owner: Account;
let fan: Account;
let fanclubId: number;

const useCampaign = async () =>
  (
    await env.DB.prepare("SELECT use_campaign AS v FROM fanclub_campaign_settings WHERE fanclub_id = ?")
      .bind(fanclubId)
      .first<{ v: number }>()
  )?.v ?? 0;

beforeAll(async () => {
  staff = await confirmedAccount({ name: "運営", prefix: "cswops" });
  await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(staff.id).run();
  owner = await confirmedAccount({ name: "主催", prefix: "cswown" });
  fanclubId = await insertFanclub(owner.id, { name: "キャンペーンの館" });
  fan = await confirmedAccount({ prefix: "cswfan" });
});

describe("the campaign switch", { timeout: 60_000 }, () => {
  it("staff turn campaigns on and off; the creator's campaign pages follow; others get a 404 and change nothing", async () => {
    const ops = at(hosts.www, "/ops/campaigns");
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/campaigns"))).status).toBe(404);
    for (const who of [owner, fan]) {
      expect((await who.b.get(ops)).status).toBe(404);
      expect((await who.b.post(ops, { fanclubId: String(fanclubId), useCampaign: "1" })).status).toBe(404);
    }
    expect(await useCampaign()).toBe(0);

    expect((await staff.b.get(ops)).status).toBe(200);
    const on = await staff.b.post(ops, { fanclubId: String(fanclubId), useCampaign: "1" });
    expect(on.status).toBe(200);
    expect(await on.text()).toContain(`ファンクラブ#${fanclubId}のキャンペーン機能をオンにしました。`);
    expect(await useCampaign()).toBe(1);
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/campaigns"))).status).toBe(200);
    expect(await (await staff.b.get(ops)).text()).toContain("キャンペーンの館");

    const bad = await staff.b.post(ops, { fanclubId: "abc", useCampaign: "1" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("ファンクラブIDとオン・オフを正しく指定してください。");
    expect((await staff.b.post(ops, { fanclubId: "999999", useCampaign: "1" })).status).toBe(404);

    const off = await staff.b.post(ops, { fanclubId: String(fanclubId), useCampaign: "0" });
    expect(off.status).toBe(200);
    expect(await useCampaign()).toBe(0);
    expect((await owner.b.get(at(hosts.www, "/me/fanclub/campaigns"))).status).toBe(404);
  });
});
