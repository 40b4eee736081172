import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { formatRaffleWindow } from "~/components/raffles/format";
import { RaffleEnterButton } from "./raffle-enter-button";
import { RaffleResult } from "~/components/raffles/raffle-result";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import { entriesLeft, rafflePhase } from "../../../../server/domain/raffles";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { idParam } from "../../../../server/http/params";
import { managesRaffles, raffleForViewer } from "../../../../server/services/raffles";
import raffleStyles from "~/styles/raffles.css?url";
import { formatJstDateTime } from "../../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fanclub", "raffles"],
  breadcrumb: (d: { raffle?: { title: string } } | undefined) => [
    { label: "fanclub:tabs.raffles" },
    ...(d?.raffle ? [{ label: d.raffle.title, literal: true }] : []),
  ],
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: raffleStyles }];
export const clientLoader = withNamespaces(["fanclub", "raffles"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/raffles/{raffleId}: the raffle, its window and price, the viewer's entries, and
 * after the draw its result: entrants see whether they won and who won; everyone sees the seed
 * and algorithm that reproduce it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const userId = app.user?.id ?? null;
  const view = await raffleForViewer(app.db, {
    fanclubId,
    raffleId: idParam(params.raffleId),
    userId,
    manages: managesRaffles(app.session, fanclubId),
  });
  if (!view) throw new Response(null, { status: 404 });
  const { raffle } = view;
  const draw = raffle.draw
    ? {
        ...raffle.draw,
        winners: view.seesWinners ? raffle.draw.winners.map((w) => ({ rank: w.rank, userId: w.userId, name: w.name })) : [],
      }
    : null;
  return {
    signedIn: userId !== null,
    loginHref: userId === null ? `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(new URL(request.url).href)}` : null,
    userId,
    phase: rafflePhase(raffle, Date.now()),
    raffle: {
      id: raffle.id,
      fanclubId,
      title: raffle.title,
      description: raffle.description,
      prizeDescription: raffle.prizeDescription,
      entryPrice: raffle.entryPrice,
      winnerCount: raffle.winnerCount,
      maxEntriesPerFan: raffle.maxEntriesPerFan,
      entryStartAt: raffle.entryStartAt,
      entryEndAt: raffle.entryEndAt,
    },
    entries: view.entries,
    held: view.held,
    following: view.following,
    seesWinners: view.seesWinners,
    won: draw ? raffle.draw!.winners.some((w) => w.userId === userId) : false,
    draw,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.raffle.title }] : []);

export default function RafflePage() {
  const { t } = useTranslation("raffles");
  const d = useLoaderData<typeof loader>();
  const { raffle } = d;
  const left = entriesLeft(raffle.maxEntriesPerFan, d.held);
  return (
    <article className="raffle-detail card" data-raffle={raffle.title}>
      <p className="small">
        <Link to={`/fanclubs/${raffle.fanclubId}/raffles`}>{t("public.back")}</Link>
      </p>
      <div className="page-heading">
        <h2>{raffle.title}</h2>
        <span className={d.phase === "open" ? "badge" : "badge badge-muted"}>{t(`phase.${d.phase}`)}</span>
      </div>
      {raffle.description ? <p className="raffle-description">{raffle.description}</p> : null}
      <dl className="raffle-facts">
        {raffle.prizeDescription ? (
          <div>
            <dt>{t("public.prize")}</dt>
            <dd>{raffle.prizeDescription}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("public.window")}</dt>
          <dd>{formatRaffleWindow(raffle.entryStartAt, raffle.entryEndAt)}</dd>
        </div>
        <div>
          <dt>{t("public.price")}</dt>
          <dd>{raffle.entryPrice === 0 ? t("public.free") : formatYen(raffle.entryPrice)}</dd>
        </div>
        <div>
          <dt>{t("fields.winnerCount")}</dt>
          <dd>
            {t("public.winnerCount", { count: raffle.winnerCount })} ・ {t("public.perFan", { count: raffle.maxEntriesPerFan })}
          </dd>
        </div>
      </dl>

      {d.signedIn ? (
        <section className="raffle-mine" aria-labelledby="raffle-mine-heading">
          <h3 id="raffle-mine-heading">{t("public.yourEntries")}</h3>
          {d.entries.length ? (
            <ul>
              {d.entries.map((e, i) => (
                <li key={i}>
                  {t("public.entries", { count: e.count })} <span className="muted small">{formatJstDateTime(e.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("public.noEntries")}</p>
          )}
        </section>
      ) : null}

      {d.phase === "open" ? (
        d.signedIn ? (
          left > 0 ? (
            <RaffleEnterButton raffleId={raffle.id} label={d.following ? t("public.enter") : t("public.followAndEnter")} />
          ) : (
            <p className="flash flash-muted">{t("public.limitReached")}</p>
          )
        ) : (
          <a className="button" href={d.loginHref ?? "/auth/login"}>
            {t("public.signInToEnter")}
          </a>
        )
      ) : d.phase === "upcoming" ? (
        <p className="muted">{t("public.notOpenYet")}</p>
      ) : d.phase === "closed" ? (
        <p className="muted">{t("public.closed")}</p>
      ) : null}

      {d.draw ? (
        <section className="raffle-outcome" aria-labelledby="raffle-result-heading">
          <h3 id="raffle-result-heading">{t("public.result")}</h3>
          {d.held > 0 ? (
            <p className={d.won ? "flash raffle-won" : "flash flash-muted raffle-lost"}>
              {d.won ? t("public.youWon") : t("public.youLost")}
            </p>
          ) : null}
          <RaffleResult draw={d.draw} winnerCount={raffle.winnerCount} showWinners={d.seesWinners} viewerUserId={d.userId} />
        </section>
      ) : null}
    </article>
  );
}
