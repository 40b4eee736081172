/**
 * The platform's monthly qualified invoice (適格請求書) to a creator for its fees, and the sales
 * statement that goes with it, built from the month's ledger figures. Pure: the service reads the
 * figures and the renderer draws the model; neither computes an amount.
 *
 * What the law asks of a qualified invoice, and where it is here: the issuer's name and
 * registration number (`issuer`), the period of the transactions (`period`), what was sold
 * (`items`: the platform fee of each kind of sale), the total per tax rate with the rate
 * (`byRate[].amount`), the tax per rate (`byRate[].tax`, rounded once per rate: `invoiceTaxForRate`)
 * and the recipient's name (`recipient`).
 *
 * Rates are the ones the ledger stored on each entry, taken from its dated rates when the sale
 * happened (server/domain/earnings.ts), so an invoice of a past month keeps the rates of that month.
 */

import { monthEndMs, monthStartMs, type BillingMonth } from "./billing-month";
import { DEFAULT_CLOSING_RULE, monthClosesAt, type ClosingRule, type EarningKind } from "./earnings";
import { formatJstDate } from "./jst-time";

const BP = 10_000;

/**
 * The tax on one rate's total on a qualified invoice. The law asks for one rounding per rate per
 * invoice (not per line); the platform rounds down (切り捨て), toward zero for a negative total
 * (a month whose refunds exceed its fees), so a refund and its sale round alike.
 */
export function invoiceTaxForRate(totalExcludingTax: number, rateBp: number): number {
  if (!Number.isSafeInteger(totalExcludingTax)) throw new RangeError(`yen must be an integer, got ${totalExcludingTax}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BP) throw new RangeError(`not a tax rate: ${rateBp} bp`);
  const magnitude = Math.floor((Math.abs(totalExcludingTax) * rateBp) / BP);
  return totalExcludingTax < 0 ? -magnitude : magnitude;
}

/** One kind of sale in one month at one tax rate, as the earnings ledger sums it. */
export interface InvoiceFigureRow {
  kind: EarningKind;
  /** the consumption tax rate the ledger applied to this fee, basis points (1000 = 10 %) */
  taxRateBp: number;
  /** what fans paid, less refunds */
  gross: number;
  /** the platform's fee, tax excluded */
  fee: number;
  /** consumption tax on the fee, as the ledger deducted it */
  tax: number;
  /** the creator's earning: gross − fee − tax */
  net: number;
}

export interface InvoiceIssuer {
  name: string;
  /** "T" + 13 digits */
  registrationNumber: string;
  address: string | null;
}

interface InvoiceRecipient {
  fanclubId: number;
  fanclubName: string;
  creatorName: string | null;
  /** the creator's own issuer number (/me/fanclub/invoice_number), when they have one */
  registrationNumber: string | null;
}

export interface InvoiceInput {
  month: BillingMonth;
  issuer: InvoiceIssuer;
  recipient: InvoiceRecipient;
  rows: readonly InvoiceFigureRow[];
}

interface InvoiceItem {
  kind: EarningKind;
  taxRateBp: number;
  /** the fee, tax excluded */
  amount: number;
}

export interface InvoiceRateTotal {
  taxRateBp: number;
  /** the rate's fees, tax excluded */
  amount: number;
  /** the rate's tax, one rounding for the whole invoice */
  tax: number;
}

interface StatementRow {
  kind: EarningKind;
  gross: number;
  fee: number;
  tax: number;
  net: number;
}

export interface InvoiceModel {
  /** unique per fan club and month, the same every time the month's invoice is drawn */
  number: string;
  /** `yyyy-mm-dd`: the day the month closes (the ledger's closing rule), when its figures are final */
  issuedOn: string;
  period: { month: BillingMonth; from: string; to: string };
  issuer: InvoiceIssuer;
  recipient: InvoiceRecipient;
  items: InvoiceItem[];
  /** highest rate first */
  byRate: InvoiceRateTotal[];
  totals: { amount: number; tax: number; total: number };
  statement: {
    rows: StatementRow[];
    totals: Omit<StatementRow, "kind">;
    /**
     * The ledger taxes each sale's fee as it happens; the invoice taxes each rate's total once.
     * The two can differ by a few yen; this is ledger − invoice, shown so the statement adds up.
     */
    taxRoundingDifference: number;
  };
}

/** `INV-yyyymm-{fan club id, 6 digits}`: deterministic, so no table of issued numbers is needed. */
export function invoiceNumber(fanclubId: number, month: BillingMonth): string {
  if (!Number.isInteger(fanclubId) || fanclubId <= 0) throw new RangeError(`not a fan club id: ${fanclubId}`);
  return `INV-${month.replace("-", "")}-${String(fanclubId).padStart(6, "0")}`;
}

function assertYen(value: number, what: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${what} must be integer yen, got ${value}`);
}

