import { env } from "cloudflare:test";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { earningEntries } from "../../db/schema";
import { billingMonthOf, monthStartMs } from "../../server/domain/billing-month";
import { lastClosedMonth, type EarningKind } from "../../server/domain/earnings";
import { loadEarningRates, refundStatements, saleStatements } from "../../server/services/earnings/post";
import { createManager } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor, insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * The monthly qualified invoice as people get it: who may download which fan club's PDF, and
 * what the PDF says, read back as text from the file the Worker sent.
 */

const db = createDb(env.DB);
const DAY = 24 * 60 * 60 * 1000;
/** the latest closed month (it has an invoice) and the running month (not yet) */
const closed = lastClosedMonth(Date.now());
const open = billingMonthOf(Date.now());

async function sell(fanclubId: number, payerUserId: number, kind: EarningKind, gross: number, atMs: number, key: string) {
  const rates = await loadEarningRates(db);
  const stmts = saleStatements(db, rates, {
    key,
    sourceKey: key,
    fanclubId,
    kind,
    subjectType: kind,
    subjectId: 1,
    payerUserId,
    gross,
    at: atMs,
  });
  await db.batch(stmts as [(typeof stmts)[number], ...typeof stmts]);
}

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

interface People {
  fanclubId: number;
  owner: TestBrowser;
  editorAll: TestBrowser;
  editorNone: TestBrowser;
  label: TestBrowser;
  otherLabel: TestBrowser;
  fan: TestBrowser;
  otherCreator: TestBrowser;
  visitor: TestBrowser;
}
let p: People;

beforeAll(async () => {
  const owner = await confirmedAccount({ prefix: "invowner" });
  const fanclubId = await insertFanclub(owner.id, { name: "請求書テストの星空ラウンジ", creatorName: "請求 花子" });
  await env.DB.prepare("UPDATE fanclubs SET invoice_number = ? WHERE id = ?").bind("T7000012050002", fanclubId).run();
  const editorAll = await confirmedAccount({ prefix: "inveditall" });
  await insertEditor(fanclubId, editorAll.id, [
    "commentable",
    "deletable_comments",
    "postable_drafts",
    "postable",
    "can_talk_manage",
    "can_schedule_manage",
    "can_product_manage",
    "can_lesson_manage",
    "can_raffle_manage",
  ]);
  const editorNone = await confirmedAccount({ prefix: "inveditnone" });
  await insertEditor(fanclubId, editorNone.id, []);
  const label = await confirmedAccount({ prefix: "invlabel" });
  await createManager(env.DB, { userId: label.id, fanclubId });
  const otherLabel = await confirmedAccount({ prefix: "invotherlabel" });
  const otherCreator = await confirmedAccount({ prefix: "invother" });
  const otherFanclubId = await insertFanclub(otherCreator.id, { name: "よそのファンクラブ" });
  await createManager(env.DB, { userId: otherLabel.id, fanclubId: otherFanclubId });
  const fan = await confirmedAccount({ prefix: "invfan" });

  // the closed month: a plan, a product, a tip and a refunded part of the plan; the open month: a plan
  const t = monthStartMs(closed) + 3 * DAY;
  await sell(fanclubId, fan.id, "plan", 12_340, t, `inv-test:${fanclubId}:plan`);
  await sell(fanclubId, fan.id, "product", 5_000, t + DAY, `inv-test:${fanclubId}:product`);
  await sell(fanclubId, fan.id, "tip", 1_005, t + 2 * DAY, `inv-test:${fanclubId}:tip`);
  await sell(otherFanclubId, fan.id, "plan", 99_999, t, `inv-test:${otherFanclubId}:plan`);
  await sell(fanclubId, fan.id, "plan", 3_000, monthStartMs(open) + 60_000, `inv-test:${fanclubId}:open`);

  p = {
    fanclubId,
    owner: owner.b,
    editorAll: editorAll.b,
    editorNone: editorNone.b,
    label: label.b,
    otherLabel: otherLabel.b,
    fan: fan.b,
    otherCreator: otherCreator.b,
    visitor: new TestBrowser(),
  };
});

const own = (month: string) => at(hosts.www, `/me/fanclub/sales/invoices/${month}.pdf`);
const labels = (fanclubId: number, month: string) => at(hosts.www, `/me/managed_fanclubs/sales/invoices/${fanclubId}/${month}.pdf`);

