import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TopicCard } from "~/components/talks/topic-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { boardAbilities } from "../../../server/http/talk-pages";
import { postViewerFrom } from "../../../server/services/post-access";
import { loadBoard } from "../../../server/services/talks";
import talkStyles from "~/styles/talks.css?url";
import { mergedReads } from "../../../server/http/merged-reads";

export const handle = { i18n: ["common", "fanclub", "talks"], breadcrumb: () => ({ label: "fanclub:tabs.talks" }) };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: talkStyles }];
export const clientLoader = withNamespaces(["fanclub", "talks"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/talks: the fan club's board (the talks tab). Pinned topics first, then by last
 * activity; a locked topic shows its title and plan, never its text. One D1 round trip of its own.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const before = new URL(request.url).searchParams.get("before");
  const board = await loadBoard(mergedReads(app), { fanclubId, viewer: postViewerFrom(app.session), before, now: Date.now() });
  if (!board) throw new Response(null, { status: 404 });
  return {
    fanclubId,
    abilities: boardAbilities(board.gate),
    topics: board.topics,
    nextCursor: board.nextCursor,
  };
}

export default function FanclubTalksTab() {
  const { t } = useTranslation("talks");
  const { fanclubId, abilities, topics, nextCursor } = useLoaderData<typeof loader>();
  return (
    <section className="talk-board" aria-labelledby="talk-board-heading">
      <div className="page-heading">
        <h2 id="talk-board-heading">{t("board.title")}</h2>
        {abilities.canStart ? (
          <Link className="button" to={`/fanclubs/${fanclubId}/talks/new`}>
            {t("board.newTopic")}
          </Link>
        ) : abilities.startRefusal && abilities.startRefusal !== "signIn" && abilities.startRefusal !== "creatorOnly" ? (
          <p className="small muted">{t(`refusals.${abilities.startRefusal}`)}</p>
        ) : null}
      </div>
      {topics.length === 0 ? (
        <p className="empty-state">{t("board.empty")}</p>
      ) : (
        <ul className="talk-list">
          {topics.map((topic) => (
            <TopicCard key={topic.id} fanclubId={fanclubId} topic={topic} />
          ))}
        </ul>
      )}
      {nextCursor ? (
        <p className="pager">
          <Link to={`?before=${encodeURIComponent(nextCursor)}`}>{t("board.more")}</Link>
        </p>
      ) : null}
    </section>
  );
}
