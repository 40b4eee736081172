import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { billingMonthOf } from "../../server/domain/billing-month";
import { monthsEndingAt } from "../../server/domain/earnings";
import { earningsAudit } from "../../server/services/earnings/balance";
import { createManager } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertEditor, insertFanclub, insertPlan, insertPostRow } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { callApi as call, giveCoins, payCart as pay, registerSandboxCard } from "./money-fixture";

/*
 * The creator's sales page and CSV, the label's managed sales: a fan really pays (a plan by card,
 * a tip by coins), the earnings ledger takes both in the purchase's batch, and the pages show the
 * fee and tax split; who may see them.
 */

const db = createDb(env.DB);
type Fan = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Fan;
let fanclubId: number;
let planName: string;
const month = billingMonthOf(Date.now());

beforeAll(async () => {
  owner = await confirmedAccount({ prefix: "salesowner", name: "売上の主" });
  planName = `売上プラン${Date.now()}`;
  fanclubId = await insertFanclub(owner.id, { name: "売上の館" });
  const planId = await insertPlan(fanclubId, { name: planName, price: 1234 });
  const postId = await insertPostRow(fanclubId, owner.id, { title: "チップの投稿", allowTipping: true });
  const fan = await confirmedAccount({ prefix: "salesfan" });
  await registerSandboxCard(fan);
  expect((await call(fan, "POST", "/me/carts", { type: "Plan", target_type: "join_plan_type", id: planId })).status).toBe(200);
  expect((await pay(fan, 0)).result.status).toBe(200);
  await giveCoins(fan, 5000);
  expect((await call(fan, "POST", "/me/carts/tipping_purchase", { target_type: "post_tipping", id: postId, amount: 3000 })).status).toBe(
    200,
  );
  expect((await pay(fan, 3000)).result.status).toBe(200);
});

describe("the sales page", () => {
  it("shows the month's plan and tip with fee, tax on the fee and net, in yen with separators, in two D1 round trips at most", async () => {
    const res = await owner.b.get(at(hosts.www, "/me/fanclub/sales"));
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const html = await res.text();
    // plan 1,234: fee 123, tax 12, net 1,099; tip 3,000: fee 300, tax 30, net 2,670; total 4,234 / 423 / 42 / 3,769
    expect(html).toContain(planName);
    expect(html).toContain("チップの投稿");
    for (const yen of ["¥1,234", "¥1,099", "¥3,000", "¥2,670", "¥4,234", "¥423", "¥42", "¥3,769"]) expect(html).toContain(yen);
    // the month's qualified invoices are one click away
    expect(html).toContain('href="/me/fanclub/sales/invoices"');
    const audit = await earningsAudit(db);
    expect(audit.unbalancedEntries).toBe(0);
    expect(audit.netMismatches).toBe(0);
  });

  it("uses ja-JP separators in English too, and an empty month says so", async () => {
    await owner.b.get(at(hosts.www, "/me/fanclub/sales?locale=en"));
    const html = await (await owner.b.get(at(hosts.www, "/me/fanclub/sales?month=2001-01"))).text();
    expect(html).toContain("No sales in this month yet.");
    const current = await (await owner.b.get(at(hosts.www, "/me/fanclub/sales"))).text();
    expect(current).toContain("You receive");
    expect(current).toContain("¥4,234");
    await owner.b.get(at(hosts.www, "/me/fanclub/sales?locale=ja"));
  });

  it("exports the month as CSV for Excel: UTF-8 with a BOM, CRLF, quoted yen with separators", async () => {
    const res = await owner.b.get(at(hosts.www, `/me/fanclub/sales/csv?month=${month}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(`sales-${fanclubId}-${month}.csv`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("対象月,種類,内容,件数,売上,手数料,消費税（手数料分）,受取額");
    expect(lines).toContain(`${month},チップ,チップの投稿,1,"3,000",300,30,"2,670"`);
    expect(lines).toContain(`${month},プラン,${planName},1,"1,234",123,12,"1,099"`);
    expect(lines).toContain(`${month},合計,,2,"4,234",423,42,"3,769"`);
  });

  it("is refused to an editor, and to a fan without a fan club", async () => {
    const editor = await confirmedAccount({ prefix: "salesed" });
    await insertEditor(fanclubId, editor.id, ["postable", "can_product_manage"]);
    expect((await editor.b.get(at(hosts.www, "/me/fanclub/sales"))).status).toBe(403);
    expect((await editor.b.get(at(hosts.www, "/me/fanclub/sales/csv"))).status).toBe(403);
    const other = await confirmedAccount({ prefix: "salesother" });
    const res = await other.b.get(at(hosts.www, "/me/fanclub/sales"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/me/fanclub/new");
  });
});

describe("managed fan clubs' sales", () => {
  it("shows a label each managed fan club's month and the totals", async () => {
    const label = await confirmedAccount({ prefix: "saleslabel" });
    await createManager(env.DB, { userId: label.id, fanclubId, createdAt: new Date(0) });
    const otherOwner = await confirmedAccount({ prefix: "salesother2" });
    const quiet = await insertFanclub(otherOwner.id, { name: "静かな館" });
    await createManager(env.DB, { userId: label.id, fanclubId: quiet, createdAt: new Date(0) });
    const res = await label.b.get(at(hosts.www, "/me/managed_fanclubs/sales"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("売上の館");
    expect(html).toContain("静かな館");
    expect(html).toContain("¥3,769");
    expect(html).toContain("¥0");
    // a fan who manages nothing: 404
    const fan = await confirmedAccount({ prefix: "salesnolabel" });
    expect((await fan.b.get(at(hosts.www, "/me/managed_fanclubs/sales"))).status).toBe(404);
  });

  it("gives a label the creator's 12-month chart and month picker, over all its fan clubs, in two D1 round trips at most", async () => {
    const label = await confirmedAccount({ prefix: "saleslabelchart" });
    await createManager(env.DB, { userId: label.id, fanclubId, createdAt: new Date(0) });
    const earlier = monthsEndingAt(month, 2)[0]!;
    const res = await label.b.get(at(hosts.www, `/me/managed_fanclubs/sales?month=${earlier}`));
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const html = await res.text();
    const section = (testId: string) =>
      html.slice(html.indexOf(`data-testid="${testId}"`), html.indexOf("</table>", html.indexOf(`data-testid="${testId}"`)));
    // the picker offers the chart's 12 months with the asked one chosen
    const picker = html.slice(html.indexOf('class="sales-month-form"'), html.indexOf("</form>", html.indexOf('class="sales-month-form"')));
    expect(picker.match(/<option /g)).toHaveLength(12);
    expect(picker).toContain(`value="${earlier}" selected`);
    // the asked month had no sale; this month's 4,234 / 3,769 is in the 12 months under the chart
    expect(section("managed-sales")).not.toContain("¥4,234");
    expect(section("sales-months")).toContain("¥4,234");
    expect(section("sales-months")).toContain("¥3,769");
    expect(section("sales-months")).toContain(`href="/me/managed_fanclubs/sales?month=${month}"`);
    expect(html).toContain('data-testid="sales-chart"');
    // and the month it links to shows the sale again
    const current = await (await label.b.get(at(hosts.www, `/me/managed_fanclubs/sales?month=${month}`))).text();
    expect(current.slice(current.indexOf('data-testid="managed-sales"'))).toContain("¥4,234");
  });
});
