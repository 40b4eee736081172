import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { LockIcon } from "~/components/posts/lock-icon";
import { PostBodyContent } from "./post-body";
import { PostDate } from "~/components/posts/post-date";
import { TipPrompt } from "./tip-prompt";
import { rememberPostVisit } from "~/lib/browsing-history";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import postStyles from "~/styles/posts.css?url";
import blogStyles from "~/styles/blog.css?url";
import tipsStyles from "~/styles/tips.css?url";
import { mediaSignerFor } from "../../../../server/media/private-urls";
import { blogPlainText, parseBlogDocument, renderBlogHtml } from "../../../../server/domain/blog";
import { formatYen } from "../../../../server/domain/number-display";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { idParam } from "../../../../server/http/params";
import { postViewerFrom } from "../../../../server/services/post-access";
import { loadPostPage, type PostBody } from "../../../../server/services/post-view";

import { PostSocial } from "./post-social";
import commentStyles from "~/styles/comments.css?url";

export const handle = {
  i18n: ["common", "fanclub", "posts", "comments", "tips"],
  breadcrumb: (d: { post?: { fanclubId: number; title: string } } | undefined) =>
    d?.post
      ? [
          { label: "fanclub:tabs.posts", to: `/fanclubs/${d.post.fanclubId}/posts` },
          { label: d.post.title, literal: true },
        ]
      : [],
};
export const clientLoader = withNamespaces(["fanclub", "posts", "comments", "tips"]);
// Signed-out visitors all get the same page (media links are minted for "anyone" and keep for the hour).
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: postStyles },
  { rel: "stylesheet", href: commentStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: tipsStyles },
];

const DESCRIPTION_CHARS = 120;

/** The blog's HTML and a plain excerpt, made here so the page's script carries no renderer. */
function blogOf(body: PostBody): { html: string | null; excerpt: string } {
  if (!body.blog) return { html: null, excerpt: "" };
  const parsed = parseBlogDocument(body.blog.json);
  if (!parsed.ok) return { html: null, excerpt: "" };
  const { imageUrls, variantUrls } = body.blog;
  return {
    html: renderBlogHtml(parsed.doc, (key) => imageUrls[key] ?? variantUrls[key] ?? null),
    excerpt: blogPlainText(parsed.doc, DESCRIPTION_CHARS),
  };
}

