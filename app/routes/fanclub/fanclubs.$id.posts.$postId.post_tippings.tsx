import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TipButton } from "~/components/tips/tip-button";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import tipsStyles from "~/styles/tips.css?url";
import { formatYen } from "../../../server/domain/number-display";
import { idParam } from "../../../server/http/params";
import { loadPostAccess, postViewerFrom } from "../../../server/services/post-access";
import { postTippings } from "../../../server/services/tips";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fanclub", "posts", "tips"],
  breadcrumb: (d: { post?: { fanclubId: number; id: number; title: string } } | undefined) =>
    d?.post
      ? [
          { label: "fanclub:tabs.posts", to: `/fanclubs/${d.post.fanclubId}/posts` },
          { label: d.post.title, literal: true, to: `/fanclubs/${d.post.fanclubId}/posts/${d.post.id}` },
          { label: "tips:list.title" },
        ]
      : [],
};
export const clientLoader = withNamespaces(["fanclub", "posts", "tips"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tipsStyles }];

/**
 * /fanclubs/{id}/posts/{postId}/post_tippings: the tips on a post, newest first, 3 per row (spec
 * display rules). The post's gate comes first: a post that is not there is 404, and the tips of a
 * locked post stay hidden like its comments.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const postId = idParam(params.postId);
  const access = await loadPostAccess(app.db, postId, postViewerFrom(app.session), Date.now());
  if (!access || access.fanclub.id !== fanclubId || !access.post.allowTipping) throw new Response(null, { status: 404 });
  const post = { id: postId, fanclubId, title: access.post.title, href: `/fanclubs/${fanclubId}/posts/${postId}` };
  if (!access.canView) return { post, locked: true as const, tips: null, canTip: false };
  const before = parseHistoryCursor(new URL(request.url).searchParams.get("before"));
  const tips = await postTippings(app.db, postId, before);
  return { post, locked: false as const, tips, canTip: app.user !== null && !access.manages };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.post.title }, { name: "robots", content: "noindex" }] : [];

export default function PostTippings() {
  const { t, locale } = useTranslation("tips");
  const { post, locked, tips, canTip } = useLoaderData<typeof loader>();
  return (
    <section className="post-tippings" aria-labelledby="post-tippings-title">
      <h2 id="post-tippings-title">{t("list.title")}</h2>
      <p className="muted">{t("list.lead", { title: post.title })}</p>
      {locked || !tips ? (
        <p className="flash flash-muted">{t("list.locked")}</p>
      ) : (
        <>
          <p className="tips-totals" data-testid="tip-summary">
            {tips.count > 0 ? t("post.summary", { count: tips.count, total: formatYen(tips.total) }) : t("list.empty")}
          </p>
          {canTip ? <TipButton page={60} id={post.id} label={t("post.button")} /> : null}
          {tips.rows.length ? (
            <ul className="tips-grid" data-testid="tips-grid">
              {tips.rows.map((tip) => (
                <li key={tip.id} data-tip-id={tip.id}>
                  <div className="tip-head">
                    {tip.userIconUrl ? (
                      <img src={tip.userIconUrl} alt="" width={32} height={32} loading="lazy" />
                    ) : (
                      <span className="tip-avatar" aria-hidden="true" />
                    )}
                    <span className="tip-name">{tip.userName}</span>
                  </div>
                  <span className="tip-amount">{formatYen(tip.amount)}</span>
                  <p className={tip.message ? "tip-message" : "tip-message muted small"}>{tip.message ?? t("list.noMessage")}</p>
                  <time className="muted small" dateTime={new Date(tip.createdAt).toISOString()}>
                    {formatLocalDate(locale, tip.createdAt, true)}
                  </time>
                </li>
              ))}
            </ul>
          ) : null}
          {tips.nextBefore ? (
            <p>
              <Link to={`?before=${tips.nextBefore}`}>{t("list.more")}</Link>
            </p>
          ) : null}
        </>
      )}
      <p>
        <Link to={post.href}>{t("list.back")}</Link>
      </p>
    </section>
  );
}
