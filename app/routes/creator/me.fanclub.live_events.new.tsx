import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LiveEventForm } from "~/components/lives/live-event-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { liveEventSchema } from "../../../server/domain/live-event-form";
import { setFlash } from "../../../server/http/flash";
import { formValuesOf, planChoices, saveProblemReply } from "../../../server/http/live-event-pages";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createLiveEvent } from "../../../server/services/live-events";

export const handle = { i18n: ["common", "lives"], breadcrumb: () => ({ label: "lives:creator.new" }) };
export const clientLoader = withNamespaces(["lives"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  return {
    title: translatorFor(app.locale, "lives")("creator.new"),
    plans: await planChoices(app, op.fanclubId),
    values: formValuesOf(null, Date.now()),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  const submission = parseWithZod(await request.formData(), { schema: liveEventSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // the fan club's owner broadcasts (spec §6: only the event owner publishes)
  const result = await createLiveEvent(app.db, { fanclubId: op.fanclubId, ownerId: op.role.ownerId }, submission.value, Date.now());
  if (!result.ok) return saveProblemReply(app, submission, result);
  setFlash(app, [{ type: "info", key: "flash.liveEventCreated" }]);
  throw redirect(`/me/fanclub/live_events/${result.id}`);
}

export default function NewLiveEvent() {
  const { t } = useTranslation("lives");
  const { plans, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("creator.new")}</h1>
      <p className="muted small">{t("hints.coverAfterSave")}</p>
      <LiveEventForm lastResult={actionData?.result} values={values} plans={plans} submitLabel={t("creator.create")} />
    </div>
  );
}
