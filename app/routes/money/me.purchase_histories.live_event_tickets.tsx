import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { PaymentSplit } from "~/components/payments/payment-split";
import { formatYen } from "../../../server/domain/number-display";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listFanTickets } from "../../../server/services/live-events";
import { formatJstDateTime } from "../../../server/domain/jst-time";

export const handle = { i18n: ["common", "lives"], breadcrumb: () => ({ label: "lives:history.title" }) };
export const clientLoader = withNamespaces(["lives"]);

/** /me/purchase_histories/live_event_tickets: the fan's live tickets, newest first (`?page=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const n = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  const list = await listFanTickets(app.db, user.id, page);
  return { title: translatorFor(app.locale, "lives")("history.title"), page, ...list };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LiveTicketHistory() {
  const { t } = useTranslation("lives");
  const { tickets, page, hasNext } = useLoaderData<typeof loader>();
  return (
    <section className="page" aria-labelledby="live-tickets-title">
      <h2 id="live-tickets-title">{t("history.title")}</h2>
      {tickets.length === 0 ? (
        <p className="empty-state">{t("history.empty")}</p>
      ) : (
        <table className="table stack-table">
          <thead>
            <tr>
              <th scope="col">{t("history.boughtAt")}</th>
              <th scope="col">{t("history.event")}</th>
              <th scope="col">{t("history.ticket")}</th>
              <th scope="col">{t("history.schedule")}</th>
              <th scope="col">{t("history.price")}</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((tk) => (
              <tr key={tk.id} data-ticket={tk.eventTitle}>
                <td data-label={t("history.boughtAt")}>{formatJstDateTime(tk.boughtAt)}</td>
                <td data-label={t("history.event")}>
                  <a href={`/fanclubs/${tk.fanclubId}/lives/${tk.eventId}`}>{tk.eventTitle}</a>
                  <div className="muted small">{tk.fanclubName}</div>
                </td>
                <td data-label={t("history.ticket")}>{tk.ticketTitle}</td>
                <td data-label={t("history.schedule")}>
                  {t("public.schedule", { start: formatJstDateTime(tk.startAt), end: formatJstDateTime(tk.endAt) })}
                </td>
                <td data-label={t("history.price")}>
                  {tk.price === 0 ? t("history.free") : formatYen(tk.price)}
                  {tk.price > 0 ? (
                    <div className="muted small">
                      <PaymentSplit coins={tk.coinAmount} card={tk.cardAmount} />
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager">
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t("public.previousPage")}</Link> : <span />}
          {hasNext ? <Link to={`?page=${page + 1}`}>{t("public.nextPage")}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
