import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import tipsStyles from "~/styles/tips.css?url";
import { formatYen } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { receivedTips } from "../../../server/services/tips";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "tips"],
  breadcrumb: () => ({ label: "tips:creator.tipsTitle" }),
};
export const clientLoader = withNamespaces(["tips"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tipsStyles }];

function beforeParam(url: URL): number | null {
  return parseHistoryCursor(url.searchParams.get("before"));
}

/**
 * /me/fanclub/tips: every tip the fan club received, newest first (date, fan, the post or the fan
 * club itself, amount, message), with the totals. Tips are sales: owners only (viewSales).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const result = await receivedTips(app.db, op.fanclubId, beforeParam(new URL(request.url)));
  return { title: translatorFor(app.locale, "tips")("creator.tipsTitle"), fanclubId: op.fanclubId, fanclubName: op.name, ...result };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function ReceivedTips() {
  const { t, locale } = useTranslation("tips");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page tips-page">
      <h1>{t("creator.tipsTitle")}</h1>
      <p className="muted">{t("creator.tipsLead", { fanclub: d.fanclubName })}</p>
      <p>
        <Link to="/me/fanclub/tippings">{t("creator.perPost")}</Link>
      </p>
      <p className="tips-totals" data-testid="tips-totals">
        <strong>{t("creator.totals", { total: formatYen(d.total), count: d.count })}</strong>
        <span>{t("creator.postTotal", { total: formatYen(d.postTotal) })}</span>
        <span>{t("creator.fanclubTotal", { total: formatYen(d.fanclubTotal) })}</span>
      </p>
      {d.rows.length === 0 ? (
        <p className="empty-state">{t("creator.empty")}</p>
      ) : (
        <div className="tips-table-wrap">
          <table className="data-table tips-table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("creator.date")}</th>
                <th scope="col">{t("creator.fan")}</th>
                <th scope="col">{t("creator.target")}</th>
                <th scope="col">{t("creator.amount")}</th>
                <th scope="col">{t("creator.message")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} data-tip-id={r.id}>
                  <td data-label={t("creator.date")}>{formatLocalDate(locale, r.createdAt, true)}</td>
                  <td data-label={t("creator.fan")}>{r.userName}</td>
                  <td data-label={t("creator.target")}>
                    {r.postId === null ? (
                      t("creator.fanclubTip")
                    ) : (
                      <Link to={`/fanclubs/${d.fanclubId}/posts/${r.postId}`}>{r.postTitle || t("creator.deletedPost")}</Link>
                    )}
                  </td>
                  <td data-label={t("creator.amount")}>{formatYen(r.amount)}</td>
                  <td data-label={t("creator.message")} className="tip-message">
                    {r.message ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.nextBefore ? (
        <p>
          <Link to={`?before=${d.nextBefore}`}>{t("creator.more")}</Link>
        </p>
      ) : null}
    </div>
  );
}
