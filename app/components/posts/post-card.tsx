import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { PostCard as PostCardData } from "../../../server/services/post-view";
import { LockIcon } from "./lock-icon";
import { COVER_CARD_SIZES } from "../../../server/domain/image-variants";
import { PostDate } from "./post-date";
import { SizedImage } from "~/components/sized-image";

function postHref(post: { id: number; fanclubId: number }): string {
  return `/fanclubs/${post.fanclubId}/posts/${post.id}`;
}

/**
 * One post in a list (a fan club's posts, the timeline, group announcements, recently viewed):
 * cover or a placeholder of its type, title, fan club, date, and a lock with the plan's name when
 * this viewer cannot open it. Cards carry no body text, so a list never leaks a locked post.
 */
function PostCard({ post, showFanclub = true }: { post: PostCardData; showFanclub?: boolean }) {
  const { t } = useTranslation("posts");
  return (
    <li className="post-card">
      <Link to={postHref(post)} prefetch="intent">
        <span className="post-card-cover">
          {post.coverUrl ? (
            <>
              <SizedImage
                src={post.coverUrl}
                srcSet={post.coverSrcSet}
                sizes={post.coverSrcSet ? COVER_CARD_SIZES : undefined}
                width={1200}
                height={630}
                loading="lazy"
                decoding="async"
              />
              <span className="post-card-type">{t(`types.${post.type}`)}</span>
            </>
          ) : (
            <span className={`post-card-placeholder post-type-${post.type}`}>{t(`types.${post.type}`)}</span>
          )}
        </span>
        <span className="post-card-text">
          <strong className="post-card-title">{post.title || t("modal.untitled")}</strong>
          {showFanclub ? <span className="post-card-fanclub muted small">{post.fanclubName}</span> : null}
          <span className="post-card-meta muted small">
            <PostDate ms={post.publishedAt} />
            {post.locked ? (
              <span className="post-card-lock" data-locked="true">
                <LockIcon />
                <span className="visually-hidden">{t("view.lockedLabel")}</span>
                {post.planName}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function PostCardList({ posts, showFanclub = true }: { posts: readonly PostCardData[]; showFanclub?: boolean }) {
  return (
    <ul className="post-card-list">
      {posts.map((p) => (
        <PostCard key={p.id} post={p} showFanclub={showFanclub} />
      ))}
    </ul>
  );
}