/**
 * The invoice's totals from its fees: per rate the fees' sum and its tax (one rounding per rate),
 * highest rate first, and the sums over rates. The download list shows the same total as the PDF.
 */
export function invoiceRateTotals(fees: readonly { taxRateBp: number; amount: number }[]): {
  byRate: InvoiceRateTotal[];
  amount: number;
  tax: number;
} {
  const rateMap = new Map<number, number>();
  for (const fee of fees) rateMap.set(fee.taxRateBp, (rateMap.get(fee.taxRateBp) ?? 0) + fee.amount);
  const byRate = [...rateMap.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort((a, b) => b[0] - a[0])
    .map(([taxRateBp, amount]) => ({ taxRateBp, amount, tax: invoiceTaxForRate(amount, taxRateBp) }));
  return { byRate, amount: byRate.reduce((s, r) => s + r.amount, 0), tax: byRate.reduce((s, r) => s + r.tax, 0) };
}

export function buildInvoice(input: InvoiceInput, rule: ClosingRule = DEFAULT_CLOSING_RULE): InvoiceModel {
  const { month } = input;
  for (const row of input.rows) {
    assertYen(row.gross, "gross");
    assertYen(row.fee, "fee");
    assertYen(row.tax, "tax");
    assertYen(row.net, "net");
  }

  // Items: one line per kind and rate, in the order the ledger lists kinds.
  const itemMap = new Map<string, InvoiceItem>();
  for (const row of input.rows) {
    const key = `${row.kind}:${row.taxRateBp}`;
    const item = itemMap.get(key) ?? { kind: row.kind, taxRateBp: row.taxRateBp, amount: 0 };
    item.amount += row.fee;
    itemMap.set(key, item);
  }
  const items = [...itemMap.values()].filter((i) => i.amount !== 0);

  const { byRate, amount, tax } = invoiceRateTotals(items);

  const statementMap = new Map<string, StatementRow>();
  for (const row of input.rows) {
    const s = statementMap.get(row.kind) ?? { kind: row.kind, gross: 0, fee: 0, tax: 0, net: 0 };
    s.gross += row.gross;
    s.fee += row.fee;
    s.tax += row.tax;
    s.net += row.net;
    statementMap.set(row.kind, s);
  }
  const statementRows = [...statementMap.values()];
  const statementTotals = statementRows.reduce(
    (t, r) => ({ gross: t.gross + r.gross, fee: t.fee + r.fee, tax: t.tax + r.tax, net: t.net + r.net }),
    {
      gross: 0,
      fee: 0,
      tax: 0,
      net: 0,
    },
  );

  return {
    number: invoiceNumber(input.recipient.fanclubId, month),
    issuedOn: formatJstDate(monthClosesAt(month, rule)),
    period: { month, from: formatJstDate(monthStartMs(month)), to: formatJstDate(monthEndMs(month) - 1) },
    issuer: input.issuer,
    recipient: input.recipient,
    items,
    byRate,
    totals: { amount, tax, total: amount + tax },
    statement: { rows: statementRows, totals: statementTotals, taxRoundingDifference: statementTotals.tax - tax },
  };
}
