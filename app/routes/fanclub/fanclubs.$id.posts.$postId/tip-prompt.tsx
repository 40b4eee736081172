import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import { TipButton } from "~/components/tips/tip-button";

export /**
 * The tips prompt (spec §2 post detail) of a post that takes tips, for viewers who can see it: the
 * count and total, the list, and the button that opens the payment modal at the tip page.
 */
function TipPrompt({
  postId,
  tips,
  loginHref,
}: {
  postId: number;
  tips: { count: number; total: number; href: string; canTip: boolean };
  loginHref: string | null;
}) {
  const { t } = useTranslation("tips");
  return (
    <aside className="card post-tip" aria-labelledby="post-tip-heading" data-testid="post-tip">
      <h2 id="post-tip-heading">{t("post.heading")}</h2>
      {tips.canTip ? <p>{t("post.prompt")}</p> : null}
      <p className="muted small" data-testid="tip-summary">
        {tips.count > 0 ? t("post.summary", { count: tips.count, total: formatYen(tips.total) }) : t("post.none")}
      </p>
      <div className="post-tip-actions">
        {tips.canTip ? <TipButton page={60} id={postId} label={t("post.button")} /> : null}
        {loginHref ? (
          <a className="button button-outline" href={loginHref}>
            {t("post.signIn")}
          </a>
        ) : null}
        {tips.count > 0 ? <Link to={tips.href}>{t("post.list")}</Link> : null}
      </div>
    </aside>
  );
}
