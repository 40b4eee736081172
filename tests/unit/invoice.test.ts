import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { isValidInvoiceNumber } from "../../server/domain/fanclub-rules";
import { buildInvoice, invoiceNumber, invoiceTaxForRate, type InvoiceFigureRow } from "../../server/domain/invoice";
import type { EarningKind } from "../../server/domain/earnings";
import { translatorFor } from "../../server/i18n";
import { alignGlyphsForSubsetting } from "../../server/services/invoices/font-align";
import { INVOICE_FONT_PATH, invoiceFont } from "../../server/services/invoices/font";
import { invoiceIssuerFrom } from "../../server/services/invoices/issuer";
import { renderInvoicePdf } from "../../server/services/invoices/pdf";

const issuer = { name: "株式会社ファンクラブ・プラットフォーム", registrationNumber: "T7123456789012", address: "東京都渋谷区神南1-2-3" };
const recipient = {
  fanclubId: 101,
  fanclubName: "星野あかりの星空ラウンジ",
  creatorName: "星野あかり",
  registrationNumber: "T7000012050002",
};

/** A kind's month as the ledger would sum it: tax per sale rounded down, so it can differ from the invoice's. */
function row(kind: EarningKind, gross: number, fee: number, tax: number, taxRateBp = 1000): InvoiceFigureRow {
  return { kind, taxRateBp, gross, fee, tax, net: gross - fee - tax };
}

describe("tax per rate on an invoice", () => {
  it("rounds the rate's total down, once", () => {
    expect(invoiceTaxForRate(1234, 1000)).toBe(123);
    expect(invoiceTaxForRate(1239, 1000)).toBe(123);
    expect(invoiceTaxForRate(1240, 1000)).toBe(124);
    expect(invoiceTaxForRate(999, 800)).toBe(79);
    expect(invoiceTaxForRate(1000, 1050)).toBe(105);
    expect(invoiceTaxForRate(0, 1000)).toBe(0);
  });

  it("rounds a negative total toward zero, like its positive", () => {
    expect(invoiceTaxForRate(-1239, 1000)).toBe(-123);
  });

  it("takes only integer yen and a rate of 0–100 %", () => {
    expect(() => invoiceTaxForRate(10.5, 1000)).toThrow(RangeError);
    expect(() => invoiceTaxForRate(100, -1)).toThrow(RangeError);
    expect(() => invoiceTaxForRate(100, 10_001)).toThrow(RangeError);
  });
});

describe("invoice numbers", () => {
  it("are fixed per fan club and month, and distinct across either", () => {
    expect(invoiceNumber(101, "2026-10")).toBe("INV-202610-000101");
    expect(invoiceNumber(101, "2026-10")).toBe(invoiceNumber(101, "2026-10"));
    expect(invoiceNumber(101, "2026-11")).not.toBe(invoiceNumber(101, "2026-10"));
    expect(invoiceNumber(102, "2026-10")).not.toBe(invoiceNumber(101, "2026-10"));
  });
});

