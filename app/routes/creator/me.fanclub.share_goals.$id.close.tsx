import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatNumber } from "../../../server/domain/number-display";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { closeGoal, goalOf } from "../../../server/services/community/share-goals";

export const handle = {
  i18n: ["common", "community"],
  breadcrumb: () => [{ label: "community:goals.title", to: "/me/fanclub/share_goals" }, { label: "community:goals.close" }],
};
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/share_goals/{id}/close: ends a goal; its progress at this moment stays as its result. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const found = await goalOf(app.db, op.fanclubId, idParam(params.id), Date.now());
  if (!found) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "community")("goals.close"),
    goal: {
      title: found.goal.title,
      metric: found.goal.metric,
      closed: found.goal.closedAt !== null,
      value: found.progress.value,
      target: found.progress.target,
      percent: found.progress.percent,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const closed = await closeGoal(app.db, op.fanclubId, idParam(params.id), Date.now());
  if (!closed) throw new Response(null, { status: 404 });
  return redirect("/me/fanclub/share_goals");
}

export default function CloseGoal() {
  const { t } = useTranslation("community");
  const { goal } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const progress = t(`goals.progress.${goal.metric}`, {
    value: formatNumber(goal.value),
    target: formatNumber(goal.target),
    percent: goal.percent,
  });
  return (
    <div className="page narrow">
      <h1>{t("goals.close")}</h1>
      <section className="card">
        <h2>{goal.title}</h2>
        <p>{progress}</p>
        {goal.closed ? (
          <p>{t("goals.alreadyClosed")}</p>
        ) : (
          <Form method="post">
            <p>{t("goals.closeLead")}</p>
            <div className="form-actions">
              <Link className="button button-outline" to="/me/fanclub/share_goals">
                {t("back")}
              </Link>
              <button type="submit" className="button button-danger" disabled={busy}>
                {t("goals.closeConfirm")}
              </button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
