import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime, formatJstTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import { idParam } from "../../../server/http/params";
import { requireUser } from "../../../server/http/require-user";
import { loadHeldSlot, roomAdmits, slotOfSeat } from "../../../server/services/lessons";

export const handle = { i18n: ["common", "lessons"] };
export const clientLoader = withNamespaces(["lessons"]);

/**
 * /me/lesson_reservations/{id}: one of the fan's seats, with the way in: the outside tool's link
 * (only here, for a seat that is not cancelled) or the live room of an online lesson while it is
 * open, and the calendar file. Someone else's seat is a 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const reservationId = idParam(params.id);
  const now = Date.now();
  const slotId = await slotOfSeat(context.app.db, user.id, reservationId);
  const held = slotId === null ? null : await loadHeldSlot(context.app.db, slotId, user.id, now);
  if (!held?.reservation) throw new Response(null, { status: 404 });
  return { reservationId, held, roomOpen: roomAdmits(held, now) && held.reservation.status === 0 };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.held.slot.title }];

export default function LessonSeat() {
  const { t } = useTranslation("lessons");
  const { reservationId, held, roomOpen } = useLoaderData<typeof loader>();
  const { slot, reservation, fanclub, externalUrl } = held;
  return (
    <div className="page narrow" data-lesson-seat={reservationId}>
      <h1>{slot.title}</h1>
      <p className="muted">{fanclub.name}</p>
      <p>
        {t("public.schedule", { start: formatJstDateTime(slot.startAt), end: formatJstTime(slot.endAt), minutes: slot.durationMinutes })}
      </p>
      <p>
        {t(`methods.${slot.method}`)} · {slot.price === 0 ? t("public.free") : formatYen(slot.price)} ·{" "}
        <span data-seat-status={reservation!.status}>{t(`seatStatus.${reservation!.status}`)}</span>
        {reservation!.refunded ? ` · ${t("history.refunded")}` : ""}
      </p>
      {externalUrl ? (
        <p>
          {t("public.link")}:{" "}
          <a href={externalUrl} rel="noopener noreferrer" target="_blank" data-lesson-link>
            {externalUrl}
          </a>
        </p>
      ) : null}
      {slot.method === "online" && reservation!.status === 0 ? (
        roomOpen ? (
          <Link className="button" to={`/fanclubs/${fanclub.id}/lives/${slot.liveEventId}`} data-lesson-room>
            {t("public.join")}
          </Link>
        ) : (
          <p className="small muted">{t("public.roomLater")}</p>
        )
      ) : null}
      <p>
        <a href={`/me/lesson_reservations/${reservationId}/calendar.ics`} download data-ics={reservationId}>
          {t("public.ics")}
        </a>
      </p>
      <p className="small muted">{t("hints.cancelRule")}</p>
    </div>
  );
}