describe("buildInvoice", () => {
  it("sums fees by kind and rate and taxes each rate's total once, not each line", () => {
    // Three kinds whose fees each end in 5: per line, 10 % gives x.5 yen three times (rounded down
    // three times); once on the total, the halves add up to a yen more.
    const model = buildInvoice({
      month: "2026-10",
      issuer,
      recipient,
      rows: [row("plan", 10_000, 1_005, 100), row("product", 5_000, 405, 40), row("tip", 3_000, 305, 30)],
    });
    expect(model.items).toEqual([
      { kind: "plan", taxRateBp: 1000, amount: 1_005 },
      { kind: "product", taxRateBp: 1000, amount: 405 },
      { kind: "tip", taxRateBp: 1000, amount: 305 },
    ]);
    expect(model.byRate).toEqual([{ taxRateBp: 1000, amount: 1_715, tax: 171 }]);
    expect(model.totals).toEqual({ amount: 1_715, tax: 171, total: 1_886 });
    // the ledger deducted 170 (per sale), the invoice says 171: the statement shows the yen
    expect(model.statement.totals.tax).toBe(170);
    expect(model.statement.taxRoundingDifference).toBe(-1);
  });

  it("keeps one block per rate, highest first, when a month has two rates", () => {
    const model = buildInvoice({
      month: "2019-10",
      issuer,
      recipient,
      rows: [row("plan", 10_000, 1_000, 80, 800), row("plan", 20_000, 2_000, 200, 1000), row("tip", 1_000, 95, 7, 800)],
    });
    expect(model.byRate).toEqual([
      { taxRateBp: 1000, amount: 2_000, tax: 200 },
      { taxRateBp: 800, amount: 1_095, tax: 87 },
    ]);
    expect(model.items).toHaveLength(3);
    expect(model.totals).toEqual({ amount: 3_095, tax: 287, total: 3_382 });
    // the statement is by kind, whatever the rate
    expect(model.statement.rows.map((r) => [r.kind, r.gross, r.fee])).toEqual([
      ["plan", 30_000, 3_000],
      ["tip", 1_000, 95],
    ]);
  });

  it("states the period, the deterministic number, and the day the month closes as the issue date", () => {
    const model = buildInvoice({ month: "2026-02", issuer, recipient, rows: [row("plan", 1_000, 100, 10)] });
    expect(model.period).toEqual({ month: "2026-02", from: "2026-02-01", to: "2026-02-28" });
    // the ledger's default rule: a month closes when the 10th of the next month ends
    expect(model.issuedOn).toBe("2026-03-11");
    expect(model.number).toBe("INV-202602-000101");
    const december = buildInvoice({ month: "2026-12", issuer, recipient, rows: [] });
    expect(december.period.to).toBe("2026-12-31");
    expect(december.issuedOn).toBe("2027-01-11");
    expect(buildInvoice({ month: "2026-12", issuer, recipient, rows: [] }, { closingDay: 0 }).issuedOn).toBe("2027-01-01");
  });

  it("leaves out kinds with no fee, and the statement adds up to its rows", () => {
    const model = buildInvoice({
      month: "2026-10",
      issuer,
      recipient,
      rows: [row("plan", 12_000, 1_200, 120), row("raffle", 0, 0, 0), row("live_ticket", 6_000, 1_800, 180)],
    });
    expect(model.items.map((i) => i.kind)).toEqual(["plan", "live_ticket"]);
    const { rows, totals } = model.statement;
    for (const key of ["gross", "fee", "tax", "net"] as const) expect(totals[key]).toBe(rows.reduce((s, r) => s + r[key], 0));
    expect(totals.gross).toBe(totals.fee + totals.tax + totals.net);
  });

  it("nets refunds within the month, down to a negative fee when refunds exceed sales", () => {
    const model = buildInvoice({
      month: "2026-10",
      issuer,
      recipient,
      rows: [row("plan", 5_000, 500, 50), row("product", -2_000, -160, -16)],
    });
    expect(model.items).toEqual([
      { kind: "plan", taxRateBp: 1000, amount: 500 },
      { kind: "product", taxRateBp: 1000, amount: -160 },
    ]);
    expect(model.byRate).toEqual([{ taxRateBp: 1000, amount: 340, tax: 34 }]);
  });

  it("refuses amounts that are not whole yen", () => {
    expect(() => buildInvoice({ month: "2026-10", issuer, recipient, rows: [row("plan", 1000.5, 100, 10)] })).toThrow(RangeError);
  });
});

describe("the issuer from config", () => {
  const vars = {
    PLATFORM_OPERATOR_NAME: issuer.name,
    PLATFORM_OPERATOR_ADDRESS: issuer.address,
    PLATFORM_INVOICE_NUMBER: "Ｔ７１２３４５６７８９０１２",
  };

  it("takes the operator's name, address and registration number, normalized", () => {
    expect(invoiceIssuerFrom(vars)).toEqual(issuer);
    expect(isValidInvoiceNumber(issuer.registrationNumber)).toBe(true);
  });

  it("fails loudly while production still holds the placeholders", () => {
    expect(() => invoiceIssuerFrom({ ...vars, PLATFORM_INVOICE_NUMBER: "REPLACE_WITH_T_NUMBER" })).toThrow(/PLATFORM_INVOICE_NUMBER/);
    expect(() => invoiceIssuerFrom({ ...vars, PLATFORM_INVOICE_NUMBER: "T7123456789013" })).toThrow(/PLATFORM_INVOICE_NUMBER/);
    expect(() => invoiceIssuerFrom({ ...vars, PLATFORM_OPERATOR_NAME: "REPLACE_WITH_OPERATOR_NAME" })).toThrow(/PLATFORM_OPERATOR_NAME/);
    expect(invoiceIssuerFrom({ ...vars, PLATFORM_OPERATOR_ADDRESS: "REPLACE_WITH_OPERATOR_ADDRESS" }).address).toBeNull();
  });
});

const fontFile = new Uint8Array(readFileSync(new URL(`../../public${INVOICE_FONT_PATH}`, import.meta.url)));
/** The assets binding as the Worker has it, serving the committed font file. */
const assets = {
  fetch: async (request: Request) =>
    new URL(request.url).pathname === INVOICE_FONT_PATH ? new Response(fontFile) : new Response("not found", { status: 404 }),
};

