import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CampaignForm } from "~/components/community/campaign-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { campaignSchema } from "../../../server/domain/fan-campaigns";
import { toJstInput } from "../../../server/domain/jst-time";
import { idParam } from "../../../server/http/params";
import { requireCampaignCreator } from "../../../server/http/require-campaigns";
import { translatorFor } from "../../../server/i18n";
import { campaignChoicesOf, campaignOf, updateCampaign } from "../../../server/services/community/fan-campaigns";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: () => [{ label: "community:campaigns.title", to: "/me/fanclub/campaigns" }, { label: "community:campaigns.edit" }],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/campaigns/{id}/edit: a campaign's words, period and banner; the reward is fixed once a fan earned it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCampaignCreator(app, request);
  const [campaign, choices] = await Promise.all([
    campaignOf(app.db, op.fanclubId, idParam(params.id)),
    campaignChoicesOf(app.db, op.fanclubId),
  ]);
  if (!campaign) throw new Response(null, { status: 404 });
  const id = (v: number | null) => (v === null ? "" : String(v));
  return {
    title: translatorFor(app.locale, "community")("campaigns.edit"),
    choices,
    rewarded: campaign.rewarded,
    defaults: {
      title: campaign.title,
      description: campaign.description,
      startsAt: toJstInput(campaign.startsAt.getTime()),
      endsAt: toJstInput(campaign.endsAt.getTime()),
      condition: campaign.condition,
      rewardKind: campaign.rewardKind,
      rewardCoins: id(campaign.rewardCoins),
      rewardPostId: id(campaign.rewardPostId),
      rewardTicketTypeId: id(campaign.rewardTicketTypeId),
      bannerPostId: id(campaign.bannerPostId),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCampaignCreator(app, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await request.formData(), { schema: campaignSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const updated = await updateCampaign(app.db, op.fanclubId, id, submission.value, Date.now());
  if (!updated.ok)
    return data(
      { result: submission.reply({ formErrors: [app.t(`community:errors.${updated.problem}`)] }) },
      { status: updated.problem === "missing" ? 404 : 422 },
    );
  return redirect("/me/fanclub/campaigns");
}

export default function EditCampaign() {
  const { t } = useTranslation("community");
  const { choices, defaults, rewarded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("campaigns.edit")}</h1>
      {rewarded > 0 ? <p className="flash flash-info">{t("campaigns.rewardLockedNote", { n: rewarded })}</p> : null}
      <CampaignForm defaults={defaults} choices={choices} lastResult={actionData?.result} submitLabel={t("save")} />
    </div>
  );
}
