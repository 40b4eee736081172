import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GoalForm } from "~/components/community/goal-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { toJstInput } from "../../../server/domain/jst-time";
import { deadlineRefusal, shareGoalSchema } from "../../../server/domain/share-goals";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createGoal } from "../../../server/services/community/share-goals";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: () => [{ label: "community:goals.title", to: "/me/fanclub/share_goals" }, { label: "community:goals.new" }],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/share_goals/new: a new goal, by default a month from now (owner only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireCreator(app, request, "manageShareGoals");
  return { title: translatorFor(app.locale, "community")("goals.new"), deadline: toJstInput(Date.now() + 30 * 86_400_000) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const now = Date.now();
  const submission = parseWithZod(await request.formData(), { schema: shareGoalSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (deadlineRefusal(submission.value.deadline, now))
    return data({ result: submission.reply({ fieldErrors: { deadline: [app.t("community:errors.deadlinePast")] } }) }, { status: 400 });
  await createGoal(app.db, op.fanclubId, submission.value, now);
  return redirect("/me/fanclub/share_goals");
}

export default function NewGoal() {
  const { t } = useTranslation("community");
  const actionData = useActionData<typeof action>();
  const d = useLoaderData<typeof loader>().deadline;
  return (
    <div className="page narrow">
      <h1>{t("goals.new")}</h1>
      <GoalForm
        defaults={{ title: "", metric: "supporters", target: "", deadline: d, reward: "" }}
        lastResult={actionData?.result}
        submitLabel={t("goals.create")}
      />
    </div>
  );
}
