import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useLocation } from "@remix-run/react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import type { CommentJson, CommentsPayload } from "../../../server/api/posts-social";
import { formatCompactNumber } from "../../../server/domain/number-display";
import { COMMENT_MAX_LENGTH, commentLength, type CommentRefusal, type SocialPermissions } from "../../../server/domain/post-comments";
import { formatLocalDate } from "../../../server/domain/jst-time";

export interface PostCommentsProps {
  postId: number;
  allowComment: boolean;
  canComment: boolean;
  commentRefusal: CommentRefusal | null;
  canModerate: boolean;
  /** the post's live comment count after each change, for the heading */
  onCountChange?: (count: number) => void;
}

type LoadState = "loading" | "ready" | "failed";

/** Applies `change` to the comment with `id`, wherever it sits (top level or reply). */
function updateIn(list: CommentJson[], id: number, change: (c: CommentJson) => CommentJson | null): CommentJson[] {
  const out: CommentJson[] = [];
  for (const c of list) {
    if (c.id === id) {
      const next = change(c);
      if (next) out.push(next);
      continue;
    }
    out.push(c.replies.some((r) => r.id === id) ? { ...c, replies: updateIn(c.replies, id, change) } : c);
  }
  return out;
}

/**
 * Comments of a post: the list (newest first, replies under their comment), a form with a
 * character counter, replies, likes, deleting with a confirmation, and the CSV download for the
 * people who moderate. Loaded on the client; the server decides every permission again.
 */
