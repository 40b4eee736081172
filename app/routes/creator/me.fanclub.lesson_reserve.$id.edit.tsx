import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LessonTabs } from "~/components/lessons/lesson-tabs";
import { SlotForm } from "~/components/lessons/slot-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { lessonSlotSchema, scheduleLocked } from "../../../server/domain/lessons";
import { jstParts } from "../../../server/domain/live-events";
import { setFlash } from "../../../server/http/flash";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { getCreatorSlot, listLessonPosts, listLessonTicketTypes, updateLessonSlot } from "../../../server/services/lessons";

export const handle = { i18n: ["common", "creator", "lessons"], breadcrumb: () => ({ label: "lessons:creator.edit" }) };
export const clientLoader = withNamespaces(["creator", "lessons"]);

/** /me/fanclub/lesson_reserve/{id}/edit: the manage tab (spec §2). Another fan club's slot is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const op = requireCreator(context.app, request, "manageLessons");
  const slotId = idParam(params.id);
  const [slot, posts, ticketTypes] = await Promise.all([
    getCreatorSlot(context.app.db, op.fanclubId, slotId),
    listLessonPosts(context.app.db, op.fanclubId),
    listLessonTicketTypes(context.app.db, op.fanclubId),
  ]);
  if (!slot) throw new Response(null, { status: 404 });
  const start = jstParts(slot.startAt.getTime());
  const opens = jstParts(slot.reservationStartAt.getTime());
  const closes = jstParts(slot.reservationEndAt.getTime());
  return {
    title: translatorFor(context.app.locale, "lessons")("creator.edit"),
    posts,
    ticketTypes,
    locked: scheduleLocked(slot),
    values: {
      title: slot.title,
      description: slot.description,
      startDate: start.date,
      startTime: start.time,
      duration: String(slot.durationMinutes),
      capacity: String(slot.capacity),
      method: slot.method,
      externalUrl: slot.externalUrl ?? "",
      price: String(slot.price),
      priceType: slot.ticketTypeId === null ? "yen" : "ticket",
      ticketTypeId: slot.ticketTypeId === null ? "" : String(slot.ticketTypeId),
      reservationStartDate: opens.date,
      reservationStartTime: opens.time,
      reservationEndDate: closes.date,
      reservationEndTime: closes.time,
      postId: slot.postId ? String(slot.postId) : "",
    } as Record<string, string>,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLessons");
  const slotId = idParam(params.id);
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const existing = await getCreatorSlot(app.db, op.fanclubId, slotId);
  if (!existing) throw new Response(null, { status: 404 });
  // a slot that already started keeps its start: the form checks the rest
  const now = scheduleLocked(existing) ? Math.min(Date.now(), existing.startAt.getTime() - 1) : Date.now();
  const submission = parseWithZod(form, { schema: lessonSlotSchema(app.t, now) });
  if (submission.status !== "success") return data({ errors: submission.reply().error, values }, { status: 400 });
  const saved = await updateLessonSlot(app.db, op.fanclubId, slotId, submission.value, Date.now());
  if (!saved.ok) {
    if (saved.reason === "notFound") throw new Response(null, { status: 404 });
    return data(
      { errors: { [saved.reason === "ticketTypeNotOwned" ? "ticketTypeId" : "title"]: [app.t(`lessons:errors.${saved.reason}`)] }, values },
      { status: saved.reason === "locked" ? 409 : 400 },
    );
  }
  setFlash(app, [{ type: "info", key: "lessons:flash.updated" }]);
  throw redirect("/me/fanclub/lesson_reserve/show");
}

export default function EditLessonSlot() {
  const { t } = useTranslation("lessons");
  const { posts, ticketTypes, values, locked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <LessonTabs />
      <h1>{t("creator.edit")}</h1>
      <SlotForm
        values={actionData?.values ?? values}
        errors={actionData?.errors}
        posts={posts}
        ticketTypes={ticketTypes}
        locked={locked}
        submitLabel={t("creator.save")}
      />
    </div>
  );
}
