import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoiceDownload } from "../../../server/http/invoice-download";
import { requireCreator } from "../../../server/http/require-creator";

/** /me/fanclub/sales/invoices/{yyyy-mm}.pdf: the month's qualified invoice and sales statement of the fan club the person runs. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const op = requireCreator(context.app, request, "viewSales");
  return invoiceDownload(context.app, op.fanclubId, params.file);
}
