import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { InvoiceModel } from "../../domain/invoice";
import { formatNumber } from "../../domain/number-display";
import type { TFunction } from "../../i18n";

/**
 * Draws an invoice model as a two-page A4 PDF: the qualified invoice, then the sales statement.
 * It only lays out what the model holds; every amount was computed by server/domain/invoice.ts.
 *
 * The Japanese font is embedded as a subset of the glyphs the document uses (pdf-lib with
 * fontkit), with a ToUnicode map, so the text can be searched and copied and the file stays a few
 * kilobytes (docs/decisions/031).
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);
const BAND = rgb(0.94, 0.95, 0.97);

/** Yen as invoices print them: ¥ and ja-JP separators, a minus sign for a negative amount. */
const yen = (value: number) => (value < 0 ? `-¥${formatNumber(-value)}` : `¥${formatNumber(value)}`);

/** A rate in basis points as a percent: 10%, 10.5%. */
const percent = (bp: number) => `${formatNumber(bp / 100)}%`;

/** `yyyy-mm-dd` as Japanese documents write a date: 2026年10月31日. */
function japaneseDate(t: TFunction, iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return t("invoices:pdf.date", { y, m, d });
}

interface Column {
  x: number;
  width: number;
  align: "left" | "right";
}

class Writer {
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
  ) {}

  text(value: string, x: number, y: number, size = 10, color = INK): void {
    this.page.drawText(value, { x, y, size, font: this.font, color });
  }

  right(value: string, rightX: number, y: number, size = 10, color = INK): void {
    this.text(value, rightX - this.font.widthOfTextAtSize(value, size), y, size, color);
  }

  cell(value: string, column: Column, y: number, size = 10, color = INK): void {
    if (column.align === "right") this.right(value, column.x + column.width - 6, y, size, color);
    else this.text(this.fit(value, column.width - 12, size), column.x + 6, y, size, color);
  }

  line(y: number, from = MARGIN, to = A4[0] - MARGIN, thickness = 0.6): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color: RULE });
  }

  band(y: number, height: number): void {
    this.page.drawRectangle({ x: MARGIN, y, width: A4[0] - 2 * MARGIN, height, color: BAND });
  }

  /** Cuts a long name with an ellipsis so it never runs into the next column. */
  fit(value: string, width: number, size: number): string {
    if (this.font.widthOfTextAtSize(value, size) <= width) return value;
    let cut = value;
    while (cut.length > 1 && this.font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  }
}

function columns(widths: number[], aligns: Column["align"][]): Column[] {
  const total = widths.reduce((s, w) => s + w, 0);
  const scale = (A4[0] - 2 * MARGIN) / total;
  let x = MARGIN;
  return widths.map((w, i) => {
    const column = { x, width: w * scale, align: aligns[i] ?? "left" };
    x += w * scale;
    return column;
  });
}

function kindLabel(t: TFunction, kind: string): string {
  return t(`invoices:kinds.${kind}`, { defaultValue: kind });
}

/** The header both pages share: title, number, dates, recipient left, issuer right. */
function drawHeader(w: Writer, t: TFunction, model: InvoiceModel, title: string): number {
  const [width, height] = A4;
  let y = height - MARGIN - 10;
  w.text(title, MARGIN, y, 20);
  w.right(t("invoices:pdf.number", { number: model.number }), width - MARGIN, y + 6, 9, MUTED);
  w.right(t("invoices:pdf.issuedOn", { date: japaneseDate(t, model.issuedOn) }), width - MARGIN, y - 6, 9, MUTED);
  y -= 34;

  const left = MARGIN;
  const { recipient, issuer } = model;
  w.text(w.fit(t("invoices:pdf.recipientHonorific", { name: recipient.fanclubName }), 270, 13), left, y, 13);
  w.line(y - 5, left, left + 270, 0.8);
  let ly = y - 22;
  if (recipient.creatorName) {
    w.text(w.fit(recipient.creatorName, 270, 10), left, ly, 10);
    ly -= 15;
  }
  if (recipient.registrationNumber) {
    w.text(t("invoices:pdf.registrationNumber", { number: recipient.registrationNumber }), left, ly, 9, MUTED);
    ly -= 15;
  }

  const right = width - MARGIN;
  let ry = y;
  w.right(w.fit(issuer.name, 220, 11), right, ry, 11);
  ry -= 16;
  if (issuer.address) {
    w.right(w.fit(issuer.address, 220, 9), right, ry, 9, MUTED);
    ry -= 14;
  }
  w.right(t("invoices:pdf.registrationNumber", { number: issuer.registrationNumber }), right, ry, 9);
  ry -= 14;

  y = Math.min(ly, ry) - 10;
  const period = t("invoices:pdf.period", { from: japaneseDate(t, model.period.from), to: japaneseDate(t, model.period.to) });
  w.text(period, MARGIN, y, 10);
  return y - 24;
}

