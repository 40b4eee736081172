import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listCampaignSwitches, setUseCampaign } from "../../../server/services/community/campaign-settings";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:ops.title" }) };
export const clientLoader = withNamespaces(["community"]);

function requireOperator(app: Parameters<typeof requireUser>[0]) {
  const user = requireUser(app);
  // everyone else gets the same 404 as for a page that does not exist
  if (!user.isOperator) throw new Response(null, { status: 404 });
  return user;
}

/** /ops/campaigns: staff turn a fan club's campaigns on or off (spec §3 useCampaign, decision 037). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const rows = await listCampaignSwitches(app.db);
  return {
    title: translatorFor(app.locale, "community")("ops.title"),
    rows: rows.map((r) => ({ ...r, updatedAt: formatJstDateTime(r.updatedAt.getTime()) })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const form = await request.formData();
  const id = String(form.get("fanclubId") ?? "").trim();
  const on = String(form.get("useCampaign") ?? "");
  const fanclubId = /^\d{1,12}$/.test(id) ? Number(id) : 0;
  if (fanclubId < 1 || (on !== "1" && on !== "0")) return data({ ok: false, message: app.t("community:ops.invalid") }, { status: 400 });
  const saved = await setUseCampaign(app.db, { fanclubId, on: on === "1", now: Date.now() });
  if (!saved.ok) return data({ ok: false, message: app.t("community:ops.notFound") }, { status: 404 });
  return { ok: true, message: app.t(on === "1" ? "community:ops.turnedOn" : "community:ops.turnedOff", { id: fanclubId }) };
}

export default function OpsCampaigns() {
  const { t } = useTranslation("community");
  const { rows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page">
      <h1>{t("ops.title")}</h1>
      <p className="muted">{t("ops.intro")}</p>
      {result ? (
        <p className={result.ok ? "flash" : "flash flash-error"} role={result.ok ? "status" : "alert"} data-ops-campaign-result>
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="form form-inline">
        <label>
          {t("ops.fanclubId")}
          <input name="fanclubId" inputMode="numeric" required />
        </label>
        <button type="submit" name="useCampaign" value="1" className="button">
          {t("ops.turnOn")}
        </button>
        <button type="submit" name="useCampaign" value="0" className="button button-secondary">
          {t("ops.turnOff")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="empty-state">{t("ops.empty")}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t("ops.fanclub")}</th>
              <th>{t("ops.state")}</th>
              <th>{t("ops.updatedAt")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.fanclubId} data-campaign-switch={r.fanclubId}>
                <td>
                  #{r.fanclubId} {r.name}
                </td>
                <td>{r.useCampaign ? t("ops.on") : t("ops.off")}</td>
                <td>{r.updatedAt}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="fanclubId" value={r.fanclubId} />
                    <button type="submit" name="useCampaign" value={r.useCampaign ? "0" : "1"} className="link-button">
                      {r.useCampaign ? t("ops.turnOff") : t("ops.turnOn")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
