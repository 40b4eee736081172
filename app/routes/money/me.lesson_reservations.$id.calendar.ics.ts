import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { lessonIcs } from "../../../server/domain/lessons";
import { idParam } from "../../../server/http/params";
import { requireUser } from "../../../server/http/require-user";
import { loadHeldSlot, slotOfSeat } from "../../../server/services/lessons";

/** /me/lesson_reservations/{id}/calendar.ics: the fan's seat as a calendar event (a cancelled lesson says so). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const reservationId = idParam(params.id);
  const now = Date.now();
  const slotId = await slotOfSeat(context.app.db, user.id, reservationId);
  const held = slotId === null ? null : await loadHeldSlot(context.app.db, slotId, user.id, now);
  if (!held?.reservation) throw new Response(null, { status: 404 });
  const url = new URL(`/me/lesson_reservations/${reservationId}`, request.url).toString();
  const body = lessonIcs({
    uid: `lesson-${held.slot.id}-seat-${reservationId}@${new URL(request.url).hostname}`,
    title: held.slot.title,
    description: [held.fanclub.name, held.slot.description, held.externalUrl ?? ""].filter(Boolean).join("\n"),
    url,
    startAt: held.slot.startAt,
    durationMinutes: held.slot.durationMinutes,
    cancelled: held.reservation.status === 2,
    now,
  });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="lesson-${reservationId}.ics"`,
      "cache-control": "private, no-store",
    },
  });
}
