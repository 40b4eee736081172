import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PostCardList } from "~/components/posts/post-card";
import { RecentPosts } from "./recent-posts";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import postStyles from "~/styles/posts.css?url";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { postViewerFrom } from "../../../../server/services/post-access";
import { timeline } from "../../../../server/services/post-view";

export const handle = { i18n: ["common", "posts"], breadcrumb: () => ({ label: "posts:view.timelineTitle" }) };
export const clientLoader = withNamespaces(["posts"]);
// signed-out visitors all get the same sign-in prompt
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: postStyles }];

/** `?before=<ms>&beforeId=<id>`: the last card already seen, or null for the newest posts. */
function cursorOf(params: URLSearchParams): { before: number; beforeId: number } | null {
  const before = Number(params.get("before"));
  const beforeId = Number(params.get("beforeId"));
  return params.has("before") && Number.isSafeInteger(before) && Number.isSafeInteger(beforeId) && beforeId > 0
    ? { before, beforeId }
    : null;
}

/**
 * /posts: the timeline (spec §2), posts of the fan clubs the person follows or belongs to, newest
 * first, older ones behind a 'load more' link. Visitors get an invitation to sign in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const title = app.t("posts:view.timelineTitle");
  if (!app.user) {
    const here = `${app.service?.frontUrl ?? url.origin}/posts`;
    return {
      title,
      signedIn: false,
      loginHref: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(here)}`,
      posts: [],
      more: null,
      paged: false,
    };
  }
  const cursor = cursorOf(url.searchParams);
  const page = await timeline(app.db, postViewerFrom(app.session), cursor, Date.now());
  return {
    title,
    signedIn: true,
    loginHref: null,
    posts: page.posts,
    more: page.next ? `/posts?before=${page.next.before}&beforeId=${page.next.beforeId}` : null,
    paged: cursor !== null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Timeline() {
  const { t } = useTranslation("posts");
  const { signedIn, loginHref, posts, more, paged } = useLoaderData<typeof loader>();
  return (
    <div className="page posts-timeline">
      <h1>{t("view.timelineTitle")}</h1>
      {!signedIn ? (
        <div className="empty-state">
          <p>{t("view.timelineSignedOut")}</p>
          {loginHref ? (
            <a className="button" href={loginHref}>
              {t("view.signIn")}
            </a>
          ) : null}
        </div>
      ) : posts.length ? (
        <PostCardList posts={posts} />
      ) : (
        <p className="empty-state">{paged ? t("view.timelineEnd") : t("view.timelineEmpty")}</p>
      )}
      {more || paged ? (
        <nav className="pager" aria-label={t("view.pages")}>
          {paged ? <Link to="/posts">{t("view.backToNewest")}</Link> : <span />}
          {more ? (
            <Link className="button button-outline" to={more}>
              {t("actions.loadMore")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <RecentPosts />
    </div>
  );
}
