import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { tweetText } from "../../../../server/domain/posts";

/**
 * The streamer header's share link (spec §2 live page): a post to X with the title cut to the
 * tweet budget (spec §9), and a button that copies the page's address.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("lives");
  const [copied, setCopied] = useState(false);
  return (
    <div className="live-share" data-live-share>
      <a
        className="button button-secondary button-small"
        href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(tweetText({ title, url, hashtags: [] }))}`}
        target="_blank"
        rel="noreferrer"
      >
        {t("watch.share")}
      </a>
      <button
        type="button"
        className="button button-secondary button-small"
        data-share-url={url}
        onClick={() => {
          navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {t("watch.copyLink")}
      </button>
      {copied ? (
        <span className="small muted" role="status">
          {t("watch.copied")}
        </span>
      ) : null}
    </div>
  );
}
