import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CampaignSummary } from "~/components/community/campaign-summary";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { idParam } from "../../../server/http/params";
import { requireUser } from "../../../server/http/require-user";
import { fanCampaignOf } from "../../../server/services/community/fan-campaigns";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: (d: { campaign?: { title: string } } | undefined) => [
    { label: "community:mine.title", to: "/me/campaigns" },
    ...(d?.campaign ? [{ label: d.campaign.title, literal: true }] : []),
  ],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/campaigns/{id}: one campaign, its condition and reward, and what this fan earned in it. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const campaign = await fanCampaignOf(app.db, user.id, idParam(params.id));
  if (!campaign) throw new Response(null, { status: 404 });
  return { campaign, locale: app.locale, now: Date.now() };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.campaign.title }];

export default function MyCampaign() {
  const { t } = useTranslation("community");
  const { campaign, locale, now } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{campaign.title}</h1>
      <p className="muted">
        <a href={`/fanclubs/${campaign.fanclub.id}`}>{campaign.fanclub.name}</a>
      </p>
      {campaign.description ? <p className="pre-wrap">{campaign.description}</p> : null}
      <section className="card" data-testid="campaign-detail">
        <CampaignSummary campaign={campaign} locale={locale} now={now} />
        {campaign.rewardPost && campaign.rewardedAt !== null ? (
          <p>
            <a href={`/fanclubs/${campaign.fanclub.id}/posts/${campaign.rewardPost.id}`}>{t("mine.openPost")}</a>
          </p>
        ) : null}
        {campaign.ticketId !== null ? (
          <p>
            <a href="/me/special_tickets">{t("mine.openTickets")}</a>
          </p>
        ) : null}
      </section>
    </div>
  );
}
