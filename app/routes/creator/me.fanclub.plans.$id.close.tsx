import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { setFlash } from "../../../server/http/flash";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { closePlan, getPlan } from "../../../server/services/plans";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:plans.closeTitle" }) };
export const clientLoader = withNamespaces(["creator"]);

/** /me/fanclub/plans/{id}/close: stop new joins; current members stay until they leave. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const plan = await getPlan(app.db, op.fanclubId, idParam(params.id));
  if (!plan) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "creator")("plans.closeTitle"),
    plan: { name: plan.name, price: plan.price, memberCount: plan.memberCount, closed: plan.closedAt !== null },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  if (!(await closePlan(app.db, op.fanclubId, idParam(params.id), Date.now()))) throw new Response(null, { status: 404 });
  setFlash(app, [{ type: "info", key: "flash.planClosed" }]);
  throw redirect("/me/fanclub/plans");
}

export default function ClosePlan() {
  const { t } = useTranslation("creator");
  const { plan } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="page narrow">
      <h1>{t("plans.closeTitle")}</h1>
      <div className="card">
        <p>
          <strong>{plan.name}</strong> {t("plans.monthly", { price: formatYen(plan.price) })}
        </p>
        {plan.closed ? (
          <p>{t("plans.alreadyClosed")}</p>
        ) : (
          <>
            <ul>
              <li>{t("plans.closeEffect1")}</li>
              <li>{t("plans.closeEffect2", { count: plan.memberCount })}</li>
              <li>{t("plans.closeEffect3")}</li>
            </ul>
            <Form method="post" className="form-actions">
              <a className="button button-secondary" href="/me/fanclub/plans">
                {t("plans.back")}
              </a>
              <button type="submit" className="button button-danger" disabled={navigation.state !== "idle"}>
                {t("plans.closeSubmit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
