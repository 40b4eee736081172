import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { billingMonthOf, monthStartMs } from "../../server/domain/billing-month";
import { entryPostings, lastClosedMonth, saleSplit, type EarningKind } from "../../server/domain/earnings";
import { offlineEnv } from "../../scripts/wrangler-env.mjs";
import { expect, hosts, openHydrated, origin, payByCardRegisteredOnTheWay, signIn, test } from "./fixtures";

/*
 * Issue 19 end to end, the money going out: a fan pays a creator; the creator sees the sale,
 * registers a bank account and requests a payout; the operator closes the period, downloads the
 * Zengin transfer file and marks the payout paid; the creator downloads the month's qualified
 * invoice, whose text is read back from the PDF.
 *
 * A payout draws on closed months only (a month closes on the 10th of the next, decision 029) and
 * a payment made today counts in the running month, so the months before are set up first: the
 * earnings the ledger would have posted for 月城ミオ's fan club (seed, fan club 103, no ledger
 * history of its own) in the latest closed month, written as the ledger writes them (entry and
 * postings from server/domain/earnings.ts), under fixed keys so a second run adds nothing.
 */

const CREATOR = "creator03@demo.fanclub.localhost";
const FANCLUB_ID = 103;
const FANCLUB_NAME = "月城ミオのアトリエ";
const FAN = "fan09@demo.fanclub.localhost";
const OPERATOR = "operator@demo.fanclub.localhost";
const TIP = 1_000;

const closed = lastClosedMonth(Date.now());
const running = billingMonthOf(Date.now());
/** what the fan club earned in the closed month, before this test's payment */
const EARLIER: ReadonlyArray<{ kind: EarningKind; gross: number }> = [
  { kind: "plan", gross: 30_000 },
  { kind: "tip", gross: 5_000 },
];

const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

function postEarlierMonth() {
  const at = monthStartMs(closed) + 5 * 24 * 60 * 60 * 1000;
  const statements: string[] = [];
  EARLIER.forEach(({ kind, gross }, n) => {
    const key = `e2e-money-out:${FANCLUB_ID}:${closed}:${n}`;
    const split = saleSplit(gross, kind === "plan" || kind === "tip" ? 1000 : 800, 1000);
    statements.push(
      `INSERT INTO earning_entries (idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at) VALUES (${[
        q(key),
        q("sale"),
        FANCLUB_ID,
        q(kind),
        q(kind === "tip" ? "fanclub" : "plan"),
        FANCLUB_ID,
        "NULL",
        q(key),
        split.gross,
        split.fee,
        split.tax,
        split.net,
        1000,
        1000,
        q(closed),
        at,
        at,
      ].join(", ")}) ON CONFLICT(idempotency_key) DO NOTHING;`,
    );
    for (const p of entryPostings({ type: "sale", fanclubId: FANCLUB_ID, split }))
      statements.push(
        `INSERT INTO earning_postings (entry_id, account, fanclub_id, amount) SELECT id, ${q(p.account)}, ${p.fanclubId ?? "NULL"}, ${p.amount} FROM earning_entries WHERE idempotency_key = ${q(key)} AND NOT EXISTS (SELECT 1 FROM earning_postings WHERE entry_id = earning_entries.id AND account = ${q(p.account)});`,
      );
  });
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", path.resolve(".wrangler/e2e-state"), "--command", statements.join("\n")],
    { env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] },
  );
}

