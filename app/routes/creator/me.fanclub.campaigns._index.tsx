import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { campaignPhase } from "../../../server/domain/fan-campaigns";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { formatCoins, formatNumber } from "../../../server/domain/number-display";
import { requireCampaignCreator } from "../../../server/http/require-campaigns";
import { translatorFor } from "../../../server/i18n";
import { campaignsOf } from "../../../server/services/community/fan-campaigns";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:campaigns.title" }) };
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/campaigns: the fan club's campaigns with how many fans earned each reward (owner, useCampaign). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCampaignCreator(app, request);
  const now = Date.now();
  const campaigns = await campaignsOf(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "community")("campaigns.title"),
    locale: app.locale,
    campaigns: campaigns.map((c) => ({
      id: c.id,
      title: c.title,
      startsAt: c.startsAt.getTime(),
      endsAt: c.endsAt.getTime(),
      phase: campaignPhase({ startsAt: c.startsAt.getTime(), endsAt: c.endsAt.getTime() }, now),
      condition: c.condition,
      rewardKind: c.rewardKind,
      reward: c.rewardKind === "coins" ? formatCoins(c.rewardCoins ?? 0) : c.rewardKind === "post" ? c.rewardPostTitle : c.rewardTicketName,
      rewarded: c.rewarded,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Campaigns() {
  const { t } = useTranslation("community");
  const { campaigns, locale } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{t("campaigns.title")}</h1>
      <p>{t("campaigns.lead")}</p>
      <p>
        <Link className="button" to="/me/fanclub/campaigns/new">
          {t("campaigns.new")}
        </Link>
      </p>
      {campaigns.length === 0 ? (
        <p className="empty-state">{t("campaigns.empty")}</p>
      ) : (
        <ul className="card-list" data-testid="campaign-list">
          {campaigns.map((c) => (
            <li key={c.id} className="card">
              <h2>
                {c.title} <span className="badge">{t(`campaigns.phases.${c.phase}`)}</span>
              </h2>
              <p className="muted small">
                {formatLocalDate(locale, c.startsAt, true)} – {formatLocalDate(locale, c.endsAt, true)}
              </p>
              <p>
                {t(`campaigns.conditions.${c.condition}`)} → {t(`campaigns.rewards.${c.rewardKind}`)}
                {c.reward ? `: ${c.reward}` : ""}
              </p>
              <p>{t("campaigns.rewardedCount", { n: formatNumber(c.rewarded) })}</p>
              <Link to={`/me/fanclub/campaigns/${c.id}/edit`}>{t("edit")}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
