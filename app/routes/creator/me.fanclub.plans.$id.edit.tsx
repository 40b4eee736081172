import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ImageUpload } from "~/components/creator/image-upload";
import { PlanForm } from "~/components/creator/plan-form";
import { PROFILE_IMAGE, mediaUrl } from "../../../server/domain/images";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { planSchema } from "../../../server/domain/fanclub-profile";
import { setFlash } from "../../../server/http/flash";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { getPlan, updatePlan } from "../../../server/services/plans";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:plans.editTitle" }) };
export const clientLoader = withNamespaces(["creator"]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const plan = await getPlan(app.db, op.fanclubId, idParam(params.id));
  if (!plan) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "creator")("plans.editTitle"),
    planId: plan.id,
    iconUrl: mediaUrl(plan.iconKey),
    plan: {
      name: plan.name,
      price: plan.price,
      description: plan.description,
      joinLimit: plan.joinLimit,
      memberCount: plan.memberCount,
      closed: plan.closedAt !== null,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const id = idParam(params.id);
  const submission = parseWithZod(await request.formData(), { schema: planSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await updatePlan(app.db, op.fanclubId, id, submission.value, Date.now());
  if (!result.ok) {
    if (result.reason === "notFound") throw new Response(null, { status: 404 });
    const t = translatorFor(app.locale, "creator");
    const fieldErrors: Record<string, string[]> =
      result.reason === "priceLocked" ? { price: [t("plans.priceLocked")] } : { joinLimit: [t("errors.limitBelowMembers")] };
    return data({ result: submission.reply({ fieldErrors }) }, { status: 409 });
  }
  setFlash(app, [{ type: "info", key: "flash.planUpdated" }]);
  throw redirect("/me/fanclub/plans");
}

export default function EditPlan() {
  const { t } = useTranslation("creator");
  const { plan, planId, iconUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("plans.editTitle")}</h1>
      {plan.closed ? <p className="flash flash-muted">{t("plans.closedNote")}</p> : null}
      <section className="card">
        <ImageUpload
          kind="icon"
          endpoint={`/me/fanclub/plans/${planId}/icon`}
          label={t("fields.planIcon")}
          currentUrl={iconUrl}
          width={PROFILE_IMAGE.icon.width}
          height={PROFILE_IMAGE.icon.height}
        />
      </section>
      <PlanForm lastResult={actionData?.result} plan={plan} submitLabel={t("plans.save")} />
    </div>
  );
}
