import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { translatorFor } from "../../../../server/i18n";
import { formatLocalDate } from "../../../../server/domain/jst-time";
import { profileHistory, profileLinks, profileOwner } from "./queries.server";

export const handle = {
  i18n: ["common", "account"],
  breadcrumb: (d: { name?: string } | undefined) => (d?.name ? { label: d.name, literal: true } : { label: "header.profile" }),
};
export const clientLoader = withNamespaces(["account"]);

/**
 * A person's public profile: name, icon, linked accounts, and the fan clubs they joined. Only
 * what the person chose to show; never the e-mail address. People who left have no profile.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = await profileOwner(app.db, params.token ?? "");
  if (!user) throw new Response("Not Found", { status: 404 });
  const [links, history] = await Promise.all([profileLinks(app.db, user.id), profileHistory(app.db, user.id)]);
  return {
    title: translatorFor(app.locale, "account")("profile.title", { name: user.name }),
    name: user.name,
    iconImageUrl: user.iconImageUrl,
    since: user.createdAt.toISOString(),
    isMe: app.user?.id === user.id,
    links,
    history,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function Profile() {
  const { t, locale } = useTranslation("account");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page profile">
      <section className="card profile-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {d.iconImageUrl ? <img src={d.iconImageUrl} alt="" width="72" height="72" /> : d.name.slice(0, 1)}
        </span>
        <div>
          <h1>{d.name}</h1>
          <p className="muted small">{t("profile.since", { date: formatLocalDate(locale, d.since) })}</p>
          {d.links.length ? (
            <ul className="profile-links">
              {d.links.map((l) => (
                <li key={l.url}>
                  <a href={l.url} rel="noopener noreferrer nofollow" target="_blank">
                    {t(`profile.linkKinds.${l.kind}`)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t("profile.historyTitle")}</h2>
        {d.history.length === 0 ? (
          <p className="empty-state">{t("profile.historyEmpty")}</p>
        ) : (
          <table className="data-table stack-table" data-testid="joined-history">
            <thead>
              <tr>
                <th scope="col">{t("profile.columns.fanclub")}</th>
                <th scope="col">{t("profile.columns.plan")}</th>
                <th scope="col">{t("profile.columns.joinedAt")}</th>
                <th scope="col">{t("profile.columns.leftAt")}</th>
              </tr>
            </thead>
            <tbody>
              {d.history.map((h) => (
                <tr key={h.id}>
                  <td data-label={t("profile.columns.fanclub")}>
                    <a href={`${h.frontUrl}/fanclubs/${h.fanclubId}`}>{h.fanclub}</a>
                  </td>
                  <td data-label={t("profile.columns.plan")}>{h.plan}</td>
                  <td data-label={t("profile.columns.joinedAt")}>{formatLocalDate(locale, h.joinedAt)}</td>
                  <td data-label={t("profile.columns.leftAt")}>{h.leftAt ? formatLocalDate(locale, h.leftAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
