import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import contestStyles from "~/styles/contests.css?url";
import { formatJstDateTime } from "../../../../server/domain/jst-time";
import { formatNumber } from "../../../../server/domain/number-display";
import { translatorFor } from "../../../../server/i18n";
import { loadContestPage, type ContestEntryView } from "../../../../server/services/contests/queries";
import { castVote } from "../../../../server/services/contests/votes";

/**
 * spec §2 /contest/{slug}: a landing page without the sidebar and footer (decision 039): the
 * contest's windows, the podium while voting (second, first, third), the results with winners and
 * judges once voting has closed, and the entries with their vote buttons, paged.
 */
export const handle = { i18n: ["common", "contests"], hide: ["sidebar", "footer"] };
export const clientLoader = withNamespaces(["contests"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contestStyles }];

function pageParam(raw: string | null): number {
  if (raw === null || raw === "") return 1;
  const n = Number(raw);
  // a page that cannot exist is the not-found page (spec §2: a failed validation shows 404)
  if (!Number.isSafeInteger(n) || n < 1 || n > 100_000) throw new Response(null, { status: 404 });
  return n;
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const view = await loadContestPage(app.db, { slug: params.slug ?? "", page, viewerId: app.session?.user.id ?? null, now: Date.now() });
  if (!view) throw new Response(null, { status: 404 });
  return { ...view, signedIn: app.session !== null, title: `${view.contest.name} | ${translatorFor(app.locale, "contests")("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: "description", content: d?.contest.description },
];

/** A vote from the page's buttons: the same service as POST /api/v1/contests/{id}/vote/post. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = app.t;
  if (!app.session) return data({ ok: false as const, message: t("contests:errors.signIn") }, { status: 401 });
  const form = await request.formData();
  const contestId = Number(form.get("contest_id"));
  const postId = Number(form.get("post_id"));
  if (!Number.isSafeInteger(contestId) || contestId < 1 || !Number.isSafeInteger(postId) || postId < 1 || !params.slug)
    return data({ ok: false as const, message: t("contests:errors.badInput") }, { status: 400 });
  const result = await castVote(app.db, { contestId, postId, userId: app.session.user.id, now: Date.now() });
  if (!result.ok)
    return data(
      { ok: false as const, message: t(`contests:errors.${result.reason}`) },
      { status: result.reason === "notFound" ? 404 : 400 },
    );
  return { ok: true as const, message: t("contests:vote.done") };
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function VoteButton({
  contestId,
  entry,
  voted,
  canVote,
  signedIn,
}: {
  contestId: number;
  entry: ContestEntryView;
  voted: boolean;
  canVote: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation("contests");
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  const location = useLocation();
  const links = linkBuilder(useRootData());
  const root = useRootData();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) toast.show(fetcher.data.message, fetcher.data.ok ? "success" : "error");
    // toast is stable; one toast per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  if (!canVote) return null;
  if (!signedIn)
    return (
      <a className="button button-outline" href={links.login(`${root?.origins.user ?? ""}${location.pathname}${location.search}`)}>
        {t("vote.login")}
      </a>
    );
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="contest_id" value={contestId} />
      <input type="hidden" name="post_id" value={entry.postId} />
      <button type="submit" className="button" disabled={voted || busy} data-testid={`vote-${entry.postId}`}>
        {voted ? t("vote.voted") : t("vote.button")}
      </button>
    </fetcher.Form>
  );
}

function EntryCard({ entry, children, rankLabel }: { entry: ContestEntryView; children?: React.ReactNode; rankLabel?: string }) {
  const { t } = useTranslation("contests");
  return (
    <article className="card contest-entry" data-entry={entry.postId}>
      {rankLabel ? <p className="badge">{rankLabel}</p> : null}
      {entry.coverUrl ? <img src={entry.coverUrl} alt="" width={300} height={158} loading="lazy" /> : null}
      <h3>
        <a href={entry.postUrl}>{entry.title}</a>
      </h3>
      <p className="muted">{t("labels.byFanclub", { name: entry.fanclub.name })}</p>
      <p data-testid={`votes-${entry.postId}`}>{t("labels.votes", { n: formatNumber(entry.voteCount) })}</p>
      {children}
    </article>
  );
}

function Windows({ contest }: { contest: PageData["contest"] }) {
  const { t } = useTranslation("contests");
  const range = (from: number, to: number) => t("labels.range", { from: formatJstDateTime(from), to: formatJstDateTime(to) });
  return (
    <dl className="contest-windows">
      <dt>{t("labels.period")}</dt>
      <dd>{range(contest.startAt, contest.endAt)}</dd>
      <dt>{t("labels.entryWindow")}</dt>
      <dd>{range(contest.entryStartAt, contest.entryEndAt)}</dd>
      <dt>{t("labels.voteWindow")}</dt>
      <dd>{range(contest.voteStartAt, contest.voteEndAt)}</dd>
      {contest.hashTag ? (
        <>
          <dt>{t("labels.hashTag")}</dt>
          <dd>#{contest.hashTag}</dd>
        </>
      ) : null}
    </dl>
  );
}

export default function ContestPage() {
  const { t } = useTranslation("contests");
  const d = useLoaderData<typeof loader>();
  const { contest } = d;
  const voted = new Set(d.votedToday);
  const canVote = contest.phase.votingOpen;
  return (
    <div className="page contest-page" data-stage={contest.stage}>
      <header className="contest-hero">
        <p className="badge" data-testid="contest-stage">
          {t(`stage.${contest.stage}`)}
        </p>
        <h1>{contest.name}</h1>
        {contest.description ? <p className="pre-wrap">{contest.description}</p> : null}
        <Windows contest={contest} />
        {contest.phase.entryOpen ? <p className="muted">{t("labels.howToEnter")}</p> : null}
        {canVote ? <p className="muted">{t("vote.rule")}</p> : null}
      </header>

      {d.podium.length ? (
        <section aria-labelledby="contest-ranking">
          <h2 id="contest-ranking">{t("labels.ranking")}</h2>
          <ol className="contest-podium" data-testid="podium">
            {d.podium.map(({ place, entry }) => (
              <li key={entry.id} data-place={place} className={`contest-podium-place contest-podium-${place}`}>
                <EntryCard entry={entry} rankLabel={t("labels.rank", { rank: place })} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {contest.stage === "results" ? (
        <section aria-labelledby="contest-results">
          <h2 id="contest-results">{t("labels.results")}</h2>
          <h3>{t("labels.winners")}</h3>
          <ol className="contest-winners" data-testid="winners">
            {d.winners.map((w) => (
              <li key={w.id}>
                <EntryCard
                  entry={w}
                  rankLabel={w.prize ? `${t("labels.rank", { rank: w.rank })} · ${w.prize}` : t("labels.rank", { rank: w.rank })}
                />
              </li>
            ))}
          </ol>
          {contest.judges.length ? (
            <>
              <h3>{t("labels.judges")}</h3>
              <ul className="contest-judges" data-testid="judges">
                {contest.judges.map((j) => (
                  <li key={j.name}>
                    <strong>{j.name}</strong>
                    {j.title ? <span className="muted"> · {j.title}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="contest-entries">
        <h2 id="contest-entries">{t("labels.entries")}</h2>
        <p className="muted">{t("labels.entryCount", { n: formatNumber(d.total) })}</p>
        {d.entries.length === 0 ? (
          <p className="empty-state">{t("labels.noEntries")}</p>
        ) : (
          <div className="contest-entries">
            {d.entries.map((e) => (
              <EntryCard key={e.id} entry={e}>
                <VoteButton contestId={contest.id} entry={e} voted={voted.has(e.id)} canVote={canVote} signedIn={d.signedIn} />
              </EntryCard>
            ))}
          </div>
        )}
        {d.pageCount > 1 ? (
          <nav className="pager" aria-label={t("labels.entries")}>
            {d.page > 1 ? <Link to={`?page=${d.page - 1}`}>{t("labels.prev")}</Link> : null}
            <span>{t("labels.pageOf", { page: d.page, pages: d.pageCount })}</span>
            {d.page < d.pageCount ? <Link to={`?page=${d.page + 1}`}>{t("labels.next")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
