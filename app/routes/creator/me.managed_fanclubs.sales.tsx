import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { ManagedTabs } from "~/components/payouts/managed-tabs";
import { SalesChart } from "~/components/sales/sales-chart";
import { FigureCells, FigureHeads, SalesMonthPicker, SalesMonthsTable, useSalesChartLabels } from "~/components/sales/sales-figures";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import salesStyles from "~/styles/sales.css?url";
import { mediaUrl } from "../../../server/domain/images";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { requireLabel } from "../../../server/http/managed-pages";
import { translatorFor } from "../../../server/i18n";
import { managedSalesPage, salesMonth } from "../../../server/services/earnings/sales";

export const handle = { i18n: ["common", "creator", "sales"], breadcrumb: () => ({ label: "sidebar.managedFanclubs" }) };
export const clientLoader = withNamespaces(["creator", "sales"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: salesStyles }];

/**
 * /me/managed_fanclubs/sales: for a label, each managed fan club's sales of a month and the
 * totals, the last 12 months of all of them as the same chart and month picker as the creator's
 * sales page (decision 029), and the managed fan clubs.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireLabel(app);
  const now = Date.now();
  const month = salesMonth(new URL(request.url).searchParams.get("month"), now);
  const { fanclubList, ...page } = await managedSalesPage(app.db, user.id, month, now);
  return {
    title: translatorFor(app.locale, "creator")("managed.sales"),
    ...page,
    fanclubList: fanclubList.map((r) => ({
      ...r,
      iconUrl: mediaUrl(r.iconKey),
      origin: app.services.find((s) => s.id === r.serviceId)?.frontUrl ?? "",
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ManagedSales() {
  const { t, locale } = useTranslation("creator");
  const { t: ts } = useTranslation("sales");
  const d = useLoaderData<typeof loader>();
  const chartLabels = useSalesChartLabels();
  return (
    <div className="page sales-page">
      <h1>{t("managed.sales")}</h1>
      <ManagedTabs current="sales" />
      <SalesMonthPicker month={d.month} months={d.months} />
      <h2 data-testid="sales-month">{formatLocalMonth(locale, d.month)}</h2>
      <p className="muted">{ts("managedLead", { month: formatLocalMonth(locale, d.month) })}</p>
      <table className="data-table sales-table" data-testid="managed-sales">
        <thead>
          <tr>
            <th scope="col">{ts("fanclubCol")}</th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody>
          {[...d.fanclubs, { fanclubId: 0, name: ts("total"), ...d.total }].map((r) => (
            <tr key={r.fanclubId} data-fanclub-id={r.fanclubId}>
              <th scope="row">{r.name}</th>
              <FigureCells figures={r} />
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{ts("chartTitle")}</h2>
      <SalesChart points={d.months} labels={chartLabels} />
      <SalesMonthsTable months={d.months} />
      <h2>{t("managed.fanclubs", { count: d.fanclubList.length })}</h2>
      <ul className="fanclub-list">
        {d.fanclubList.map((f) => (
          <FanclubCard key={f.id} fanclub={f} origin={f.origin} />
        ))}
      </ul>
    </div>
  );
}
