import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LessonTabs } from "~/components/lessons/lesson-tabs";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime, formatJstTime } from "../../../server/domain/jst-time";
import { finishNotice, LESSON_STATUS } from "../../../server/domain/lessons";
import { formatYen } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { paymentProviderFrom } from "../../../server/integrations/payments";
import { finishLessonSlot, listCreatorSlots, listSlotSeats } from "../../../server/services/lessons";
import { owedRefundSink } from "../../../server/services/payouts/owed-refunds";

export const handle = { i18n: ["common", "creator", "lessons"], breadcrumb: () => ({ label: "creator:sections.lessons" }) };
export const clientLoader = withNamespaces(["creator", "lessons"]);

/** /me/fanclub/lesson_reserve/show: the reserve tab (spec §2): every slot with its seats, held to its end here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const op = requireCreator(context.app, request, "manageLessons");
  const now = Date.now();
  const slots = await listCreatorSlots(context.app.db, op.fanclubId, now);
  const seats = await listSlotSeats(
    context.app.db,
    slots.map((s) => s.id),
  );
  // the slot just marked done or cancelled (the action's redirect names it): its notice comes from its state now
  const finishedId = Number(new URL(request.url).searchParams.get("finished"));
  const finished = slots.find((s) => s.id === finishedId);
  const notice = finishNotice(
    finished
      ? {
          status: finished.status,
          owedRefunds: seats.filter(
            (r) => r.slotId === finished.id && r.price > 0 && r.status === LESSON_STATUS.cancelled && r.refundedAt === null,
          ).length,
        }
      : null,
  );
  return {
    title: translatorFor(context.app.locale, "creator")("sections.lessons"),
    now,
    notice,
    slots: slots.map((s) => ({
      ...s,
      seats: seats
        .filter((r) => r.slotId === s.id)
        .map((r) => ({ id: r.id, name: r.name, status: r.status, price: r.price, refunded: r.refundedAt !== null })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLessons");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const slotId = Number(form.get("slotId"));
  if ((intent !== "done" && intent !== "cancel") || !Number.isSafeInteger(slotId) || slotId < 1)
    throw new Response(app.t("api.invalid"), { status: 400 });
  const result = await finishLessonSlot(app.db, paymentProviderFrom(app.env), {
    fanclubId: op.fanclubId,
    slotId,
    action: intent,
    now: Date.now(),
    url: "/me/purchase_histories/lesson_reservation",
    owedRefunds: owedRefundSink(app),
  });
  if (!result.ok) {
    if (result.reason === "notFound") throw new Response(app.t("lessons:errors.notFound"), { status: 404 });
    return data({ error: app.t("lessons:errors.notAllowed") }, { status: 409 });
  }
  // the notice lives in the URL, not a one-time cookie: the redirect's page shows it, and so does a reload
  throw redirect(`/me/fanclub/lesson_reserve/show?finished=${slotId}`);
}

export default function LessonReserve() {
  const { t } = useTranslation("lessons");
  const { slots, now, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page">
      <LessonTabs />
      <h1>{t("tabs.reserve")}</h1>
      {notice.map((n) => (
        <p key={n.key} className={n.type === "error" ? "flash flash-error" : "flash"} role="status" data-lesson-notice={n.key}>
          {t(n.key)}
        </p>
      ))}
      {actionData?.error ? (
        <p className="flash flash-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <p>
        <Link className="button" to="/me/fanclub/lesson_reserve/new">
          {t("tabs.new")}
        </Link>
      </p>
      {slots.length === 0 ? <p className="empty-state">{t("creator.empty")}</p> : null}
      <ul className="card-list">
        {slots.map((s) => (
          <li key={s.id} className="card" data-creator-slot={s.title}>
            <div>
              <strong>{s.title}</strong>{" "}
              <span className="badge" data-slot-status={s.status}>
                {t(`slotStatus.${s.status}`)}
              </span>
            </div>
            <p className="small">
              {t("public.schedule", { start: formatJstDateTime(s.startAt), end: formatJstTime(s.endAt), minutes: s.durationMinutes })} ·{" "}
              {t(`methods.${s.method}`)} · {s.price === 0 ? t("public.free") : formatYen(s.price)} ·{" "}
              <span data-slot-seats>{t("creator.seats", { reserved: s.reservedCount, capacity: s.capacity })}</span>
            </p>
            <details>
              <summary>{t("creator.seatList")}</summary>
              {s.seats.length === 0 ? (
                <p className="small muted">{t("creator.noSeats")}</p>
              ) : (
                <ul className="small">
                  {s.seats.map((r) => (
                    <li key={r.id} data-seat={r.name}>
                      {r.name} · {t(`seatStatus.${r.status}`)}
                      {r.refunded ? ` · ${t("creator.refunded")}` : ""}
                    </li>
                  ))}
                </ul>
              )}
            </details>
            {s.status === LESSON_STATUS.before ? (
              <div className="actions">
                <Link to={`/me/fanclub/lesson_reserve/${s.id}/edit`}>{t("creator.editLink")}</Link>
                {s.method === "online" && s.liveEventId !== null ? (
                  <Link to={`/me/fanclub/live_events/${s.liveEventId}`}>{t("creator.openRoom")}</Link>
                ) : null}
                {now >= s.startAt ? (
                  <Form method="post">
                    <input type="hidden" name="slotId" value={s.id} />
                    <button type="submit" name="intent" value="done" className="button" data-slot-done={s.id}>
                      {t("creator.markDone")}
                    </button>
                  </Form>
                ) : null}
                <Form
                  method="post"
                  onSubmit={(e) => {
                    if (!window.confirm(t("creator.cancelConfirm"))) e.preventDefault();
                  }}
                >
                  <input type="hidden" name="slotId" value={s.id} />
                  <button type="submit" name="intent" value="cancel" className="button button-secondary" data-slot-cancel={s.id}>
                    {t("creator.cancel")}
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="small muted">{t("hints.cancelRule")}</p>
    </div>
  );
}
