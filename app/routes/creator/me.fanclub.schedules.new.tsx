import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScheduleForm } from "~/components/schedules/schedule-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { scheduleFormAction, scheduleFormValues } from "../../../server/http/schedule-pages";
import { translatorFor } from "../../../server/i18n";
import { scheduleLinkChoices } from "../../../server/services/schedules";

export const handle = { i18n: ["common", "creator", "schedules"], breadcrumb: () => ({ label: "schedules:manage.new" }) };
export const clientLoader = withNamespaces(["creator", "schedules"]);

/** /me/fanclub/schedules/new: a calendar entry (can_schedule_manage). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageSchedules");
  return {
    title: translatorFor(app.locale, "schedules")("manage.new"),
    values: scheduleFormValues(null, Date.now()),
    links: await scheduleLinkChoices(app.db, op.fanclubId),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const op = requireCreator(context.app, request, "manageSchedules");
  return scheduleFormAction(context.app, request, { fanclubId: op.fanclubId, id: null });
}

export default function NewSchedule() {
  const { t } = useTranslation("schedules");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("manage.new")}</h1>
      <ScheduleForm
        key={JSON.stringify(reply?.values ?? null)}
        values={reply ? { ...d.values, membersOnly: false, link: "", ...reply.values } : d.values}
        errors={reply?.errors}
        links={d.links}
        submitLabel={t("form.create")}
      />
    </div>
  );
}
