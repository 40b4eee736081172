import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { creatorMenu } from "../../../server/domain/creator-menu";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:dashboard.title" }) };
export const clientLoader = withNamespaces(["creator"]);

/**
 * /me/fanclub: the management top. Owners see every section and what to do next; editors see
 * the sections their permissions open (spec §6). People without a fan club go to the open page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!app.session) throw redirect(`${app.origins.login}/auth/login`);
  const op = requireCreator(app, request, "viewManagement");
  return {
    title: translatorFor(app.locale, "creator")("dashboard.title"),
    fanclub: { id: op.fanclubId, name: op.name },
    mode: op.mode,
    menu: creatorMenu(op.role, { useCampaign: op.useCampaign }),
    nextActions: app.session.creator.own?.nextActions ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Dashboard() {
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const { fanclub, mode, menu, nextActions } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("dashboard.title")}</h1>
      <p>
        {mode === "editor" ? t("dashboard.editorLead", { name: fanclub.name }) : t("dashboard.ownerLead", { name: fanclub.name })}{" "}
        <a href={`/fanclubs/${fanclub.id}`}>{t("dashboard.viewPublic")}</a>
      </p>
      {nextActions && (nextActions.profile || nextActions.plan) ? (
        <section className="card next-actions" aria-labelledby="next-actions">
          <h2 id="next-actions">{t("dashboard.nextActions")}</h2>
          <ol>
            {nextActions.profile ? (
              <li>
                <a href="/me/fanclub/edit">{t("dashboard.nextProfile")}</a>
              </li>
            ) : null}
            {nextActions.plan ? (
              <li>
                <a href="/me/fanclub/plans/new">{t("dashboard.nextPlan")}</a>
              </li>
            ) : null}
          </ol>
        </section>
      ) : null}
      <ul className="tile-list">
        {menu.map((item) => (
          <li key={item.key}>
            <a className="card tile" href={item.href}>
              {tc(`sidebar.manage.${item.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
