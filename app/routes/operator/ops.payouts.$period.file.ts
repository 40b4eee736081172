import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isBillingMonth } from "../../../server/domain/billing-month";
import { requireOperator } from "../../../server/http/require-operator";
import { periodFile } from "../../../server/services/payouts/operations";

/**
 * /ops/payouts/{yyyy-mm}/file: the closed period's bank transfer file (Zengin, Shift_JIS) for
 * the bank's portal. Operators only; a period not closed or with nothing left to send is a 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const period = params.period ?? "";
  if (!isBillingMonth(period)) throw new Response(null, { status: 404 });
  const result = await periodFile(app.db, app.env, period);
  if (!result.ok) throw new Response(app.t("api.notFound"), { status: 404 });
  return new Response(result.file.body, {
    headers: {
      "content-type": result.file.contentType,
      "content-disposition": `attachment; filename="${result.file.filename}"`,
      "cache-control": "private, no-store",
      "x-transfer-count": String(result.count),
    },
  });
}
