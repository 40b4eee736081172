import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PostEditorPage } from "~/components/posts/post-editor-page";
import { withNamespaces } from "~/lib/i18n";
import postsStyles from "~/styles/post-management.css?url";
import blogStyles from "~/styles/blog.css?url";
import blogEditorStyles from "~/styles/blog-editor.css?url";
import { uploadsStylesheet } from "~/components/uploads/styles";
import { postEditorData } from "../../../server/http/post-editor";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "creator", "posts", "uploads", "blog"], breadcrumb: () => ({ label: "posts:management.title" }) };
export const clientLoader = withNamespaces(["creator", "posts", "uploads", "blog"]);
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: postsStyles },
  uploadsStylesheet,
  // the blog editor; the other types do not need them, but one route serves every type
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: blogEditorStyles },
];

/** /me/fanclub/posts/new/{blog|lesson|picture|streaming|attachment}: a new post as a page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const data = await postEditorData(context.app, request, params.postTypeStr, null);
  return { ...data, title: translatorFor(context.app.locale, "posts")(`types.${data.type}`) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function NewPost() {
  const data = useLoaderData<typeof loader>();
  return <PostEditorPage {...data} />;
}
