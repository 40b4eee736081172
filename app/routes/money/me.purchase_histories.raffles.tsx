import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { PaymentSplit } from "~/components/payments/payment-split";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { fanRaffleHistory, RAFFLE_PAGE_SIZE } from "../../../server/services/raffles";
import { formatJstDateTime } from "../../../server/domain/jst-time";

export const handle = { i18n: ["common", "raffles"], breadcrumb: () => ({ label: "raffles:history.title" }) };
export const clientLoader = withNamespaces(["raffles"]);

function pageOf(value: string | null): number {
  const n = Number(value ?? "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** /me/purchase_histories/raffles: the fan's raffle entries (raffle, entries, paid, result), newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  const history = await fanRaffleHistory(app.db, user.id, page);
  return {
    title: translatorFor(app.locale, "raffles")("history.title"),
    page,
    rows: history.rows,
    hasNext: page * RAFFLE_PAGE_SIZE < history.total,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function RaffleHistory() {
  const { t } = useTranslation("raffles");
  const { page, rows, hasNext } = useLoaderData<typeof loader>();
  return (
    <section className="raffle-history" aria-labelledby="raffle-history-heading">
      <h2 id="raffle-history-heading">{t("history.title")}</h2>
      {rows.length === 0 ? (
        <p className="empty-state">{t("history.empty")}</p>
      ) : (
        <table className="table stack-table">
          <thead>
            <tr>
              <th scope="col">{t("history.raffle")}</th>
              <th scope="col">{t("history.entries")}</th>
              <th scope="col">{t("history.paid")}</th>
              <th scope="col">{t("history.result")}</th>
              <th scope="col">{t("history.enteredAt")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.entryId} data-raffle={r.title}>
                <td data-label={t("history.raffle")}>
                  <a href={`/fanclubs/${r.fanclubId}/raffles/${r.raffleId}`}>{r.title}</a>
                  <div className="muted small">{r.fanclubName}</div>
                </td>
                <td data-label={t("history.entries")}>{r.count}</td>
                <td data-label={t("history.paid")}>
                  {r.paid === 0 ? t("public.free") : formatYen(r.paid)}
                  {r.paid > 0 ? (
                    <div className="muted small">
                      <PaymentSplit coins={r.coinAmount} card={r.cardAmount} />
                    </div>
                  ) : null}
                </td>
                <td data-label={t("history.result")}>
                  <span className={r.result === "won" ? "badge" : "badge badge-muted"}>{t(`history.results.${r.result}`)}</span>
                </td>
                <td data-label={t("history.enteredAt")} className="small">
                  {formatJstDateTime(r.enteredAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label={t("history.title")}>
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t("pager.previous")}</Link> : <span />}
          <span className="muted small">{t("pager.page", { page })}</span>
          {hasNext ? <Link to={`?page=${page + 1}`}>{t("pager.next")}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
