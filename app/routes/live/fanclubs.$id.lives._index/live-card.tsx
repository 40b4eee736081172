import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import type { LiveCard } from "../../../../server/services/live-events";
import { formatJstDateTime } from "../../../../server/domain/jst-time";

/** A live event in a list: cover, timing badge, title, schedule and what watching costs. */
export function LiveCardList({ lives }: { lives: readonly LiveCard[] }) {
  const { t } = useTranslation("lives");
  return (
    <ul className="live-card-list">
      {lives.map((live) => (
        <li key={live.id} className="live-card" data-live={live.title}>
          <a href={`/fanclubs/${live.fanclubId}/lives/${live.id}`}>
            <span className="live-card-cover">
              {live.coverUrl ? <img src={live.coverUrl} alt="" loading="lazy" width={1200} height={630} /> : null}
              <span className="live-card-timing" data-timing={live.timing}>
                {t(`timing.${live.timing}`)}
              </span>
            </span>
            <span className="live-card-text">
              <strong className="live-card-title">{live.title}</strong>
              <span className="muted small">
                {t("public.schedule", { start: formatJstDateTime(live.startAt), end: formatJstDateTime(live.endAt) })}
              </span>
              <span className="small">
                {live.visibility === "plan" || live.minPrice === null
                  ? t("public.membersOnly")
                  : live.minPrice === 0
                    ? t("public.freeBadge")
                    : t("public.fromPrice", { price: formatYen(live.minPrice) })}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
