import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { TALK_LIMITS, type TalkRefusal } from "../../../server/domain/talks";
import { IntentButton } from "./intent-button";

interface Comment {
  id: number;
  parentId: number | null;
  userId: number;
  userName: string;
  body: string;
  deleted: boolean;
  likeCount: number;
  likedByMe: boolean;
  createdAt: number;
}

function CommentForm({ intent, parentId, label }: { intent: "comment" | "reply"; parentId?: number; label: string }) {
  const { t } = useTranslation("talks");
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="talk-comment-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label className="field">
        <span className={intent === "reply" ? "visually-hidden" : undefined}>{label}</span>
        <textarea name="body" required rows={intent === "reply" ? 2 : 3} maxLength={TALK_LIMITS.comment} />
      </label>
      <button type="submit" className="button button-small" disabled={busy}>
        {intent === "reply" ? t("comments.sendReply") : t("comments.send")}
      </button>
    </Form>
  );
}

function CommentItem(props: { c: Comment; viewerId: number | null; moderates: boolean; ownerId: number; mayLike: boolean }) {
  const { t } = useTranslation("talks");
  const { c } = props;
  if (c.deleted) return <p className="small muted">{t("comments.deleted")}</p>;
  const mine = props.viewerId === c.userId;
  return (
    <div className="talk-comment" data-comment={c.body}>
      <p className="small">
        <strong>{c.userName}</strong>
        {c.userId === props.ownerId ? <span className="badge">{t("comments.creator")}</span> : null}{" "}
        <span className="muted">{formatJstDateTime(c.createdAt)}</span>
      </p>
      <p className="pre-wrap">{c.body}</p>
      <div className="talk-comment-actions small">
        {props.mayLike ? (
          <IntentButton intent={c.likedByMe ? "unlikeComment" : "likeComment"} fields={{ commentId: c.id }} pressed={c.likedByMe}>
            {t(c.likedByMe ? "topic.liked" : "topic.like")} {c.likeCount}
          </IntentButton>
        ) : (
          <span className="muted">{t("board.likes", { count: c.likeCount })}</span>
        )}
        {mine || props.moderates ? (
          <IntentButton intent="deleteComment" fields={{ commentId: c.id }} confirm={t("comments.deleteConfirm")}>
            {t("comments.delete")}
          </IntentButton>
        ) : null}
        {props.moderates && !mine && c.userId !== props.ownerId ? (
          <IntentButton intent="block" fields={{ userId: c.userId }} confirm={t("comments.blockConfirm", { name: c.userName })}>
            {t("comments.block")}
          </IntentButton>
        ) : null}
      </div>
    </div>
  );
}

/** The comments, each with its replies and a reply form, then the form for a new comment. */
export function TalkComments(props: {
  comments: Array<Comment & { replies: Comment[] }>;
  viewerId: number | null;
  moderates: boolean;
  ownerId: number;
  commentRefusal: TalkRefusal | null;
  loginHref: string | null;
  closed: boolean;
}) {
  const { t } = useTranslation("talks");
  const mayWrite = props.commentRefusal === null;
  const mayLike = props.viewerId !== null && props.commentRefusal !== "blocked";
  const item = { viewerId: props.viewerId, moderates: props.moderates, ownerId: props.ownerId, mayLike };
  return (
    <section className="talk-comments" aria-labelledby="talk-comments-heading" id="comments">
      <h3 id="talk-comments-heading">{t("comments.title")}</h3>
      {props.comments.length === 0 ? <p className="muted">{t("comments.empty")}</p> : null}
      <ol className="talk-comment-list">
        {props.comments.map((c) => (
          <li key={c.id} className="card">
            <CommentItem c={c} {...item} />
            {c.replies.length ? (
              <ol className="talk-replies">
                {c.replies.map((r) => (
                  <li key={r.id}>
                    <CommentItem c={r} {...item} />
                  </li>
                ))}
              </ol>
            ) : null}
            {mayWrite && !c.deleted ? (
              <details className="talk-reply">
                <summary className="small">{t("comments.reply")}</summary>
                <CommentForm intent="reply" parentId={c.id} label={t("comments.reply")} />
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      {mayWrite ? (
        <CommentForm intent="comment" label={t("comments.write")} />
      ) : props.commentRefusal === "signIn" ? (
        <a className="button" href={props.loginHref ?? "/auth/login"}>
          {t("comments.signIn")}
        </a>
      ) : props.commentRefusal ? (
        <p className="muted">{t(`refusals.${props.commentRefusal}`)}</p>
      ) : null}
    </section>
  );
}
