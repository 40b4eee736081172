import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import scheduleStyles from "~/styles/schedules.css?url";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { feedAction, monthPage } from "../../../server/http/schedule-pages";

export const handle = { i18n: ["common", "fanclub", "schedules"], breadcrumb: () => ({ label: "fanclub:tabs.schedules" }) };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];
export const clientLoader = withNamespaces(["fanclub", "schedules"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/schedules: the month calendar in Japan time (the schedules tab), with the
 * previous and next month, each day's entries and the fan club's live events, and the feed
 * addresses. A members-only entry shows a viewer without access only that something is planned.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return monthPage(context.app, request, idParam(params.id));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return feedAction(context.app, request, idParam(params.id));
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

export default function FanclubSchedulesTab() {
  const { t, locale } = useTranslation("schedules");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const base = `/fanclubs/${d.fanclubId}/schedules`;
  return (
    <section className="schedule-month" aria-labelledby="schedule-month-heading">
      <div className="page-heading schedule-month-nav">
        <Link to={`?month=${d.prev}`} rel="prev" aria-label={t("month.prev")}>
          ‹ {formatLocalMonth(locale, d.prev)}
        </Link>
        <h2 id="schedule-month-heading">{formatLocalMonth(locale, d.month)}</h2>
        <Link to={`?month=${d.next}`} rel="next" aria-label={t("month.next")}>
          {formatLocalMonth(locale, d.next)} ›
        </Link>
      </div>
      <p className="small muted">{t("month.timezone")}</p>
      <table className="schedule-grid">
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col">
                {t(`weekdays.${w}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {d.weeks.map((week) => (
            <tr key={week[0]!.key}>
              {week.map((cell) => (
                <td
                  key={cell.key}
                  className={
                    `${cell.inMonth ? "" : "schedule-other-month"} ${cell.key === d.today ? "schedule-today" : ""}`.trim() || undefined
                  }
                  aria-current={cell.key === d.today ? "date" : undefined}
                >
                  <Link className="schedule-day-link" to={`${base}/${cell.key}`} aria-label={t("month.openDay", { day: cell.key })}>
                    {cell.day}
                  </Link>
                  {cell.entries.length ? (
                    <ul className="schedule-cell-entries">
                      {cell.entries.map((e) => (
                        <li key={e.key} className={e.locked ? "schedule-locked" : e.kind === "live" ? "schedule-live" : undefined}>
                          {e.startTime ? <span className="schedule-time">{e.startTime}</span> : null}{" "}
                          {e.locked ? t("entry.locked") : e.title}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <section className="card schedule-feed" aria-labelledby="schedule-feed-heading">
        <h3 id="schedule-feed-heading">{t("feed.title")}</h3>
        <p className="small">{t("feed.lead")}</p>
        <label className="field">
          <span>{t("feed.public")}</span>
          <input type="text" readOnly value={d.publicFeed} onFocus={(e) => e.currentTarget.select()} />
        </label>
        {d.member ? (
          d.privateFeed ? (
            <>
              <label className="field">
                <span>{t("feed.private")}</span>
                <input type="text" readOnly value={d.privateFeed} onFocus={(e) => e.currentTarget.select()} />
              </label>
              <p className="small muted">{t("feed.privateHint")}</p>
              <Form method="post" className="inline-form">
                <button type="submit" name="intent" value="issueFeed" className="button secondary">
                  {t("feed.reissue")}
                </button>{" "}
                <button type="submit" name="intent" value="revokeFeed" className="link-button">
                  {t("feed.revoke")}
                </button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="issueFeed" className="button secondary">
                {t("feed.issue")}
              </button>
            </Form>
          )
        ) : (
          <p className="small muted">{t("feed.membersHint")}</p>
        )}
        {reply && !reply.ok && reply.message ? (
          <p className="flash error" role="alert">
            {reply.message}
          </p>
        ) : null}
      </section>
    </section>
  );
}
