import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ShareLinks } from "./share-links";
import { TicketBuyButton } from "./ticket-buy-button";

import { useTranslation, withNamespaces } from "~/lib/i18n";
import liveStyles from "~/styles/lives.css?url";
import { formatYen } from "../../../../server/domain/number-display";
import { IMAGE_SIZES, publicSrcSet } from "../../../../server/domain/image-variants";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { idParam } from "../../../../server/http/params";
import { loadLiveDetail } from "../../../../server/services/live-events";
import { formatJstDateTime } from "../../../../server/domain/jst-time";
import { roomOpen } from "../../../../server/domain/live-room";
import { timingWithRoom } from "../../../../server/domain/live-events";
import { SizedImage } from "~/components/sized-image";

// the player, the chat and the video code load after the page, for those who may watch
const LiveWatch = lazy(() => import("~/components/lives/watch/live-watch"));

export const handle = {
  i18n: ["common", "fanclub", "lives"],
  breadcrumb: (d: { event?: { title: string } } | undefined) =>
    d?.event ? { label: d.event.title, literal: true } : { label: "fanclub:tabs.lives" },
};
export const clientLoader = withNamespaces(["fanclub", "lives"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveStyles }];

/**
 * /fanclubs/{id}/lives/{liveId} (spec §2 route fanclubLiveUniquePath): the streamer header with a
 * share link, the watch area, cover, schedule, and the ticket types with buy or get buttons (spec
 * §4 live ticket flow). Someone who may watch gets the live room after the page loads (player,
 * chat, bottom bar); everyone else, and the server render, see where the event stands (starts
 * at…, on air soon, ended) and what watching needs.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const detail = await loadLiveDetail(app.db, idParam(params.liveId), app.user?.id ?? null, Date.now());
  if (!detail || detail.fanclub.id !== fanclubId) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  return {
    ...detail,
    roomOpen: roomOpen(detail.event, Date.now()),
    shareUrl: `${url.origin}${url.pathname}`,
    loginHref: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.event.title }, { name: "description", content: data.event.description.slice(0, 160) }] : [];

export default function LiveDetailPage() {
  const { t } = useTranslation("lives");
  const { event, fanclub, ticketTypes, plans, viewer, loginHref, shareUrl, roomOpen: open } = useLoaderData<typeof loader>();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // the room, once joined, says whether the stream runs: the badge follows it without a reload
  const [roomOnAir, setRoomOnAir] = useState<boolean | null>(null);
  const timing = timingWithRoom(event.timing, roomOnAir);
  const joins = open && viewer.watchReason !== null;
  const stateText = {
    ended: t("public.ended"),
    onAir: t("public.onAirNow"),
    starting: t("public.onAirSoon"),
    upcoming: t("public.startsAt", { time: formatJstDateTime(event.startAt) }),
  }[event.timing];
  const sellsTickets = event.visibility !== "plan";
  const admitsPlans = event.visibility !== "ticket";
  return (
    <article className="live-detail" data-live-event={event.id}>
      <header className="live-streamer-header" data-live-streamer-header>
        {fanclub.iconUrl ? (
          <SizedImage
            className="live-streamer-icon"
            src={fanclub.iconUrl}
            srcSet={publicSrcSet(fanclub.iconUrl, "icon")}
            sizes={IMAGE_SIZES.iconCard}
            width={48}
            height={48}
          />
        ) : null}
        <div className="live-streamer-text">
          <p className="muted small">
            <span className="badge" data-timing={timing} data-live-timing-badge>
              {t(`timing.${timing}`)}
            </span>{" "}
            <a href={`/fanclubs/${fanclub.id}`}>{fanclub.name}</a>
          </p>
          <h1>{event.title}</h1>
          <p className="small">{t("public.schedule", { start: formatJstDateTime(event.startAt), end: formatJstDateTime(event.endAt) })}</p>
        </div>
        <ShareLinks url={shareUrl} title={event.title} />
        {viewer.manages ? (
          <a className="button button-secondary button-small" href={`/me/fanclub/live_events/${event.id}`}>
            {t("public.manage")}
          </a>
        ) : null}
      </header>

      {joins && mounted ? (
        <Suspense fallback={<WaitingStage text={stateText} />}>
          <LiveWatch
            liveEventId={event.id}
            title={event.title}
            // the room is the authority once joined: between broadcasts it is about to start again
            waitingText={event.timing === "onAir" ? t("public.onAirSoon") : stateText}
            ticketTitle={viewer.ticket?.title ?? null}
            streamerHref={viewer.isOwner ? `/me/fanclub/live_events/${event.id}` : null}
            onOnAirChange={setRoomOnAir}
          />
        </Suspense>
      ) : (
        <WaitingStage
          text={event.status === 1 && !viewer.watchReason ? t("public.private") : stateText}
          detail={
            !open
              ? null
              : joins
                ? t("public.canWatch")
                : sellsTickets
                  ? t("public.needTicket")
                  : t("public.needPlan", { plans: plans.map((p) => p.name).join("、") })
          }
          canWatch={viewer.watchReason ?? "none"}
          timing={event.timing}
        />
      )}

      {event.coverUrl ? <img className="live-cover" src={event.coverUrl} alt="" width={1200} height={630} /> : null}
      {event.description ? <p className="live-description">{event.description}</p> : null}

      {admitsPlans && plans.length ? (
        <p className="muted small">{t("public.needPlan", { plans: plans.map((p) => p.name).join("、") })}</p>
      ) : null}

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
              const label = free
                ? viewer.following
                  ? t("public.get")
                  : t("public.followAndGet")
                : viewer.following
                  ? t("public.buy")
                  : t("public.followAndBuy");
              return (
                <li key={tt.id} className="live-ticket" data-ticket-type={tt.title}>
                  <div className="live-ticket-info">
                    <strong>{tt.title}</strong>
                    <span>{free ? t("public.freeBadge") : formatYen(tt.price)}</span>
                    <span className="muted small">
                      {tt.capacity !== null && tt.saleState === "onSale"
                        ? t("public.remaining", { count: tt.capacity - tt.soldCount })
                        : null}
                      {tt.saleEndAt !== null && tt.saleState === "onSale"
                        ? ` ${t("public.saleUntil", { time: formatJstDateTime(tt.saleEndAt) })}`
                        : null}
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

/** The watch area before the room (server render, visitors who may not watch, ended lives). */
function WaitingStage({
  text,
  detail = null,
  canWatch = "none",
  timing = "upcoming",
}: {
  text: string;
  detail?: string | null;
  canWatch?: string;
  timing?: string;
}) {
  const { t } = useTranslation("lives");
  return (
    <section className="live-stage" aria-label={t("public.watch")}>
      <div className="live-player" data-live-player data-state={timing} data-can-watch={canWatch}>
        <div>
          <p>{text}</p>
          {detail ? <p className="small">{detail}</p> : null}
        </div>
      </div>
    </section>
  );
}
