import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CampaignForm } from "~/components/community/campaign-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { campaignSchema } from "../../../server/domain/fan-campaigns";
import { toJstInput } from "../../../server/domain/jst-time";
import { requireCampaignCreator } from "../../../server/http/require-campaigns";
import { translatorFor } from "../../../server/i18n";
import { campaignChoicesOf, createCampaign } from "../../../server/services/community/fan-campaigns";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: () => [{ label: "community:campaigns.title", to: "/me/fanclub/campaigns" }, { label: "community:campaigns.new" }],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/campaigns/new: a campaign from now for two weeks by default (owner, useCampaign). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCampaignCreator(app, request);
  const now = Date.now();
  return {
    title: translatorFor(app.locale, "community")("campaigns.new"),
    choices: await campaignChoicesOf(app.db, op.fanclubId),
    startsAt: toJstInput(now - (now % 3_600_000)),
    endsAt: toJstInput(now - (now % 3_600_000) + 14 * 86_400_000),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCampaignCreator(app, request);
  const submission = parseWithZod(await request.formData(), { schema: campaignSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createCampaign(app.db, op.fanclubId, submission.value, Date.now());
  if (!created.ok)
    return data({ result: submission.reply({ formErrors: [app.t(`community:errors.${created.problem}`)] }) }, { status: 422 });
  return redirect("/me/fanclub/campaigns");
}

export default function NewCampaign() {
  const { t } = useTranslation("community");
  const { choices, startsAt, endsAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("campaigns.new")}</h1>
      <CampaignForm
        defaults={{
          title: "",
          description: "",
          startsAt,
          endsAt,
          condition: "join_plan",
          rewardKind: "coins",
          rewardCoins: "100",
          rewardPostId: "",
          rewardTicketTypeId: "",
          bannerPostId: "",
        }}
        choices={choices}
        lastResult={actionData?.result}
        submitLabel={t("campaigns.create")}
      />
    </div>
  );
}
