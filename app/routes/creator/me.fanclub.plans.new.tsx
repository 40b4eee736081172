import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { PlanForm } from "~/components/creator/plan-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { planSchema } from "../../../server/domain/fanclub-profile";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createPlan } from "../../../server/services/plans";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:plans.new" }) };
export const clientLoader = withNamespaces(["creator"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "managePlans");
  return { title: translatorFor(context.app.locale, "creator")("plans.new") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const submission = parseWithZod(await request.formData(), { schema: planSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await createPlan(app.db, op.fanclubId, submission.value, Date.now());
  setFlash(app, [{ type: "info", key: "flash.planCreated" }]);
  throw redirect("/me/fanclub/plans");
}

export default function NewPlan() {
  const { t } = useTranslation("creator");
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("plans.new")}</h1>
      <PlanForm lastResult={actionData?.result} submitLabel={t("plans.create")} />
    </div>
  );
}
