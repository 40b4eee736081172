import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { requireCreator } from "../../../server/http/require-creator";
import { scheduleListAction } from "../../../server/http/schedule-pages";
import { translatorFor } from "../../../server/i18n";
import { listCreatorSchedules } from "../../../server/services/schedules";

export const handle = { i18n: ["common", "creator", "schedules"], breadcrumb: () => ({ label: "schedules:manage.title" }) };
export const clientLoader = withNamespaces(["creator", "schedules"]);

/** /me/fanclub/schedules: the fan club's calendar entries from a month ago on (can_schedule_manage). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageSchedules");
  const rows = await listCreatorSchedules(app.db, op.fanclubId, Date.now());
  return {
    title: translatorFor(app.locale, "schedules")("manage.title"),
    fanclubId: op.fanclubId,
    entries: rows.map((r) => ({
      id: r.id,
      title: r.title,
      startAt: r.startAt.getTime(),
      endAt: r.endAt.getTime(),
      membersOnly: r.membersOnly,
      linked: r.linkKind !== null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const op = requireCreator(context.app, request, "manageSchedules");
  return scheduleListAction(context.app, request, op.fanclubId);
}

export default function CreatorSchedules() {
  const { t, locale } = useTranslation("schedules");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("manage.title")}</h1>
        <Link className="button" to="/me/fanclub/schedules/new">
          {t("manage.new")}
        </Link>
      </div>
      <p className="muted">
        {t("manage.lead")} <Link to={`/fanclubs/${d.fanclubId}/schedules`}>{t("manage.openCalendar")}</Link>
      </p>
      {d.entries.length === 0 ? (
        <p className="empty-state">{t("manage.empty")}</p>
      ) : (
        <table className="data-table stack-table">
          <thead>
            <tr>
              <th scope="col">{t("fields.title")}</th>
              <th scope="col">{t("fields.start")}</th>
              <th scope="col">{t("fields.end")}</th>
              <th scope="col">{t("manage.visibility")}</th>
              <th scope="col">{t("manage.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {d.entries.map((e) => (
              <tr key={e.id}>
                <td data-label={t("fields.title")}>{e.title}</td>
                <td data-label={t("fields.start")}>{formatLocalDate(locale, e.startAt, true)}</td>
                <td data-label={t("fields.end")}>{formatLocalDate(locale, e.endAt, true)}</td>
                <td data-label={t("manage.visibility")}>{e.membersOnly ? t("entry.membersOnly") : t("entry.everyone")}</td>
                <td data-label={t("manage.actions")}>
                  <Link to={`/me/fanclub/schedules/${e.id}/edit`}>{t("manage.edit")}</Link>{" "}
                  <Form
                    method="post"
                    className="inline-form"
                    onSubmit={(ev) => {
                      if (!window.confirm(t("manage.deleteConfirm", { title: e.title }))) ev.preventDefault();
                    }}
                  >
                    <input type="hidden" name="id" value={e.id} />
                    <button type="submit" name="intent" value="delete" className="link-button">
                      {t("manage.delete")}
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
