import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PostCardList } from "~/components/posts/post-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import postStyles from "~/styles/posts.css?url";
import { idParam } from "../../../server/http/params";
import { postViewerFrom } from "../../../server/services/post-access";
import { listGroupMemberPosts } from "../../../server/services/post-view";

export const handle = { i18n: ["common", "groups", "posts"], breadcrumb: () => ({ label: "groups:page.posts" }) };
export const clientLoader = withNamespaces(["groups", "posts"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: postStyles }];

/**
 * /groups/{id}/posts: the member fan clubs' posts, newest first. It used to be a fixed empty list
 * written before posts existed, so a group whose members had posted still read "no posts yet".
 * The layout answers unknown or closed groups.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const groupId = idParam(params.id);
  return { posts: await listGroupMemberPosts(app.db, groupId, postViewerFrom(app.session), Date.now()) };
}

export default function GroupPosts() {
  const { t } = useTranslation("groups");
  const { posts } = useLoaderData<typeof loader>();
  return posts.length ? <PostCardList posts={posts} /> : <p className="empty-state">{t("page.postsEmpty")}</p>;
}
