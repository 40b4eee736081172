import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";

interface Row {
  id: number;
  fanclubName: string;
  fanclubIcon: string | null;
  fanName: string;
  fanIcon: string | null;
  lastMessageAt: string;
  preview: string;
  unread: boolean;
}

/** Threads, newest first; an unread one says so in words as well as weight. */
export function ThreadList({
  threads,
  side,
  basePath,
  nextCursor,
}: {
  threads: Row[];
  side: "fan" | "club";
  basePath: string;
  nextCursor: string | null;
}) {
  const { t, locale } = useTranslation("messages");
  if (threads.length === 0) return <p className="empty-state">{t("list.empty")}</p>;
  return (
    <>
      <ul className="thread-list" data-testid="thread-list">
        {threads.map((th) => {
          const name = side === "fan" ? th.fanclubName : th.fanName;
          const icon = side === "fan" ? th.fanclubIcon : th.fanIcon;
          return (
            <li key={th.id} className={th.unread ? "thread thread-unread" : "thread"} data-unread={th.unread ? "true" : "false"}>
              <Link to={`${basePath}/${th.id}`} className="thread-link">
                <span className="avatar" aria-hidden="true">
                  {icon ? <img src={icon} alt="" width="32" height="32" /> : name.slice(0, 1)}
                </span>
                <span className="thread-text">
                  <strong>{name}</strong>
                  {th.unread ? <span className="badge thread-unread-badge">{t("list.unread")}</span> : null}
                  <span className="muted small thread-preview">{th.preview || t("list.imageOnly")}</span>
                </span>
                <time className="muted small" dateTime={th.lastMessageAt}>
                  {formatLocalDate(locale, th.lastMessageAt, true)}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
      {nextCursor ? (
        <nav className="pager" aria-label={t("list.pager")}>
          <Link to={`${basePath}?cursor=${encodeURIComponent(nextCursor)}`}>{t("list.more")}</Link>
        </nav>
      ) : null}
    </>
  );
}
