import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listInvitationsFor } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [{ label: "groups:title", to: "/me/fanclub_group" }, { label: "groups:invitations.title" }],
};
export const clientLoader = withNamespaces(["groups"]);

/** /me/fanclub_group/invitations: the invitations my fan club has not answered yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const invitations = await listInvitationsFor(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "groups")("invitations.title"),
    invitations: invitations.map((i) => ({ groupId: i.groupId, name: i.name, description: i.description, from: i.from.name })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Invitations() {
  const { t } = useTranslation("groups");
  const { invitations } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("invitations.title")}</h1>
      {invitations.length === 0 ? (
        <p className="empty-state">{t("invitations.empty")}</p>
      ) : (
        <ul className="settings-list">
          {invitations.map((i) => (
            <li key={i.groupId}>
              <Link className="card settings-link" to={`/me/fanclub_group/invitations/${i.groupId}`}>
                <strong>{i.name}</strong>
                <span className="muted small">{t("invitations.from", { name: i.from })}</span>
                <span>{t("invitations.open")}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/me/fanclub_group">{t("actions.back")}</Link>
      </p>
    </div>
  );
}
