import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";

export interface TopicCardData {
  id: number;
  title: string;
  body: string;
  locked: boolean;
  plan: { id: number; name: string; price: number } | null;
  pinned: boolean;
  closed: boolean;
  likeCount: number;
  commentCount: number;
  lastActivityAt: number;
  author: { name: string };
}

/** One topic on the board: a locked one names the plan that opens it and shows no text. */
export function TopicCard({ fanclubId, topic }: { fanclubId: number; topic: TopicCardData }) {
  const { t } = useTranslation("talks");
  return (
    <li className="card talk-card" data-topic={topic.title}>
      <div className="talk-card-head">
        <Link to={`/fanclubs/${fanclubId}/talks/${topic.id}`}>
          <strong>{topic.title}</strong>
        </Link>
        <span className="talk-badges">
          {topic.pinned ? <span className="badge">{t("badges.pinned")}</span> : null}
          {topic.closed ? <span className="badge badge-muted">{t("badges.closed")}</span> : null}
          {topic.plan ? (
            <span className="badge badge-muted">{t("badges.plan", { plan: topic.plan.name, price: formatYen(topic.plan.price) })}</span>
          ) : null}
        </span>
      </div>
      {topic.locked ? (
        <p className="small muted talk-locked">{t("board.locked", { plan: topic.plan?.name ?? "" })}</p>
      ) : (
        <p className="talk-excerpt">{topic.body.length > 120 ? `${topic.body.slice(0, 120)}…` : topic.body}</p>
      )}
      <p className="small muted">
        {topic.author.name} ・ {t("board.comments", { count: topic.commentCount })} ・ {t("board.likes", { count: topic.likeCount })} ・{" "}
        {formatJstDateTime(topic.lastActivityAt)}
      </p>
    </li>
  );
}
