import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { myGroupOverview } from "../../../server/services/groups";

export const handle = { i18n: ["common", "groups"], breadcrumb: () => ({ label: "groups:title" }) };
export const clientLoader = withNamespaces(["groups"]);

/** /me/fanclub_group: the group my fan club owns, its members, and what else I can do (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const overview = await myGroupOverview(app.db, op.fanclubId);
  return { title: translatorFor(app.locale, "groups")("title"), ...overview };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function MyGroup() {
  const { t } = useTranslation("groups");
  const { group, members, invitationCount, memberOf } = useLoaderData<typeof loader>();
  const invitationsLabel = invitationCount > 0 ? t("index.invitationsCount", { count: invitationCount }) : t("index.invitations");
  return (
    <div className="page">
      <h1>{t("title")}</h1>
      <p className="muted">{t("index.lead")}</p>
      {group ? (
        <section className="card" aria-labelledby="my-group-name">
          <h2 id="my-group-name">{group.name}</h2>
          {group.description ? <p>{group.description}</p> : null}
          <p>
            <Link to={`/groups/${group.id}`}>{t("index.viewPage")}</Link>
          </p>
          <h3>{t("index.members")}</h3>
          <table className="data-table">
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>
                    <a href={fanclubHref(m)}>{m.name}</a> <span className="muted small">{m.creatorName}</span>
                  </td>
                  <td>{t(`status.${m.isOwner ? "owner" : m.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-actions">
            <Link className="button button-secondary button-small" to="/me/fanclub_group/edit">
              {t("index.edit")}
            </Link>
            <Link className="button button-secondary button-small" to="/me/fanclub_group/edit_member">
              {t("index.editMembers")}
            </Link>
            <Link className="button button-secondary button-small" to="/me/fanclub_group/close">
              {t("index.close")}
            </Link>
          </div>
        </section>
      ) : (
        <section className="card">
          <p className="empty-state">{t("index.none")}</p>
          <p>
            <Link className="button" to="/me/fanclub_group/new">
              {t("index.create")}
            </Link>
          </p>
        </section>
      )}
      <p>
        <Link to="/me/fanclub_group/invitations">{invitationsLabel}</Link>
      </p>
      {memberOf.length > 0 ? (
        <section aria-labelledby="member-of-title">
          <h2 id="member-of-title">{t("index.memberOf")}</h2>
          <ul className="bullets">
            {memberOf.map((g) => (
              <li key={g.id}>
                <Link to={`/groups/${g.id}`}>{g.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