export default function PostComments({ postId, allowComment, canComment, commentRefusal, canModerate, onCountChange }: PostCommentsProps) {
  const { t, locale } = useTranslation("comments");
  const toast = useToast();
  const dialog = useDialog();
  const [comments, setComments] = useState<CommentJson[]>([]);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [state, setState] = useState<LoadState>("loading");
  const [loadingMore, setLoadingMore] = useState(false);
  const [permissions, setPermissions] = useState<
    Pick<SocialPermissions, "allowComment" | "canComment" | "commentRefusal" | "canLike" | "canModerate">
  >({
    allowComment,
    canComment,
    commentRefusal,
    canLike: false,
    canModerate,
  });
  const [replyTo, setReplyTo] = useState<number | null>(null);

  const fail = useCallback((message: string | undefined) => toast.show(message || t("errors.generic"), "error"), [toast, t]);

  const load = useCallback(
    async (before: number | null) => {
      const res = await callApi<CommentsPayload>(`/posts/${postId}/post_comments${before ? `?before=${before}` : ""}`);
      if (!res.success) throw new Error(res.payload.message);
      setComments((list) => (before ? [...list, ...res.payload.comments] : res.payload.comments));
      setNextCursor(res.payload.nextCursor);
      setPermissions(res.payload.permissions);
      onCountChange?.(res.payload.commentCount);
    },
    [postId, onCountChange],
  );

  const loadFirst = useCallback(() => {
    setState("loading");
    load(null).then(
      () => setState("ready"),
      () => setState("failed"),
    );
  }, [load]);

  useEffect(loadFirst, [loadFirst]);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await load(nextCursor);
    } catch (e) {
      fail(e instanceof Error ? e.message : undefined);
    } finally {
      setLoadingMore(false);
    }
  };

  const submit = async (parentId: number | null, body: string): Promise<boolean> => {
    const path = parentId === null ? `/posts/${postId}/post_comments` : `/posts/${postId}/post_comments/${parentId}/create_child`;
    try {
      const res = await callApi<{ comment: CommentJson; commentCount: number }>(path, { method: "POST", body: { body } });
      if (!res.success) {
        fail(res.payload.message);
        return false;
      }
      const created = res.payload.comment;
      setComments((list) =>
        parentId === null ? [created, ...list] : updateIn(list, parentId, (c) => ({ ...c, replies: [...c.replies, created] })),
      );
      onCountChange?.(res.payload.commentCount);
      toast.show(t("posted"), "success");
      if (parentId !== null) setReplyTo(null);
      return true;
    } catch {
      fail(undefined);
      return false;
    }
  };

  const toggleLike = async (comment: CommentJson) => {
    const liked = !comment.likedByMe;
    const flip = (c: CommentJson, to: boolean, count: number) => ({ ...c, likedByMe: to, likeCount: Math.max(0, count) });
    setComments((list) => updateIn(list, comment.id, (c) => flip(c, liked, c.likeCount + (liked ? 1 : -1))));
    try {
      const res = await callApi<{ liked: boolean; likeCount: number }>(`/posts/${postId}/post_comments/${comment.id}/like`, {
        method: liked ? "POST" : "DELETE",
      });
      if (!res.success) throw new Error(res.payload.message);
      setComments((list) => updateIn(list, comment.id, (c) => flip(c, res.payload.liked, res.payload.likeCount)));
    } catch (e) {
      setComments((list) => updateIn(list, comment.id, (c) => flip(c, comment.likedByMe, comment.likeCount)));
      fail(e instanceof Error ? e.message : undefined);
    }
  };

  const remove = async (comment: CommentJson) => {
    if (!(await dialog.confirm({ message: t("deleteConfirm"), okText: t("delete") }))) return;
    try {
      const res = await callApi<{ deleted: boolean; commentCount: number }>(`/posts/${postId}/post_comments/${comment.id}`, {
        method: "DELETE",
      });
      if (!res.success) throw new Error(res.payload.message);
      // a comment with replies stays as a 'deleted comment' line above them; anything else goes
      setComments((list) =>
        updateIn(list, comment.id, (c) =>
          c.replies.length > 0 ? { ...c, deleted: true, body: "", user: null, likeCount: 0, likedByMe: false, deletable: false } : null,
        ),
      );
      onCountChange?.(res.payload.commentCount);
      toast.show(t("deletedToast"), "success");
    } catch (e) {
      fail(e instanceof Error ? e.message : undefined);
    }
  };

  const item = (c: CommentJson, isReply: boolean) => (
    <li key={c.id} className={isReply ? "comment comment-reply" : "comment"}>
      {c.deleted ? (
        <p className="comment-deleted muted">{t("deleted")}</p>
      ) : (
        <article aria-label={c.user?.name || t("leftUser")}>
          <header className="comment-head">
            <span className="avatar" aria-hidden="true">
              {c.user?.iconImageUrl ? (
                <img src={c.user.iconImageUrl} alt="" width="32" height="32" loading="lazy" />
              ) : (
                (c.user?.name || "?").slice(0, 1)
              )}
            </span>
            <strong className="comment-author">{c.user?.name || t("leftUser")}</strong>
            <time className="muted small" dateTime={c.createdAt}>
              {formatLocalDate(locale, c.createdAt, true)}
            </time>
          </header>
          <p className="comment-body">{c.body}</p>
          <div className="comment-actions">
            <button
              type="button"
              className="comment-action"
              aria-pressed={c.likedByMe}
              disabled={!permissions.canLike}
              onClick={() => void toggleLike(c)}
            >
              <span aria-hidden="true">{c.likedByMe ? "♥" : "♡"}</span>
              <span className="visually-hidden">{t("like.label")}</span>
              <span>{formatCompactNumber(c.likeCount)}</span>
            </button>
            {!isReply && permissions.canComment ? (
              <button
                type="button"
                className="comment-action"
                aria-expanded={replyTo === c.id}
                onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}
              >
                {t("reply")}
              </button>
            ) : null}
            {c.deletable ? (
              <button type="button" className="comment-action comment-delete" onClick={() => void remove(c)}>
                {t("delete")}
              </button>
            ) : null}
          </div>
        </article>
      )}
      {!isReply && (c.replies.length > 0 || replyTo === c.id) ? (
        <ul className="comment-replies">
          {c.replies.map((r) => item(r, true))}
          {replyTo === c.id ? (
            <li className="comment-reply">
              <CommentForm reply onSubmit={(body) => submit(c.id, body)} onCancel={() => setReplyTo(null)} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );

  return (
    <div className="comments-body">
      {permissions.canModerate ? (
        <p className="comments-tools">
          <a className="button button-secondary button-small" href={`/api/v1/posts/${postId}/post_comments/csv`} download>
            {t("csvDownload")}
          </a>
        </p>
      ) : null}
      <CommentGate permissions={permissions} onSubmit={(body) => submit(null, body)} />
      {state === "loading" ? <p className="muted comments-status">{t("loading")}</p> : null}
      {state === "failed" ? (
        <p className="comments-status" role="alert">
          {t("loadFailed")}{" "}
          <button type="button" className="button button-secondary button-small" onClick={loadFirst}>
            {t("retry")}
          </button>
        </p>
      ) : null}
      {state === "ready" && comments.length === 0 ? <p className="empty-state">{t("empty")}</p> : null}
      {comments.length > 0 ? <ul className="comment-list">{comments.map((c) => item(c, false))}</ul> : null}
      {nextCursor !== null ? (
        <p className="comments-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={loadingMore}
            aria-busy={loadingMore}
            onClick={() => void loadMore()}
          >
            {t("more")}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** The new-comment form, or why there is none: comments closed, sign in first, or not allowed. */
function CommentGate({
  permissions,
  onSubmit,
}: {
  permissions: Pick<SocialPermissions, "allowComment" | "canComment" | "commentRefusal">;
  onSubmit: (body: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("comments");
  const root = useRootData();
  const location = useLocation();
  if (!permissions.allowComment) return <p className="comments-notice">{t("closed")}</p>;
  if (permissions.canComment) return <CommentForm onSubmit={onSubmit} />;
  if (permissions.commentRefusal === "signIn") {
    return (
      <p className="comments-notice">
        {t("form.signIn")} <a href={linkBuilder(root).login(`${location.pathname}${location.search}`)}>{t("form.signInLink")}</a>
      </p>
    );
  }
  return <p className="comments-notice">{t(`errors.${permissions.commentRefusal ?? "generic"}`)}</p>;
}

/** A comment or reply form with a live character count; the text stays if sending fails. */
function CommentForm({
  reply = false,
  onSubmit,
  onCancel,
}: {
  reply?: boolean;
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("comments");
  const id = useId();
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const length = commentLength(body.trim());
  const tooLong = length > COMMENT_MAX_LENGTH;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (length === 0 || tooLong || sending) return;
    setSending(true);
    const done = await onSubmit(body);
    setSending(false);
    if (done) setBody("");
  };

  return (
    <form className="comment-form" onSubmit={send}>
      <label htmlFor={id} className={reply ? "visually-hidden" : undefined}>
        {t(reply ? "form.replyLabel" : "form.label")}
      </label>
      <textarea
        id={id}
        rows={reply ? 3 : 5}
        value={body}
        placeholder={t(reply ? "form.replyPlaceholder" : "form.placeholder")}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a reply box opens on the fan's own click to reply, so typing goes there
        autoFocus={reply}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="comment-form-foot">
        <span id={`${id}-count`} className={tooLong ? "comment-counter comment-counter-over" : "comment-counter muted small"}>
          {t("form.counter", { count: length, max: COMMENT_MAX_LENGTH })}
        </span>
        {tooLong ? (
          <span className="field-errors" role="alert">
            {t("validation.maxLength", { max: COMMENT_MAX_LENGTH })}
          </span>
        ) : null}
        <span className="comment-form-buttons">
          {onCancel ? (
            <button type="button" className="button button-secondary button-small" onClick={onCancel}>
              {t("form.cancel")}
            </button>
          ) : null}
          <button type="submit" className="button button-small" disabled={length === 0 || tooLong || sending} aria-busy={sending}>
            {t(reply ? "form.submitReply" : "form.submit")}
          </button>
        </span>
      </div>
    </form>
  );
}
