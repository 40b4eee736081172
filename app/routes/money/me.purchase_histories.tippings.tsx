import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import tipsStyles from "~/styles/tips.css?url";
import { PaymentSplit } from "~/components/payments/payment-split";
import { formatYen } from "../../../server/domain/number-display";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { sentTips } from "../../../server/services/tips";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "tips"],
  breadcrumb: () => ({ label: "tips:history.title" }),
};
export const clientLoader = withNamespaces(["tips"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tipsStyles }];

/**
 * /me/purchase_histories/tippings (user domain), a tab of the purchase histories: the tips this
 * fan sent, newest first, with how each was paid. Posts and fan clubs live on their brand's host, so links are absolute.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const before = parseHistoryCursor(new URL(request.url).searchParams.get("before"));
  const result = await sentTips(app.db, user.id, before);
  const front = new Map(app.services.map((s) => [s.id, s.frontUrl]));
  return {
    title: translatorFor(app.locale, "tips")("history.title"),
    nextBefore: result.nextBefore,
    rows: result.rows.map((r) => {
      const club = `${front.get(r.fanclubServiceId) ?? ""}/fanclubs/${r.fanclubId}`;
      return { ...r, fanclubHref: club, postHref: r.postId !== null && !r.postDeleted ? `${club}/posts/${r.postId}` : null };
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function TipHistory() {
  const { t, locale } = useTranslation("tips");
  const d = useLoaderData<typeof loader>();
  return (
    // the purchase histories layout (me.purchase_histories.tsx) gives the heading and the tabs
    <section className="tips-history" aria-label={t("history.title")}>
      {d.rows.length === 0 ? (
        <p className="empty-state">{t("history.empty")}</p>
      ) : (
        <div className="tips-table-wrap">
          <table className="data-table tips-table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("history.date")}</th>
                <th scope="col">{t("history.fanclub")}</th>
                <th scope="col">{t("history.target")}</th>
                <th scope="col">{t("history.amount")}</th>
                <th scope="col">{t("history.message")}</th>
                <th scope="col">{t("history.payment")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} data-tip-id={r.id}>
                  <td data-label={t("history.date")}>{formatLocalDate(locale, r.createdAt, true)}</td>
                  <td data-label={t("history.fanclub")}>
                    <a href={r.fanclubHref}>{r.fanclubName}</a>
                  </td>
                  <td data-label={t("history.target")}>
                    {r.postId === null ? (
                      t("history.fanclubTip")
                    ) : r.postHref ? (
                      <a href={r.postHref}>{r.postTitle}</a>
                    ) : (
                      t("history.deletedPost")
                    )}
                  </td>
                  <td data-label={t("history.amount")}>{formatYen(r.amount)}</td>
                  <td data-label={t("history.message")} className="tip-message">
                    {r.message ?? ""}
                  </td>
                  <td data-label={t("history.payment")}>
                    <PaymentSplit coins={r.coinAmount} card={r.cardAmount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.nextBefore ? (
        <p>
          <Link to={`?before=${d.nextBefore}`}>{t("history.more")}</Link>
        </p>
      ) : null}
    </section>
  );
}
