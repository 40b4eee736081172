import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { TalkComments } from "~/components/talks/talk-comments";
import { TopicModeration } from "~/components/talks/topic-moderation";
import { IntentButton } from "~/components/talks/intent-button";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import { commentRefusal, moderatesTalks } from "../../../server/domain/talks";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { topicPageAction } from "../../../server/http/talk-pages";
import { postViewerFrom } from "../../../server/services/post-access";
import { loadTopicPage } from "../../../server/services/talks";
import talkStyles from "~/styles/talks.css?url";
import { mergedReads } from "../../../server/http/merged-reads";

export const handle = {
  i18n: ["common", "fanclub", "talks"],
  breadcrumb: (d: { topic?: { title: string } } | undefined) => [
    { label: "fanclub:tabs.talks" },
    ...(d?.topic ? [{ label: d.topic.title, literal: true }] : []),
  ],
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: talkStyles }];
export const clientLoader = withNamespaces(["fanclub", "talks"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/talks/{talkId}: a topic, its comments and replies, likes, and the moderators'
 * tools. A locked topic sends its title and the plan that opens it, no text and no comment.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const page = await loadTopicPage(mergedReads(app), {
    fanclubId,
    topicId: idParam(params.talkId),
    viewer: postViewerFrom(app.session),
    now: Date.now(),
  });
  if (!page) throw new Response(null, { status: 404 });
  const { gate, topic } = page;
  const role = gate.relation.role;
  const refusal = commentRefusal({ closed: topic.closed, canView: !topic.locked }, gate.relation);
  return {
    fanclubId,
    viewerId: role.userId,
    loginHref:
      role.userId === null ? `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(new URL(request.url).href)}` : null,
    moderates: moderatesTalks(role),
    ownerId: role.ownerId,
    commentRefusal: refusal,
    topic,
    comments: page.comments,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return topicPageAction(context.app, request, idParam(params.id), idParam(params.talkId));
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.topic.title }] : []);

export default function TopicPage() {
  const { t } = useTranslation("talks");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { topic } = d;
  const mayInteract = d.viewerId !== null && !topic.locked;
  return (
    <article className="talk-topic" data-topic={topic.title}>
      <p className="small">
        <Link to={`/fanclubs/${d.fanclubId}/talks`}>{t("topic.back")}</Link>
      </p>
      <div className="card talk-topic-card">
        <div className="page-heading">
          <h2>{topic.title}</h2>
          <span className="talk-badges">
            {topic.pinned ? <span className="badge">{t("badges.pinned")}</span> : null}
            {topic.closed ? <span className="badge badge-muted">{t("badges.closed")}</span> : null}
            {topic.plan ? (
              <span className="badge badge-muted">{t("badges.plan", { plan: topic.plan.name, price: formatYen(topic.plan.price) })}</span>
            ) : null}
          </span>
        </div>
        <p className="small muted">
          {topic.author.name} ・ {formatJstDateTime(topic.createdAt)}
        </p>
        {topic.locked ? (
          <div className="talk-locked-notice">
            <p>{t("topic.locked", { plan: topic.plan?.name ?? "" })}</p>
            <a className="button" href={`/fanclubs/${d.fanclubId}${topic.plan ? `?plan=${topic.plan.id}` : ""}`}>
              {t("topic.seePlans")}
            </a>
          </div>
        ) : (
          <p className="talk-body pre-wrap">{topic.body}</p>
        )}
        <div className="talk-topic-actions">
          {mayInteract ? (
            <IntentButton
              intent={topic.likedByMe ? "unlike" : "like"}
              pressed={topic.likedByMe}
              className="button button-outline button-small"
            >
              {t(topic.likedByMe ? "topic.liked" : "topic.like")} {topic.likeCount}
            </IntentButton>
          ) : (
            <span className="small muted">{t("board.likes", { count: topic.likeCount })}</span>
          )}
          <span className="small muted">{t("board.comments", { count: topic.commentCount })}</span>
        </div>
        {d.moderates || (d.viewerId !== null && d.viewerId === topic.userId) ? (
          <TopicModeration moderates={d.moderates} pinned={topic.pinned} closed={topic.closed} />
        ) : null}
      </div>
      {reply && !reply.ok && reply.message ? (
        <p className="flash flash-error" role="alert">
          {reply.message}
        </p>
      ) : null}
      {topic.locked ? null : (
        <TalkComments
          comments={d.comments}
          viewerId={d.viewerId}
          moderates={d.moderates}
          ownerId={d.ownerId}
          commentRefusal={d.commentRefusal}
          loginHref={d.loginHref}
          closed={topic.closed}
        />
      )}
    </article>
  );
}
