import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { EARNING_KINDS, earningEntries, fanclubManagers, fanclubs } from "../../../db/schema";
import { isBillingMonth, type BillingMonth } from "../../domain/billing-month";
import { isMonthClosed, lastClosedMonth, type EarningKind } from "../../domain/earnings";
import { buildInvoice, invoiceRateTotals } from "../../domain/invoice";
import type { Env } from "../../env";
import { translatorFor } from "../../i18n";
import { invoiceFont } from "./font";
import { invoiceIssuerFrom } from "./issuer";
import { renderInvoicePdf } from "./pdf";

/**
 * The platform's monthly invoices to a fan club (docs/decisions/031): which months have one, and
 * the PDF of one month, from the earnings ledger's figures (docs/decisions/029).
 */

/** How far back the download list goes. */
const LISTED_MONTHS = 24;

interface InvoiceMonth {
  month: BillingMonth;
  /** the invoice's total, tax included, as the PDF states it */
  total: number;
}

const sales = inArray(earningEntries.type, ["sale", "refund"]);

/** Closed months whose fees are not zero, newest first: the months that have an invoice. */
export async function invoiceMonths(db: Db, fanclubId: number, now: number): Promise<InvoiceMonth[]> {
  const rows = await db
    .select({
      month: earningEntries.month,
      taxRateBp: earningEntries.taxRateBp,
      amount: sql<number>`coalesce(sum(${earningEntries.fee}), 0)`.mapWith(Number),
    })
    .from(earningEntries)
    .where(and(eq(earningEntries.fanclubId, fanclubId), lte(earningEntries.month, lastClosedMonth(now)), sales))
    .groupBy(earningEntries.month, earningEntries.taxRateBp)
    .orderBy(desc(earningEntries.month));
  const byMonth = new Map<string, { taxRateBp: number; amount: number }[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const months: InvoiceMonth[] = [];
  for (const [month, fees] of byMonth) {
    const { amount, tax } = invoiceRateTotals(fees);
    if (amount !== 0) months.push({ month, total: amount + tax });
    if (months.length === LISTED_MONTHS) break;
  }
  return months;
}

export type InvoicePdfResult =
  { ok: true; pdf: Uint8Array; fileName: string } | { ok: false; status: 400 | 404; error: "badMonth" | "notClosed" | "notFound" };

/** The month named by a download's file name, `yyyy-mm.pdf`; null for anything else. */
export function monthOfInvoiceFile(file: string): BillingMonth | null {
  const match = /^(\d{4}-\d{2})\.pdf$/.exec(file);
  return match && isBillingMonth(match[1]!) ? match[1]! : null;
}

/** One month's invoice and sales statement as a PDF, in Japanese (the language of the tax document). */
export async function monthlyInvoicePdf(
  env: Env,
  db: Db,
  fanclubId: number,
  month: BillingMonth | null,
  now: number,
): Promise<InvoicePdfResult> {
  if (!month) return { ok: false, status: 400, error: "badMonth" };
  if (!isMonthClosed(month, now)) return { ok: false, status: 404, error: "notClosed" };
  const [recipientRows, rows] = await db.batch([
    db
      .select({ name: fanclubs.name, creatorName: fanclubs.creatorName, invoiceNumber: fanclubs.invoiceNumber })
      .from(fanclubs)
      .where(eq(fanclubs.id, fanclubId)),
    db
      .select({
        kind: sql<EarningKind>`${earningEntries.kind}`,
        taxRateBp: earningEntries.taxRateBp,
        gross: sql<number>`coalesce(sum(${earningEntries.gross}), 0)`.mapWith(Number),
        fee: sql<number>`coalesce(sum(${earningEntries.fee}), 0)`.mapWith(Number),
        tax: sql<number>`coalesce(sum(${earningEntries.tax}), 0)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${earningEntries.net}), 0)`.mapWith(Number),
      })
      .from(earningEntries)
      .where(and(eq(earningEntries.fanclubId, fanclubId), eq(earningEntries.month, month), sales))
      .groupBy(earningEntries.kind, earningEntries.taxRateBp),
  ]);
  // the ledger's order of kinds (plans first), not the alphabet's
  rows.sort((a, b) => EARNING_KINDS.indexOf(a.kind) - EARNING_KINDS.indexOf(b.kind) || b.taxRateBp - a.taxRateBp);
  const recipient = recipientRows[0];
  if (!recipient || rows.every((r) => r.fee === 0)) return { ok: false, status: 404, error: "notFound" };
  const model = buildInvoice({
    month,
    issuer: invoiceIssuerFrom(env),
    recipient: {
      fanclubId,
      fanclubName: recipient.name,
      creatorName: recipient.creatorName || null,
      registrationNumber: recipient.invoiceNumber || null,
    },
    rows,
  });
  const pdf = await renderInvoicePdf(model, await invoiceFont(env.ASSETS), translatorFor("ja", "invoices"));
  return { ok: true, pdf, fileName: `${model.number}.pdf` };
}

/** Whether a label (bulk management account) oversees this fan club. */
export async function managesFanclub(db: Db, userId: number, fanclubId: number): Promise<boolean> {
  const row = await db
    .select({ userId: fanclubManagers.userId })
    .from(fanclubManagers)
    .where(and(eq(fanclubManagers.userId, userId), eq(fanclubManagers.fanclubId, fanclubId)))
    .get();
  return row !== undefined;
}
