import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import tipsStyles from "~/styles/tips.css?url";
import { formatYen } from "../../../server/domain/number-display";
import { tipTotals } from "../../../server/domain/tips";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { tippingTotals } from "../../../server/services/tips";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "tips"],
  breadcrumb: () => ({ label: "tips:creator.tippingsTitle" }),
};
export const clientLoader = withNamespaces(["tips"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tipsStyles }];

/** /me/fanclub/tippings: tips per post (count, total, latest), and one line for tips to the fan club itself. Owners only (viewSales). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const rows = await tippingTotals(app.db, op.fanclubId);
  const totals = { count: rows.reduce((n, r) => n + r.count, 0), total: tipTotals(rows.map((r) => ({ amount: r.total }))).total };
  return { title: translatorFor(app.locale, "tips")("creator.tippingsTitle"), fanclubId: op.fanclubId, rows, totals };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function TippingTotals() {
  const { t, locale } = useTranslation("tips");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page tips-page">
      <h1>{t("creator.tippingsTitle")}</h1>
      <p className="muted">{t("creator.tippingsLead")}</p>
      <p>
        <Link to="/me/fanclub/tips">{t("creator.allTips")}</Link>
      </p>
      <p className="tips-totals">
        <strong>{t("creator.totals", { total: formatYen(d.totals.total), count: d.totals.count })}</strong>
      </p>
      {d.rows.length === 0 ? (
        <p className="empty-state">{t("creator.empty")}</p>
      ) : (
        <div className="tips-table-wrap">
          <table className="data-table tips-table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("creator.target")}</th>
                <th scope="col">{t("creator.count")}</th>
                <th scope="col">{t("creator.total")}</th>
                <th scope="col">{t("creator.lastAt")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.postId ?? "fanclub"}>
                  <td data-label={t("creator.target")}>
                    {r.postId === null ? (
                      t("creator.fanclubTip")
                    ) : (
                      <Link to={`/fanclubs/${d.fanclubId}/posts/${r.postId}/post_tippings`}>{r.postTitle || t("creator.deletedPost")}</Link>
                    )}
                  </td>
                  <td data-label={t("creator.count")}>{r.count}</td>
                  <td data-label={t("creator.total")}>{formatYen(r.total)}</td>
                  <td data-label={t("creator.lastAt")}>{formatLocalDate(locale, r.lastAt, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