function drawInvoicePage(w: Writer, t: TFunction, model: InvoiceModel): void {
  let y = drawHeader(w, t, model, t("invoices:pdf.invoiceTitle"));

  // the amount due, then what it is for
  w.band(y - 10, 30);
  w.text(t("invoices:pdf.totalDue"), MARGIN + 10, y, 12);
  w.right(yen(model.totals.total), A4[0] - MARGIN - 10, y, 16);
  y -= 46;

  const cols = columns([58, 14, 28], ["left", "right", "right"]);
  const head = [t("invoices:pdf.item"), t("invoices:pdf.taxRate"), t("invoices:pdf.amountExcludingTax")];
  head.forEach((label, i) => w.cell(label, cols[i]!, y, 9, MUTED));
  w.line(y - 6);
  y -= 22;
  if (model.items.length === 0) {
    w.text(t("invoices:pdf.noFees"), MARGIN + 6, y, 10, MUTED);
    y -= 20;
  }
  for (const item of model.items) {
    w.cell(t("invoices:pdf.feeItem", { kind: kindLabel(t, item.kind) }), cols[0]!, y);
    w.cell(percent(item.taxRateBp), cols[1]!, y);
    w.cell(yen(item.amount), cols[2]!, y);
    w.line(y - 7, MARGIN, A4[0] - MARGIN, 0.3);
    y -= 20;
  }
  y -= 8;

  // one block per rate: the rate's total and its tax (the law's "税率ごとに区分")
  const summary = columns([58, 14, 28], ["left", "right", "right"]);
  for (const rate of model.byRate) {
    w.cell(t("invoices:pdf.rateSubject", { rate: percent(rate.taxRateBp) }), summary[0]!, y);
    w.cell(yen(rate.amount), summary[2]!, y);
    y -= 16;
    w.cell(t("invoices:pdf.rateTax", { rate: percent(rate.taxRateBp) }), summary[0]!, y);
    w.cell(yen(rate.tax), summary[2]!, y);
    y -= 20;
  }
  w.line(y + 8, MARGIN, A4[0] - MARGIN, 0.8);
  y -= 8;
  const totals: [string, number][] = [
    [t("invoices:pdf.subtotal"), model.totals.amount],
    [t("invoices:pdf.taxTotal"), model.totals.tax],
    [t("invoices:pdf.total"), model.totals.total],
  ];
  for (const [label, value] of totals) {
    w.cell(label, summary[0]!, y, 11);
    w.cell(yen(value), summary[2]!, y, 11);
    y -= 18;
  }
  y -= 16;
  for (const note of [t("invoices:pdf.noteRounding"), t("invoices:pdf.noteDeducted")]) {
    w.text(note, MARGIN, y, 8.5, MUTED);
    y -= 13;
  }
}

function drawStatementPage(w: Writer, t: TFunction, model: InvoiceModel): void {
  let y = drawHeader(w, t, model, t("invoices:pdf.statementTitle"));
  const cols = columns([28, 18, 18, 18, 18], ["left", "right", "right", "right", "right"]);
  const head = [t("invoices:pdf.kind"), t("invoices:pdf.gross"), t("invoices:pdf.fee"), t("invoices:pdf.feeTax"), t("invoices:pdf.net")];
  head.forEach((label, i) => w.cell(label, cols[i]!, y, 9, MUTED));
  w.line(y - 6);
  y -= 22;
  const { rows, totals, taxRoundingDifference } = model.statement;
  for (const row of rows) {
    const values = [kindLabel(t, row.kind), yen(row.gross), yen(row.fee), yen(row.tax), yen(row.net)];
    values.forEach((value, i) => w.cell(value, cols[i]!, y));
    w.line(y - 7, MARGIN, A4[0] - MARGIN, 0.3);
    y -= 20;
  }
  w.band(y - 6, 20);
  const totalValues = [t("invoices:pdf.statementTotal"), yen(totals.gross), yen(totals.fee), yen(totals.tax), yen(totals.net)];
  totalValues.forEach((value, i) => w.cell(value, cols[i]!, y, 10));
  y -= 34;
  const notes = [t("invoices:pdf.noteStatement")];
  if (taxRoundingDifference !== 0) notes.push(t("invoices:pdf.noteTaxDifference", { amount: yen(taxRoundingDifference) }));
  for (const note of notes) {
    w.text(note, MARGIN, y, 8.5, MUTED);
    y -= 13;
  }
}

/**
 * The PDF of one invoice. `font` is a TrueType font covering Japanese; `t` the translator of the
 * `invoices` namespace in the document's language.
 */
export async function renderInvoicePdf(model: InvoiceModel, font: Uint8Array, t: TFunction): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(font, { subset: true });
  // the same model gives the same document: no "now" in the file
  const issued = new Date(`${model.issuedOn}T00:00:00+09:00`);
  doc.setTitle(`${t("invoices:pdf.invoiceTitle")} ${model.number}`);
  doc.setAuthor(model.issuer.name);
  doc.setSubject(t("invoices:pdf.period", { from: model.period.from, to: model.period.to }));
  doc.setCreator(model.issuer.name);
  doc.setProducer(model.issuer.name);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  doc.setLanguage("ja-JP");

  drawInvoicePage(new Writer(doc.addPage(A4), embedded), t, model);
  drawStatementPage(new Writer(doc.addPage(A4), embedded), t, model);
  return doc.save();
}
