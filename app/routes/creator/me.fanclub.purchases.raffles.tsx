import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { creatorRaffleSales, RAFFLE_PAGE_SIZE } from "../../../server/services/raffles";
import { formatJstDateTime } from "../../../server/domain/jst-time";

export const handle = { i18n: ["common", "creator", "raffles"], breadcrumb: () => ({ label: "raffles:sales.title" }) };
export const clientLoader = withNamespaces(["creator", "raffles"]);

function pageOf(value: string | null): number {
  const n = Number(value ?? "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** /me/fanclub/purchases/raffles: paid raffle entries of the fan club (viewSales), newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  const sales = await creatorRaffleSales(app.db, op.fanclubId, page);
  return {
    title: translatorFor(app.locale, "raffles")("sales.title"),
    page,
    rows: sales.rows,
    total: sales.total,
    salesTotal: sales.salesTotal,
    hasNext: page * RAFFLE_PAGE_SIZE < sales.total,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function RaffleSales() {
  const { t } = useTranslation("raffles");
  const { page, rows, total, salesTotal, hasNext } = useLoaderData<typeof loader>();
  return (
    <section className="raffle-sales" aria-labelledby="raffle-sales-heading">
      <h2 id="raffle-sales-heading">{t("sales.title")}</h2>
      {rows.length === 0 ? (
        <p className="empty-state">{t("sales.empty")}</p>
      ) : (
        <>
          <p>{t("sales.total", { amount: formatYen(salesTotal), count: total })}</p>
          <table className="table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("sales.paidAt")}</th>
                <th scope="col">{t("sales.raffle")}</th>
                <th scope="col">{t("sales.fan")}</th>
                <th scope="col">{t("sales.entries")}</th>
                <th scope="col">{t("sales.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.purchaseItemId} data-raffle={r.title}>
                  <td data-label={t("sales.paidAt")} className="small">
                    {formatJstDateTime(r.paidAt)}
                  </td>
                  <td data-label={t("sales.raffle")}>
                    <a href={`/me/fanclub/raffles/${r.raffleId}/edit`}>{r.title}</a>
                  </td>
                  <td data-label={t("sales.fan")}>{r.fanName}</td>
                  <td data-label={t("sales.entries")}>{r.count}</td>
                  <td data-label={t("sales.amount")}>{r.price === 0 ? t("public.free") : formatYen(r.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label={t("sales.title")}>
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t("pager.previous")}</Link> : <span />}
          <span className="muted small">{t("pager.page", { page })}</span>
          {hasNext ? <Link to={`?page=${page + 1}`}>{t("pager.next")}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
