import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { formatCompactNumber } from "../../../../server/domain/number-display";
import type { CommentRefusal } from "../../../../server/domain/post-comments";

// The list, its forms and their handlers are the larger part: they arrive in their own chunk once
// the comments come near the screen, so a visitor who only looks at the post never loads them.
const PostComments = lazy(() => import("~/components/posts/post-comments"));

/** What `postSocialFrom` (server/services/post-comments.ts) gives the post page. */
export interface PostSocialProps {
  postId: number;
  allowComment: boolean;
  canComment: boolean;
  commentRefusal: CommentRefusal | null;
  canLike: boolean;
  canModerate: boolean;
  initialLikeCount: number;
  likedByMe: boolean;
  commentCount: number;
}

/** The post's like button and its comments section, for the post detail page. */
export function PostSocial(props: PostSocialProps) {
  return (
    <>
      <PostLikeButton postId={props.postId} canLike={props.canLike} initialLikeCount={props.initialLikeCount} likedByMe={props.likedByMe} />
      <PostCommentsSection {...props} />
    </>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.4 2.9 4.5 6.6 4.5c2.2 0 3.7 1.2 5.4 3.2 1.7-2 3.2-3.2 5.4-3.2 3.7 0 5.7 3.9 4.2 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Likes the post at once (optimistic) and settles on the server's count; on failure it goes back
 * and says why. Visitors get a link to sign in instead of a button that cannot work.
 */
export function PostLikeButton({
  postId,
  canLike,
  initialLikeCount,
  likedByMe,
}: {
  postId: number;
  canLike: boolean;
  initialLikeCount: number;
  likedByMe: boolean;
}) {
  const { t } = useTranslation("comments");
  const toast = useToast();
  const root = useRootData();
  const location = useLocation();
  const [state, setState] = useState({ liked: likedByMe, count: initialLikeCount });
  const [busy, setBusy] = useState(false);

  const content = (liked: boolean, count: number) => (
    <>
      <HeartIcon filled={liked} />
      <span>{t("like.label")}</span>
      <span className="like-count">{formatCompactNumber(count)}</span>
    </>
  );

  if (!canLike) {
    if (!root?.user) {
      return (
        <a className="like-button" href={linkBuilder(root).login(`${location.pathname}${location.search}`)} title={t("like.signIn")}>
          {content(false, state.count)}
        </a>
      );
    }
    return (
      <button type="button" className="like-button" disabled title={t("errors.blocked")}>
        {content(state.liked, state.count)}
      </button>
    );
  }

  const toggle = async () => {
    const before = state;
    const liked = !before.liked;
    setState({ liked, count: Math.max(0, before.count + (liked ? 1 : -1)) });
    setBusy(true);
    try {
      const res = await callApi<{ liked: boolean; likeCount: number }>(`/posts/${postId}/${liked ? "like" : "cancel_like"}`, {
        method: "POST",
      });
      if (!res.success) throw new Error(res.payload.message);
      setState({ liked: res.payload.liked, count: res.payload.likeCount });
    } catch (e) {
      setState(before);
      toast.show(e instanceof Error && e.message ? e.message : t("errors.generic"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="like-button" aria-pressed={state.liked} aria-busy={busy} disabled={busy} onClick={toggle}>
      {content(state.liked, state.count)}
    </button>
  );
}

/**
 * The comments heading (rendered on the server, count included) and the list, which loads once
 * the section is within a screen of the viewport.
 */
function PostCommentsSection(props: PostSocialProps) {
  const { t } = useTranslation("comments");
  const [count, setCount] = useState(props.commentCount);
  const [near, setNear] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const headingId = `post-comments-${props.postId}`;
  const loading = <p className="muted comments-status">{t("loading")}</p>;
  return (
    <section className="comments" aria-labelledby={headingId} ref={ref}>
      <h2 id={headingId}>
        {t("heading")} <span className="comments-count">{formatCompactNumber(count)}</span>
      </h2>
      {near ? (
        <Suspense fallback={loading}>
          <PostComments
            postId={props.postId}
            allowComment={props.allowComment}
            canComment={props.canComment}
            commentRefusal={props.commentRefusal}
            canModerate={props.canModerate}
            onCountChange={setCount}
          />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