/**
 * /fanclubs/{id}/posts/{postId}: one post (spec §2 post detail). The service decides what this
 * viewer gets: a locked post arrives as title, cover and the plans that unlock it, with no body,
 * file names or media links, so neither the HTML nor this loader's data can leak them.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const postId = idParam(params.postId);
  const now = Date.now();
  const viewer = postViewerFrom(app.session);
  // the gate, the body (or what unlocks it), previous/next, likes and the tips' count: one batch
  const page = await loadPostPage(app.db, postId, viewer, mediaSignerFor(app, now));
  // a post is only ever shown under its own fan club's address
  if (!page || page.detail.fanclubId !== fanclubId) throw new Response(null, { status: 404 });
  const { detail, around, social, tips: tipSummary } = page;
  const blog = detail.body ? blogOf(detail.body) : null;
  const frontUrl = app.service?.frontUrl ?? new URL(request.url).origin;
  const pageUrl = `${frontUrl}/fanclubs/${fanclubId}/posts/${postId}`;
  const excerpt = detail.body ? blog?.excerpt || detail.body.comment.replace(/\s+/g, " ").trim().slice(0, DESCRIPTION_CHARS) : "";
  return {
    post: {
      id: detail.id,
      fanclubId,
      fanclubName: detail.fanclubName,
      type: detail.type,
      title: detail.title,
      coverUrl: detail.coverUrl,
      publishedAt: detail.publishedAt,
      likeCount: detail.likeCount,
      commentCount: detail.commentCount,
      allowComment: detail.allowComment,
      commentScope: detail.commentScope,
      allowTipping: detail.allowTipping,
      isGroupPost: detail.isGroupPost,
      locked: detail.locked,
      unlockPlans: detail.unlockPlans.map((p) => ({ id: p.id, name: p.name, price: p.price, href: `/fanclubs/${fanclubId}?plan=${p.id}` })),
      manages: detail.manages,
      linkedProduct: detail.linkedProduct,
    },
    social,
    tips: tipSummary
      ? {
          count: tipSummary.count,
          total: tipSummary.total,
          href: `/fanclubs/${fanclubId}/posts/${postId}/post_tippings`,
          canTip: app.user !== null && !detail.manages,
        }
      : null,
    body: detail.body
      ? { comment: detail.body.comment, blogHtml: blog?.html ?? null, files: detail.body.files, lesson: detail.body.lesson }
      : null,
    around: {
      prev: around.prev ? { href: `/fanclubs/${fanclubId}/posts/${around.prev.id}`, title: around.prev.title } : null,
      next: around.next ? { href: `/fanclubs/${fanclubId}/posts/${around.next.id}`, title: around.next.title } : null,
    },
    editHref: detail.editable ? `/me/fanclub/posts/edit/${detail.id}/${detail.type}` : null,
    loginHref: app.user ? null : `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(pageUrl)}`,
    meta: {
      // nothing of a locked body, not even an excerpt
      description: detail.locked ? null : excerpt || null,
      image: detail.coverUrl ? new URL(detail.coverUrl, frontUrl).toString() : null,
      url: pageUrl,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const title = data.post.title || data.post.fanclubName;
  return [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: "article" },
    { property: "og:url", content: data.meta.url },
    { tagName: "link", rel: "canonical", href: data.meta.url },
    ...(data.meta.description
      ? [
          { name: "description", content: data.meta.description },
          { property: "og:description", content: data.meta.description },
        ]
      : []),
    ...(data.meta.image ? [{ property: "og:image", content: data.meta.image }] : []),
  ];
};

export default function PostDetailPage() {
  const { t } = useTranslation("posts");
  const { post, body, around, editHref, loginHref, social, tips } = useLoaderData<typeof loader>();
  // spec §4 browsing history: this browser remembers the last four posts it opened
  useEffect(() => rememberPostVisit(post.id), [post.id]);
  return (
    <article className="post-detail" data-locked={post.locked ? "true" : undefined}>
      <header className="post-detail-head">
        <p className="post-detail-kicker muted small">
          <span className="badge">{t(`types.${post.type}`)}</span>
          {post.isGroupPost ? <span className="badge">{t("view.group")}</span> : null}
          <PostDate ms={post.publishedAt} withTime />
        </p>
        <h1>{post.title || t("modal.untitled")}</h1>
        {editHref ? (
          <a className="button button-outline button-small post-edit-link" href={editHref}>
            {t("actions.edit")}
          </a>
        ) : null}
      </header>
      {post.coverUrl ? <img className="post-cover" src={post.coverUrl} alt="" width={1200} height={630} /> : null}

      {body ? (
        <div className="post-body">
          <PostBodyContent type={post.type} title={post.title} body={body} />
        </div>
      ) : (
        <LockedPrompt plans={post.unlockPlans} loginHref={loginHref} />
      )}

      {post.linkedProduct ? <LinkedProductCard product={post.linkedProduct} /> : null}

      <p className="post-counts muted small">
        <span>{t("view.likes", { count: post.likeCount })}</span>
        <span>{t("view.comments", { count: post.commentCount })}</span>
      </p>

      {tips && !post.isGroupPost ? <TipPrompt postId={post.id} tips={tips} loginHref={loginHref} /> : null}

      {/* The comments and likes (post-comments.tsx, post-social.tsx) mount here; never on a locked post. */}
      {social ? (
        <section id="comments" className="post-comments" data-post-id={post.id}>
          <PostSocial {...social} />
        </section>
      ) : null}

      {around.prev || around.next ? (
        <nav className="post-around" aria-label={t("view.around")}>
          {around.prev ? (
            <Link className="post-around-older" to={around.prev.href} prefetch="intent">
              <span className="muted small">{t("actions.older")}</span>
              <span className="post-around-title">{around.prev.title || t("modal.untitled")}</span>
            </Link>
          ) : (
            <span />
          )}
          {around.next ? (
            <Link className="post-around-newer" to={around.next.href} prefetch="intent">
              <span className="muted small">{t("actions.newer")}</span>
              <span className="post-around-title">{around.next.title || t("modal.untitled")}</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </article>
  );
}

/** spec §2 post detail "a linked product": below the body (or the locked prompt), for every viewer. */
function LinkedProductCard({ product }: { product: { title: string; price: number; imageUrl: string | null; href: string } }) {
  const { t } = useTranslation("posts");
  return (
    <section className="post-linked-product card" aria-labelledby="post-linked-product-heading" data-testid="linked-product">
      <h2 id="post-linked-product-heading" className="muted small">
        {t("linkedProduct.heading")}
      </h2>
      <a className="post-linked-product-link" href={product.href}>
        {product.imageUrl ? <img src={product.imageUrl} alt="" width={96} height={96} loading="lazy" /> : null}
        <span className="post-linked-product-text">
          <strong>{product.title}</strong>
          <span>{product.price === 0 ? t("linkedProduct.free") : formatYen(product.price)}</span>
          <span className="post-linked-product-cta">{t("linkedProduct.view")}</span>
        </span>
      </a>
    </section>
  );
}

/**
 * What a viewer without access sees: a blurred block drawn by CSS alone (no byte of the post
 * behind it), and the plans that open the post, each leading to the plan modal.
 */
function LockedPrompt({
  plans,
  loginHref,
}: {
  plans: { id: number; name: string; price: number; href: string }[];
  loginHref: string | null;
}) {
  const { t } = useTranslation("posts");
  return (
    <section className="post-locked" aria-labelledby="post-locked-heading">
      <div className="post-locked-preview" aria-hidden="true" />
      <div className="post-locked-prompt card">
        <LockIcon size={28} />
        <h2 id="post-locked-heading">{t("view.locked")}</h2>
        {plans.length ? (
          <>
            <p>{t("view.lockedLead")}</p>
            <ul className="post-unlock-plans">
              {plans.map((p) => (
                <li key={p.id}>
                  <a href={p.href}>
                    <strong>{p.name}</strong>
                    <span>{p.price === 0 ? t("view.free") : t("view.perMonth", { price: formatYen(p.price) })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t("view.noPlanOpen")}</p>
        )}
        {loginHref ? (
          <p className="small">
            {t("view.memberSignIn")} <a href={loginHref}>{t("view.lockedSignIn")}</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
