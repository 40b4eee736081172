import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { salesCsv, salesMonth, salesPage } from "../../../server/services/earnings/sales";

/** GET /me/fanclub/sales/csv?month=yyyy-mm: the month's sales for Excel (UTF-8 with BOM), viewSales only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const now = Date.now();
  const month = salesMonth(new URL(request.url).searchParams.get("month"), now);
  const page = await salesPage(app.db, op.fanclubId, month, now);
  const t = translatorFor(app.locale, "sales");
  const body = salesCsv(page, {
    header: [t("month"), t("kindCol"), t("itemCol"), t("countCol"), t("gross"), t("fee"), t("tax"), t("net")],
    kind: (k) => t(`kind.${k}`),
    untitled: t("untitled"),
    fanclubTip: t("subject.fanclub"),
    total: t("total"),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sales-${op.fanclubId}-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
