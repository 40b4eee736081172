import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScheduleForm } from "~/components/schedules/schedule-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { scheduleFormAction, scheduleFormValues } from "../../../server/http/schedule-pages";
import { translatorFor } from "../../../server/i18n";
import { getSchedule, scheduleLinkChoices } from "../../../server/services/schedules";

export const handle = { i18n: ["common", "creator", "schedules"], breadcrumb: () => ({ label: "schedules:manage.editTitle" }) };
export const clientLoader = withNamespaces(["creator", "schedules"]);

/** /me/fanclub/schedules/{id}/edit: an entry of the fan club the person manages; another fan club's is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageSchedules");
  const id = idParam(params.id);
  const [row, links] = await Promise.all([getSchedule(app.db, op.fanclubId, id), scheduleLinkChoices(app.db, op.fanclubId)]);
  if (!row) throw new Response(null, { status: 404 });
  return { title: translatorFor(app.locale, "schedules")("manage.editTitle"), values: scheduleFormValues(row, Date.now()), links };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const op = requireCreator(context.app, request, "manageSchedules");
  return scheduleFormAction(context.app, request, { fanclubId: op.fanclubId, id: idParam(params.id) });
}

export default function EditSchedule() {
  const { t } = useTranslation("schedules");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("manage.editTitle")}</h1>
      <ScheduleForm
        key={JSON.stringify(reply?.values ?? null)}
        values={reply ? { ...d.values, membersOnly: false, link: "", ...reply.values } : d.values}
        errors={reply?.errors}
        links={d.links}
        submitLabel={t("form.save")}
      />
    </div>
  );
}