/** The TrueType outlines of the font embedded in a PDF, read back as a reader would. */
async function embeddedGlyphPaths(pdfBytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdfBytes);
  const fontFiles = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"))
    .map((descriptor) => doc.context.lookup(descriptor.get(PDFName.of("FontFile2"))));
  expect(fontFiles).toHaveLength(1);
  if (!(fontFiles[0] instanceof PDFRawStream)) throw new Error("the font file is not a stream");
  const subset = fontkit.create(Buffer.from(decodePDFRawStream(fontFiles[0]!).decode()));
  const paths: string[] = [];
  for (let gid = 1; gid < subset.numGlyphs; gid++) paths.push(subset.getGlyph(gid).path.toSVG());
  return paths;
}

describe("the invoice font", () => {
  it("pads every outline to an even length, leaving the outlines as they were", () => {
    const aligned = alignGlyphsForSubsetting(fontFile);
    const before = fontkit.create(Buffer.from(fontFile));
    const after = fontkit.create(Buffer.from(aligned));
    expect(after.numGlyphs).toBe(before.numGlyphs);
    const offsets = (after as unknown as { loca: { offsets: number[] } }).loca.offsets;
    expect(offsets.every((o) => o % 2 === 0)).toBe(true);
    for (const char of "星野あかり¥0123T") {
      const a = before.glyphForCodePoint(char.codePointAt(0)!);
      const b = after.glyphForCodePoint(char.codePointAt(0)!);
      expect(b.id).toBe(a.id);
      expect(b.path.toSVG()).toBe(a.path.toSVG());
    }
    // already aligned: nothing to do
    expect(alignGlyphsForSubsetting(aligned)).toBe(aligned);
  });

  it("comes from the static assets once per isolate", async () => {
    const font = await invoiceFont(assets);
    expect(await invoiceFont(assets)).toBe(font);
  });

  it("fails when the assets lack it, and tries again next time", async () => {
    vi.resetModules();
    const fresh = await import("../../server/services/invoices/font");
    const missing = { fetch: async () => new Response("not found", { status: 404 }) };
    await expect(fresh.invoiceFont(missing)).rejects.toThrow(/invoice font missing/);
    expect((await fresh.invoiceFont(assets)).byteLength).toBeGreaterThan(4_000_000);
  });

  it("is embedded as a subset whose every glyph is a real outline of the text's characters", async () => {
    const text = "星野あかりの星空ラウンジ 御中 登録番号 T7123456789012 ¥12,345";
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const embedded = await doc.embedFont(await invoiceFont(assets), { subset: true });
    doc.addPage().drawText(text, { x: 20, y: 700, size: 12, font: embedded });
    const paths = await embeddedGlyphPaths(await doc.save());
    const source = fontkit.create(Buffer.from(fontFile));
    const expected = new Set([...text].filter((c) => c !== " ").map((c) => source.glyphForCodePoint(c.codePointAt(0)!).path.toSVG()));
    expect(new Set(paths.filter((p) => p !== ""))).toEqual(expected);
  });
});

describe("the PDF", () => {
  const t = translatorFor("ja", "invoices");
  const model = buildInvoice({
    month: "2026-10",
    issuer,
    recipient,
    rows: [row("plan", 123_400, 12_340, 1_234), row("tip", 5_000, 505, 50)],
  });

  it("holds every part of a qualified invoice and the statement, as text a reader can extract", async () => {
    const bytes = await renderInvoicePdf(model, await invoiceFont(assets), t);
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(2);
    const { text } = await extractText(pdf, { mergePages: false });
    const [invoice, statement] = text as string[];
    for (const part of [
      "適格請求書",
      "INV-202610-000101",
      "株式会社ファンクラブ・プラットフォーム",
      "登録番号 T7123456789012",
      "星野あかりの星空ラウンジ 御中",
      "登録番号 T7000012050002",
      "2026年10月1日〜2026年10月31日",
      "発行日 2026年11月11日",
      "プラットフォーム手数料（プラン）",
      "¥12,340",
      "¥505",
      "10%対象（税抜）",
      "¥12,845",
      "¥1,284",
      "¥14,129",
    ])
      expect(invoice).toContain(part);
    for (const part of ["売上明細書", "¥123,400", "¥109,826", "¥128,400", "¥114,271", "¥1,284"]) expect(statement).toContain(part);
  });

  it("embeds a subset of the font, not the whole of it", async () => {
    const bytes = await renderInvoicePdf(model, await invoiceFont(assets), t);
    expect(fontFile.byteLength).toBeGreaterThan(4_000_000);
    expect(bytes.byteLength).toBeLessThan(60_000);
  });

  it("is the same file every time for the same month", async () => {
    const font = await invoiceFont(assets);
    const a = await renderInvoicePdf(model, font, t);
    const b = await renderInvoicePdf(model, font, t);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