async function pdfText(page: Page, url: string): Promise<string> {
  // fetched by the page itself: only the browser resolves the brands' *.localhost hosts, and it
  // sends the creator's session as a click on the link would
  const res = await page.evaluate(async (href) => {
    const r = await fetch(href);
    return { status: r.status, type: r.headers.get("content-type"), bytes: Array.from(new Uint8Array(await r.arrayBuffer())) };
  }, url);
  expect(res.status).toBe(200);
  expect(res.type).toBe("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(res.bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

test("money out: a fan pays, the creator sees the sale, registers a bank account and asks for a payout, the operator pays it from the Zengin file, and the creator downloads the month's invoice", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  postEarlierMonth();

  // a fan tips the fan club by card (payment modal page 61)
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await signIn(fan, FAN);
  const fanclubUrl = `${origin(hosts.www)}/fanclubs/${FANCLUB_ID}`;
  await openHydrated(fan, fanclubUrl);
  await fan.getByTestId("fanclub-tip-button").click();
  const modal = fan.getByTestId("payment-modal");
  await expect(modal).toHaveAttribute("data-page", "61");
  await modal.getByRole("button", { name: "¥1,000", exact: true }).click();
  await modal.getByTestId("tip-next").click();
  await payByCardRegisteredOnTheWay(fan, modal, fanclubUrl);
  await modal.getByTestId("pay").click();
  await expect(modal).toHaveAttribute("data-page", "4");
  await fanContext.close();

  // the creator sees the sale: the tip among the fan club's tips received
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, CREATOR);
  await openHydrated(creator, `${origin(hosts.www)}/me/fanclub/tips`);
  await expect(creator.getByTestId("tips-totals")).toContainText(`¥${TIP.toLocaleString("ja-JP")}`);

  // registers a bank account (by codes, the holder's name in full-width kana) ...
  await openHydrated(creator, `${origin(hosts.user)}/me/settings/bank`);
  await creator.getByLabel("金融機関コード（4桁）").fill("0001");
  await creator.getByLabel("支店コード（3桁）").fill("001");
  await creator.getByLabel("口座番号（7桁）").fill("1122334");
  await creator.getByLabel("口座名義（カナ）").fill("ツキシロ　ミオ");
  await creator.getByRole("button", { name: "口座を保存する" }).click();
  await expect(creator.getByText("振込先口座を登録しました。")).toBeVisible();
  await expect(creator.getByTestId("bank-current")).toContainText("ﾂｷｼﾛ ﾐｵ");

  // ... and asks for the closed months' earnings (the tip of this month is not withdrawable yet)
  const earlierNet = EARLIER.reduce((sum, e) => sum + saleSplit(e.gross, 1000, 1000).net, 0);
  await openHydrated(creator, `${origin(hosts.www)}/me/fanclub/transfer`);
  await expect(creator.getByTestId("withdrawable")).toContainText(`¥${earlierNet.toLocaleString("ja-JP")}`);
  await creator.getByRole("button", { name: "振込を申請する" }).click();
  await expect(creator.getByText(/振込を申請しました/)).toBeVisible();
  await expect(creator.getByTestId("current-payout")).toContainText(`¥${earlierNet.toLocaleString("ja-JP")}`);

  // the operator closes the period, downloads the Zengin file (Shift_JIS, half-width kana) and marks the payout paid
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signIn(ops, OPERATOR);
  await openHydrated(ops, `${origin(hosts.www)}/ops/payouts`);
  await ops.getByRole("button", { name: "この期間を締める" }).first().click();
  await expect(ops.getByText(/期間を締めました/)).toBeVisible();
  const [download] = await Promise.all([
    ops.waitForEvent("download"),
    ops
      .getByRole("link", { name: /全銀ファイルをダウンロード/ })
      .first()
      .click(),
  ]);
  const file = new TextDecoder("shift_jis").decode(readFileSync(await download.path()));
  const record = file.split(/\r?\n/).find((line) => line.startsWith("2") && line.includes("1122334"));
  expect(record, "a data record for the creator's account").toBeDefined();
  expect(record).toContain("ﾂｷｼﾛ ﾐｵ");
  const row = ops.locator("tr", { hasText: "ﾂｷｼﾛ ﾐｵ" }).filter({ has: ops.getByRole("button", { name: "振込完了" }) });
  await row.getByRole("button", { name: "振込完了" }).click();
  await expect(ops.getByText("振込完了にしました。")).toBeVisible();
  await opsContext.close();

  // the creator sees it paid
  await openHydrated(creator, `${origin(hosts.www)}/me/fanclub/transfer/history`);
  await expect(creator.locator("td", { hasText: "振込完了" }).first()).toBeVisible();

  // and downloads the closed month's invoice from the list; its text is read back from the PDF
  await openHydrated(creator, `${origin(hosts.www)}/me/fanclub/sales/invoices`);
  const link = creator.getByTestId("invoice-links").locator(`a[href$="/${closed}.pdf"]`);
  await expect(link).toBeVisible();
  const fees = EARLIER.map((e) => saleSplit(e.gross, 1000, 1000).fee); // 3,000 and 500
  const feeTotal = fees.reduce((a, b) => a + b, 0);
  const tax = Math.floor(feeTotal / 10);
  const text = await pdfText(creator, `${origin(hosts.www)}${await link.getAttribute("href")}`);
  for (const part of [
    "適格請求書",
    `${FANCLUB_NAME} 御中`,
    "登録番号 T7123456789012",
    "プラットフォーム手数料（プラン）",
    "プラットフォーム手数料（チップ）",
    ...fees.map((f) => `¥${f.toLocaleString("ja-JP")}`),
    `¥${tax.toLocaleString("ja-JP")}`,
    `¥${(feeTotal + tax).toLocaleString("ja-JP")}`,
    "売上明細書",
  ])
    expect(text).toContain(part);
  // this month's tip counts in the running month, on next month's invoice
  expect(running).not.toBe(closed);
  await creatorContext.close();
});
