import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GoalForm } from "~/components/community/goal-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { toJstInput } from "../../../server/domain/jst-time";
import { deadlineRefusal, shareGoalSchema } from "../../../server/domain/share-goals";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { goalOf, updateGoal } from "../../../server/services/community/share-goals";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: () => [{ label: "community:goals.title", to: "/me/fanclub/share_goals" }, { label: "community:goals.edit" }],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/share_goals/{id}/edit: an open goal's words, target and deadline; a closed goal keeps its result (404 here). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const found = await goalOf(app.db, op.fanclubId, idParam(params.id), Date.now());
  if (!found || found.goal.closedAt) throw new Response(null, { status: 404 });
  const g = found.goal;
  return {
    title: translatorFor(app.locale, "community")("goals.edit"),
    goal: { title: g.title, metric: g.metric, target: String(g.target), deadline: toJstInput(g.deadline.getTime()), reward: g.reward },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const id = idParam(params.id);
  const now = Date.now();
  const submission = parseWithZod(await request.formData(), { schema: shareGoalSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (deadlineRefusal(submission.value.deadline, now))
    return data({ result: submission.reply({ fieldErrors: { deadline: [app.t("community:errors.deadlinePast")] } }) }, { status: 400 });
  if (!(await updateGoal(app.db, op.fanclubId, id, submission.value, now)))
    return data({ result: submission.reply({ formErrors: [app.t("community:errors.goalClosed")] }) }, { status: 404 });
  return redirect("/me/fanclub/share_goals");
}

export default function EditGoal() {
  const { t } = useTranslation("community");
  const { goal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("goals.edit")}</h1>
      <GoalForm defaults={goal} lastResult={actionData?.result} submitLabel={t("save")} />
    </div>
  );
}
