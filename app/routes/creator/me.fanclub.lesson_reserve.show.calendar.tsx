import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LessonTabs } from "~/components/lessons/lesson-tabs";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { billingMonthOf, isBillingMonth, monthStartMs, nextMonth } from "../../../server/domain/billing-month";
import { formatJstTime, jstWallClock } from "../../../server/domain/jst-time";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listCreatorSlotsBetween } from "../../../server/services/lessons";

export const handle = { i18n: ["common", "creator", "lessons"], breadcrumb: () => ({ label: "lessons:tabs.calendar" }) };
export const clientLoader = withNamespaces(["creator", "lessons"]);

function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** /me/fanclub/lesson_reserve/show/calendar?month=yyyy-mm: the month's slots by Japan-time day (the manage tab, spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const op = requireCreator(context.app, request, "manageLessons");
  const now = Date.now();
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  const month = isBillingMonth(asked) ? asked : billingMonthOf(now);
  const from = monthStartMs(month);
  const to = monthStartMs(nextMonth(month));
  const slots = await listCreatorSlotsBetween(context.app.db, op.fanclubId, from, to, now);
  const first = jstWallClock(from);
  const weekdayOfFirst = new Date(Date.UTC(first.y, first.mo - 1, 1)).getUTCDay();
  const days = jstWallClock(to - 1).d;
  return {
    title: translatorFor(context.app.locale, "lessons")("tabs.calendar"),
    month,
    prev: previousMonth(month),
    next: nextMonth(month),
    weekdayOfFirst,
    days,
    slots: slots.map((s) => ({
      id: s.id,
      title: s.title,
      day: jstWallClock(s.startAt).d,
      time: formatJstTime(s.startAt),
      status: s.status,
      full: s.seatsLeft === 0,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LessonCalendar() {
  const { t } = useTranslation("lessons");
  const { month, prev, next, weekdayOfFirst, days, slots } = useLoaderData<typeof loader>();
  const cells: Array<number | null> = [...Array<null>(weekdayOfFirst).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  return (
    <div className="page">
      <LessonTabs />
      <h1>{t("creator.calendarTitle", { month })}</h1>
      <p className="actions">
        <Link to={`?month=${prev}`}>{t("creator.prevMonth")}</Link> <Link to={`?month=${next}`}>{t("creator.nextMonth")}</Link>
      </p>
      <div
        className="lesson-calendar"
        role="grid"
        data-lesson-calendar={month}
        style={{ display: "grid", gridTemplateColumns: "repeat(7, 1fr)", gap: 4 }}
      >
        {[0, 1, 2, 3, 4, 5, 6].map((d) => (
          <div key={`w${d}`} className="small muted" role="columnheader">
            {t(`weekdays.${d}`)}
          </div>
        ))}
        {cells.map((day, i) => (
          <div key={i} className="card small" role="gridcell" data-day={day ?? undefined}>
            {day ? <strong>{day}</strong> : null}
            {slots
              .filter((s) => s.day === day)
              .map((s) => (
                <div key={s.id} data-calendar-slot={s.title}>
                  <Link to={`/me/fanclub/lesson_reserve/${s.id}/edit`}>
                    {s.time} {s.title}
                  </Link>{" "}
                  <span className="muted">{s.full ? t("state.full") : t(`slotStatus.${s.status}`)}</span>
                </div>
              ))}
          </div>
        ))}
      </div>
    </div>
  );
}
