import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import scheduleStyles from "~/styles/schedules.css?url";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { dayPage } from "../../../server/http/schedule-pages";

export const handle = {
  i18n: ["common", "fanclub", "schedules"],
  breadcrumb: (d: { day?: string } | undefined) => [
    { label: "fanclub:tabs.schedules" },
    ...(d?.day ? [{ label: d.day, literal: true }] : []),
  ],
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];
export const clientLoader = withNamespaces(["fanclub", "schedules"]);
export const headers = anonymousPageHeaders;

/** /fanclubs/{id}/schedules/{yyyy-MM-dd}: one day of the calendar, each entry with its times in Japan time. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return dayPage(context.app, request, idParam(params.id), params.day);
}

export default function FanclubScheduleDay() {
  const { t, locale } = useTranslation("schedules");
  const d = useLoaderData<typeof loader>();
  const base = `/fanclubs/${d.fanclubId}/schedules`;
  return (
    <section className="schedule-day" aria-labelledby="schedule-day-heading">
      <div className="page-heading schedule-month-nav">
        <Link to={`${base}/${d.prevDay}`} rel="prev">
          ‹ {t("day.prev")}
        </Link>
        <h2 id="schedule-day-heading">{formatLocalDate(locale, `${d.day}T00:00:00+09:00`)}</h2>
        <Link to={`${base}/${d.nextDay}`} rel="next">
          {t("day.next")} ›
        </Link>
      </div>
      <p>
        <Link to={`${base}?month=${d.month}`}>{t("day.backToMonth")}</Link>
      </p>
      {d.entries.length === 0 ? (
        <p className="empty-state">{t("day.empty")}</p>
      ) : (
        <ul className="schedule-day-list">
          {d.entries.map((e) => (
            <li key={e.key} className="card">
              <p className="small muted">
                {formatLocalDate(locale, e.startAt, true)} – {formatLocalDate(locale, e.endAt, true)}{" "}
                {e.kind === "live" ? <span className="badge">{t("entry.live")}</span> : null}{" "}
                {e.membersOnly ? <span className="badge">{t("entry.membersOnly")}</span> : null}
              </p>
              {e.locked ? (
                <p>{t("entry.lockedLong")}</p>
              ) : (
                <>
                  <h3>{e.href ? <Link to={e.href}>{e.title}</Link> : e.title}</h3>
                  {e.description ? <p className="pre-wrap">{e.description}</p> : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
