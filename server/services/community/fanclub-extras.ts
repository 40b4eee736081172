import { formatLocalDate } from "../../domain/jst-time";
import { formatNumber } from "../../domain/number-display";
import { goalGraphSvg } from "../../domain/share-goals";
import type { TFunction } from "../../i18n/setup";
import type { CampaignBanner } from "./fan-campaigns";
import type { GoalWithProgress } from "./share-goals";

/**
 * What the fan club page adds for share goals and campaigns (docs/decisions/037): the open goal
 * with its graph as SVG markup (drawn here, so the page ships no chart code) and the running
 * campaign's fixed banner. Both are public: they promise nothing a locked post holds. The goal, its
 * progress and the banner come with the fan club page's own batch (`loadFanclubPage`).
 */
export function fanclubCommunityOf(
  input: { fanclubId: number; openGoal: GoalWithProgress | null; banner: CampaignBanner | null },
  t: TFunction,
  locale: string,
) {
  const { fanclubId, banner, openGoal: found } = input;
  const goal = found
    ? {
        id: found.goal.id,
        title: found.goal.title,
        metric: found.goal.metric,
        reward: found.goal.reward,
        deadline: found.goal.deadline.getTime(),
        value: found.progress.value,
        target: found.progress.target,
        percent: found.progress.percent,
        status: found.progress.status,
        // the words come with the data: the fan club page loads no extra namespace for them
        heading: t("community:goals.heading"),
        progressText: t(`community:goals.progress.${found.goal.metric}`, {
          value: formatNumber(found.progress.value),
          target: formatNumber(found.progress.target),
          percent: found.progress.percent,
        }),
        deadlineText: t("community:goals.until", { date: formatLocalDate(locale, found.goal.deadline.getTime()) }),
        statusText: t(`community:goals.status.${found.progress.status}`),
        rewardLabel: t("community:goals.fields.reward"),
        svg: goalGraphSvg(found.progress, t("community:goals.graphLabel", { title: found.goal.title, percent: found.progress.percent })),
      }
    : null;
  return {
    goal,
    banner: banner
      ? { ...banner, href: `/fanclubs/${fanclubId}/posts/${banner.postId}`, label: t("community:campaigns.banner"), mine: "/me/campaigns" }
      : null,
  };
}

export type FanclubCommunity = ReturnType<typeof fanclubCommunityOf>;
