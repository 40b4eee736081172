import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FigureCells, FigureHeads, SalesMonthPicker, SalesMonthsTable, useSalesChartLabels } from "~/components/sales/sales-figures";
import { SalesChart } from "~/components/sales/sales-chart";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import salesStyles from "~/styles/sales.css?url";
import { DEFAULT_CLOSING_RULE } from "../../../server/domain/earnings";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { formatNumber } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { salesMonth, salesPage } from "../../../server/services/earnings/sales";

export const handle = {
  i18n: ["common", "sales"],
  breadcrumb: () => ({ label: "sales:title" }),
};
export const clientLoader = withNamespaces(["sales"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: salesStyles }];

/**
 * /me/fanclub/sales (permission viewSales): one month's sales by kind and by plan, product or
 * event (gross, fee, tax on the fee, net), the last 12 months as a chart, the CSV of the month.
 * The figures come from the earnings ledger in one D1 round trip (decision 029).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const now = Date.now();
  const month = salesMonth(new URL(request.url).searchParams.get("month"), now);
  const page = await salesPage(app.db, op.fanclubId, month, now);
  return {
    title: translatorFor(app.locale, "sales")("title"),
    fanclubName: op.name,
    closingDay: DEFAULT_CLOSING_RULE.closingDay,
    ...page,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Sales() {
  const { t, locale } = useTranslation("sales");
  const d = useLoaderData<typeof loader>();
  const chartLabels = useSalesChartLabels();
  return (
    <div className="page sales-page">
      <h1>{t("title")}</h1>
      <p className="muted">{t("lead", { fanclub: d.fanclubName })}</p>
      <p className="muted">{t("closing", { day: d.closingDay })}</p>
      <SalesMonthPicker month={d.month} months={d.months} />
      <h2 data-testid="sales-month">{formatLocalMonth(locale, d.month)}</h2>
      <p className="sales-actions">
        <a className="button" href={`/me/fanclub/sales/csv?month=${d.month}`} download>
          {t("csv")}
        </a>
        {/* the qualified invoices of closed months, each a PDF (docs/decisions/031) */}
        <a className="button" href="/me/fanclub/sales/invoices">
          {t("invoices")}
        </a>
      </p>
      <table className="data-table sales-table" data-testid="sales-total">
        <thead>
          <tr>
            <th scope="col">{t("kindCol")}</th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody>
          {d.byKind.map((k) => (
            <tr key={k.kind} data-kind={k.kind}>
              <th scope="row">{t(`kind.${k.kind}`)}</th>
              <FigureCells figures={k} />
            </tr>
          ))}
          <tr className="sales-total-row">
            <th scope="row">{t("total")}</th>
            <FigureCells figures={d.total} />
          </tr>
        </tbody>
      </table>
      <h3>{t("byItem")}</h3>
      {d.items.length === 0 ? (
        <p className="empty-state">{t("empty")}</p>
      ) : (
        <table className="data-table sales-table" data-testid="sales-items">
          <thead>
            <tr>
              <th scope="col">{t("kindCol")}</th>
              <th scope="col">{t("itemCol")}</th>
              <th scope="col">{t("countCol")}</th>
              <FigureHeads />
            </tr>
          </thead>
          <tbody>
            {d.items.map((i) => (
              <tr key={`${i.kind}:${i.subjectType}:${i.subjectId}`}>
                <td>{t(`kind.${i.kind}`)}</td>
                <td>{i.subjectType === "fanclub" ? t("subject.fanclub") : (i.title ?? t("untitled"))}</td>
                <td className="num">{formatNumber(i.count)}</td>
                <FigureCells figures={i} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t("chartTitle")}</h2>
      <SalesChart points={d.months} labels={chartLabels} />
      <SalesMonthsTable months={d.months} />
    </div>
  );
}
