import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PostCardList } from "~/components/posts/post-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import postStyles from "~/styles/posts.css?url";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { postViewerFrom } from "../../../server/services/post-access";
import { listFanclubPosts } from "../../../server/services/post-view";
import { mergedReads } from "../../../server/http/merged-reads";

export const handle = { i18n: ["common", "fanclub", "posts"], breadcrumb: () => ({ label: "fanclub:tabs.posts" }) };
export const clientLoader = withNamespaces(["fanclub", "posts"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: postStyles }];

/** `?page=` as the list's page number; anything else is the first page. */
function pageOf(value: string | null): number {
  const n = Number(value ?? "1");
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/**
 * /fanclubs/{id}/posts: the fan club's live posts, newest first, a page at a time. Locked ones
 * show as cards with a lock and the plan's name (cards carry no body). The frame and the 404 for
 * unknown fan clubs come from the layout.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  const list = await listFanclubPosts(mergedReads(app), fanclubId, postViewerFrom(app.session), page, Date.now());
  return { fanclubId, page, posts: list.posts, hasNext: page * list.pageSize < list.total };
}

export default function FanclubPostsTab() {
  const { t } = useTranslation("posts");
  const { fanclubId, page, posts, hasNext } = useLoaderData<typeof loader>();
  const pageHref = (n: number) => (n === 1 ? `/fanclubs/${fanclubId}/posts` : `/fanclubs/${fanclubId}/posts?page=${n}`);
  return (
    <section className="fanclub-posts" aria-label={t("view.listLabel")}>
      {posts.length ? <PostCardList posts={posts} showFanclub={false} /> : <p className="empty-state">{t("view.empty")}</p>}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label={t("view.pages")}>
          {page > 1 ? <Link to={pageHref(page - 1)}>{t("view.previousPage")}</Link> : <span />}
          <span className="muted small">{t("view.pageN", { page })}</span>
          {hasNext ? <Link to={pageHref(page + 1)}>{t("view.nextPage")}</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
