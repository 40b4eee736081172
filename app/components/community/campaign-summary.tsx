import { useTranslation } from "~/lib/i18n";
import { campaignPhase } from "../../../server/domain/fan-campaigns";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { formatCoins } from "../../../server/domain/number-display";
import type { FanCampaignView } from "../../../server/services/community/fan-campaigns";

/** A campaign as the fan sees it: period, condition, reward, and whether (and what) they earned. */
export function CampaignSummary({ campaign: c, locale, now }: { campaign: FanCampaignView; locale: string; now: number }) {
  const { t } = useTranslation("community");
  const reward =
    c.rewardKind === "coins"
      ? formatCoins(c.rewardCoins ?? 0)
      : c.rewardKind === "post"
        ? (c.rewardPost?.title ?? "")
        : (c.rewardTicketName ?? "");
  return (
    <>
      <p className="muted small">
        <span className="badge">{t(`campaigns.phases.${campaignPhase(c, now)}`)}</span> {formatLocalDate(locale, c.startsAt, true)} –{" "}
        {formatLocalDate(locale, c.endsAt, true)}
      </p>
      <p>
        {t(`campaigns.conditions.${c.condition}`)} → {t(`campaigns.rewards.${c.rewardKind}`)}: {reward}
      </p>
      {c.rewardedAt !== null ? (
        <p className="flash flash-success" data-testid="campaign-earned">
          {t("mine.earned", { date: formatLocalDate(locale, c.rewardedAt, true) })}
          {c.coinsRemaining !== null ? ` ${t("mine.coinsRemaining", { coins: formatCoins(c.coinsRemaining) })}` : ""}
        </p>
      ) : (
        <p className="muted">{t("mine.notYet")}</p>
      )}
    </>
  );
}
