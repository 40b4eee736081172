import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime, formatJstTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listFanReservations } from "../../../server/services/lessons";

export const handle = { i18n: ["common", "payments", "lessons"] };
export const clientLoader = withNamespaces(["payments", "lessons"]);

/** Lesson reservations (spec §2 child of the purchase histories): each seat with its status of spec §4 and a calendar file. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const list = await listFanReservations(context.app.db, user.id, page);
  return { title: translatorFor(context.app.locale, "payments")("histories.tabs.lesson_reservation"), page, ...list };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function LessonReservations() {
  const { t } = useTranslation("lessons");
  const { items, page, hasNext } = useLoaderData<typeof loader>();
  if (!items.length) return <p className="empty-state">{t("history.empty")}</p>;
  return (
    <>
      <table className="table" data-lesson-history>
        <thead>
          <tr>
            <th>{t("history.lesson")}</th>
            <th>{t("history.schedule")}</th>
            <th>{t("history.price")}</th>
            <th>{t("history.status")}</th>
            <th>{t("history.reservedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-reservation={r.title} data-status={r.status}>
              <td>
                <Link to={`/me/lesson_reservations/${r.id}`}>{r.title}</Link>
                <div className="small muted">{r.fanclub.name}</div>
              </td>
              <td>
                {formatJstDateTime(r.startAt)}〜{formatJstTime(r.endAt)}
                <div className="small">
                  <a href={`/me/lesson_reservations/${r.id}/calendar.ics`} download data-ics={r.id}>
                    {t("public.ics")}
                  </a>
                </div>
              </td>
              <td>{r.price === 0 ? t("public.free") : formatYen(r.price)}</td>
              <td>
                {t(`seatStatus.${r.status}`)}
                {r.refunded ? <div className="small">{t("history.refunded")}</div> : null}
              </td>
              <td>{formatJstDateTime(r.reservedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasNext ? <Link to={`?page=${page + 1}`}>{t("payments:histories.more")}</Link> : null}
    </>
  );
}
