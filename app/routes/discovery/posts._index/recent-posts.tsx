import { useEffect, useState } from "react";
import { readPostHistory } from "~/lib/browsing-history";
import { useTranslation } from "~/lib/i18n";
import type { PostCard as PostCardData } from "../../../../server/services/post-view";
import { PostCardList } from "~/components/posts/post-card";

/**
 * 'Recently viewed' (spec §4 browsing history): the ids live in this browser, most recent last,
 * so the cards arrive after hydration with one small API call; nothing shows until they do, and
 * nothing at all when the history is empty or its posts are gone.
 */
export function RecentPosts() {
  const { t } = useTranslation("posts");
  const [posts, setPosts] = useState<PostCardData[]>([]);
  useEffect(() => {
    const ids = readPostHistory().reverse();
    if (!ids.length) return;
    fetch(`/api/v1/posts/recently_view?ids=${ids.join(",")}`, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((r) => r.json() as Promise<{ success: boolean; payload: { posts: PostCardData[] } }>)
      .then((r) => r.success && setPosts(r.payload.posts))
      .catch(() => {});
  }, []);
  if (!posts.length) return null;
  return (
    <section className="home-section posts-recent" aria-labelledby="posts-recent-heading">
      <h2 id="posts-recent-heading">{t("view.history")}</h2>
      <PostCardList posts={posts} />
    </section>
  );
}