describe("the invoice PDF", () => {
  it("gives the owner the closed month's invoice and statement, with the figures of the ledger", async () => {
    const res = await p.owner.get(own(closed));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="INV-\d{6}-\d{6}\.pdf"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await pdfText(res);
    // fees by the ledger's default rates: plan 10 % of 12,340, product 8 % of 5,000, tip 10 % of 1,005
    const fees = { plan: 1_234, product: 400, tip: 100 };
    const feeTotal = fees.plan + fees.product + fees.tip; // 1,734
    const invoiceTax = Math.floor(feeTotal / 10); // 173, once on the rate's total
    for (const part of [
      "適格請求書",
      `INV-${closed.replace("-", "")}-${String(p.fanclubId).padStart(6, "0")}`,
      "株式会社ファンクラブ・プラットフォーム",
      "登録番号 T7123456789012",
      "請求書テストの星空ラウンジ 御中",
      "請求 花子",
      "登録番号 T7000012050002",
      "プラットフォーム手数料（プラン）",
      "プラットフォーム手数料（商品）",
      "プラットフォーム手数料（チップ）",
      "¥1,234",
      "¥400",
      "¥100",
      "10%対象（税抜）",
      `¥${feeTotal.toLocaleString("ja-JP")}`,
      `¥${invoiceTax}`,
      `¥${(feeTotal + invoiceTax).toLocaleString("ja-JP")}`,
      "売上明細書",
      "¥12,340",
      "¥18,345",
    ])
      expect(text).toContain(part);
    // another fan club's sale and the open month's sale are not on it
    expect(text).not.toContain("99,999");
    expect(text).not.toContain("¥3,000");
  });

  it("has none for the running month, a month without fees, or a malformed name, each with a reason", async () => {
    const notClosed = await p.owner.get(own(open));
    expect(notClosed.status).toBe(404);
    expect(await notClosed.text()).toBe("この月はまだ締まっていないため、請求書はまだありません。");
    const empty = await p.owner.get(own("2020-01"));
    expect(empty.status).toBe(404);
    expect(await empty.text()).toBe("この月の請求書はありません。");
    for (const bad of ["2026-13", "latest", "2026-1", "2026-10.txt"]) {
      const res = await p.owner.get(at(hosts.www, `/me/fanclub/sales/invoices/${bad.includes(".") ? bad : `${bad}.pdf`}`));
      expect(res.status, bad).toBe(400);
    }
  });

  it("answers in the reader's language when it refuses, and the PDF stays Japanese", async () => {
    const english = new TestBrowser();
    english.cookies = [...p.owner.cookies, { name: "locale", value: "en", domain: "fanclub.localhost", hostOnly: false }];
    const refused = await english.get(own("2020-01"));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("There is no invoice for this month.");
    const pdf = await english.get(own(closed));
    expect(await pdfText(pdf)).toContain("適格請求書");
  });
});

describe("the list of invoices", () => {
  it("shows the owner each closed month with fees, its total and its link, and not the running month", async () => {
    const res = await p.owner.get(at(hosts.www, "/me/fanclub/sales/invoices"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`href="/me/fanclub/sales/invoices/${closed}.pdf"`);
    expect(html).not.toContain(`href="/me/fanclub/sales/invoices/${open}.pdf"`);
    // fees 1,734 + tax 173, as on the PDF
    expect(html).toContain("¥1,907");
  });

  it("is the owner's alone", async () => {
    expect((await p.editorAll.get(at(hosts.www, "/me/fanclub/sales/invoices"))).status).toBe(403);
    expect((await p.fan.get(at(hosts.www, "/me/fanclub/sales/invoices"))).status).toBe(302);
  });
});

describe("who may download it", () => {
  it("refuses editors, whatever their permissions: sales are the owner's (spec §6)", async () => {
    for (const editor of [p.editorAll, p.editorNone]) {
      const res = await editor.get(own(closed));
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).not.toBe("application/pdf");
    }
  });

  it("gives another creator their own fan club's invoice, never this one", async () => {
    const res = await p.otherCreator.get(own(closed));
    expect(res.status).toBe(200);
    const text = await pdfText(res);
    expect(text).toContain("よそのファンクラブ");
    expect(text).not.toContain("請求書テストの星空ラウンジ");
  });

  it("sends a fan without a fan club to the open page and a visitor to sign in, with no PDF", async () => {
    const fan = await p.fan.get(own(closed));
    expect(fan.status).toBe(302);
    expect(fan.headers.get("location")).toBe("/me/fanclub/new");
    const visitor = await p.visitor.get(own(closed));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain(`http://${hosts.login}/auth/login`);
  });

  it("gives a label the invoices of the fan clubs it manages and nobody else's", async () => {
    const ok = await p.label.get(labels(p.fanclubId, closed));
    expect(ok.status).toBe(200);
    expect(await pdfText(ok)).toContain("請求書テストの星空ラウンジ 御中");
    for (const [who, b] of [
      ["a label of another fan club", p.otherLabel],
      ["a fan", p.fan],
      ["an editor", p.editorAll],
      ["the owner (through the label's path)", p.owner],
    ] as const) {
      const res = await b.get(labels(p.fanclubId, closed));
      expect(res.status, who).toBe(404);
    }
    expect((await p.label.get(labels(999_999, closed))).status).toBe(404);
    expect((await p.label.get(at(hosts.www, `/me/managed_fanclubs/sales/invoices/abc/${closed}.pdf`))).status).toBe(404);
    const visitor = await p.visitor.get(labels(p.fanclubId, closed));
    expect(visitor.status).toBe(302);
  });
});

describe("refunds", () => {
  it("count in the month they happen: a refund today leaves the closed month's invoice as it was", async () => {
    const before = await pdfText(await p.owner.get(own(closed)));
    const [sale] = await db
      .select()
      .from(earningEntries)
      .where(eq(earningEntries.idempotencyKey, `inv-test:${p.fanclubId}:plan`));
    if (!sale) throw new Error("the plan sale was not posted");
    const key = `inv-test:${p.fanclubId}:refund`;
    const figures = { sale, refundedBefore: { gross: 0, fee: 0, tax: 0, net: 0 }, amount: 1_000 };
    const stmts = refundStatements(db, { key, sourceKey: key, sale: { ...sale, kind: sale.kind! }, figures, at: Date.now() });
    await db.batch(stmts as [(typeof stmts)[number], ...typeof stmts]);
    const after = await pdfText(await p.owner.get(own(closed)));
    expect(after).toBe(before);
  });
});
