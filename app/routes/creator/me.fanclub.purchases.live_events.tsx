import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listTicketSales } from "../../../server/services/live-events";
import { formatJstDateTime } from "../../../server/domain/jst-time";

export const handle = { i18n: ["common", "lives"], breadcrumb: () => ({ label: "lives:sales.title" }) };
export const clientLoader = withNamespaces(["lives"]);

function positive(value: string | null, fallback: number | null): number | null {
  const n = Number(value ?? "");
  return value && Number.isSafeInteger(n) && n >= 1 && n <= 1e12 ? n : fallback;
}

/** /me/fanclub/purchases/live_events: live tickets the fan club sold, newest first (`?event=` narrows to one event, `?page=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const url = new URL(request.url);
  const page = Math.min(positive(url.searchParams.get("page"), 1) ?? 1, 10_000);
  const eventId = positive(url.searchParams.get("event"), null);
  const list = await listTicketSales(app.db, op.fanclubId, page, eventId);
  return { title: translatorFor(app.locale, "lives")("sales.title"), page, eventId, ...list };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LiveTicketSales() {
  const { t } = useTranslation("lives");
  const { sales, page, hasNext, eventId } = useLoaderData<typeof loader>();
  const href = (n: number) => `/me/fanclub/purchases/live_events?page=${n}${eventId ? `&event=${eventId}` : ""}`;
  return (
    <section className="page" aria-labelledby="live-sales-title">
      <h2 id="live-sales-title">{t("sales.title")}</h2>
      {sales.length === 0 ? (
        <p className="empty-state">{t("sales.empty")}</p>
      ) : (
        <table className="table stack-table">
          <thead>
            <tr>
              <th scope="col">{t("sales.soldAt")}</th>
              <th scope="col">{t("sales.event")}</th>
              <th scope="col">{t("sales.ticket")}</th>
              <th scope="col">{t("sales.buyer")}</th>
              <th scope="col">{t("sales.price")}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.id} data-sale={s.eventTitle}>
                <td data-label={t("sales.soldAt")}>{formatJstDateTime(s.soldAt)}</td>
                <td data-label={t("sales.event")}>
                  <a href={`/me/fanclub/live_events/${s.eventId}`}>{s.eventTitle}</a>
                </td>
                <td data-label={t("sales.ticket")}>{s.ticketTitle}</td>
                <td data-label={t("sales.buyer")}>{s.buyerName}</td>
                <td data-label={t("sales.price")}>{s.price === 0 ? t("sales.free") : formatYen(s.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager">
          {page > 1 ? <Link to={href(page - 1)}>{t("public.previousPage")}</Link> : <span />}
          {hasNext ? <Link to={href(page + 1)}>{t("public.nextPage")}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
