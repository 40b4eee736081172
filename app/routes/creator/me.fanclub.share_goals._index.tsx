import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { formatNumber } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { goalsOf } from "../../../server/services/community/share-goals";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:goals.title" }) };
export const clientLoader = withNamespaces(["community"]);

/** /me/fanclub/share_goals: the fan club's share goals, open and closed, with their progress (owner only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageShareGoals");
  const goals = await goalsOf(app.db, op.fanclubId, Date.now());
  return {
    title: translatorFor(app.locale, "community")("goals.title"),
    locale: app.locale,
    goals: goals.map(({ goal, progress }) => ({
      id: goal.id,
      title: goal.title,
      metric: goal.metric,
      deadline: goal.deadline.getTime(),
      closed: goal.closedAt !== null,
      value: progress.value,
      target: progress.target,
      percent: progress.percent,
      status: progress.status,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ShareGoals() {
  const { t } = useTranslation("community");
  const { goals, locale } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{t("goals.title")}</h1>
      <p>{t("goals.lead")}</p>
      <p>
        <Link className="button" to="/me/fanclub/share_goals/new">
          {t("goals.new")}
        </Link>
      </p>
      {goals.length === 0 ? (
        <p className="empty-state">{t("goals.empty")}</p>
      ) : (
        <ul className="card-list" data-testid="goal-list">
          {goals.map((g) => (
            <li key={g.id} className="card">
              <h2>{g.title}</h2>
              <p>
                {t(`goals.progress.${g.metric}`, { value: formatNumber(g.value), target: formatNumber(g.target), percent: g.percent })}{" "}
                <span className="badge">{t(`goals.status.${g.status}`)}</span>
              </p>
              <progress max={100} value={g.percent} aria-label={t("goals.fields.target")} />
              <p className="muted small">{t("goals.until", { date: formatLocalDate(locale, g.deadline) })}</p>
              {g.closed ? null : (
                <p>
                  <Link to={`/me/fanclub/share_goals/${g.id}/edit`}>{t("edit")}</Link>
                  {" · "}
                  <Link to={`/me/fanclub/share_goals/${g.id}/close`}>{t("goals.close")}</Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
