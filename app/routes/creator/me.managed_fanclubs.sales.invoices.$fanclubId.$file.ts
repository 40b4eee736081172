import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoiceDownload } from "../../../server/http/invoice-download";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { managesFanclub } from "../../../server/services/invoices/monthly";

/**
 * /me/managed_fanclubs/sales/invoices/{fanclubId}/{yyyy-mm}.pdf: a label's copy of a managed fan
 * club's invoice. A fan club the label does not manage is answered like one that does not exist.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const fanclubId = Number(params.fanclubId);
  if (!Number.isSafeInteger(fanclubId) || fanclubId <= 0 || !(await managesFanclub(app.db, user.id, fanclubId)))
    throw new Response(translatorFor(app.locale, "invoices")("errors.notFound"), { status: 404 });
  return invoiceDownload(app, fanclubId, params.file);
}
