import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { TicketBuyButton } from "~/components/lives/ticket-buy-button";

import { useTranslation, withNamespaces } from "~/lib/i18n";
import liveStyles from "~/styles/lives.css?url";
import { formatYen } from "../../server/domain/number-display";
import { anonymousPageHeaders } from "../../server/http/page-cache";
import { idParam } from "../../server/http/params";
import { loadLiveDetail } from "../../server/services/live-events";
import { formatJstDateTime } from "../../server/domain/jst-time";

export const handle = { i18n: ["common", "fanclub", "lives"], breadcrumb: (d: { event?: { title: string } } | undefined) => (d?.event ? { label: d.event.title, literal: true } : { label: "fanclub:tabs.lives" }) };
export const clientLoader = withNamespaces(["fanclub", "lives"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveStyles }];

/**
 * /fanclubs/{id}/lives/{liveId} (spec §2 route fanclubLiveUniquePath): cover, title, schedule, the
 * ticket types with buy or get buttons (spec §4 live ticket flow), the viewer's ticket, and the
 * watch area: a player slot and a 350 px chat panel the live room fills; until then it says where
 * the event stands (starts at…, on air soon, ended) and whether this viewer may watch.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const detail = await loadLiveDetail(app.db, idParam(params.liveId), app.user?.id ?? null, Date.now());
  if (!detail || detail.fanclub.id !== fanclubId) throw new Response(null, { status: 404 });
  return { ...detail, loginHref: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.event.title }, { name: "description", content: data.event.description.slice(0, 160) }] : []);

export default function LiveDetailPage() {
  const { t } = useTranslation("lives");
  const { event, fanclub, ticketTypes, plans, viewer, loginHref } = useLoaderData<typeof loader>();
  const [chatOpen, setChatOpen] = useState(true);
  const stateText =
    event.timing === "ended" ? t("public.ended") : event.timing === "onAir" ? t("public.onAirSoon") : t("public.startsAt", { time: formatJstDateTime(event.startAt) });
  const sellsTickets = event.visibility !== "plan";
  const admitsPlans = event.visibility !== "ticket";
  return (
    <article className="live-detail" data-live-event={event.id}>
      {event.coverUrl ? <img className="live-cover" src={event.coverUrl} alt="" width={1200} height={630} /> : null}
      <header>
        <p className="muted small">
          <span className="badge" data-timing={event.timing}>
            {t(`timing.${event.timing}`)}
          </span>{" "}
          {fanclub.name}
        </p>
        <h1>{event.title}</h1>
        <p>{t("public.schedule", { start: formatJstDateTime(event.startAt), end: formatJstDateTime(event.endAt) })}</p>
        {viewer.manages ? (
          <a className="button button-secondary button-small" href={`/me/fanclub/live_events/${event.id}`}>
            {t("public.manage")}
          </a>
        ) : null}
      </header>

      <section className="live-stage" aria-label={t("public.watch")}>
        <div className="live-player" data-live-player data-state={event.timing} data-can-watch={viewer.watchReason ?? "none"}>
          <div>
            <p>{event.status === 1 ? t("public.private") : stateText}</p>
            {event.timing !== "ended" ? (
              <p className="small">
                {viewer.watchReason ? t("public.canWatch") : sellsTickets ? t("public.needTicket") : t("public.needPlan", { plans: plans.map((p) => p.name).join("、") })}
              </p>
            ) : null}
          </div>
        </div>
        <aside className="live-chat" data-live-chat hidden={!chatOpen || !viewer.watchReason} aria-label={t("public.chat")}>
          <h2 className="small">{t("public.chat")}</h2>
        </aside>
      </section>
      {viewer.watchReason ? (
        <p>
          <button type="button" className="button button-secondary button-small" aria-pressed={chatOpen} onClick={() => setChatOpen((v) => !v)}>
            {t("public.chat")}
          </button>
        </p>
      ) : null}

      {event.description ? <p className="live-description">{event.description}</p> : null}

      {admitsPlans && plans.length ? <p className="muted small">{t("public.needPlan", { plans: plans.map((p) => p.name).join("、") })}</p> : null}

      {sellsTickets ? (
        <section aria-labelledby="live-tickets">
          <h2 id="live-tickets">{t("public.tickets")}</h2>
          {viewer.ticket ? (
            <p className="flash" data-your-ticket>
              {t("public.yourTicket", { title: viewer.ticket.title })}
            </p>
          ) : null}
          <ul className="live-tickets">
            {ticketTypes.map((tt) => {
              const free = tt.price === 0;
              const label = free ? (viewer.following ? t("public.get") : t("public.followAndGet")) : viewer.following ? t("public.buy") : t("public.followAndBuy");
              return (
                <li key={tt.id} className="live-ticket" data-ticket-type={tt.title}>
                  <div className="live-ticket-info">
                    <strong>{tt.title}</strong>
                    <span>{free ? t("public.freeBadge") : formatYen(tt.price)}</span>
                    <span className="muted small">
                      {tt.capacity !== null && tt.saleState === "onSale" ? t("public.remaining", { count: (tt.capacity - tt.soldCount).toLocaleString("ja-JP") }) : null}
                      {tt.saleEndAt !== null && tt.saleState === "onSale" ? ` ${t("public.saleUntil", { time: formatJstDateTime(tt.saleEndAt) })}` : null}
                    </span>
                  </div>
                  {tt.saleState === "soldOut" ? (
                    <span className="badge badge-muted">{t("public.soldOut")}</span>
                  ) : tt.saleState === "closed" ? (
                    <span className="badge badge-muted">{t("public.closed")}</span>
                  ) : viewer.ticket || viewer.manages ? null : !viewer.signedIn ? (
                    <a className="button" href={loginHref}>
                      {t("public.login")}
                    </a>
                  ) : (
                    <TicketBuyButton ticketTypeId={tt.id} label={label} />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <p>
        <a href={`/fanclubs/${fanclub.id}/lives`}>{t("public.back")}</a>
      </p>
    </article>
  );
}
