import type { AppContext } from "../context";
import { translatorFor } from "../i18n";
import { monthOfInvoiceFile, monthlyInvoicePdf } from "../services/invoices/monthly";

/**
 * The response of an invoice download (`…/invoices/{yyyy-mm}.pdf`) once the caller's right to the
 * fan club is settled: the PDF as an attachment, or the reason there is none in the reader's
 * language with its 4xx.
 */
export async function invoiceDownload(app: AppContext, fanclubId: number, file: string | undefined): Promise<Response> {
  const result = await monthlyInvoicePdf(app.env, app.db, fanclubId, monthOfInvoiceFile(file ?? ""), Date.now());
  if (!result.ok) {
    return new Response(translatorFor(app.locale, "invoices")(`errors.${result.error}`), {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  // pdf-lib writes into a fresh ArrayBuffer; its type only says "ArrayBufferLike"
  return new Response(result.pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      // money figures of one fan club: never in a shared cache
      "Cache-Control": "private, no-store",
    },
  });
}
