import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatCompactNumber, formatYen } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listPlans } from "../../../server/services/plans";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:plans.title" }) };
export const clientLoader = withNamespaces(["creator"]);

/** /me/fanclub/plans: the fan club's plans, open and closed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const plans = await listPlans(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "creator")("plans.title"),
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      memberCount: p.memberCount,
      joinLimit: p.joinLimit,
      closed: p.closedAt !== null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Plans() {
  const { t } = useTranslation("creator");
  const { plans } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("plans.title")}</h1>
        <a className="button" href="/me/fanclub/plans/new">
          {t("plans.new")}
        </a>
      </div>
      {plans.length === 0 ? (
        <div className="empty-state">
          <p>{t("plans.empty")}</p>
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("fields.planName")}</th>
              <th scope="col">{t("fields.price")}</th>
              <th scope="col">{t("plans.members")}</th>
              <th scope="col">{t("plans.status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("plans.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id} data-plan={p.name}>
                <td>{p.name}</td>
                <td>{t("plans.monthly", { price: formatYen(p.price) })}</td>
                <td>
                  {formatCompactNumber(p.memberCount)}
                  {p.joinLimit !== null ? ` / ${formatCompactNumber(p.joinLimit)}` : ""}
                </td>
                <td>
                  {p.closed ? (
                    <span className="badge badge-muted">{t("plans.closed")}</span>
                  ) : (
                    <span className="badge">{t("plans.open")}</span>
                  )}
                </td>
                <td className="actions">
                  <a href={`/me/fanclub/plans/${p.id}/edit`}>{t("plans.edit")}</a>
                  {p.closed ? null : <a href={`/me/fanclub/plans/${p.id}/close`}>{t("plans.close")}</a>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
