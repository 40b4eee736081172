import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CampaignSummary } from "~/components/community/campaign-summary";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { fanCampaignsOf } from "../../../server/services/community/fan-campaigns";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:mine.title" }) };
export const clientLoader = withNamespaces(["community"]);

/** /me/campaigns: the campaigns the fan earned a reward in, and the running ones of fan clubs they follow or support. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const now = Date.now();
  return {
    title: translatorFor(app.locale, "community")("mine.title"),
    locale: app.locale,
    now,
    campaigns: await fanCampaignsOf(app.db, user.id, now),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function MyCampaigns() {
  const { t } = useTranslation("community");
  const { campaigns, locale, now } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{t("mine.title")}</h1>
      <p>{t("mine.lead")}</p>
      {campaigns.length === 0 ? (
        <p className="empty-state">{t("mine.empty")}</p>
      ) : (
        <ul className="card-list" data-testid="my-campaigns">
          {campaigns.map((c) => (
            <li key={c.id} className="card">
              <h2>
                <Link to={`/me/campaigns/${c.id}`}>{c.title}</Link>
              </h2>
              <CampaignSummary campaign={c} locale={locale} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
