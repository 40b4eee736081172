import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { IntentButton } from "~/components/talks/intent-button";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import talkStyles from "~/styles/talks.css?url";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { requireCreator } from "../../../server/http/require-creator";
import { talkManagementAction, talkManagementPage } from "../../../server/http/talk-pages";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "creator", "talks"], breadcrumb: () => ({ label: "talks:manage.title" }) };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: talkStyles }];
export const clientLoader = withNamespaces(["creator", "talks"]);

/**
 * /me/fanclub/talks: talk moderation (can_talk_manage): who may start topics, every topic with
 * pin, close and delete, and the fans barred from talks (block from a topic's author, unblock).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageTalks");
  return {
    title: translatorFor(app.locale, "talks")("manage.title"),
    fanclubId: op.fanclubId,
    ownerId: op.role.ownerId,
    ...(await talkManagementPage(app, op.fanclubId)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const op = requireCreator(context.app, request, "manageTalks");
  return talkManagementAction(context.app, request, op.fanclubId);
}

const STARTERS = ["creator", "members", "followers"] as const;

export default function CreatorTalks() {
  const { t, locale } = useTranslation("talks");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="page talk-manage">
      <div className="page-heading">
        <h1>{t("manage.title")}</h1>
        <Link to={`/fanclubs/${d.fanclubId}/talks`}>{t("manage.openBoard")}</Link>
      </div>
      {reply?.message ? (
        <p className={`flash ${reply.ok ? "info" : "error"}`} role={reply.ok ? "status" : "alert"}>
          {reply.message}
        </p>
      ) : null}
      <section className="card" aria-labelledby="talk-starters-heading">
        <h2 id="talk-starters-heading">{t("manage.starters")}</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="starters" />
          {STARTERS.map((s) => (
            <label key={s} className="radio">
              <input type="radio" name="starters" value={s} defaultChecked={d.starters === s} /> {t(`manage.startersChoice.${s}`)}
            </label>
          ))}
          <button type="submit" className="button secondary">
            {t("manage.save")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="talk-topics-heading">
        <h2 id="talk-topics-heading">{t("manage.topics")}</h2>
        {d.topics.length === 0 ? (
          <p className="empty-state">{t("board.empty")}</p>
        ) : (
          <table className="data-table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.title")}</th>
                <th scope="col">{t("manage.author")}</th>
                <th scope="col">{t("fields.planId")}</th>
                <th scope="col">{t("manage.activity")}</th>
                <th scope="col">{t("manage.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {d.topics.map((topic) => (
                <tr key={topic.id}>
                  <td data-label={t("fields.title")}>
                    <Link to={`/fanclubs/${d.fanclubId}/talks/${topic.id}`}>{topic.title}</Link>{" "}
                    {topic.pinned ? <span className="badge">{t("badges.pinned")}</span> : null}{" "}
                    {topic.closed ? <span className="badge">{t("badges.closed")}</span> : null}
                  </td>
                  <td data-label={t("manage.author")}>{topic.authorName}</td>
                  <td data-label={t("fields.planId")}>{topic.plan ?? t("new.everyone")}</td>
                  <td data-label={t("manage.activity")}>
                    {formatLocalDate(locale, topic.createdAt)} · {t("board.comments", { count: topic.commentCount })} ·{" "}
                    {t("board.likes", { count: topic.likeCount })}
                  </td>
                  <td data-label={t("manage.actions")} className="talk-manage-actions">
                    <IntentButton intent={topic.pinned ? "unpin" : "pin"} fields={{ topicId: topic.id }}>
                      {t(topic.pinned ? "topic.unpin" : "topic.pin")}
                    </IntentButton>
                    <IntentButton intent={topic.closed ? "reopen" : "close"} fields={{ topicId: topic.id }}>
                      {t(topic.closed ? "topic.reopen" : "topic.close")}
                    </IntentButton>
                    <IntentButton intent="delete" fields={{ topicId: topic.id }} confirm={t("topic.deleteConfirm")}>
                      {t("topic.delete")}
                    </IntentButton>
                    {topic.userId !== d.ownerId ? (
                      <IntentButton
                        intent="block"
                        fields={{ userId: topic.userId }}
                        confirm={t("comments.blockConfirm", { name: topic.authorName })}
                      >
                        {t("comments.block")}
                      </IntentButton>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="talk-blocks-heading">
        <h2 id="talk-blocks-heading">{t("manage.blocks")}</h2>
        {d.blocks.length === 0 ? (
          <p className="empty-state">{t("manage.noBlocks")}</p>
        ) : (
          <ul className="talk-list">
            {d.blocks.map((b) => (
              <li key={b.userId} className="card talk-card">
                {b.name} <span className="small muted">{formatLocalDate(locale, b.createdAt)}</span>{" "}
                <IntentButton intent="unblock" fields={{ userId: b.userId }}>
                  {t("manage.unblock")}
                </IntentButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
