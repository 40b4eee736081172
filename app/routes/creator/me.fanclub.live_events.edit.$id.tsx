import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ImageUpload } from "~/components/creator/image-upload";
import { LiveEventForm } from "~/components/lives/live-event-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { liveEventSchema } from "../../../server/domain/live-event-form";
import { setFlash } from "../../../server/http/flash";
import { formValuesOf, planChoices, saveProblemReply } from "../../../server/http/live-event-pages";
import { idParam } from "../../../server/http/params";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { getCreatorLiveEvent, updateLiveEvent } from "../../../server/services/live-events";

export const handle = { i18n: ["common", "lives", "creator"], breadcrumb: () => ({ label: "lives:creator.edit" }) };
export const clientLoader = withNamespaces(["lives", "creator"]);

/** 1200×630, like post covers (spec §9). */
const COVER = { width: 1200, height: 630 } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  const now = Date.now();
  const stored = await getCreatorLiveEvent(app.db, op.fanclubId, idParam(params.id), now);
  if (!stored) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "lives")("creator.edit"),
    id: stored.event.id,
    coverUrl: stored.event.coverUrl,
    plans: await planChoices(app, op.fanclubId),
    values: formValuesOf(stored, now),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  const id = idParam(params.id);
  const submission = parseWithZod(await request.formData(), { schema: liveEventSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await updateLiveEvent(app.db, op.fanclubId, id, submission.value, Date.now());
  if (!result.ok) return saveProblemReply(app, submission, result);
  setFlash(app, [{ type: "info", key: "flash.liveEventUpdated" }]);
  throw redirect(`/me/fanclub/live_events/${id}`);
}

export default function EditLiveEvent() {
  const { t } = useTranslation("lives");
  const { id, coverUrl, plans, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("creator.edit")}</h1>
      <section className="card">
        <ImageUpload
          kind="cover"
          endpoint={`/me/fanclub/live_events/${id}/cover`}
          label={t("fields.cover")}
          currentUrl={coverUrl}
          width={COVER.width}
          height={COVER.height}
        />
      </section>
      <LiveEventForm lastResult={actionData?.result} values={values} plans={plans} submitLabel={t("creator.save")} />
    </div>
  );
}
