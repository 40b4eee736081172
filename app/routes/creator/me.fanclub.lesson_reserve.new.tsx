import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LessonTabs } from "~/components/lessons/lesson-tabs";
import { SlotForm } from "~/components/lessons/slot-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { lessonSlotSchema } from "../../../server/domain/lessons";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createLessonSlot, listLessonPosts, listLessonTicketTypes } from "../../../server/services/lessons";

export const handle = { i18n: ["common", "creator", "lessons"], breadcrumb: () => ({ label: "lessons:creator.new" }) };
export const clientLoader = withNamespaces(["creator", "lessons"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const op = requireCreator(context.app, request, "manageLessons");
  const [posts, ticketTypes] = await Promise.all([
    listLessonPosts(context.app.db, op.fanclubId),
    listLessonTicketTypes(context.app.db, op.fanclubId),
  ]);
  return { title: translatorFor(context.app.locale, "lessons")("creator.new"), posts, ticketTypes };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLessons");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: lessonSlotSchema(app.t, Date.now()) });
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  if (submission.status !== "success") return data({ errors: submission.reply().error, values }, { status: 400 });
  const saved = await createLessonSlot(app.db, { fanclubId: op.fanclubId, ownerId: op.role.ownerId }, submission.value, Date.now());
  if (!saved.ok)
    return data(
      {
        errors: { [saved.reason === "ticketTypeNotOwned" ? "ticketTypeId" : "postId"]: [app.t(`lessons:errors.${saved.reason}`)] },
        values,
      },
      { status: 400 },
    );
  setFlash(app, [{ type: "info", key: "lessons:flash.created" }]);
  throw redirect("/me/fanclub/lesson_reserve/show");
}

export default function NewLessonSlot() {
  const { t } = useTranslation("lessons");
  const { posts, ticketTypes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <LessonTabs />
      <h1>{t("creator.new")}</h1>
      <SlotForm
        values={actionData?.values ?? {}}
        errors={actionData?.errors}
        posts={posts}
        ticketTypes={ticketTypes}
        locked={false}
        submitLabel={t("creator.create")}
      />
    </div>
  );
}
