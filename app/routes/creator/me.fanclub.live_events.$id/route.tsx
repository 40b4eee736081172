import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";

import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen, formatNumber } from "../../../../server/domain/number-display";
import { idParam } from "../../../../server/http/params";
import { requireCreator } from "../../../../server/http/require-creator";
import { getCreatorLiveEvent, listTicketSales } from "../../../../server/services/live-events";
import { formatJstDateTime } from "../../../../server/domain/jst-time";
import { roomOpen } from "../../../../server/domain/live-room";
import { liveStatusKey, timingWithRoom } from "../../../../server/domain/live-events";
import liveStyles from "~/styles/lives.css?url";
import type { LinksFunction } from "@remix-run/cloudflare";

// camera, WebRTC and the chat load only here, after the page, in their own chunk
const StreamerView = lazy(() => import("./streamer-view"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveStyles }];

export const handle = { i18n: ["common", "lives"], breadcrumb: () => ({ label: "lives:creator.detail" }) };
export const clientLoader = withNamespaces(["lives"]);

/**
 * /me/fanclub/live_events/{id}: the event as the creator manages it, with the ticket sales summary
 * per type and the latest buyers, and for the event's owner the streamer view (spec §2 route
 * me-fanclub-live_events-id): only the owner publishes (spec §4); editors see who streams.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  const id = idParam(params.id);
  const [stored, sales] = await Promise.all([
    getCreatorLiveEvent(app.db, op.fanclubId, id, Date.now()),
    listTicketSales(app.db, op.fanclubId, 1, id),
  ]);
  if (!stored) throw new Response(null, { status: 404 });
  const now = Date.now();
  return {
    title: stored.event.title,
    event: stored.event,
    ticketTypes: stored.ticketTypes,
    sales: sales.sales,
    moreSales: sales.hasNext,
    fanclubId: op.fanclubId,
    isOwner: stored.event.ownerId === app.user?.id,
    roomOpen: roomOpen({ status: stored.event.status, endAt: stored.event.endAt }, now),
    publicUrl: `/fanclubs/${op.fanclubId}/lives/${id}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LiveEventDetail() {
  const { t } = useTranslation("lives");
  const { event, ticketTypes, sales, moreSales, fanclubId, isOwner, roomOpen: open, publicUrl } = useLoaderData<typeof loader>();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [roomOnAir, setRoomOnAir] = useState<boolean | null>(null);
  const statusKey = liveStatusKey(event.status, timingWithRoom(event.timing, roomOnAir));
  const soldTotal = ticketTypes.reduce((sum, tt) => sum + tt.soldCount, 0);
  const revenue = ticketTypes.reduce((sum, tt) => sum + tt.soldCount * tt.price, 0);
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{event.title}</h1>
        <div className="actions">
          <a className="button button-secondary" href={`/fanclubs/${fanclubId}/lives/${event.id}`}>
            {t("creator.publicPage")}
          </a>
          <a className="button" href={`/me/fanclub/live_events/edit/${event.id}`}>
            {t("creator.editLink")}
          </a>
        </div>
      </div>
      {!open ? (
        <p className="muted">{t("stream.ended")}</p>
      ) : isOwner ? (
        mounted ? (
          <Suspense fallback={<p className="muted small">{t("stream.idleNote")}</p>}>
            <StreamerView liveEventId={event.id} publicUrl={publicUrl} onOnAirChange={setRoomOnAir} />
          </Suspense>
        ) : (
          <p className="muted small">{t("stream.idleNote")}</p>
        )
      ) : (
        <p className="muted small">{t("stream.ownerOnly")}</p>
      )}
      {event.coverUrl ? <img className="live-cover" src={event.coverUrl} alt="" width={1200} height={630} /> : null}
      <dl className="detail-list">
        <dt>{t("creator.schedule")}</dt>
        <dd>{t("public.schedule", { start: formatJstDateTime(event.startAt), end: formatJstDateTime(event.endAt) })}</dd>
        <dt>{t("fields.status")}</dt>
        <dd data-live-status={event.status} data-live-status-line>
          {t(statusKey)}
        </dd>
        <dt>{t("fields.visibility")}</dt>
        <dd>{t(`visibility.${event.visibility}`)}</dd>
      </dl>

      <h2>{t("creator.salesSummary")}</h2>
      {ticketTypes.length ? (
        <table className="table" data-sales-summary>
          <thead>
            <tr>
              <th scope="col">{t("fields.ticketTitle")}</th>
              <th scope="col">{t("fields.ticketPrice")}</th>
              <th scope="col">{t("creator.sold")}</th>
              <th scope="col">{t("creator.revenue")}</th>
            </tr>
          </thead>
          <tbody>
            {ticketTypes.map((tt) => (
              <tr key={tt.id} data-ticket-type={tt.title}>
                <td>{tt.title}</td>
                <td>{tt.price === 0 ? t("sales.free") : formatYen(tt.price)}</td>
                <td>
                  {formatNumber(tt.soldCount)} / {tt.capacity === null ? t("creator.unlimited") : formatNumber(tt.capacity)}
                </td>
                <td>{formatYen(tt.soldCount * tt.price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t("creator.sold")}
              </th>
              <td>{formatNumber(soldTotal)}</td>
              <td>{formatYen(revenue)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="muted">{t("visibility.plan")}</p>
      )}

      <h2>{t("creator.salesList")}</h2>
      {sales.length ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("sales.soldAt")}</th>
              <th scope="col">{t("sales.buyer")}</th>
              <th scope="col">{t("sales.ticket")}</th>
              <th scope="col">{t("sales.price")}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.id}>
                <td>{formatJstDateTime(s.soldAt)}</td>
                <td>{s.buyerName}</td>
                <td>{s.ticketTitle}</td>
                <td>{s.price === 0 ? t("sales.free") : formatYen(s.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t("sales.empty")}</p>
      )}
      {moreSales ? <a href={`/me/fanclub/purchases/live_events?event=${event.id}`}>{t("sales.title")}</a> : null}
      <p>
        <a href="/me/fanclub/live_events">{t("creator.back")}</a>
      </p>
    </div>
  );
}
