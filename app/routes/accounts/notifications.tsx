import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { listNotifications, markAllRead } from "../../../server/services/notifications";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = { breadcrumb: () => ({ label: "notifications.title" }) };

/** The signed-in person's notices, newest first. Opening the list marks them read. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!app.user) throw redirect(`${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(`${app.origins.user}/notifications`)}`);
  const items = await listNotifications(app.db, app.user.id);
  if (items.some((n) => !n.read)) await markAllRead(app.db, app.user.id, Date.now());
  return { title: app.t("notifications.title"), items };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Notifications() {
  const { t, locale } = useTranslation();
  const { items } = useLoaderData<typeof loader>();
  return (
    <section className="card">
      <h1>{t("notifications.title")}</h1>
      {items.length === 0 ? (
        <p className="empty-state">{t("notifications.empty")}</p>
      ) : (
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={n.read ? undefined : "unread"}>
              <time className="muted small" dateTime={n.createdAt}>
                {formatLocalDate(locale, n.createdAt, true)}
              </time>
              <p>
                {n.url ? <a href={n.url}>{t(`notifications.kinds.${n.kind}`, n.params)}</a> : t(`notifications.kinds.${n.kind}`, n.params)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
